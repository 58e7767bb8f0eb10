import { classes, consideredSets, examSetIsFor, examSets } from '@somero/contract';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { Refusal } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';

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
 * Only sets the class sits count (`examSetIsFor`: its curriculum's or for all, and naming it or no
 * class): the school-wide choice may hold an old-curriculum EOT beside a new-curriculum one, each for
 * its own classes.
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
      curriculum: examSets.curriculum,
      classIds: examSets.classIds,
      classCurriculum: classes.curriculum,
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
      ),
    )
    .orderBy(asc(examSets.rank), asc(examSets.id))
    .then((all) => all.filter((r) => examSetIsFor(r, { id: of.classId, curriculum: r.classCurriculum })));
  const own = rows.filter((r) => r.classId === of.classId);
  return (own.length > 0 ? own : rows).map(({ examSetId, name, maxMark, weight }) => ({
    examSetId,
    name,
    maxMark,
    weight,
  }));
}

/** "S4 and S6": the classes an exam set names, in the school's order. */
export async function classesOfSet(scope: SchoolScope, set: { classIds: number[] }) {
  const rows = await scope.db.select().from(classes).where(scope.mine(classes)).orderBy(asc(classes.rank));
  const names = rows.filter((c) => set.classIds.includes(c.id)).map((c) => c.name);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Refuses (202) a class that does not sit an exam set: "Mock is for S4 and S6 only: S2 does not sit
 * it." Marks entry and the considered sets ask it; the curriculum's own refusal comes before.
 */
export async function refuseSetNotSat(
  scope: SchoolScope,
  set: { name: string; curriculum: string; classIds: number[] },
  cls: { id: number; name: string; curriculum: string },
) {
  if (examSetIsFor(set, cls)) return;
  if (set.classIds.length > 0 && !set.classIds.includes(cls.id))
    throw new Refusal(`${set.name} is for ${await classesOfSet(scope, set)} only: ${cls.name} does not sit it.`);
  throw new Refusal(`${set.name} is not sat by ${cls.name}: choose another exam set.`);
}
