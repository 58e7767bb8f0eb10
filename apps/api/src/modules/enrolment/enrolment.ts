import { nationalityGroup, students, studentTerms } from '@somero/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { now } from '../../core/dates.js';
import { chunks, type SchoolScope } from '../../core/scope.js';
import { currentTerm } from '../settings/index.js';

/** The clock's now as a value PostgreSQL reads as a moment, for rows written in SQL. */
const stamp = () => sql`${now().toISOString()}::timestamptz`;

/** The nationality group in SQL, the same rule as `nationalityGroup()` of the contract. */
const groupSql = sql`case when students.nationality ~* '^\\s*ugand' then 'national' else 'international' end`;

/**
 * Enrols the school's current students in a term (their class, stream, section and nationality as they
 * are now) when they have no row for it yet. Students with no enrolment at all (admitted before
 * enrolments were recorded) are enrolled from their entry term up to this term in their current class.
 * `studentIds` limits it to those students; `classId` to the students now in that class (a class's roster: a student now in another class would be enrolled in that one).
 */
export async function ensureEnrolled(
  scope: SchoolScope,
  year: number,
  term: number,
  studentIds?: number[],
  classId?: number,
) {
  if (studentIds && studentIds.length === 0) return;
  // The school's current students (of the class, or those named) without a row for this term: one probe of
  // the (school, student, year, term) index each, and nearly always none. Every statement names the school on
  // each table, so that on a Citus cluster it runs on the one node that holds the school.
  const missing = await scope.db
    .select({
      id: students.id,
      classId: students.classId,
      streamId: students.streamId,
      section: students.section,
      nationality: students.nationality,
      entryYear: students.entryYear,
      entryTerm: students.entryTerm,
    })
    .from(students)
    .leftJoin(
      studentTerms,
      and(
        eq(studentTerms.schoolId, students.schoolId),
        eq(studentTerms.studentId, students.id),
        eq(studentTerms.year, year),
        eq(studentTerms.term, term),
      ),
    )
    .where(
      and(
        eq(students.schoolId, scope.schoolId),
        eq(students.status, 'current'),
        studentIds ? inArray(students.id, studentIds) : undefined,
        classId === undefined ? undefined : eq(students.classId, classId),
        isNull(studentTerms.id),
      ),
    );
  if (missing.length === 0) return;
  // Those enrolled in some term before get this one alone; a student never enrolled (admitted before
  // enrolments were recorded) gets every term from their entry term to this one, in their class of today.
  const enrolledBefore = new Set(
    (
      await scope.db
        .selectDistinct({ id: studentTerms.studentId })
        .from(studentTerms)
        .where(
          and(
            eq(studentTerms.schoolId, scope.schoolId),
            inArray(
              studentTerms.studentId,
              missing.map((m) => m.id),
            ),
          ),
        )
    ).map((r) => r.id),
  );
  const last = year * 3 + term - 1;
  const at = now();
  const rows = missing.flatMap((s) => {
    const entry = s.entryYear * 3 + s.entryTerm - 1;
    const first = enrolledBefore.has(s.id) ? last : entry;
    return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => {
      const g = first + i;
      return {
        schoolId: scope.schoolId,
        studentId: s.id,
        year: Math.floor(g / 3),
        term: (g % 3) + 1,
        classId: s.classId,
        streamId: s.streamId,
        section: s.section,
        nationalityGroup: nationalityGroup(s.nationality ?? ''),
        isNew: g === entry,
        createdAt: at,
        updatedAt: at,
      };
    });
  });
  for (const part of chunks(rows)) await scope.db.insert(studentTerms).values(part).onConflictDoNothing();
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
    where student_terms.school_id = ${scope.schoolId} and students.school_id = ${scope.schoolId}
      and student_terms.student_id = students.id
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
