import type { ScreenLoader } from '../../app/lazy-screen';
import type { RequirementsScreen } from './requirements-screens';

// Kept tiny: this table is in the app's first chunk; the strings load with the screens' own chunk.
const screen =
  (name: RequirementsScreen): ScreenLoader =>
  () =>
    import('./load').then((m) => m.load(name));

/** The requirements' routes; strings in `locales/en/requirements.json`. */
export const requirementScreens: Record<string, ScreenLoader> = {
  '/student/requirements': screen('Lists'),
  '/requirements/collection': screen('Collection'),
  '/requirement/arrears': screen('Arrears'),
  '/requirements/report': screen('Report'),
};
