import type { ModuleContext } from '../module.js';
import { gateRoutes } from './gate.js';
import { registerRoutes } from './register.js';
import { rollcallRoutes } from './rollcall.js';
import { summaryRoutes } from './summary.js';

export { fillDemoAttendance, seedRollcallCategories } from './demo.js';

export function attendanceRoutes(ctx: ModuleContext) {
  gateRoutes(ctx);
  summaryRoutes(ctx);
  registerRoutes(ctx);
  rollcallRoutes(ctx);
}
