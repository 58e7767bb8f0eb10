import type { ScreenLoader } from '../../app/lazy-screen';

// Kept tiny: this table is in the app's first chunk; the screen and its strings load as a chunk of their own.
/** The parents' line's settings (Notification Center); strings in `locales/en/parent-line.json`. */
export const parentLineScreens: Record<string, ScreenLoader> = {
  '/notification/parents': () => import('./load').then((m) => m.load()),
};
