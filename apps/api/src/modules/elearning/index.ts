// The E-Learning area's public face: what other areas and the app may import.
import type { Area } from '../module.js';
import { elearningRoutes } from './routes.js';

export { fillDemoElearning } from './demo.js';

/** The elearning area as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'elearning', routes: elearningRoutes };
