// The sign-in area's public face: what other areas and the app may import.
import type { Area } from '../module.js';
import { authRoutes } from './routes.js';

/** The auth area as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'auth', routes: authRoutes };
