/**
 * Shillings and dated tables. UGX has no minor unit: every amount the package returns is a whole
 * shilling. A percentage of a whole amount is rounded to the nearest shilling, halves up (never
 * truncated); amounts split into parts are split to the shilling so that the parts add up exactly.
 */

/** A statutory table or rate set: in force from `effectiveFrom` (an ISO date, YYYY-MM-DD) until the next one. */
export interface Dated {
  effectiveFrom: string;
}

/** Refuses an amount that is negative, not a number or infinite. */
export function checkAmount(amount: number, what = 'An amount') {
  if (!Number.isFinite(amount) || amount < 0) {
    throw new RangeError(`${what} must be a number of shillings, 0 or more; got ${amount}`);
  }
}

/** Refuses an amount that is not a whole number of shillings, 0 or more. */
export function checkShillings(amount: number, what = 'An amount') {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`${what} must be a whole number of shillings, 0 or more; got ${amount}`);
  }
}

/**
 * `percent` % of `amount`, rounded to the nearest shilling, halves up. Computed as hundredths of a
 * shilling (`amount × percent`, exact for whole amounts and whole percentages), so 0.5 is never
 * misread as 0.4999….
 */
export function percentOf(amount: number, percent: number): number {
  return Math.round((amount * percent) / 100);
}

/**
 * Splits a whole amount into `parts` whole-shilling parts that add up exactly to it: each part is the
 * amount divided evenly, and the shillings left over go one each to the first parts (so an advance is
 * recovered a little faster at the start, never later than planned).
 */
export function splitEvenly(amount: number, parts: number): number[] {
  checkShillings(amount);
  if (!Number.isSafeInteger(parts) || parts < 1) {
    throw new RangeError(`An amount is split into 1 part or more; got ${parts}`);
  }
  const each = Math.floor(amount / parts);
  const left = amount - each * parts;
  return Array.from({ length: parts }, (_, i) => (i < left ? each + 1 : each));
}

/**
 * The table in force on a date: of those in force by then (`effectiveFrom` on or before it), the
 * latest. Next year's budget adds a table with its date; the code does not change.
 */
export function tableOn<T extends Dated>(tables: readonly T[], date: string): T {
  let best: T | undefined;
  for (const table of tables) {
    if (table.effectiveFrom <= date && (!best || table.effectiveFrom > best.effectiveFrom)) best = table;
  }
  if (!best) throw new RangeError(`No table is in force on ${date}`);
  return best;
}
