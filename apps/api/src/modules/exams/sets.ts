import { classes, consideredSets, examSets } from '@somero/contract';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { SchoolScope } from '../../core/scope.js';

export interface ConsideredSet {
  examSetId: number;
  name: string;
  maxMark: number;
  /** Percent. */
  weight: number;
}

/**
 * The exam sets that count for a class in a term, with their weights: the class's own rows when it
 * has any, else the school-wide rows (no class). Empty when the Director of Studies chose none yet.
 * Only sets of the class's curriculum (or for all classes) count: the school-wide choice may hold an
 * old-curriculum EOT beside a new-curriculum one, each for its own classes.
 */
export async function consideredSetsFor(
  scope: SchoolScope,
  of: { year: number; term: number; classId: number },
): Promise<ConsideredSet[]> {
  const rows = await scope.db
    .select({
      classId: consideredSets.classId,
      examSetId: consideredSets.examSetId,
      weight: consideredSets.weight,
      name: examSets.name,
      maxMark: examSets.maxMark,
    })
    .from(consideredSets)
    .innerJoin(examSets, and(eq(examSets.schoolId, consideredSets.schoolId), eq(examSets.id, consideredSets.examSetId)))
    .innerJoin(classes, and(eq(classes.schoolId, consideredSets.schoolId), eq(classes.id, of.classId)))
    .where(
      scope.mine(
        consideredSets,
        eq(consideredSets.year, of.year),
        eq(consideredSets.term, of.term),
        or(eq(consideredSets.classId, of.classId), isNull(consideredSets.classId)),
        or(eq(examSets.curriculum, 'all'), eq(examSets.curriculum, classes.curriculum)),
      ),
    )
    .orderBy(asc(examSets.rank), asc(examSets.id));
  const own = rows.filter((r) => r.classId === of.classId);
  return (own.length > 0 ? own : rows).map(({ examSetId, name, maxMark, weight }) => ({
    examSetId,
    name,
    maxMark,
    weight,
  }));
}
