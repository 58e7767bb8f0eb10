import type { Call } from '../call.js';

/** Fees calls: online (issue 4). */
export const feesOnlineCalls: Call[] = [];
