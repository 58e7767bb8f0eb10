// The parents' line's public face (issue 29): what other areas and the app may import.
import type { Area } from '../module.js';
import { parentLineRoutes } from './routes.js';

export { fillDemoParentLine } from './demo.js';
export { unansweredQuestions } from './sessions.js';

/** The parents' line as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'parent-line', routes: parentLineRoutes };
