import type { ModuleContext } from '../module.js';

/** Fees payments (issue 4). */
export function feesPaymentsRoutes(_ctx: ModuleContext) {}
