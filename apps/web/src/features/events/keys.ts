/** The events area's query keys (lib/query-keys.ts). */
export const eventKeys = { list: ['events'] as const };
