// The operations area's public face: the server's health and readiness for an operator.

export { operationsRoutes } from './routes.js';
