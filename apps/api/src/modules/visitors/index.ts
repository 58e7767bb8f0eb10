// The visitors book's public face: what other areas and the app may import.
export { fillDemoVisitors } from './demo.js';
export { visitorsRoutes } from './routes.js';
