import { areaKeys } from '../../lib/query-keys';

const k = areaKeys('budget');
/** The budget area's query keys (lib/query-keys.ts); the financial years are the finance reports' too. */
export const budgetKeys = {
  all: k.all,
  grid: (side: string, yearId: number | null) => k.of(side, yearId),
  outturn: (asked: unknown) => k.of('outturn', asked),
  years: ['fyear'] as const,
};
