// The dashboard area's public face: what other areas and the app may import.
export { dashboardRoutes } from './routes.js';
