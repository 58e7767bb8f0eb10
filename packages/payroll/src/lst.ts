/**
 * Local Service Tax (DOMAIN §6.3): an annual tax on employees paid more than 100,000 a month, at most
 * 100,000 a year, deducted by the employer in 4 equal instalments, usually July–October (the fiscal
 * year starts on 1 July). The band is found from the monthly pay the caller passes: DOMAIN speaks of
 * take-home pay, the band table of monthly pay; the payroll decides which figure it uses.
 */
import { checkAmount, checkShillings, type Dated, splitEvenly } from './money.js';

/** Monthly pay above `over` (exclusive) owes `annual` shillings a year, up to the next band. */
export interface LstBand {
  over: number;
  annual: number;
}

export interface LstTable extends Dated {
  bands: readonly LstBand[];
}

/**
 * DOMAIN §6.3, the salaried bands of the "Local Service Tax FAQs" of June 2014 (Local Governments
 * (Amendment) Act 2008). Each band runs from above its lower figure up to and including its upper one:
 * 100,000 a month owes nothing, 100,001 owes 5,000; 1,000,000 owes 90,000, 1,000,001 owes 100,000.
 * The 700k–800k, 800k–900k and 900k–1m bands (70,000 / 80,000 / 90,000) are uncertain: DOMAIN's source
 * is truncated there. A school that learns otherwise passes its own table.
 */
export const lstBands2014: LstTable = {
  effectiveFrom: '2014-07-01',
  bands: [
    { over: 100_000, annual: 5_000 },
    { over: 200_000, annual: 10_000 },
    { over: 300_000, annual: 20_000 },
    { over: 400_000, annual: 30_000 },
    { over: 500_000, annual: 40_000 },
    { over: 600_000, annual: 60_000 },
    { over: 700_000, annual: 70_000 },
    { over: 800_000, annual: 80_000 },
    { over: 900_000, annual: 90_000 },
    { over: 1_000_000, annual: 100_000 },
  ],
};

/** Every LST table known, oldest first; `tableOn(lstTables, date)` picks the one in force. */
export const lstTables: readonly LstTable[] = [lstBands2014];

/** The months LST is deducted in by default: July, August, September, October (1 = January). */
export const lstMonths: readonly number[] = [7, 8, 9, 10];

/** The annual LST of an employee paid `monthlyPay` a month: the band with the highest lower figure below the pay. */
export function lstAnnual(monthlyPay: number, table: LstTable = lstBands2014): number {
  checkAmount(monthlyPay, 'Monthly pay');
  let best: LstBand | undefined;
  for (const band of table.bands) {
    if (monthlyPay > band.over && (!best || band.over > best.over)) best = band;
  }
  return best ? best.annual : 0;
}

/** The annual LST as one whole-shilling instalment per deduction month, adding up exactly to it. */
export function lstInstalments(annual: number, months: readonly number[] = lstMonths): number[] {
  return splitEvenly(annual, months.length);
}

/**
 * The LST instalment due in a calendar month (1–12): a quarter of the annual tax in each of July–October
 * by default, 0 in the other months. Any shilling that does not divide evenly goes to the first months.
 */
export function lstInstalment(annual: number, month: number, months: readonly number[] = lstMonths): number {
  checkShillings(annual, 'Annual LST');
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`A month is 1 to 12; got ${month}`);
  }
  const index = months.indexOf(month);
  return index < 0 ? 0 : lstInstalments(annual, months)[index]!;
}
