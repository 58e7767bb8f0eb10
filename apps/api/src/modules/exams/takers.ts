import { LOWER_CLASSES_TO_RANK } from '@somero/grading';
import { type SQL, sql } from 'drizzle-orm';
import type { SchoolScope } from '../../core/scope.js';
import { sqlRows } from '../../db/open.js';
import { ensureEnrolled } from '../enrolment/index.js';

export interface ClassOfTerm {
  year: number;
  term: number;
  classId: number;
  /** Only this stream; none: every stream of the class. */
  streamId?: number | null;
}

export interface RosterStudent {
  id: number;
  admissionNo: string;
  name: string;
  gender: string;
  streamId: number | null;
  combinationId: number | null;
  /** UNEB waives the science condition of Division 1 for a visually impaired candidate. */
  visuallyImpaired: boolean;
}

/**
 * The students of a class (or stream) in a term, as enrolment recorded them then, surname first.
 * Trashed students are left out; students who left since keep their place in past terms.
 */
export async function classRoster(scope: SchoolScope, of: ClassOfTerm): Promise<RosterStudent[]> {
  await ensureEnrolled(scope, of.year, of.term, undefined, of.classId);
  const stream = of.streamId ? sql`and st.stream_id = ${of.streamId}` : sql``;
  const rows = await sqlRows<{
    id: number;
    admission_no: string;
    name: string;
    gender: string;
    stream_id: number | null;
    combination_id: number | null;
    visually_impaired: boolean;
  }>(
    scope.db,
    sql`
    select s.id, s.admission_no, s.surname || ' ' || s.other_names as name, s.gender, st.stream_id, s.combination_id,
      s.visually_impaired
    from student_terms st
    join students s on s.school_id = st.school_id and s.id = st.student_id and s.status <> 'trashed'
    where st.school_id = ${scope.schoolId} and st.year = ${of.year} and st.term = ${of.term}
      and st.class_id = ${of.classId} ${stream}
    order by s.surname, s.other_names, s.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    admissionNo: r.admission_no,
    name: r.name,
    gender: r.gender,
    streamId: r.stream_id == null ? null : Number(r.stream_id),
    combinationId: r.combination_id == null ? null : Number(r.combination_id),
    visuallyImpaired: r.visually_impaired === true,
  }));
}

/** The subject levels a class's curriculum studies (DOMAIN §1–3). */
export const curriculumLevels: Record<string, string[]> = {
  old: ['olevel'],
  new: ['nlsc'],
  alevel: ['alevel', 'subsidiary'],
};

/**
 * Who takes which subject in a term, as SQL for every query that needs it (marks entry, missing marks,
 * marksheets, the dashboard): the rows of `student_terms st` (with `students s`, `classes c`, `subjects
 * sub`, `combinations cb`) where a current student takes a subject of the class's curriculum, because it
 * is compulsory there (in every class, or in S1–S2 or S3–S4 only: `compulsoryInClass` of the contract,
 * kept in step), one of their optional subjects (`student_subjects`), or, in A-Level, in their
 * combination. `where` narrows the term's rows (a class, a stream, a subject).
 */
export const takersSql = (schoolId: number, year: number, term: number, where: SQL = sql``) => sql`
    from student_terms st
    join students s on s.school_id = st.school_id and s.id = st.student_id and s.status <> 'trashed'
    join classes c on c.school_id = st.school_id and c.id = st.class_id
    join subjects sub on sub.school_id = st.school_id
      and sub.level = any(case c.curriculum when 'old' then array['olevel'] when 'new' then array['nlsc']
                                            else array['alevel', 'subsidiary'] end)
    left join combinations cb on cb.school_id = s.school_id and cb.id = s.combination_id
    left join student_subjects ss on ss.school_id = st.school_id and ss.student_id = st.student_id
      and ss.subject_id = sub.id
    where st.school_id = ${schoolId} and st.year = ${year} and st.term = ${term} ${where}
      and ((sub.compulsory and case sub.compulsory_in when 'lower' then c.rank <= ${LOWER_CLASSES_TO_RANK}
                                                   when 'upper' then c.rank > ${LOWER_CLASSES_TO_RANK} else true end)
        or sub.id in (cb.subject1_id, cb.subject2_id, cb.subject3_id, cb.subsidiary_id)
        or ss.subject_id is not null)`;

/**
 * Who takes which subject in a class in a term (`takersSql`): the one rule marks entry, missing marks
 * and marksheets share. `subjectId` limits the answer to one subject.
 */
export async function subjectTakers(
  scope: SchoolScope,
  of: ClassOfTerm & { subjectId?: number },
): Promise<{ studentId: number; subjectId: number }[]> {
  await ensureEnrolled(scope, of.year, of.term, undefined, of.classId);
  const stream = of.streamId ? sql`and st.stream_id = ${of.streamId}` : sql``;
  const subject = of.subjectId ? sql`and sub.id = ${of.subjectId}` : sql``;
  const rows = await sqlRows<{ student_id: number; subject_id: number }>(
    scope.db,
    sql`select st.student_id, sub.id as subject_id
    ${takersSql(scope.schoolId, of.year, of.term, sql`and st.class_id = ${of.classId} ${stream} ${subject}`)}
    order by st.student_id, sub.id`,
  );
  return rows.map((r) => ({ studentId: Number(r.student_id), subjectId: Number(r.subject_id) }));
}
