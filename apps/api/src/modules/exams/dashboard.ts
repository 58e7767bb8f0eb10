import { examSetIsFor } from '@somero/contract';
import { compulsoryForUce, type NlscGrade, nlscGrade, nlscResult as uceResult } from '@somero/grading';
import { sql } from 'drizzle-orm';
import type { SchoolScope } from '../../core/scope.js';
import { sqlRows } from '../../db/open.js';
import { ensureEnrolled } from '../enrolment/index.js';
import { alevelRows, readAlevelMarks } from './marksheets/alevel.js';
import { readClassMarks, termMark } from './marksheets/data.js';
import { olevelRows } from './marksheets/olevel.js';
import { takersSql } from './takers.js';
import { projectsOf } from './term-records.js';

/**
 * The head teacher's and the teachers' academic tiles on the dashboard (issue 25 §5). The set being
 * chased is the one missing marks chases: the latest set of the current term anyone has entered marks
 * in, else its first. The set before it is the one ranked before it in its term, else the last set of
 * an earlier term. Each figure is one statement (the candidates' results read their classes' marks as
 * the marksheets do, so that the division is the marksheet's).
 */

interface ExamSetRow {
  id: number;
  name: string;
  year: number;
  term: number;
  curriculum: string;
  /** The classes the set is for; empty: every class of its curriculum. */
  class_ids: number[];
  max_mark: number;
}

export interface ChasedSets {
  current: ExamSetRow | null;
  previous: ExamSetRow | null;
}

/** The set being chased this term and the set before it: one statement. */
export async function chasedSets(scope: SchoolScope, year: number, term: number): Promise<ChasedSets> {
  const rows = await sqlRows<ExamSetRow & { which: string }>(
    scope.db,
    sql`
    with term_sets as (
      select es.*, exists (select 1 from exam_marks em where em.school_id = es.school_id and em.exam_set_id = es.id) as started
      from exam_sets es where es.school_id = ${scope.schoolId} and es.year = ${year} and es.term = ${term}
    ), cur as (
      select * from term_sets
      order by started desc, case when started then rank end desc, case when started then id end desc, rank, id
      limit 1
    ), prev as (
      select es.* from exam_sets es, cur
      where es.school_id = ${scope.schoolId}
        and (es.year, es.term, es.rank, es.id) < (cur.year, cur.term, cur.rank, cur.id)
      order by es.year desc, es.term desc, es.rank desc, es.id desc
      limit 1
    )
    select 'current' as which, id, name, year, term, curriculum, class_ids, max_mark from cur
    union all
    select 'previous', id, name, year, term, curriculum, class_ids, max_mark from prev`,
  );
  const pick = (which: string) => {
    const r = rows.find((x) => x.which === which);
    return r
      ? {
          id: Number(r.id),
          name: r.name,
          year: Number(r.year),
          term: Number(r.term),
          curriculum: r.curriculum,
          class_ids: (r.class_ids ?? []).map(Number),
          max_mark: Number(r.max_mark),
        }
      : null;
  };
  return { current: pick('current'), previous: pick('previous') };
}

/** The classes that sit a set (`examSetIsFor` in SQL): its curriculum's, and those it names if it names any. */
const setClassesSql = (set: ExamSetRow) =>
  sql`and (${set.curriculum} = 'all' or c.curriculum = ${set.curriculum})
      and (${set.class_ids.length} = 0 or c.id in (${sql.join(
        [...set.class_ids, 0].map((id) => sql`${id}`),
        sql`, `,
      )}))`;

/**
 * Each taker's expected marks of a set (A-Level: one per considered paper, every paper when none is
 * chosen) with the mark saved for it, as SQL rows `cells` (class_id, stream_id, student_id, subject_id,
 * paper_id, mark, absent) for the set's classes. The marks are matched to the takers by grouping both
 * on the cell's key rather than by a join: the plan stays linear whatever the database's statistics.
 */
