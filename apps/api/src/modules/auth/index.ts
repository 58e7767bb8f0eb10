// The sign-in area's public face: what other areas and the app may import.
export { authRoutes } from './routes.js';
