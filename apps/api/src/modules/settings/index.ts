// The settings area's public face (the school, its calendar and current term): what other areas and
// the app may import.
import type { Area } from '../module.js';
import { settingsRoutes } from './routes.js';

export {
  calendarOf,
  currentTerm,
  lastClosedTerm,
  placeInTerm,
  schoolDetailsOf,
  schoolForDocuments,
  setUpNewSchool,
} from './school.js';

/** The settings area as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'settings', routes: settingsRoutes };
