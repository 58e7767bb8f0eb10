/** The assets area's query keys (lib/query-keys.ts). */
export const assetKeys = {
  list: ['assets'] as const,
  purchases: ['asset-purchases'] as const,
  amendments: (id: number) => ['asset-purchases', 'amendments', id] as const,
  register: (filters: unknown) => ['asset-register', filters] as const,
  labels: (purchaseId: number) => ['asset-labels', purchaseId] as const,
};
