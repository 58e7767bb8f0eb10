import type { Call } from '../call.js';

/** Fees calls: payments (issue 4). */
export const feesPaymentsCalls: Call[] = [];
