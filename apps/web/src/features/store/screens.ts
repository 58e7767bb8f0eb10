import type { ScreenLoader } from '../../app/lazy-screen';
import type { StoreScreen } from './store-screens';

// Kept tiny: this table is in the app's first chunk; the strings load with the screens' own chunk.
const screen =
  (name: StoreScreen): ScreenLoader =>
  () =>
    import('./load').then((m) => m.load(name));

/** The store's routes (units and items are generic screens in app/screens.ts); strings in `locales/en/store.json`. */
export const storeScreens: Record<string, ScreenLoader> = {
  '/store/levels': screen('Levels'),
  '/store/logs/{id}': screen('ItemLog'),
  '/store/issued': screen('Issued'),
  '/store/losses': screen('Losses'),
};
