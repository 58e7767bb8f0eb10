// The departments area's public face: Download Center, departments and their reports.
export { fillDemoDepartments } from './demo.js';
export { departmentRoutes } from './routes.js';