const expectedSql = (scope: SchoolScope, set: ExamSetRow) => sql`
  with t as (
    select st.class_id, st.stream_id, c.level, st.student_id, sub.id as subject_id
    ${takersSql(scope.schoolId, set.year, set.term, setClassesSql(set))}
  ), slots as (
    select t.class_id, t.stream_id, t.student_id, t.subject_id, 0 as paper_id
    from t where t.level <> 'alevel'
      or not exists (select 1 from papers p where p.school_id = ${scope.schoolId} and p.subject_id = t.subject_id)
    union all
    select t.class_id, t.stream_id, t.student_id, t.subject_id, p.id
    from t join papers p on p.school_id = ${scope.schoolId} and p.subject_id = t.subject_id
    where t.level = 'alevel'
      and (not exists (select 1 from considered_papers cp where cp.school_id = ${scope.schoolId}
                         and cp.class_id = t.class_id and cp.subject_id = t.subject_id)
           or exists (select 1 from considered_papers cp where cp.school_id = ${scope.schoolId}
                        and cp.class_id = t.class_id and cp.paper_id = p.id))
  ), keyed as (
    select class_id, stream_id, student_id, subject_id, paper_id, 1 as slot, null::int as mark, false as absent from slots
    union all
    select null, null, em.student_id, em.subject_id, coalesce(em.paper_id, 0), 0, em.mark, em.absent
    from exam_marks em where em.school_id = ${scope.schoolId} and em.exam_set_id = ${set.id}
  ), cells as (
    select max(class_id) as class_id, max(stream_id) as stream_id, student_id, subject_id, paper_id,
      max(mark) as mark, bool_or(absent) as absent
    from keyed group by student_id, subject_id, paper_id having sum(slot) > 0
  )`;

export interface ClassMarksEntered {
  class_id: number;
  name: string;
  expected: number;
  entered: number;
  absent: number;
  missing: number;
  /** Mean mark out of 100 in the set, and in the set before it (null: no marks). */
  mean: number | null;
  previous_mean: number | null;
}

/** Marks entered, absent and missing for the set by class: one statement. */
async function marksByClass(scope: SchoolScope, set: ExamSetRow) {
  return sqlRows<{ class_id: number; name: string; expected: number; entered: number; absent: number }>(
    scope.db,
    sql`${expectedSql(scope, set)}
    select c.id as class_id, c.name, count(*)::int as expected, count(m.mark)::int as entered,
      count(*) filter (where m.absent)::int as absent
    from cells m join classes c on c.school_id = ${scope.schoolId} and c.id = m.class_id
    group by c.id, c.name, c.rank order by c.rank, c.name`,
  );
}

/** Each class's mean mark (out of 100) in the set and in the set before it: one statement. */
async function classMeans(scope: SchoolScope, sets: number[]) {
  const rows = await sqlRows<{ class_id: number; exam_set_id: number; mean: number }>(
    scope.db,
    sql`select st.class_id, em.exam_set_id, round(avg(100.0 * em.mark / es.max_mark), 1)::float as mean
        from exam_marks em
        join exam_sets es on es.school_id = em.school_id and es.id = em.exam_set_id
        join student_terms st on st.school_id = em.school_id and st.student_id = em.student_id
          and st.year = es.year and st.term = es.term
        where em.school_id = ${scope.schoolId} and em.mark is not null
          and em.exam_set_id = any(${`{${sets.join(',')}}`}::int[])
        group by st.class_id, em.exam_set_id`,
  );
  return new Map(rows.map((r) => [`${r.class_id}:${r.exam_set_id}`, Number(r.mean)]));
}

/** Report cards of the term printed (or e-mailed) and withheld for fees: one statement. */
async function cardsPrinted(scope: SchoolScope, year: number, term: number) {
  const [row] = await sqlRows<{ printed: number; withheld: number }>(
    scope.db,
    sql`select count(*)::int as printed, count(*) filter (where withheld)::int as withheld
        from report_card_prints where school_id = ${scope.schoolId} and year = ${year} and term = ${term}`,
  );
  return { printed: Number(row?.printed ?? 0), withheld: Number(row?.withheld ?? 0) };
}

const divisionLabel = (d: number) => (d === 9 ? 'U' : `Division ${d}`);
const pointsBands = [
  [16, 20],
  [11, 15],
  [6, 10],
  [0, 5],
] as const;

