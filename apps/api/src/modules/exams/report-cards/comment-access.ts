import { isAdministratorType } from '@somero/contract';
import { sql } from 'drizzle-orm';
import type { Caller } from '../../../core/auth.js';
import type { SchoolScope } from '../../../core/scope.js';
import { sqlRows } from '../../../db/open.js';
import { staffOfUser } from '../../staff/index.js';
import { teachingLoad } from '../marks/grid.js';

/**
 * Who writes which comment on a report card (issue 25 §1). Administrators and the director of studies
 * write every comment. Otherwise: a subject's remark is its teacher's (the teaching load covers the
 * subject in the student's class and stream); the class teacher's comment, the conduct, the generic
 * skills and the values are the stream's class teacher's; the head teacher's comment needs
 * `write_head_teacher_comments`. The director of studies is whoever holds the exam set-up flag
 * (`view_exam_sets`): the one who sets the term's exams also sees its cards through.
 */

export interface CommentWriter {
  /** An administrator or the director of studies: every comment. */
  everything: boolean;
  headTeacher: boolean;
  /** The caller's active staff record, if any: a class teacher or subject teacher is one. */
  staffId: number | null;
  userId: number;
}

export async function commentWriter(scope: SchoolScope, caller: Caller): Promise<CommentWriter> {
  const admin = isAdministratorType(caller.type);
  const member = await staffOfUser(scope, caller.userId);
  return {
    everything: admin || caller.flags.view_exam_sets === true,
    headTeacher: admin || caller.flags.write_head_teacher_comments === true,
    staffId: member?.id ?? null,
    userId: caller.userId,
  };
}

/** Where a student was in a term, with the stream's class teacher. */
export interface Placement {
  studentId: number;
  studentName: string;
  classId: number;
  className: string;
  streamId: number | null;
  /** "S2 East", or the class alone for a student without a stream. */
  place: string;
  classTeacherId: number | null;
  classTeacherName: string | null;
}

export async function placementsOf(
  scope: SchoolScope,
  ids: number[],
  year: number,
  term: number,
): Promise<Map<number, Placement>> {
  if (ids.length === 0) return new Map();
  const rows = await sqlRows<{
    student_id: number;
    student_name: string;
    class_id: number;
    class_name: string;
    stream_id: number | null;
    stream_name: string | null;
    class_teacher_id: number | null;
    class_teacher_name: string | null;
  }>(
    scope.db,
    sql`select st.student_id, s.surname || ' ' || s.other_names as student_name, st.class_id,
          c.name as class_name, st.stream_id, sr.name as stream_name, sr.class_teacher_id,
          sf.name as class_teacher_name
        from student_terms st
        join students s on s.school_id = st.school_id and s.id = st.student_id
        join classes c on c.school_id = st.school_id and c.id = st.class_id
        left join streams sr on sr.school_id = st.school_id and sr.id = st.stream_id
        left join staff sf on sf.school_id = sr.school_id and sf.id = sr.class_teacher_id
        where st.school_id = ${scope.schoolId} and st.year = ${year} and st.term = ${term}
          and st.student_id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.student_id),
      {
        studentId: Number(r.student_id),
        studentName: r.student_name,
        classId: Number(r.class_id),
        className: r.class_name,
        streamId: r.stream_id === null ? null : Number(r.stream_id),
        place: r.stream_name ? `${r.class_name} ${r.stream_name}` : r.class_name,
        classTeacherId: r.class_teacher_id === null ? null : Number(r.class_teacher_id),
        classTeacherName: r.class_teacher_name,
      },
    ]),
  );
}

const isClassTeacher = (w: CommentWriter, p: Placement) => p.classTeacherId !== null && p.classTeacherId === w.staffId;

/** Why the caller may not write the class teacher's comment (or conduct, skills, values) of a student; null: they may. */
export function classTeacherRefusal(
  w: CommentWriter,
  p: Placement,
  what = "the class teacher's comment",
): string | null {
  if (w.everything || isClassTeacher(w, p)) return null;
  if (p.classTeacherId === null)
    return `${p.place} has no class teacher yet, so only the director of studies may write ${what}: the class teacher is set on Classes and streams.`;
  return `Only the class teacher of ${p.place}, ${p.classTeacherName}, or the director of studies may write ${what}.`;
}

export const headTeacherRefusal = (w: CommentWriter): string | null =>
  w.headTeacher
    ? null
    : "Only the head teacher, or a user group allowed to write the head teacher's comment, may write it.";

/** A subject teacher's reach: the streams of a class where the caller teaches a subject (null: the whole class). */
export async function subjectReach(scope: SchoolScope, w: CommentWriter, subjectId: number, classId: number) {
  if (w.everything) return { all: true as const };
  const load = await teachingLoad(scope, w.userId, subjectId, classId);
  return { all: false as const, streams: load.map((l) => l.streamId) };
}

/** Why the caller may not write a subject's remark on a student; null: they may. */
export function remarkRefusal(
  reach: Awaited<ReturnType<typeof subjectReach>>,
  p: Placement,
  subjectName: string,
): string | null {
  if (reach.all || reach.streams.some((s) => s === null || s === p.streamId)) return null;
  return `Only the teacher of ${subjectName} in ${p.place} or the director of studies may write its remarks.`;
}
