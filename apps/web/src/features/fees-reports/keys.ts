/** The fees reports' query keys (lib/query-keys.ts). */
export const feesReportKeys = {
  report: (key: string, asked: unknown) => ['fees-reports', key, asked] as const,
  summary: (filters: unknown, page: number) => ['fees-reports', 'summaryq', filters, page] as const,
  categories: (filters: unknown) => ['fees-reports', 'categories', filters] as const,
  online: ['fees-online'] as const,
  pendingOnline: ['fees-online', 'pending'] as const,
  gateway: ['fees-online', 'gateway'] as const,
};
