import { staff, staffSubjects, subjectInitials } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import type { SchoolScope } from '../../core/scope.js';

interface Placed {
  streamId: number | null;
  subjectId: number;
}
/** The row for a stream, else the one for the whole class (no stream). */
const pick = <T extends Placed>(rows: T[], streamId: number | null, subjectId: number) =>
  rows.find((r) => r.subjectId === subjectId && streamId !== null && r.streamId === streamId) ??
  rows.find((r) => r.subjectId === subjectId && r.streamId === null);

/**
 * Who teaches each subject of a class, by the teaching load (a stream's teacher, else the class's), and
 * the initials the cards print (the class's own initials row first, as marks entry keeps them). Two
 * statements for the whole class.
 */
export async function teachersOfClass(scope: SchoolScope, classId: number) {
  const [own, load] = await Promise.all([
    scope.db
      .select({
        streamId: subjectInitials.streamId,
        subjectId: subjectInitials.subjectId,
        initials: subjectInitials.initials,
      })
      .from(subjectInitials)
      .where(scope.mine(subjectInitials, eq(subjectInitials.classId, classId))),
    scope.db
      .select({
        streamId: staffSubjects.streamId,
        subjectId: staffSubjects.subjectId,
        name: staff.name,
        initials: staff.initials,
      })
      .from(staffSubjects)
      .innerJoin(staff, and(eq(staff.schoolId, staffSubjects.schoolId), eq(staff.id, staffSubjects.staffId)))
      .where(scope.mine(staffSubjects, eq(staffSubjects.classId, classId))),
  ]);
  return {
    teacher: (streamId: number | null, subjectId: number) => pick(load, streamId, subjectId)?.name ?? null,
    initials: (streamId: number | null, subjectId: number) =>
      pick(own, streamId, subjectId)?.initials ?? pick(load, streamId, subjectId)?.initials ?? null,
  };
}
