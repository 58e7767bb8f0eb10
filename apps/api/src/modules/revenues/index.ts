// The revenues area's public face: what other areas and the app may import.
export { revenueRoutes } from './routes.js';
