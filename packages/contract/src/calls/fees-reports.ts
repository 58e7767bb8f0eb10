import type { Call } from '../call.js';

/** Fees calls: reports (issue 4). */
export const feesReportsCalls: Call[] = [];
