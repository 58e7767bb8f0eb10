import type { ScreenModule } from '../../app/lazy-screen';
import type { SickbayScreen } from './sickbay-screens';

// A chunk with no static imports: the app's route table then lists no dependencies for the sick bay
// (each listed chunk costs bytes in the first load, which is at its budget).
export const load = (name: SickbayScreen): Promise<ScreenModule> =>
  import('./sickbay-screens').then((m) => m.withStrings(name));
