/** A range of the comment bank: from and to a result, both included. */
export interface BankComment {
  id: number;
  fromValue: number;
  toValue: number;
  comment: string;
}

/**
 * The bank's comment for a result: of the ranges containing it, the narrowest, then the one added
 * first. A result with decimals (a new-curriculum average of 71.5) is read to the nearest whole number,
 * as the ranges are whole numbers. No result, or no range containing it: no suggestion.
 */
export function suggestComment(bank: readonly BankComment[], result: number | null): string | null {
  if (result === null) return null;
  const value = Math.round(result);
  let best: BankComment | null = null;
  for (const c of bank) {
    const low = Math.min(c.fromValue, c.toValue);
    const high = Math.max(c.fromValue, c.toValue);
    if (value < low || value > high) continue;
    const width = high - low;
    const bestWidth = best ? Math.abs(best.toValue - best.fromValue) : Number.POSITIVE_INFINITY;
    if (!best || width < bestWidth || (width === bestWidth && c.id < best.id)) best = c;
  }
  return best?.comment ?? null;
}
