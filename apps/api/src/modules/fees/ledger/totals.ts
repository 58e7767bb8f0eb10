import { sql } from 'drizzle-orm';
import type { SchoolScope } from '../../../core/scope.js';
import { sqlRows } from '../../../db/open.js';
import { enrolledCurrentTerm } from '../../enrolment/index.js';

/** The current term's fees figures of one class's students (those `classBalances` lists by default). */
export interface ClassTotal {
  classId: number;
  name: string;
  /** Students counted: current ones, and those who left while enrolled in the current term. */
  students: number;
  /** Σ (brought forward + this term's charges − reductions): `expectedOf` of `classBalances`' rows. */
  expected: number;
  /** Σ this term's valid payments. */
  collected: number;
  /** Students whose whole balance is above zero, and what they owe together. */
  owing: number;
  owed: number;
}

/** The eight enrolment shapes of a class and term: day or boarding, national or international, new or not. */
const shapes = Array.from({ length: 8 }, (_, v) => ({
  section: v & 4 ? 'boarding' : 'day',
  nationality: v & 2 ? 'international' : 'national',
  isNew: (v & 1) === 1,
}));

/**
 * `classBalances(scope, {})` summed by class, computed by the database in one statement: the whole
 * school's figures without sending it 20,000 enrolments and every payment (the dashboard's tiles). The
 * rules are `computePositions`' (ledger/rules.ts), written in SQL: previous debt; per enrolment the
 * structure lines matching its class, section, nationality group and new-entrant flag of that term;
 * additions; deductions; bursaries in every term the student has (enrolled or with an addition, a
 * deduction or a payment, voided ones included) within their range, a percentage of that term's structure
 * charges (of its category, or all) rounded as `Math.round`; valid payments. The current term's "expected"
 * is the balance brought into it plus its charges less its reductions (every student counted is enrolled
 * in the current term: current ones by `enrolledCurrentTerm`, leavers by the rule that counts them).
 * `fees-ledger-totals.test.ts` proves both agree, for the demo school and randomised ones.
 *
 * Its plan needs no statistics (the embedded database never has any): the structure is summed once per
 * class, term and enrolment shape into one JSON value, which each enrolment looks up (a section or
 * nationality group outside the usual two asks the structure itself); everything else is one pass over
 * the school's rows, grouped by student.
 */
