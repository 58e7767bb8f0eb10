import { studentTerms } from '@somero/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { now } from '../../core/dates.js';
import type { SchoolScope } from '../../core/scope.js';
import { currentTerm } from '../settings/index.js';

/** The clock's now as a value PostgreSQL reads as a moment, for rows written in SQL. */
const stamp = () => sql`${now().toISOString()}::timestamptz`;

/** The nationality group in SQL, the same rule as `nationalityGroup()` of the contract. */
const groupSql = sql`case when students.nationality ~* '^\\s*ugand' then 'national' else 'international' end`;

/**
 * Enrols the school's current students in a term (their class, stream, section and nationality as they
 * are now) when they have no row for it yet. Students with no enrolment at all (admitted before
 * enrolments were recorded) are enrolled from their entry term up to this term in their current class.
 * One statement for both. `studentIds` limits it to those students; `classId` to the students now in
 * that class (a class's roster: a student now in another class would be enrolled in that one).
 */
export async function ensureEnrolled(
  scope: SchoolScope,
  year: number,
  term: number,
  studentIds?: number[],
  classId?: number,
) {
  if (studentIds && studentIds.length === 0) return;
  const only = studentIds
    ? sql`and students.id in (${sql.join(
        studentIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const inClass = classId === undefined ? sql`` : sql`and students.class_id = ${classId}`;
  // For the whole school, first one probe of the (school, student, year, term) index per current student:
  // when every one has the term (nearly always) nothing more is read, rather than hashing every enrolment.
  const anyMissing =
    studentIds || classId !== undefined
      ? sql``
      : sql`and exists (select 1 from students s where s.school_id = ${scope.schoolId} and s.status = 'current'
          and (select count(*) from student_terms t where t.school_id = s.school_id and t.student_id = s.id
            and t.year = ${year} and t.term = ${term}) = 0)`;
  const last = year * 3 + term - 1;
  const entry = sql`students.entry_year * 3 + students.entry_term - 1`;
  // Terms as year * 3 + term - 1: this one alone for a student enrolled before, every term from entry for
  // a student never enrolled.
  await scope.db.execute(sql`
    insert into student_terms (school_id, student_id, year, term, class_id, stream_id, section, nationality_group, is_new,
      created_at, updated_at)
    select students.school_id, students.id, g / 3, g % 3 + 1, students.class_id, students.stream_id, students.section,
      ${groupSql}, g = ${entry}, ${stamp()}, ${stamp()}
    from students
    cross join lateral generate_series(
      case when exists (select 1 from student_terms t where t.school_id = students.school_id and t.student_id = students.id) then ${last}::int else ${entry} end,
      ${last}::int) g
    where students.school_id = ${scope.schoolId} and students.status = 'current' ${only} ${inClass} ${anyMissing}
      and not exists (select 1 from student_terms t
        where t.school_id = students.school_id and t.student_id = students.id and t.year = g / 3 and t.term = g % 3 + 1)
    on conflict (school_id, student_id, year, term) do nothing`);
}

/** The current term, with the school's current students enrolled in it. */
export async function enrolledCurrentTerm(
  scope: SchoolScope,
  studentIds?: number[],
  /** The current term when the caller has read it already. */
  known?: { year: number; term: number },
) {
  const t = known ?? (await currentTerm(scope));
  await ensureEnrolled(scope, t.year, t.term, studentIds);
  return t;
}

/**
 * After a student's class, stream, section or nationality changed (edit, bulk edit, academic placement):
 * their row of the current term follows. Past terms keep what they were.
 */
export async function followPlacement(scope: SchoolScope, studentIds: number[]) {
  if (studentIds.length === 0) return;
  const t = await currentTerm(scope);
  await ensureEnrolled(scope, t.year, t.term, studentIds);
  await scope.db.execute(sql`
    update student_terms set class_id = students.class_id, stream_id = students.stream_id,
      section = students.section, nationality_group = ${groupSql}, updated_at = ${stamp()}
    from students
    where student_terms.student_id = students.id and student_terms.school_id = ${scope.schoolId}
      and student_terms.year = ${t.year} and student_terms.term = ${t.term}
      and students.status = 'current'
      and students.id in (${sql.join(
        studentIds.map((id) => sql`${id}`),
        sql`, `,
      )})`);
}

/** Records newly admitted students in their admission term (they are new entrants there). */
export async function enrolAdmitted(scope: SchoolScope, studentIds: number[]) {
  await followPlacement(scope, studentIds);
}

/** A student's enrolments, oldest first. */
export function enrolmentsOf(scope: SchoolScope, studentIds: number[]) {
  return scope.db
    .select()
    .from(studentTerms)
    .where(and(eq(studentTerms.schoolId, scope.schoolId), inArray(studentTerms.studentId, studentIds)))
    .orderBy(studentTerms.year, studentTerms.term);
}

/** A student deleted for good takes their enrolments along (call inside the deletion's transaction). */
export async function dropEnrolments(scope: SchoolScope, studentId: number) {
  await scope.db
    .delete(studentTerms)
    .where(and(eq(studentTerms.schoolId, scope.schoolId), eq(studentTerms.studentId, studentId)));
}
