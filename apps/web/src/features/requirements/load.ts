import type { ScreenModule } from '../../app/lazy-screen';
import type { RequirementsScreen } from './requirements-screens';

// A chunk with no static imports, so the app's route table lists no dependencies for this area.
export const load = (name: RequirementsScreen): Promise<ScreenModule> =>
  import('./requirements-screens').then((m) => m.withStrings(name));
