/**
 * One staff member's pay for one month (DOMAIN §6): gross, the statutory deductions, the voluntary ones
 * and net pay, all in whole shillings.
 *
 * - Gross is the basic salary plus every allowance.
 * - NSSF: 5 % of gross from the employee, 10 % from the employer (not a deduction from pay).
 * - PAYE is on gross less the LST deducted this month, the only deduction the law allows; employee NSSF
 *   is NOT deducted first.
 * - Net pay never goes negative. The statutory deductions (PAYE, NSSF, LST) come first and are never cut
 *   to make room for others; the other deductions are then taken in the order given (put the SACCO loan
 *   before welfare if it must come first); the advance instalment comes last. When the pay is short, the
 *   advance is cut first (down to nothing), then the other deductions from the last one given backwards;
 *   what is not recovered stays outstanding (`advanceCarried`) or short (`short` of each deduction).
 * - The one exception to statutory deductions being whole: an LST instalment larger than what PAYE and
 *   NSSF leave of the pay (a month of unpaid leave in July) is taken as far as the pay goes and the rest
 *   reported as `lstCarried`, for the payroll to collect later.
 */
import { type AdvanceDue, recoverAdvance } from './advance.js';
import { checkShillings } from './money.js';
import { type NssfRates, nssf, nssfRates2024 } from './nssf.js';
import { type PayeTable, payeBands2024, payeMonthly } from './paye.js';

/** An allowance or a deduction: a whole number of shillings, or one with a name (kept in the result). */
export type PayItem = number | { name?: string; amount: number };

export interface MonthlyPayInput {
  /** Basic salary for the month. */
  basic: number;
  /** Cash allowances and benefits (housing, responsibility, transport…), all chargeable to PAYE. */
  allowances?: readonly PayItem[];
  /** Voluntary and other deductions (SACCO, welfare, a loan…), in the order they are to be taken. */
  otherDeductions?: readonly PayItem[];
  /** A salary advance being recovered. */
  advance?: AdvanceDue;
  /** The LST instalment due this month (`lstInstalment(lstAnnual(pay), month)`); 0 by default. */
  lstInstalment?: number;
  /** Resident for PAYE; true by default. */
  resident?: boolean;
}

/** The tables a month is computed with; today's defaults unless given. */
export interface PayTables {
  paye?: PayeTable;
  nssf?: NssfRates;
}

/** One other deduction as taken: what was due, what the pay allowed, and the shortfall. */
export interface OtherDeductionTaken {
  name: string | undefined;
  due: number;
  taken: number;
  short: number;
}

export interface MonthlyPay {
  /** Basic plus allowances. */
  gross: number;
  /** What PAYE is charged on: gross less the LST deducted. */
  chargeable: number;
  paye: number;
  nssfEmployee: number;
  /** The employer's share, paid on top of gross; not among the deductions. */
  nssfEmployer: number;
  /** LST deducted this month. */
  lst: number;
  /** LST due this month that the pay could not cover (0 but in a month of little or no pay). */
  lstCarried: number;
  /** Advance recovered this month. */
  advance: number;
  /** Advance still outstanding after this month. */
  advanceCarried: number;
  /** The other deductions taken this month, in all. */
  others: number;
  /** Each other deduction, in the order given. */
  otherDeductions: OtherDeductionTaken[];
  /** PAYE + employee NSSF + LST + advance + others. */
  totalDeductions: number;
  /** Gross less the deductions; never negative. */
  net: number;
}

/** The items as `{ name, amount }`, each checked to be whole shillings. */
function itemsOf(items: readonly PayItem[] | undefined, what: string) {
  return (items ?? []).map((item) => {
    const named = typeof item === 'number' ? { amount: item } : item;
    checkShillings(named.amount, what);
    return named;
  });
}

/** A month's pay for one staff member; see the module comment for the order of deductions. */
export function monthlyPay(input: MonthlyPayInput, tables: PayTables = {}): MonthlyPay {
  const payeTable = tables.paye ?? payeBands2024;
  const resident = input.resident; // undefined: payeMonthly's default, resident
  const lstDue = input.lstInstalment ?? 0;
  checkShillings(input.basic, 'Basic salary');
  checkShillings(lstDue, 'The LST instalment');
  const allowances = itemsOf(input.allowances, 'An allowance');
  const deductions = itemsOf(input.otherDeductions, 'A deduction');
  const gross = allowances.reduce((sum, a) => sum + a.amount, input.basic);

  const contributions = nssf(gross, tables.nssf ?? nssfRates2024);
  // What the pay leaves after NSSF and PAYE without any LST relief; PAYE with the relief is no more.
  const afterStatutory = gross - contributions.employee - payeMonthly(gross, resident, payeTable);
  if (afterStatutory < 0) {
    throw new RangeError(`PAYE and NSSF take more than the gross pay of ${gross}: check the tables`);
  }
  const lst = Math.min(lstDue, afterStatutory);
  const chargeable = gross - lst;
  const paye = payeMonthly(chargeable, resident, payeTable);
  let room = gross - paye - contributions.employee - lst;

  const otherDeductions: OtherDeductionTaken[] = [];
  for (const { name, amount: due } of deductions) {
    const taken = Math.min(due, room);
    room -= taken;
    otherDeductions.push({ name, due, taken, short: due - taken });
  }
  const others = otherDeductions.reduce((sum, d) => sum + d.taken, 0);
  const { recovered, carried } = input.advance ? recoverAdvance(input.advance, room) : { recovered: 0, carried: 0 };
  const totalDeductions = paye + contributions.employee + lst + others + recovered;
  return {
    gross,
    chargeable,
    paye,
    nssfEmployee: contributions.employee,
    nssfEmployer: contributions.employer,
    lst,
    lstCarried: lstDue - lst,
    advance: recovered,
    advanceCarried: carried,
    others,
    otherDeductions,
    totalDeductions,
    net: gross - totalDeductions,
  };
}
