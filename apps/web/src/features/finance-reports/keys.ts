import { areaKeys } from '../../lib/query-keys';

const k = areaKeys('finance-reports');
/** The finance reports' query keys (lib/query-keys.ts); the financial years are the budget's (`budgetKeys.years`). */
export const financeReportKeys = {
  all: k.all,
  report: (key: string, asked: unknown) => k.of(key, asked),
  accounts: k.of('accounts'),
};
