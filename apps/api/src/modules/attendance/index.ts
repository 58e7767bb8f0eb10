// The attendance area's public face: what other areas and the app may import.
import type { Area } from '../module.js';
import { attendanceRoutes } from './routes.js';

export { fillDemoAttendance, seedRollcallCategories } from './routes.js';
export { termAttendance } from './summary.js';
export { type AttendanceToday, attendanceToday } from './tiles.js';

/** The attendance area as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'attendance', routes: attendanceRoutes };
