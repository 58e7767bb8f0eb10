/** Payroll's query keys (lib/query-keys.ts). */
export const payrollKeys = {
  advances: ['advances'] as const,
  amendments: (id: number) => ['advances', 'amendments', id] as const,
  salaryLedger: (staffId: number | null) => ['salary-ledger', staffId] as const,
  salaryTempAll: ['salary-temp'] as const,
  salaryTemp: (year: number, month: number) => ['salary-temp', year, month] as const,
};
