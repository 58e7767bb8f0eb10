import { sql } from 'drizzle-orm';
import type { SchoolScope } from '../../../core/scope.js';
import { sqlRows } from '../../../db/open.js';

/** The term after a term: term 3 is followed by term 1 of the next year. */
export const termAfter = (year: number, term: number) =>
  term >= 3 ? { year: year + 1, term: 1 } : { year, term: term + 1 };

/**
 * What each student will be charged next term by the fees structure, as a report card prints it: the
 * structure lines of next term for the class the student goes to (the same class within a year; after
 * term 3 the class it promotes to), matching the student's section and nationality group as enrolled
 * this term. New-entrant lines are left out (the student is not new then). A student whose class has no
 * structure for next term yet, or who leaves (the last class), has none.
 */
export async function nextTermFees(
  scope: SchoolScope,
  ids: number[],
  now: { year: number; term: number },
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const next = termAfter(now.year, now.term);
  const promoted = next.year !== now.year;
  const rows = await sqlRows<{ student_id: number; amount: string | number | null }>(
    scope.db,
    sql`select st.student_id, sum(fb.amount) as amount
        from student_terms st
        join classes c on c.school_id = st.school_id and c.id = st.class_id
        join fees_breakdowns fb on fb.school_id = st.school_id
          and fb.class_id = ${promoted ? sql`c.promotes_to_id` : sql`st.class_id`}
          and fb.year = ${next.year} and fb.term = ${next.term}
          and fb.section in ('all', st.section) and fb.nationality in ('all', st.nationality_group)
          and fb.entrants = 'all'
        where st.school_id = ${scope.schoolId} and st.year = ${now.year} and st.term = ${now.term}
          and st.student_id = any(${`{${ids.join(',')}}`}::int[])
        group by st.student_id`,
  );
  return new Map(rows.map((r) => [Number(r.student_id), Number(r.amount ?? 0)]));
}
