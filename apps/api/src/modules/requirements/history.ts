import {
  classes,
  requirementArrears,
  requirementCollections,
  requirements,
  students,
  studentTerms,
} from '@somero/contract';
import { and, asc, eq, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SchoolScope } from '../../core/scope.js';
import { type Enrolment, type Given, type ListLine, type Opening, statementOf, type TermStatement } from './rules.js';

const upToTerm = (t: { year: AnyPgColumn; term: AnyPgColumn }, year: number, term: number) =>
  lte(sql`${t.year} * 3 + ${t.term} - 1`, year * 3 + term - 1);

/** A student as the screens name them. */
export interface Who {
  id: number;
  name: string;
  admissionNo: string;
  className: string;
}

export interface History {
  who: Who;
  statement: TermStatement[];
  opening: (Opening & { id: number; note: string | null })[];
}

/**
 * Everything the balances need for some students up to a term, in five queries whatever their number:
 * their enrolments (with the class names), the school's lists, what they brought, their arrears from
 * before Somero. `students` is a subquery or a list of ids.
 */
export async function historiesOf(
  scope: SchoolScope,
  studentIds: number[] | SQL,
  year: number,
  term: number,
): Promise<{ histories: Map<number, History>; classNames: Map<number, string> }> {
  const ids = Array.isArray(studentIds) ? studentIds : undefined;
  if (ids && ids.length === 0) return { histories: new Map(), classNames: new Map() };
  const inStudents = (col: AnyPgColumn) => (ids ? inArray(col, ids) : inArray(col, sql`(${studentIds as SQL})`));
  // In turn inside a transaction (saving a collection reads these in one), side by side outside.
  const [who, enrolments, lines, given, opening, classRows] = await scope.all(
    () =>
      scope.db
        .select({
          id: students.id,
          surname: students.surname,
          otherNames: students.otherNames,
          admissionNo: students.admissionNo,
          className: classes.name,
        })
        .from(students)
        .innerJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
        .where(scope.mine(students, inStudents(students.id), ne(students.status, 'trashed')))
        .orderBy(asc(students.surname), asc(students.otherNames), asc(students.id)),
    () =>
      scope.db
        .select()
        .from(studentTerms)
        .where(scope.mine(studentTerms, inStudents(studentTerms.studentId), upToTerm(studentTerms, year, term))),
    () =>
      scope.db
        .select()
        .from(requirements)
        .where(scope.mine(requirements, upToTerm(requirements, year, term)))
        .orderBy(asc(requirements.id)),
    () =>
      scope.db
        .select()
        .from(requirementCollections)
        .where(
          scope.mine(
            requirementCollections,
            inStudents(requirementCollections.studentId),
            upToTerm(requirementCollections, year, term),
          ),
        ),
    () =>
      scope.db
        .select()
        .from(requirementArrears)
        .where(scope.mine(requirementArrears, inStudents(requirementArrears.studentId)))
        .orderBy(asc(requirementArrears.id)),
    () =>
      scope.db.select({ id: classes.id, name: classes.name }).from(classes).where(eq(classes.schoolId, scope.schoolId)),
  );
  const byStudent = <T extends { studentId: number }>(rows: T[]) => {
    const m = new Map<number, T[]>();
    for (const r of rows) m.set(r.studentId, [...(m.get(r.studentId) ?? []), r]);
    return m;
  };
  const e = byStudent(enrolments);
  const g = byStudent(given);
  const o = byStudent(opening);
  const list: ListLine[] = lines;
  const histories = new Map<number, History>();
  for (const s of who) {
    const terms: Enrolment[] = e.get(s.id) ?? [];
    const gave: Given[] = g.get(s.id) ?? [];
    const open = (o.get(s.id) ?? []).map((r) => ({
      id: r.id,
      name: r.name,
      quantity: r.quantity,
      moneyValue: r.moneyValue,
      note: r.note,
    }));
    histories.set(s.id, {
      who: { id: s.id, name: `${s.surname} ${s.otherNames}`, admissionNo: s.admissionNo, className: s.className },
      statement: statementOf(terms, list, gave, open),
      opening: open,
    });
  }
  return { histories, classNames: new Map(classRows.map((c) => [c.id, c.name])) };
}

/** The students enrolled in a term (optionally one class, one section, one student), as a subquery. */
export function enrolledIn(
  scope: SchoolScope,
  year: number,
  term: number,
  only: { classId?: number; section?: string; studentId?: number } = {},
) {
  return scope.db
    .select({ id: studentTerms.studentId })
    .from(studentTerms)
    .where(
      scope.mine(
        studentTerms,
        eq(studentTerms.year, year),
        eq(studentTerms.term, term),
        only.classId ? eq(studentTerms.classId, only.classId) : undefined,
        only.section ? eq(studentTerms.section, only.section) : undefined,
        only.studentId ? eq(studentTerms.studentId, only.studentId) : undefined,
      ),
    )
    .getSQL();
}

/** A term's statement of a student, if they were enrolled in it. */
export const termOf = (h: History, year: number, term: number) =>
  h.statement.find((t) => t.year === year && t.term === term);
