/**
 * The budget's rules, without I/O (issue 12 §3, §4): years that must not overlap, an annual amount split
 * to the shilling across terms or months, the budget of part of a year, and variance and percentage.
 */

export type BudgetSide = 'revenue' | 'expense';
export type Split = 'year' | 'term' | 'month';

/** A span of days, both ends included, as ISO dates. */
export interface Period {
  from: string;
  to: string;
}

const day = 86_400_000;
const ms = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
/** The earlier and the later of two ISO dates. */
const earliest = (a: string, b: string) => (a <= b ? a : b);
const latest = (a: string, b: string) => (a >= b ? a : b);
/** Days in a period, both ends counted. */
export const daysIn = (p: Period) => Math.round((ms(p.to) - ms(p.from)) / day) + 1;

/** Whether two periods share a day. */
export const overlap = (a: Period, b: Period) => a.from <= b.to && b.from <= a.to;

/** The first of `years` (other than the one being changed) that shares a day with `candidate`. */
export function overlappingYear<Y extends Period & { id: number }>(
  years: Y[],
  candidate: Period & { id?: number },
): Y | undefined {
  return years.find((y) => y.id !== candidate.id && overlap(y, candidate));
}

/**
 * An amount split into `count` whole-shilling parts that sum exactly to it: equal shares, the
 * shillings left over going one each to the first parts (1,000,000 in 3 → 333,334 + 333,333 + 333,333).
 */
export function splitEvenly(amount: number, count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(amount / count);
  const left = amount - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < left ? 1 : 0));
}

/** The calendar months a year touches, each clipped to the year: Jan–Dec gives twelve. */
export function monthPeriods(year: Period): Period[] {
  const out: Period[] = [];
  let start = year.from;
  while (start <= year.to) {
    const d = new Date(ms(start));
    const monthEnd = iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
    const to = earliest(monthEnd, year.to);
    out.push({ from: start, to });
    start = iso(ms(to) + day);
  }
  return out;
}

/**
 * The year's three terms as periods that cover it: term 1 from the year's start, each term up to the day
 * before the next opens, term 3 to the year's end (the holidays belong to the term before). `opens` are
 * the opening dates of terms 2 and 3; when they are missing or outside the year, the year is cut in thirds.
 */
export function termPeriods(year: Period, opens: [string, string] | null): Period[] {
  let [second, third] = opens ?? ['', ''];
  if (!(year.from < second && second < third && third <= year.to)) {
    const third1 = Math.floor(daysIn(year) / 3);
    second = iso(ms(year.from) + third1 * day);
    third = iso(ms(year.from) + 2 * third1 * day);
  }
  return [
    { from: year.from, to: iso(ms(second) - day) },
    { from: second, to: iso(ms(third) - day) },
    { from: third, to: year.to },
  ];
}

/** The periods of a split: the whole year, its terms or its months. */
export function periodsOf(split: Split, year: Period, opens: [string, string] | null): Period[] {
  if (split === 'term') return termPeriods(year, opens);
  if (split === 'month') return monthPeriods(year);
  return [year];
}

/**
 * A line's parts: those given (their number must match the split and they must sum to the amount), or
 * the amount split evenly. Answers the parts, or what is wrong with the ones given.
 */
export function partsOf(amount: number, count: number, given?: number[] | null): number[] | string {
  if (count <= 1) return [];
  if (!given || given.length === 0) return splitEvenly(amount, count);
  if (given.length !== count) return `Give ${count} parts, one per period`;
  if (given.some((p) => !Number.isInteger(p) || p < 0))
    return 'Each part is a whole number of shillings, not below zero';
  const sum = given.reduce((a, b) => a + b, 0);
  if (sum !== amount)
    return `The parts add up to ${sum.toLocaleString('en-US')}, not ${amount.toLocaleString('en-US')}`;
  return given;
}

/**
 * The budget of a range within the year: each part counts for the share of its period's days that fall in
 * the range (whole periods count in full, so the whole year gives exactly the annual amount).
 */
export function budgetInRange(amount: number, periods: Period[], parts: number[], range: Period): number {
  const amounts = parts.length === periods.length ? parts : [amount];
  const spans = parts.length === periods.length ? periods : [periods.length ? spanOf(periods) : range];
  let total = 0;
  spans.forEach((p, i) => {
    if (!overlap(p, range)) return;
    const from = latest(p.from, range.from);
    const to = earliest(p.to, range.to);
    const share = daysIn({ from, to });
    const whole = daysIn(p);
    total += share >= whole ? (amounts[i] ?? 0) : Math.round(((amounts[i] ?? 0) * share) / whole);
  });
  return total;
}

const spanOf = (periods: Period[]): Period => ({ from: periods[0]!.from, to: periods.at(-1)!.to });

/**
 * Variance, positive when it is good for the school: income above budget, spending below it.
 */
export const variance = (side: BudgetSide, budget: number, actual: number) =>
  side === 'revenue' ? actual - budget : budget - actual;

/** The actual as a percentage of the budget, to one decimal (null with no budget). */
export const percentOfBudget = (budget: number, actual: number): number | null =>
  budget === 0 ? null : Math.round((actual * 1000) / budget) / 10;
