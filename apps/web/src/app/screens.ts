import { analysisScreens } from '../features/analysis/screens';
import { assetScreens } from '../features/assets/screens';
import { attendanceScreens } from '../features/attendance/screens';
import { budgetScreens } from '../features/budget/screens';
import { departmentScreens } from '../features/departments/screens';
import { elearningScreens } from '../features/elearning/screens';
import { eventsScreens } from '../features/events/screens';
import { examsSetupScreens } from '../features/exams-setup/screens';
import { expenseScreens } from '../features/expenses/screens';
import { feesDeskScreens } from '../features/fees-desk/screens';
import { feesReportScreens } from '../features/fees-reports/screens';
import { feesSetupScreens } from '../features/fees-setup/screens';
import { financeReportScreens } from '../features/finance-reports/screens';
import { marksScreens } from '../features/marks/screens';
import { marksheetScreens } from '../features/marksheets/screens';
import { missingMarksScreens } from '../features/missing-marks/screens';
import { notificationScreens } from '../features/notifications/screens';
import { parentLineScreens } from '../features/parent-line/screens';
import { payrollScreens } from '../features/payroll/screens';
import { reportCardScreens } from '../features/report-cards/screens';
import { requirementScreens } from '../features/requirements/screens';
import { revenueScreens } from '../features/revenues/screens';
import { sickbayScreens } from '../features/sickbay/screens';
import { storeScreens } from '../features/store/screens';
import { subjectScreens } from '../features/subjects/screens';
import { visitorsScreens } from '../features/visitors/screens';
import type { ScreenLoader } from './lazy-screen';
import { resourceScreen, withStrings } from './with-strings';

const settings = (load: ScreenLoader) => withStrings('settings', load);
const students = (load: ScreenLoader) => withStrings('students', load);
const imports = (load: ScreenLoader) => withStrings('imports', load);
// The staff list embeds the import card, whose strings are the imports area's.
const staff = (load: ScreenLoader) => withStrings('staff', withStrings('imports', load));

const dashboard: ScreenLoader = () => import('../features/dashboard/dashboard');

/** The screens built so far, each its own chunk. Every other route shares the planned chunk. */
export const builtScreens: Record<string, ScreenLoader> = {
  '/login': () => import('../features/public/login'),
  '/register': () => import('../features/public/register'),
  '/recover': () => import('../features/public/recover'),
  '/lock': () => import('../features/public/lock'),
  '/notfound': () => import('../features/public/not-found'),
  '/error500': () => import('../features/public/server-error'),
  '/maintenance': () => import('../features/public/maintenance'),
  '/dashboardv1': dashboard,
  '/dashboardh': dashboard,
  '/users': () => import('../features/users/users'),
  '/user/role': () => import('../features/users/roles'),
  '/user/permissions': () => import('../features/users/permissions'),
  '/user/profile': () => import('../features/users/profile'),
  '/audits': () => import('../features/audits/audits'),
  '/guardians': resourceScreen('guardians'),
  '/old/students': resourceScreen('old_students'),
  '/subjects': resourceScreen('subjects'),
  '/subjects/papers': resourceScreen('papers'),
  '/combinations': resourceScreen('combinations'),
  '/exam/sets': resourceScreen('exam_sets'),
  '/system/comments': resourceScreen('system_comments'),
  '/staff/position': resourceScreen('staff_positions'),
  '/staff': staff(() => import('../features/staff/staff-list')),
  '/staff/profile/{id}': staff(() => import('../features/staff/staff-profile')),
  '/staff/subjects': staff(() => import('../features/staff/teaching-load')),
  '/settings': settings(() => import('../features/settings/school-settings')),
  '/term/dates': settings(() => import('../features/settings/term-dates')),
  '/curriculum': settings(() => import('../features/settings/curriculum')),
  '/streams': settings(() => import('../features/settings/classes-and-streams')),
  '/addstudent': students(() => import('../features/students/admission/add-student')),
  '/students': students(() => import('../features/students/register/students')),
  '/new/students': students(() => import('../features/students/register/new-students')),
  '/trashed/students': students(() => import('../features/students/register/trashed-students')),
  '/students/summary': students(() => import('../features/students/register/student-summary')),
  '/students/search': students(() => import('../features/students/register/search-students')),
  '/students/profile/{id}': students(() => import('../features/students/profile/student-profile')),
  '/students/edit': students(() => import('../features/students/editing/bulk-edit')),
  '/academics/edit': students(() => import('../features/students/editing/placement-edit')),
  '/students/migrate': students(() => import('../features/students/promotion/migrate-students')),
  '/student/photos': students(() => import('../features/students/documents/student-photos')),
  '/student/accounts': students(() => import('../features/students/accounts/student-accounts')),
  '/student/idcards': students(() => import('../features/students/documents/id-cards')),
  '/student/passouts': students(() => import('../features/students/documents/pass-outs')),
  '/students/reports/periodic': students(() => import('../features/students/register/periodic-report')),
  '/data/imports': imports(withStrings('expenses', () => import('../features/imports/data-imports'))),
  ...feesSetupScreens,
  ...feesDeskScreens,
  ...feesReportScreens,
  ...revenueScreens,
  ...financeReportScreens,
  ...expenseScreens,
  ...assetScreens,
  ...budgetScreens,
  ...payrollScreens,
  ...missingMarksScreens,
  ...reportCardScreens,
  ...analysisScreens,
  ...sickbayScreens,
  ...requirementScreens,
  ...storeScreens,
  '/store/units': resourceScreen('units'),
  '/store/items': resourceScreen('store_items'),
  ...attendanceScreens,
  ...visitorsScreens,
  ...eventsScreens,
  ...notificationScreens,
  ...parentLineScreens,
  ...marksheetScreens,
  ...examsSetupScreens,
  ...marksScreens,
  ...subjectScreens,
  ...departmentScreens,
  ...elearningScreens,
};

export const plannedScreen: ScreenLoader = () => import('../features/planned/planned-screen');

export const screenLoader = (path: string): ScreenLoader => builtScreens[path] ?? plannedScreen;
