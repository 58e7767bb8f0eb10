import type { ScreenModule } from '../../app/lazy-screen';
import type { StoreScreen } from './store-screens';

// A chunk with no static imports, so the app's route table lists no dependencies for the store.
export const load = (name: StoreScreen): Promise<ScreenModule> =>
  import('./store-screens').then((m) => m.withStrings(name));
