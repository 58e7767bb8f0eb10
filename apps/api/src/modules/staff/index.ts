// The staff area's public face: what other areas and the app may import.
export { staffOfUser } from './register.js';
export { staffRoutes } from './routes.js';
