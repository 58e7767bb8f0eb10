/** The revenues area's query keys (lib/query-keys.ts). */
export const revenueKeys = { list: ['revenues'] as const };
