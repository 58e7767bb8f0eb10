/**
 * Salary advances (DOMAIN §6.4): recovered from later pay with the employee's written consent, in one
 * go or in fixed instalments over N months; each run recovers the instalment and reduces what is
 * outstanding, but never more than the pay leaves, and the rest rolls forward.
 */
import { checkShillings, splitEvenly } from './money.js';

/**
 * The repayment plan of an advance: `months` whole-shilling instalments (1, the default, is one go)
 * that add up exactly to the amount; the shillings that do not divide evenly go to the first months
 * (100,000 over 3 months → 33,334, 33,333, 33,333).
 */
export function repaymentPlan(amount: number, months = 1): number[] {
  return splitEvenly(amount, months);
}

/** An advance as a month's run sees it: what is still owed and this month's planned instalment. */
export interface AdvanceDue {
  outstanding: number;
  instalment: number;
}

/**
 * What a month recovers of an advance when the pay leaves `room` shillings after the deductions that
 * come first: the planned instalment, but no more than is outstanding nor than the room; `carried` is
 * what is still outstanding afterwards.
 */
export function recoverAdvance(advance: AdvanceDue, room: number): { recovered: number; carried: number } {
  checkShillings(advance.outstanding, 'The outstanding advance');
  checkShillings(advance.instalment, 'The advance instalment');
  checkShillings(room, 'The pay left');
  const recovered = Math.min(advance.instalment, advance.outstanding, room);
  return { recovered, carried: advance.outstanding - recovered };
}
