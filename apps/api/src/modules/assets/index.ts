// The assets area's public face: what other areas and the app may import.
import type { Area } from '../module.js';
import { assetRoutes } from './routes.js';

export { assetPurchaseDocument } from './routes.js';

/** The assets area as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'assets', routes: assetRoutes };
