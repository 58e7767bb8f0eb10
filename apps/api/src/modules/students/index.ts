// The students area's public face: what other areas and the app may import.
export { findStudent, likeTerm } from './query.js';
export { studentRoutes } from './routes.js';
