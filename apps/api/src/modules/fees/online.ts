import type { ModuleContext } from '../module.js';

/** Fees online (issue 4). */
export function feesOnlineRoutes(_ctx: ModuleContext) {}
