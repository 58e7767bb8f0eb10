// The audits area's public face: what other areas and the app may import.
import type { Area } from '../module.js';
import { auditRoutes } from './routes.js';

export { auditRows, recentActivity } from './routes.js';

/** The audits area as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'audits', routes: auditRoutes };
