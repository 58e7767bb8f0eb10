// The E-Learning area's public face: what other areas and the app may import.
export { fillDemoElearning } from './demo.js';
export { elearningRoutes } from './routes.js';
