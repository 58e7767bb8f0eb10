// The subjects area's public face: what the app may import.
import type { Area } from '../module.js';
import { subjectRoutes } from './routes.js';

/** The subjects area as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'subjects', routes: subjectRoutes };