export async function classTotals(scope: SchoolScope, known?: { year: number; term: number }): Promise<ClassTotal[]> {
  const now = await enrolledCurrentTerm(scope, undefined, known);
  const school = scope.schoolId;
  const cur = now.year * 3 + now.term - 1;
  /** The structure lines `b` that match the enrolment `e` (the rule of `chargesOf`). */
  const matches = (b: string, e: string) =>
    sql.raw(`${b}.year = ${e}.year and ${b}.term = ${e}.term and ${b}.class_id = ${e}.class_id
      and (${b}.section = 'all' or ${b}.section = ${e}.section)
      and (${b}.nationality = 'all' or ${b}.nationality = ${e}.nationality_group)
      and (${b}.entrants = 'all' or (${b}.entrants = 'new' and ${e}.is_new))`);
  // A class and term as one number, the key of its eight totals.
  const classTerm = (t: string) => sql.raw(`((${t}.year * 3 + ${t}.term - 1)::bigint * 10000000000 + ${t}.class_id)`);
  const byShape = sql.raw(
    shapes
      .map(
        (v) => `coalesce(sum(amount) filter (where section in ('all', '${v.section}')
          and nationality in ('all', '${v.nationality}') and entrants in ('all'${v.isNew ? ", 'new'" : ''})), 0)`,
      )
      .join(',\n'),
  );
  const rows = await sqlRows<{
    class_id: number;
    name: string;
    students: number;
    expected: string;
    collected: string;
    owing: number;
    owed: string;
  }>(
    scope.db,
    sql`
    with structure as materialized (
      -- Each class and term's charges for the eight shapes, [day national old, day national new, …].
      select jsonb_object_agg(${classTerm('b')}::text, b.totals) as totals
      from (select year, term, class_id, jsonb_build_array(${byShape}) as totals
        from fees_breakdowns where school_id = ${school} group by year, term, class_id) b
    ),
    entries as (
      -- What each student has, by term (k = year * 3 + term - 1); a row of the students table gives the class.
      select s.id as student_id, null::int as k, s.class_id, s.status = 'current' as is_current,
        s.status = 'left' as has_left, false as enrolled_now, 0::bigint as net, 0::bigint as paid
      from students s where s.school_id = ${school} and s.status in ('current', 'left')
      union all
      select e.student_id, e.year * 3 + e.term - 1, null, false, false, e.year * 3 + e.term - 1 = ${cur},
        case when e.section in ('day', 'boarding') and e.nationality_group in ('national', 'international')
          then coalesce(((select totals from structure) -> ${classTerm('e')}::text
            ->> ((e.section = 'boarding')::int * 4 + (e.nationality_group = 'international')::int * 2 + e.is_new::int)
          )::bigint, 0)
          else (select coalesce(sum(b.amount), 0) from fees_breakdowns b where b.school_id = ${school} and ${matches('b', 'e')})
        end, 0
      from student_terms e where e.school_id = ${school}
      union all
      select a.student_id, a.year * 3 + a.term - 1, null, false, false, false, a.amount, 0
      from fees_additions a where a.school_id = ${school}
      union all
      select d.student_id, d.year * 3 + d.term - 1, null, false, false, false, -d.amount, 0
      from fees_deductions d where d.school_id = ${school}
      union all
      select p.student_id, p.year * 3 + p.term - 1, null, false, false, false, 0,
        case when p.status = 'valid' then p.amount else 0 end
      from fees_payments p where p.school_id = ${school}
      union all
      select d.student_id, null, null, false, false, false, d.amount, 0 from previous_debts d where d.school_id = ${school}
      union all
      -- A bursary in each term the student has within its range.
      select g.student_id, t.k, null, false, false, false, -(case when g.kind <> 'percent' then g.amount
          else floor((coalesce((select sum(b.amount) from student_terms e join fees_breakdowns b
              on b.school_id = e.school_id and ${matches('b', 'e')}
            where e.school_id = g.school_id and e.student_id = g.student_id and e.year * 3 + e.term - 1 = t.k
              and (g.category_id is null or b.category_id = g.category_id)), 0) * g.percent + 50)::numeric / 100)
          end)::bigint, 0
      from bursaries g cross join lateral (
        select e.year * 3 + e.term - 1 as k from student_terms e
        where e.school_id = g.school_id and e.student_id = g.student_id
        union select a.year * 3 + a.term - 1 from fees_additions a
        where a.school_id = g.school_id and a.student_id = g.student_id
        union select d.year * 3 + d.term - 1 from fees_deductions d
        where d.school_id = g.school_id and d.student_id = g.student_id
        union select p.year * 3 + p.term - 1 from fees_payments p
        where p.school_id = g.school_id and p.student_id = g.student_id
      ) t
      where g.school_id = ${school} and t.k >= g.start_year * 3 + g.start_term - 1
        and t.k <= case when not g.every_term then g.start_year * 3 + g.start_term - 1
          when g.end_year is not null and g.end_term is not null then g.end_year * 3 + g.end_term - 1
          else 2147483647 end
    ),
    counted as (
      -- The students classBalances lists: current ones, and leavers enrolled in the current term.
      select max(class_id) as class_id, sum(net - paid) as balance,
        coalesce(sum(net - paid) filter (where k is null or k < ${cur}), 0)
          + coalesce(sum(net) filter (where k = ${cur}), 0) as expected,
        coalesce(sum(paid) filter (where k = ${cur}), 0) as collected
      from entries group by student_id
      having bool_or(is_current) or (bool_or(has_left) and bool_or(enrolled_now))
    )
    select c.id as class_id, c.name, count(*)::int as students, sum(n.expected)::text as expected,
      sum(n.collected)::text as collected, (count(*) filter (where n.balance > 0))::int as owing,
      coalesce(sum(n.balance) filter (where n.balance > 0), 0)::text as owed
    from counted n join classes c on c.school_id = ${school} and c.id = n.class_id
    group by c.id, c.name
    order by c.id`,
  );
  return rows.map((r) => ({
    classId: r.class_id,
    name: r.name,
    students: r.students,
    expected: Number(r.expected),
    collected: Number(r.collected),
    owing: r.owing,
    owed: Number(r.owed),
  }));
}
