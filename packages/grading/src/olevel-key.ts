/**
 * The old O-level result in words for a parent: the division rule as `uceDivision` applies it (the key
 * printed on report cards and marksheets) and why a candidate is Division 7.
 */
import { UCE_BEST, type UceOptions, type UceShortfall } from './olevel.js';

const groupName = { english: 'English', mathematics: 'Mathematics' } as const;
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The division rule applied, one sentence per division, as `uceDivision` evaluates it. */
export function uceDivisionKey(options: Pick<UceOptions, 'division4MinPasses'> = {}): string[] {
  const division4 = options.division4MinPasses ?? 1;
  return [
    `Aggregate: the sum of the best ${UCE_BEST} grades (D1 = 1 … F9 = 9); the lower, the better. A credit is C6 or better, a pass P8 or better.`,
    `Division 1: ${UCE_BEST} passes and 7 credits, English at credit, a pass in Mathematics, a humanity and a science (waived for a visually impaired candidate), aggregate 32 or less. ` +
      `Division 2: ${UCE_BEST} passes including English, 6 credits, aggregate 45 or less. ` +
      `Division 3: ${UCE_BEST} passes with 3 credits, 7 passes with 4 credits, or 5 credits. ` +
      `Division 4: at least ${division4 === 1 ? 'one pass' : `${division4} passes`}. ` +
      `Division 7: fewer than ${UCE_BEST} subjects sat, or English or Mathematics not sat (no certificate). U: no pass.`,
  ];
}

/**
 * Why a card says Division 7, for a parent: "Division 7 because only 6 subjects were sat (8 are
 * needed) and Mathematics was not sat."
 */
export function uceShortfallText(shortfall: UceShortfall): string {
  const reasons: string[] = [];
  if (shortfall.sat < shortfall.needed)
    reasons.push(
      `only ${plural(shortfall.sat, 'subject')} ${shortfall.sat === 1 ? 'was' : 'were'} sat (${shortfall.needed} are needed)`,
    );
  if (shortfall.missing.length)
    reasons.push(
      `${shortfall.missing.map((g) => groupName[g]).join(' and ')} ${shortfall.missing.length === 1 ? 'was' : 'were'} not sat`,
    );
  return `Division 7 because ${reasons.join(' and ')}: the subject requirements for a certificate are not met.`;
}
