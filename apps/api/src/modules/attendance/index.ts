// The attendance area's public face: what other areas and the app may import.
export { attendanceRoutes, fillDemoAttendance, seedRollcallCategories } from './routes.js';
export { termAttendance } from './summary.js';
export { type AttendanceToday, attendanceToday } from './tiles.js';
