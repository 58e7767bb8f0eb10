/**
 * Pay As You Earn on a month's chargeable income (DOMAIN §6.1). The bands are data: each is the income
 * above which a marginal rate applies, so the fixed sums of the published table (10,000 at 335,000;
 * 25,000 at 410,000; for non-residents 33,500 and 48,500) follow from the rates and cannot disagree
 * with them. The extra 10 % above 10 million is a surcharge band, added on for residents and
 * non-residents alike.
 */
import { checkAmount, type Dated } from './money.js';

/** From `over` shillings of monthly chargeable income (exclusive), `percent` % of every further shilling. */
export interface PayeBand {
  over: number;
  percent: number;
}

export interface PayeTable extends Dated {
  /** Marginal bands for resident individuals. */
  resident: readonly PayeBand[];
  /** Marginal bands for non-residents (taxed from the first shilling). */
  nonResident: readonly PayeBand[];
  /** Added on top of the bands for both: the extra 10 % above 10,000,000. */
  surcharges: readonly PayeBand[];
}

/**
 * DOMAIN §6.1, as reported for the fiscal year from 1 July 2024 (the bands themselves may be older).
 * Resident: 0–235,000 nil; 10 % to 335,000; 20 % to 410,000; 30 % above. Non-resident: 10 % to
 * 335,000; 20 % to 410,000; 30 % above. Both: a further 10 % above 10,000,000.
 */
export const payeBands2024: PayeTable = {
  effectiveFrom: '2024-07-01',
  resident: [
    { over: 0, percent: 0 },
    { over: 235_000, percent: 10 },
    { over: 335_000, percent: 20 },
    { over: 410_000, percent: 30 },
  ],
  nonResident: [
    { over: 0, percent: 10 },
    { over: 335_000, percent: 20 },
    { over: 410_000, percent: 30 },
  ],
  surcharges: [{ over: 10_000_000, percent: 10 }],
};

/** Every PAYE table known, oldest first; `tableOn(payeTables, date)` picks the one in force. */
export const payeTables: readonly PayeTable[] = [payeBands2024];

/** The tax of the marginal bands on an income, in hundredths of a shilling (exact for whole incomes). */
function bandHundredths(income: number, bands: readonly PayeBand[]): number {
  const sorted = [...bands].sort((a, b) => a.over - b.over);
  let hundredths = 0;
  for (let i = 0; i < sorted.length; i++) {
    const { over, percent } = sorted[i]!;
    const top = i + 1 < sorted.length ? Math.min(income, sorted[i + 1]!.over) : income;
    hundredths += Math.max(0, top - over) * percent;
  }
  return hundredths;
}

/**
 * PAYE for one month on `gross` (the chargeable income: gross pay with cash allowances and benefits,
 * less only the Local Service Tax deducted that month; employee NSSF is not deductible). Resident by
 * default. Whole shillings: the exact tax is rounded once, to the nearest shilling, halves up
 * (235,005 → 0.5 → 1).
 *
 * payeMonthly(1_000_000) === 202_000 (25,000 + 30 % × 590,000).
 */
export function payeMonthly(gross: number, resident = true, table: PayeTable = payeBands2024): number {
  checkAmount(gross, 'Monthly chargeable income');
  const bands = resident ? table.resident : table.nonResident;
  const hundredths = bandHundredths(gross, bands) + bandHundredths(gross, table.surcharges);
  return Math.round(hundredths / 100);
}