/** How many students of a candidate class got each result in the set alone, as the marksheets grade it. */
async function candidateSpread(
  scope: SchoolScope,
  cls: { id: number; name: string; curriculum: string },
  set: ExamSetRow,
): Promise<{ class_id: number; name: string; results: { label: string; students: number }[] }> {
  const of = { year: set.year, term: set.term, classId: cls.id };
  const only = { examSetId: set.id, name: set.name, maxMark: set.max_mark, weight: 100 };
  const counts = new Map<string, number>();
  const add = (label: string) => counts.set(label, (counts.get(label) ?? 0) + 1);
  let order: string[];
  if (cls.curriculum === 'old') {
    for (const r of olevelRows(await readClassMarks(scope, of, 'old', only)))
      if (r.division !== null) add(divisionLabel(r.division));
    order = [1, 2, 3, 4, 7, 9].map(divisionLabel);
  } else if (cls.curriculum === 'new') {
    const data = await readClassMarks(scope, of, 'new', only);
    const projects = await projectsOf(
      scope,
      data.students.map((s) => s.id),
      set.year,
      set.term,
    );
    const compulsory = data.subjects.filter(compulsoryForUce).map((s) => s.code);
    for (const student of data.students) {
      const takes = data.takes.get(student.id) ?? new Set<number>();
      const grades: Record<string, NlscGrade | null> = {};
      for (const s of data.subjects) {
        if (!takes.has(s.id)) continue;
        const mark = termMark(data, student.id, s.id);
        grades[s.code] = mark === null ? null : nlscGrade(mark, data.grading.nlsc);
      }
      if (!Object.values(grades).some((g) => g !== null)) continue;
      add(`Result ${uceResult({ grades, compulsory, projectPresent: projects.has(student.id) }).result}`);
    }
    order = ['Result 1', 'Result 2', 'Result 3'];
  } else {
    for (const r of alevelRows(await readAlevelMarks(scope, of, only))) {
      if (r.points === null) continue;
      const points = r.points;
      const band = pointsBands.find(([from, to]) => points >= from && points <= to) ?? pointsBands[3];
      add(`${band[0]}–${band[1]} points`);
    }
    order = pointsBands.map(([from, to]) => `${from}–${to} points`);
  }
  return {
    class_id: cls.id,
    name: cls.name,
    results: order.filter((label) => counts.has(label)).map((label) => ({ label, students: counts.get(label) ?? 0 })),
  };
}

/** The candidate classes: those that do not promote to another (S4, S6), with students this term. */
async function candidateClasses(scope: SchoolScope, year: number, term: number) {
  return sqlRows<{ id: number; name: string; curriculum: string }>(
    scope.db,
    sql`select c.id, c.name, c.curriculum from classes c
        where c.school_id = ${scope.schoolId} and c.promotes_to_id is null
          and exists (select 1 from student_terms st where st.school_id = c.school_id and st.class_id = c.id
                        and st.year = ${year} and st.term = ${term})
        order by c.rank, c.name`,
  );
}

/** The head teacher's academic tile: marks of the set chased by class, means, candidates' results, cards. */
export async function academicTile(scope: SchoolScope, now: { year: number; term: number }) {
  const { current, previous } = await chasedSets(scope, now.year, now.term);
  if (current) await ensureEnrolled(scope, current.year, current.term);
  const [byClass, means, candidates, cards] = await Promise.all([
    current ? marksByClass(scope, current) : Promise.resolve([]),
    current ? classMeans(scope, [current.id, ...(previous ? [previous.id] : [])]) : Promise.resolve(new Map()),
    current
      ? candidateClasses(scope, now.year, now.term).then((list) =>
          Promise.all(
            list
              .filter((c) =>
                examSetIsFor(
                  { curriculum: current.curriculum, classIds: current.class_ids },
                  { ...c, id: Number(c.id) },
                ),
              )
              .map((c) => candidateSpread(scope, { ...c, id: Number(c.id) }, current)),
          ),
        )
      : Promise.resolve([]),
    cardsPrinted(scope, now.year, now.term),
  ]);
  const classes: ClassMarksEntered[] = byClass.map((r) => {
    const id = Number(r.class_id);
    return {
      class_id: id,
      name: r.name,
      expected: Number(r.expected),
      entered: Number(r.entered),
      absent: Number(r.absent),
      missing: Number(r.expected) - Number(r.entered) - Number(r.absent),
      mean: current ? (means.get(`${id}:${current.id}`) ?? null) : null,
      previous_mean: previous ? (means.get(`${id}:${previous.id}`) ?? null) : null,
    };
  });
  return {
    exam_set: current ? { id: current.id, name: current.name } : null,
    previous_set: previous
      ? {
          id: previous.id,
          name: `${previous.name}${previous.term !== now.term || previous.year !== now.year ? ` (Term ${previous.term} ${previous.year})` : ''}`,
        }
      : null,
    classes,
    candidates: candidates.filter((c) => c.results.length > 0),
    report_cards: cards,
  };
}

