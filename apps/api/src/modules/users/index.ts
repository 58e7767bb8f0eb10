// The users area's public face: what other areas and the app may import.
import type { Area } from '../module.js';
import { userRoutes } from './routes.js';

export { refuseTakenLogin } from './logins.js';
export { holdsAll, mayManage, refuseGroupBeyond, refuseManaging } from './rules.js';
export { createSchool } from './school.js';

/** The users area as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'users', routes: userRoutes };
