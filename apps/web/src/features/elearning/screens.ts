import type { ScreenLoader } from '../../app/lazy-screen';

// Kept tiny: this table is in the app's first chunk; the screen and its strings load from './load'.
/** E-Learning's route; strings in `locales/en/elearning.json`. */
export const elearningScreens: Record<string, ScreenLoader> = {
  '/e-learning': () => import('./load').then((m) => m.load()),
};
