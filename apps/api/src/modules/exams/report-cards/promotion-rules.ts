import type { ReportSettings } from './settings.js';

/** The director of studies' decision at the end of a year. */
export type PromotionDecision = 'promoted' | 'repeat';

/** The last term of a school year, whose cards carry the promotion decision. */
export const lastTerm = 3;

/**
 * The decision the report settings' rule proposes from a student's result: O Level promoted at the
 * division set or better (Division 7 and U are worse than 4), A Level at the points set or more, the
 * new curriculum at the average mark set or above. No result: no proposal.
 */
export function proposePromotion(
  curriculum: 'old' | 'new' | 'alevel',
  s: { division: number | null; points: number | null; average: number | null },
  rule: Pick<ReportSettings, 'promoteDivision' | 'promoteAverage' | 'promotePoints'>,
): PromotionDecision | null {
  const passed =
    curriculum === 'old'
      ? s.division === null
        ? null
        : s.division <= rule.promoteDivision
      : curriculum === 'alevel'
        ? s.points === null
          ? null
          : s.points >= rule.promotePoints
        : s.average === null
          ? null
          : s.average >= rule.promoteAverage;
  return passed === null ? null : passed ? 'promoted' : 'repeat';
}

/** The decision as the card prints it: "Promoted to S3", "Completed S4" (no class after it), "Advised to repeat S2". */
export function promotionText(decision: PromotionDecision, className: string, nextClass: string | null): string {
  if (decision === 'repeat') return `Advised to repeat ${className}`;
  return nextClass ? `Promoted to ${nextClass}` : `Completed ${className}`;
}
