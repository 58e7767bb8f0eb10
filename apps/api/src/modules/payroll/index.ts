// The payroll area's public face: what other areas and the app may import.

export { fillDemoPayroll } from './demo.js';
export { advanceDocument, salaryDocument } from './documents.js';
export { payrollRoutes } from './routes.js';
