// The students area's public face: what other areas and the app may import.
import type { Area } from '../module.js';
import { studentRoutes } from './routes.js';

export { findStudent, likeTerm } from './query.js';

/** The students area as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'students', routes: studentRoutes };
