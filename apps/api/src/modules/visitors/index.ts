// The visitors book's public face: what other areas and the app may import.
import type { Area } from '../module.js';
import { visitorsRoutes } from './routes.js';

export { fillDemoVisitors } from './demo.js';

/** The visitors area as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'visitors', routes: visitorsRoutes };
