/** The audit trail's query keys (lib/query-keys.ts); its user filter reads `userKeys.everyone`. */
export const auditKeys = { list: ['audits'] as const };
