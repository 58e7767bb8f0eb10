import type { Call } from '../call.js';

/** Fees calls: setup (issue 4). */
export const feesSetupCalls: Call[] = [];
