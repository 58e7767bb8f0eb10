import type { ModuleContext } from '../module.js';

/** Fees reports (issue 4). */
export function feesReportsRoutes(_ctx: ModuleContext) {}
