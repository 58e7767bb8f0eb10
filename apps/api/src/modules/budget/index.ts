// The budget area's public face: what other areas and the app may import.
export { fillDemoBudget } from './demo.js';
export { budgetRoutes } from './routes.js';
export { refuseClosedYear } from './years.js';
