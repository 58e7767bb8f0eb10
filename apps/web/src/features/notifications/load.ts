import type { ScreenModule } from '../../app/lazy-screen';
import type { NotificationScreen } from './notification-screens';

// A chunk with no static imports: the app's route table then lists no dependencies for the area.
export const load = (name: NotificationScreen): Promise<ScreenModule> =>
  import('./notification-screens').then((m) => m.withStrings(name));
