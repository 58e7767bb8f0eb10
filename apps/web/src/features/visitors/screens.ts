import type { ScreenLoader } from '../../app/lazy-screen';
import type { VisitorsScreen } from './visitors-screens';

// Kept tiny: this table is in the app's first chunk; the strings load with the screens' own chunk.
const screen =
  (name: VisitorsScreen): ScreenLoader =>
  () =>
    import('./load').then((m) => m.load(name));

/** The visitors book's routes; strings in `locales/en/visitors.json`. */
export const visitorsScreens: Record<string, ScreenLoader> = {
  '/visitors': screen('Visitors'),
  '/visitors/report': screen('VisitorsReport'),
};
