import { type ReportCards, type ReportKind, reportCardPrints } from '@somero/contract';
import { sql } from 'drizzle-orm';
import { now } from '../../../core/dates.js';
import type { SchoolScope } from '../../../core/scope.js';

/**
 * Keeps which students' cards of a term were printed (or e-mailed) and whether each was withheld for
 * fees: the latest print of a student's card replaces the one before. One audit row per print.
 */
export async function recordPrints(
  scope: SchoolScope,
  kind: ReportKind,
  asked: { year: number; term: number; classId: number },
  cards: ReportCards,
) {
  if (cards.cards.length === 0) return;
  await scope.transaction(async (tx) => {
    await tx.db
      .insert(reportCardPrints)
      .values(
        cards.cards.map((c) => ({
          schoolId: tx.schoolId,
          year: asked.year,
          term: asked.term,
          studentId: c.student.id,
          classId: asked.classId,
          kind,
          withheld: c.withheld,
        })),
      )
      .onConflictDoUpdate({
        target: [reportCardPrints.schoolId, reportCardPrints.year, reportCardPrints.term, reportCardPrints.studentId],
        set: {
          classId: sql`excluded.class_id`,
          kind: sql`excluded.kind`,
          withheld: sql`excluded.withheld`,
          printedAt: now(),
          updatedAt: now(),
        },
      });
    await tx.audit({
      action: 'print',
      module: 'exams',
      entity: 'report_cards',
      entityId: `${asked.classId}:${asked.year}:${asked.term}`,
      after: {
        title: `${cards.class_name}${cards.stream_name ? ` ${cards.stream_name}` : ''} Term ${asked.term} ${asked.year}`,
        kind,
        cards: cards.cards.length,
        withheld: cards.cards.filter((c) => c.withheld).length,
      },
    });
  });
}
