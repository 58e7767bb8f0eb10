/**
 * A range of the comment bank: from and to a figure, both included. `basis` 'result' ranges are of the
 * result itself (O Level the division, A Level the principal passes, new curriculum the UCE result);
 * others ('score') of the aggregate, points or average mark.
 */
export interface BankComment {
  id: number;
  fromValue: number;
  toValue: number;
  comment: string;
  basis?: string;
}

/** Of the ranges containing a figure (read to the nearest whole number), the narrowest, then the first added. */
function narrowest(bank: readonly BankComment[], figure: number | null): BankComment | null {
  if (figure === null) return null;
  const value = Math.round(figure);
  let best: BankComment | null = null;
  for (const c of bank) {
    const low = Math.min(c.fromValue, c.toValue);
    const high = Math.max(c.fromValue, c.toValue);
    if (value < low || value > high) continue;
    const width = high - low;
    const bestWidth = best ? Math.abs(best.toValue - best.fromValue) : Number.POSITIVE_INFINITY;
    if (!best || width < bestWidth || (width === bestWidth && c.id < best.id)) best = c;
  }
  return best;
}

/**
 * The bank's comment for a student: a range of the result (a division, a UCE result) that holds it
 * wins; else of the ranges of the score (aggregate, points, average mark) holding it, the narrowest, then
 * the one added first. A score with decimals (a new-curriculum average of 71.5) is read to the nearest
 * whole number, as the ranges are whole numbers. No figure, or no range containing it: no suggestion.
 */
export function suggestComment(
  bank: readonly BankComment[],
  score: number | null,
  result: number | null = null,
): string | null {
  const onResult = narrowest(
    bank.filter((c) => c.basis === 'result'),
    result,
  );
  if (onResult) return onResult.comment;
  return (
    narrowest(
      bank.filter((c) => c.basis !== 'result'),
      score,
    )?.comment ?? null
  );
}

/**
 * The figures a card's comments are chosen by. A Division 7 candidate's aggregate counts the subjects
 * not sat as F9 and earns no certificate: only a range on the division speaks for it, never one on
 * the aggregate ("A brilliant result" for seven D1s and no Mathematics).
 */
export function bankFigures(
  curriculum: 'old' | 'new' | 'alevel',
  s: {
    aggregate?: number | null;
    division?: number | null;
    points?: number | null;
    principal_passes?: number | null;
    average?: number | null;
    result?: number | null;
  },
): { score: number | null; result: number | null } {
  if (curriculum === 'old')
    return { score: s.division === 7 ? null : (s.aggregate ?? null), result: s.division ?? null };
  if (curriculum === 'alevel') return { score: s.points ?? null, result: s.principal_passes ?? null };
  return { score: s.average ?? null, result: s.result ?? null };
}
