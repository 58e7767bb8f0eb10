import type { ScreenLoader } from '../../app/lazy-screen';
import type { SickbayScreen } from './sickbay-screens';

// Kept tiny: this table is in the app's first chunk; the strings load with the screens' own chunk.
const screen =
  (name: SickbayScreen): ScreenLoader =>
  () =>
    import('./load').then((m) => m.load(name));

/** The sick bay's routes; strings in `locales/en/sickbay.json`. */
export const sickbayScreens: Record<string, ScreenLoader> = {
  '/student/medication': screen('StudentVisits'),
  '/staff/medication': screen('StaffVisits'),
  '/medication/report': screen('SickbayReport'),
  '/medication/periodic': screen('SickbayPeriodic'),
};
