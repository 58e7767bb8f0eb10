// The expenses area's public face: what other areas and the app may import.
export { expenseRoutes } from './routes.js';
