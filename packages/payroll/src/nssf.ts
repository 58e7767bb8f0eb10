/**
 * The National Social Security Fund contribution (DOMAIN §6.2): 15 % of gross pay, 5 % deducted from
 * the employee and 10 % paid by the employer, both remitted by the 15th of the following month.
 * No cap: the UGX 50,000 cap one calculator shows is not supported by NSSF's own sources.
 */
import { checkAmount, type Dated, percentOf } from './money.js';

export interface NssfRates extends Dated {
  /** Deducted from the employee's pay, % of gross. */
  employeePercent: number;
  /** Paid by the employer on top of gross, % of gross. */
  employerPercent: number;
}

/** DOMAIN §6.2 (NSSF's public relations manager in New Vision; mywage.org). */
export const nssfRates2024: NssfRates = { effectiveFrom: '2024-07-01', employeePercent: 5, employerPercent: 10 };

/** Every NSSF rate set known, oldest first; `tableOn(nssfTables, date)` picks the one in force. */
export const nssfTables: readonly NssfRates[] = [nssfRates2024];

/**
 * The month's contributions on `gross`. Each share is rounded on its own to the nearest shilling,
 * halves up (gross 100,010: employee 5,000.5 → 5,001, employer 10,001), so the two may add up to one
 * shilling more than 15 % rounded once (gross 100,015: 5,001 + 10,002 = 15,003, not 15,002).
 */
export function nssf(gross: number, rates: NssfRates = nssfRates2024): { employee: number; employer: number } {
  checkAmount(gross, 'Gross pay');
  return { employee: percentOf(gross, rates.employeePercent), employer: percentOf(gross, rates.employerPercent) };
}
