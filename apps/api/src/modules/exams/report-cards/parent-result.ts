import { type ReportKind, reportCardPrints, reportKinds, studentTerms } from '@somero/contract';
import { eq } from 'drizzle-orm';
import { Refusal } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import { classCurriculum } from '../marksheets/data.js';
import { reportCards } from './cards.js';

/** The layout a class's card is worked out with when none was printed yet: its curriculum's first. */
const firstKind = (curriculum: string) =>
  (reportKinds.find((k) => k.curriculum === curriculum)?.value ?? 'old_reports') as ReportKind;

/**
 * One student's result of a term as their report card states it (the parents' line): the layout and
 * class of the card printed for them, else of the class they were in that term; withheld when the card
 * is (printed withheld, or withheld by the report settings now). Null when the student was in no class
 * that term or the card cannot be worked out.
 */
export async function parentResult(scope: SchoolScope, studentId: number, of: { year: number; term: number }) {
  const [[printed], [enrolled]] = await scope.all(
    () =>
      scope.db
        .select({ kind: reportCardPrints.kind, classId: reportCardPrints.classId, withheld: reportCardPrints.withheld })
        .from(reportCardPrints)
        .where(
          scope.mine(
            reportCardPrints,
            eq(reportCardPrints.studentId, studentId),
            eq(reportCardPrints.year, of.year),
            eq(reportCardPrints.term, of.term),
          ),
        ),
    () =>
      scope.db
        .select({ classId: studentTerms.classId })
        .from(studentTerms)
        .where(
          scope.mine(
            studentTerms,
            eq(studentTerms.studentId, studentId),
            eq(studentTerms.year, of.year),
            eq(studentTerms.term, of.term),
          ),
        ),
  );
  const classId = printed?.classId ?? enrolled?.classId;
  if (!classId) return null;
  const curriculum = await classCurriculum(scope, classId);
  const kind = (printed?.kind as ReportKind | undefined) ?? firstKind(curriculum);
  try {
    const cards = await reportCards(scope, kind, { ...of, classId, studentIds: [studentId] });
    const card = cards.cards[0];
    if (!card) return null;
    return {
      curriculum,
      withheld: Boolean(printed?.withheld) || card.withheld,
      hasMarks: card.rows.some((r) => r.mark !== null || (r.papers ?? []).some((p) => p.mark !== null)),
      pointsMax: cards.points_max,
      summary: card.summary,
    };
  } catch (error) {
    // Another curriculum's layout, a student no longer in the class: no card to state.
    if (error instanceof Refusal) return null;
    throw error;
  }
}
