// The payroll area's public face: what other areas and the app may import.
import type { Area } from '../module.js';
import { payrollRoutes } from './routes.js';

export { fillDemoPayroll } from './demo.js';
export { advanceDocument, salaryDocument } from './documents.js';

/** The payroll area as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'payroll', routes: payrollRoutes };
