import { round2 } from '@somero/grading';

/** One result counted in an analysis: the group it belongs to, its label (grade, division…) and value. */
export interface Counted {
  group: string;
  /** The grade, division or identifier; null: no result (counted as sat only when it has a value). */
  label: string | null;
  /** The mark or points the mean is taken of; null: none. */
  value: number | null;
}

export interface Tally {
  group: string;
  /** Results with a label or a value. */
  sat: number;
  counts: Record<string, number>;
  mean: number | null;
}

/**
 * Counts per label and the mean value of each group, groups in the order given (a group with nothing
 * counted still shows, with zeros). Labels not in `labels` are left out of the counts but not of the
 * mean or the number who sat.
 */
export function tally(items: readonly Counted[], groups: readonly string[], labels: readonly string[]): Tally[] {
  const out = new Map<string, { sat: number; counts: Record<string, number>; sum: number; n: number }>();
  for (const g of groups) out.set(g, { sat: 0, counts: Object.fromEntries(labels.map((l) => [l, 0])), sum: 0, n: 0 });
  for (const item of items) {
    const into = out.get(item.group);
    if (!into || (item.label === null && item.value === null)) continue;
    into.sat += 1;
    if (item.label !== null && item.label in into.counts) into.counts[item.label] = (into.counts[item.label] ?? 0) + 1;
    if (item.value !== null) {
      into.sum += item.value;
      into.n += 1;
    }
  }
  return [...out].map(([group, t]) => ({
    group,
    sat: t.sat,
    counts: t.counts,
    mean: t.n ? round2(t.sum / t.n) : null,
  }));
}

/** The change of a mean since before, to two decimals; none when either is missing. */
export const change = (now: number | null, before: number | null) =>
  now === null || before === null ? null : round2(now - before);

/** A count as a share of a total, in whole percent (none of nothing is 0 %). */
export const share = (count: number, total: number) => (total ? Math.round((100 * count) / total) : 0);
