import { projects, reportComments, studentComments } from '@somero/contract';
import { eq, inArray } from 'drizzle-orm';
import type { SchoolScope } from '../../core/scope.js';

type TermTable = typeof reportComments | typeof studentComments | typeof projects;

/** "Of these students in this term", for the tables kept per student and term. */
const ofStudentsInTerm = (scope: SchoolScope, table: TermTable, ids: number[], year: number, term: number) =>
  scope.mine(table, eq(table.year, year), eq(table.term, term), inArray(table.studentId, ids));

/** The report comments of some students for a term. */
export const reportCommentsOf = (scope: SchoolScope, ids: number[], year: number, term: number) =>
  scope.db
    .select()
    .from(reportComments)
    .where(ofStudentsInTerm(scope, reportComments, ids, year, term));

/** The teachers' comments (remarks, conduct, generic skills, values) on some students for a term. */
export const studentCommentsOf = (scope: SchoolScope, ids: number[], year: number, term: number) =>
  scope.db
    .select()
    .from(studentComments)
    .where(ofStudentsInTerm(scope, studentComments, ids, year, term));

/** The projects of some students for a term, by student. */
export async function projectsOf(scope: SchoolScope, ids: number[], year: number, term: number) {
  const rows = await scope.db
    .select()
    .from(projects)
    .where(ofStudentsInTerm(scope, projects, ids, year, term));
  return new Map(rows.map((r) => [r.studentId, r]));
}
