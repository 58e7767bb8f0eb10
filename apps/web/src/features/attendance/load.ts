import type { ScreenModule } from '../../app/lazy-screen';
import type { AttendanceScreen } from './attendance-screens';

// A chunk with no static imports: the app's route table then lists no dependencies for attendance.
export const load = (name: AttendanceScreen): Promise<ScreenModule> =>
  import('./attendance-screens').then((m) => m.withStrings(name));
