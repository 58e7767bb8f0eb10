/** The payment desk's query keys (lib/query-keys.ts). */
export const feesDeskKeys = {
  /** The desk's own queries (a student's ledger and payments). */
  desk: ['fees-desk'] as const,
  ledger: (studentId: number | null) => ['fees-desk', 'ledger', studentId] as const,
  studentPayments: (studentId: number) => ['fees-desk', 'student-payments', studentId] as const,
  payments: ['fees-payments'] as const,
  payment: (id: number) => ['fees-payments', 'one', id] as const,
  amendments: (paymentId: number) => ['fees-payments', 'amendments', paymentId] as const,
  receipts: ['fees-receipts'] as const,
  receiptSearch: (asked: unknown) => ['fees-receipts', 'search', asked] as const,
};