/**
 * A teacher's own tile: their teaching load (class, stream, subject, paper) and the marks still owed
 * for it in the set chased: one statement after the set.
 */
export async function teacherTile(scope: SchoolScope, userId: number, now: { year: number; term: number }) {
  const { current } = await chasedSets(scope, now.year, now.term);
  if (current) await ensureEnrolled(scope, current.year, current.term);
  const rows = await sqlRows<{
    class_name: string;
    stream_name: string | null;
    subject_name: string;
    subject_code: string;
    paper_name: string | null;
    class_id: number;
    expected: number;
    missing: number;
  }>(
    scope.db,
    current
      ? sql`${expectedSql(scope, current)}, mine as (
          select ss.* from staff_subjects ss join staff sf on sf.school_id = ss.school_id and sf.id = ss.staff_id
          where ss.school_id = ${scope.schoolId} and sf.user_id = ${userId}
        )
        select c.name as class_name, str.name as stream_name, sub.name as subject_name, sub.code as subject_code,
          p.name as paper_name, c.id as class_id,
          count(m.student_id)::int as expected,
          count(m.student_id) filter (where m.mark is null and not m.absent)::int as missing
        from mine
        join classes c on c.school_id = mine.school_id and c.id = mine.class_id
        join subjects sub on sub.school_id = mine.school_id and sub.id = mine.subject_id
        left join streams str on str.school_id = mine.school_id and str.id = mine.stream_id
        left join papers p on p.school_id = mine.school_id and p.id = mine.paper_id
        left join cells m on m.class_id = mine.class_id and m.subject_id = mine.subject_id
          and (mine.stream_id is null or m.stream_id = mine.stream_id)
          and (mine.paper_id is null or m.paper_id = mine.paper_id)
        group by c.id, c.name, c.rank, str.name, sub.name, sub.code, p.name, p.number
        order by c.rank, str.name nulls first, sub.code, p.number nulls first`
      : sql`select c.name as class_name, str.name as stream_name, sub.name as subject_name, sub.code as subject_code,
          p.name as paper_name, c.id as class_id, 0 as expected, 0 as missing
        from staff_subjects ss join staff sf on sf.school_id = ss.school_id and sf.id = ss.staff_id
        join classes c on c.school_id = ss.school_id and c.id = ss.class_id
        join subjects sub on sub.school_id = ss.school_id and sub.id = ss.subject_id
        left join streams str on str.school_id = ss.school_id and str.id = ss.stream_id
        left join papers p on p.school_id = ss.school_id and p.id = ss.paper_id
        where ss.school_id = ${scope.schoolId} and sf.user_id = ${userId}
        order by c.rank, str.name nulls first, sub.code, p.number nulls first`,
  );
  return {
    exam_set: current ? { id: current.id, name: current.name } : null,
    load: rows.map((r) => ({
      class_id: Number(r.class_id),
      class_name: r.stream_name ? `${r.class_name} ${r.stream_name}` : r.class_name,
      subject: `${r.subject_name}${r.paper_name ? ` ${r.paper_name}` : ''}`,
      subject_code: r.subject_code,
      students: Number(r.expected),
      missing: Number(r.missing),
    })),
  };
}
