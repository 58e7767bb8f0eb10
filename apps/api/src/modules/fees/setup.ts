import type { ModuleContext } from '../module.js';

/** Fees setup (issue 4). */
export function feesSetupRoutes(_ctx: ModuleContext) {}
