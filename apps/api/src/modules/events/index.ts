// The events area's public face: what other areas and the app may import.
export { fillDemoEvents } from './demo.js';
export { eventsRoutes } from './routes.js';
export { type UpcomingEvent, upcomingEvents } from './tiles.js';
