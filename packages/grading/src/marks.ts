/**
 * A subject's term mark from the considered exam sets and their weights (DOMAIN §1.5):
 * Σ(wᵢ × markᵢ) / Σ wᵢ, each mark out of 100.
 */

export type MissingMarkPolicy = 'exclude' | 'zero';

/** Rounded half up to two decimals, steady against binary drift (72.345 → 72.35). */
export const round2 = (x: number) => Math.round((x + Math.sign(x) * 1e-9) * 100) / 100;

/**
 * The weighted mark over the sets with a weight above 0. A missing mark (null or absent) is left out
 * of both sums ('exclude', the default policy) or counts as 0 ('zero'). With no mark in any set the
 * subject has no mark: null, whatever the policy, so a subject not sat is never graded as zero.
 */
export function weightedMark(
  weights: Readonly<Record<string, number>>,
  marks: Readonly<Record<string, number | null>>,
  missing: MissingMarkPolicy,
): number | null {
  let weighted = 0;
  let weightSum = 0;
  let any = false;
  for (const [set, weight] of Object.entries(weights)) {
    if (!(weight > 0)) continue;
    const mark = marks[set];
    if (mark === null || mark === undefined) {
      if (missing === 'zero') weightSum += weight;
      continue;
    }
    any = true;
    weighted += weight * mark;
    weightSum += weight;
  }
  return any ? round2(weighted / weightSum) : null;
}
