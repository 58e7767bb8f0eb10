// The dashboard area's public face: what other areas and the app may import.
import type { Area } from '../module.js';
import { dashboardRoutes } from './routes.js';

/** The dashboard area as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'dashboard', routes: dashboardRoutes };
