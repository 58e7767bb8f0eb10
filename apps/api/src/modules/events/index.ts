// The events area's public face: what other areas and the app may import.
import type { Area } from '../module.js';
import { eventsRoutes } from './routes.js';

export { fillDemoEvents } from './demo.js';
export { type UpcomingEvent, upcomingEvents } from './tiles.js';

/** The events area as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'events', routes: eventsRoutes };
