// The budget area's public face: what other areas and the app may import.
import type { Area } from '../module.js';
import { budgetRoutes } from './routes.js';

export { fillDemoBudget } from './demo.js';
export { refuseClosedYear } from './years.js';

/** The budget area as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'budget', routes: budgetRoutes };
