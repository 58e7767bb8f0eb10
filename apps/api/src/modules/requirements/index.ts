// The requirements area's public face: what other areas and the app may import.
export { fillDemoRequirements } from './demo.js';
export { requirementRoutes } from './routes.js';
/**
 * The store's seam: what students brought of each item in a term, in total. `save_student_requirement`
 * also answers `received` (what that save added per item) for taking collected items into stock.
 */
export { collectedTotals } from './totals.js';
