// The requirements area's public face: what other areas and the app may import.
import type { Area } from '../module.js';
import { requirementRoutes } from './routes.js';

export { fillDemoRequirements } from './demo.js';
/**
 * The store's seam: what students brought of each item in a term, in total. `save_student_requirement`
 * also answers `received` (what that save added per item) for taking collected items into stock.
 */
export { collectedTotals } from './totals.js';

/** The requirements area as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'requirements', routes: requirementRoutes };
