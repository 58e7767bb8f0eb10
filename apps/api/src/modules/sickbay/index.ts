// The sick bay area's public face: what other areas and the app may import.
import type { Area } from '../module.js';
import { sickbayRoutes } from './routes.js';

export { defaultSickbayProblems, fillDemoSickbay, seedSickbayProblems } from './demo.js';
export { type SickbayToday, sickbayToday } from './tiles.js';

/** The sickbay area as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'sickbay', routes: sickbayRoutes };
