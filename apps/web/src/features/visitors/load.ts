import type { ScreenModule } from '../../app/lazy-screen';
import type { VisitorsScreen } from './visitors-screens';

// A chunk with no static imports, so the app's route table lists no dependencies for the area.
export const load = (name: VisitorsScreen): Promise<ScreenModule> =>
  import('./visitors-screens').then((m) => m.withStrings(name));
