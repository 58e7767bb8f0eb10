import type { ScreenLoader } from '../../app/lazy-screen';
import { resourceScreen, withStrings } from '../../app/with-strings';

const assets = (load: ScreenLoader) => withStrings('assets', load);
/** The purchases list voids with the fees desk's dialog, so that area's strings load too. */
const purchases = (load: ScreenLoader) => withStrings('assets', withStrings('fees-desk', load));

/** This area's routes; its strings are `locales/en/assets.json`. */
export const assetScreens: Record<string, ScreenLoader> = {
  '/asset/locations': resourceScreen('asset_locations'),
  '/asset/categories': assets(() => import('./categories-and-items')),
  '/view/assets': assets(() => import('./assets-list')),
  '/asset/purchases': purchases(() => import('./purchases')),
  '/asset/register': assets(() => import('./register')),
  '/asset/labels/{id}': assets(() => import('./labels')),
};
