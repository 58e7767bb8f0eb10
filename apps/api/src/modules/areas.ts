// Every area the app serves, in the order it registers them: one line an area. A new area exports its
// `area` from its index.ts (see `Area` in module.ts) and adds a line here.
import { resourceRoutes } from '../resources/engine.js';
import { area as assets } from './assets/index.js';
import { area as attendance } from './attendance/index.js';
import { area as audits } from './audits/index.js';
import { area as auth } from './auth/index.js';
import { area as budget } from './budget/index.js';
import { area as dashboard } from './dashboard/index.js';
import { area as departments } from './departments/index.js';
import { area as elearning } from './elearning/index.js';
import { area as events } from './events/index.js';
import { area as exams } from './exams/index.js';
import { area as expenses } from './expenses/index.js';
import { area as fees } from './fees/index.js';
import { area as financeReports } from './finance-reports/index.js';
import { area as jobs } from './jobs/index.js';
import type { Area } from './module.js';
import { area as notifications } from './notifications/index.js';
import { area as operations } from './operations/index.js';
import { area as operator } from './operator/index.js';
import { area as parentLine } from './parent-line/index.js';
import { area as payroll } from './payroll/index.js';
import { area as requirements } from './requirements/index.js';
import { area as revenues } from './revenues/index.js';
import { area as settings } from './settings/index.js';
import { area as sickbay } from './sickbay/index.js';
import { area as staff } from './staff/index.js';
import { area as store } from './store/index.js';
import { area as students } from './students/index.js';
import { area as subjects } from './subjects/index.js';
import { area as users } from './users/index.js';
import { area as visitors } from './visitors/index.js';

/** The declared entities' generic calls (`resources/engine.ts`), registered among the areas. */
const resources: Area = { name: 'resources', routes: resourceRoutes };

/** In registration order (the app's routes, and so `app.registeredRoutes`, follow it). */
export const areas: Area[] = [
  auth,
  users,
  operations,
  operator,
  staff,
  audits,
  dashboard,
  resources,
  settings,
  students,
  fees,
  revenues,
  departments,
  elearning,
  expenses,
  financeReports,
  assets,
  budget,
  payroll,
  sickbay,
  requirements,
  store,
  attendance,
  visitors,
  events,
  notifications,
  parentLine,
  exams,
  subjects,
  jobs,
];
