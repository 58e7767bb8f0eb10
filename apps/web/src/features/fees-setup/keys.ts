/** Fees set-up's query keys (lib/query-keys.ts); imports reload its lists too. */
export const feesSetupKeys = {
  bursaries: ['bursaries'] as const,
  structureAll: ['fees-structure'] as const,
  structure: (term: unknown) => ['fees-structure', term] as const,
  debts: ['previous-debts'] as const,
  debtList: ['previous-debts', 'list'] as const,
  debtGrid: (classId: unknown, streamId: unknown) => ['previous-debts', 'grid', classId, streamId] as const,
  /** Additions or deductions (`kind.key`). */
  adjustments: (kind: string) => ['fees', kind] as const,
  modeStatementAll: (modeId: number) => ['mode-statement', modeId] as const,
  modeStatement: (modeId: number, asked: unknown) => ['mode-statement', modeId, asked] as const,
  modeTransfersAll: (modeId: number) => ['mode-transfers', modeId] as const,
  modeTransfers: (modeId: number, from?: string, to?: string) => ['mode-transfers', modeId, from, to] as const,
};
