/** The revenues area's query keys (lib/query-keys.ts). */
export const revenueKeys = {
  list: ['revenues'] as const,
  amendments: (id: number) => ['revenues', 'amendments', id] as const,
};
