// The revenues area's public face: what other areas and the app may import.
import type { Area } from '../module.js';
import { revenueRoutes } from './routes.js';

export { revenueDocument } from './routes.js';

/** The revenues area as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'revenues', routes: revenueRoutes };
