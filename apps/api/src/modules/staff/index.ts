// The staff area's public face: what other areas and the app may import.
import type { Area } from '../module.js';
import { staffRoutes } from './routes.js';

export { staffOfUser } from './register.js';

/** The staff area as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'staff', routes: staffRoutes };
