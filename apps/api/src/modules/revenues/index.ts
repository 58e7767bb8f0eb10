// The revenues area's public face: what other areas and the app may import.
export { revenueDocument, revenueRoutes } from './routes.js';
