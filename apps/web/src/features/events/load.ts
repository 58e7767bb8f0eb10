import type { ScreenModule } from '../../app/lazy-screen';
import type { EventsScreen } from './events-screens';

// A chunk with no static imports, so the app's route table lists no dependencies for the area.
export const load = (name: EventsScreen): Promise<ScreenModule> =>
  import('./events-screens').then((m) => m.withStrings(name));
