import type { ScreenLoader } from '../../app/lazy-screen';
import type { AttendanceScreen } from './attendance-screens';

// Kept tiny: this table is in the app's first chunk; the strings load with the screens' own chunk.
const screen =
  (name: AttendanceScreen): ScreenLoader =>
  () =>
    import('./load').then((m) => m.load(name));

/** Attendance and roll-calls; strings in `locales/en/attendance.json`. */
export const attendanceScreens: Record<string, ScreenLoader> = {
  '/attendance': screen('Register'),
  '/student/checkIn': screen('StudentCheckIn'),
  '/student/checkOut': screen('StudentCheckOut'),
  '/staff/checkIn': screen('StaffCheckIn'),
  '/staff/checkOut': screen('StaffCheckOut'),
  '/student/attendance/report': screen('StudentReport'),
  '/student/attendance/summary': screen('StudentSummary'),
  '/staff/attendance/report': screen('StaffReport'),
  '/staff/attendance/summary': screen('StaffSummary'),
  '/rollcall/categories': screen('RollcallCategories'),
  '/rollcall/new': screen('TakeRollcall'),
  '/rollcall/report': screen('RollcallReport'),
};
