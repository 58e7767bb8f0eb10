// Pure rules of the assets area (no I/O): depreciation and tags.

/**
 * Whole months an asset has been held from the day it was bought to a day: a month counts once its
 * day of the month is reached again (bought 15 Mar, held 1 month on 15 Apr, still 0 on 14 Apr). A
 * purchase on the 31st completes its month on the last day of a shorter month. Never negative.
 */
export function monthsHeld(purchasedOn: string, asAt: string): number {
  if (asAt <= purchasedOn) return 0;
  const [y1, m1, d1] = purchasedOn.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = asAt.split('-').map(Number) as [number, number, number];
  let months = (y2 - y1) * 12 + (m2 - m1);
  const lastDay = new Date(Date.UTC(y2, m2, 0)).getUTCDate();
  if (d2 < Math.min(d1, lastDay)) months -= 1;
  return Math.max(0, months);
}

/**
 * Straight-line depreciation of one asset as at a day: cost × rate % a year, pro rata by whole months
 * held, in whole shillings (rounded half up), never more than the cost, so the book value never goes
 * below zero.
 */
export function depreciation(cost: number, ratePercent: number, purchasedOn: string, asAt: string) {
  const months = monthsHeld(purchasedOn, asAt);
  const accumulated = Math.min(cost, Math.round((cost * ratePercent * months) / 1200));
  return { months, accumulated, bookValue: cost - accumulated };
}

/**
 * The letters of a school's name that begin its asset tags: "Kampala High School" → KHS, "St. Mary's
 * College Kisubi" → SMCK. Words such as "of" and "the" are left out; at most six letters.
 */
export function schoolTagCode(name: string): string {
  const small = new Set(['of', 'the', 'and', '&', 'for', 'de']);
  const letters = name
    .split(/[\s\-–/]+/)
    .map((w) => w.replace(/[^A-Za-z0-9]/g, ''))
    .filter((w) => w && !small.has(w.toLowerCase()))
    .map((w) => w[0]!.toUpperCase());
  return letters.slice(0, 6).join('') || 'SCH';
}

/** A category's code as tags print it: capitals and digits only ("it-eq" → ITEQ), never empty. */
export const tagCode = (categoryCode: string) => categoryCode.toUpperCase().replace(/[^A-Z0-9]/g, '') || 'GEN';

/** An asset's tag: school code, category code, the code's number padded to four. */
export function assetTag(schoolCode: string, categoryCode: string, n: number): string {
  return `${schoolCode}/${tagCode(categoryCode)}/${String(n).padStart(4, '0')}`;
}
