// The subjects area's public face: what the app may import.
export { subjectRoutes } from './routes.js';
