import {
  type CurriculumChange,
  classes,
  consideredSets,
  examSetIsFor,
  examSets,
  getCurriculum,
  setCurriculum,
} from '@somero/contract';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { now } from '../../../core/dates.js';
import { NeedsConfirmation, NotFound, Refusal } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import { sqlRows } from '../../../db/open.js';
import { afterWrite } from '../../../resources/engine.js';
import type { ModuleContext } from '../../module.js';
import { currentTerm } from '../../settings/index.js';
import { classRoster, curriculumLevels } from '../takers.js';

/**
 * `/curriculum`: which curriculum each O Level class follows. A class's marksheets and report cards
 * read the marks of its curriculum's subjects only, so a change would make a term's marks vanish from
 * them. Marks are never deleted: those of the other curriculum are kept and show again when the class
 * is switched back. Before changing, the server says what will change (how many marks of which sets
 * leave and come back, the report card the class gets, how many cards) and asks to confirm (202
 * `confirm: true`); sent again with `confirm: true` it changes.
 */

const curriculumNames: Record<string, string> = {
  old: 'the old O Level curriculum',
  new: 'the new lower secondary curriculum',
  alevel: 'the A Level curriculum',
};
const cardNames: Record<string, string> = {
  old: 'the O Level report card (aggregate and division)',
  new: "the new curriculum's report card (scores, identifiers and grades A–E)",
  alevel: 'the A Level report card',
};
const subjectNames: Record<string, string> = {
  old: 'old O Level subjects',
  new: 'new curriculum subjects',
  alevel: 'A Level subjects',
};

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
const listed = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

interface SetMarks {
  exam_set: string;
  marks: number;
}

/** The marks entered for a class's students in a term, per exam set, for subjects of some levels. */
async function marksOf(scope: SchoolScope, classId: number, year: number, term: number, levels: string[]) {
  const rows = await sqlRows<{ name: string; n: number }>(
    scope.db,
    sql`select es.name, count(*)::int as n
        from exam_marks em
        join student_terms st on st.school_id = em.school_id and st.student_id = em.student_id
          and st.year = ${year} and st.term = ${term} and st.class_id = ${classId}
        join exam_sets es on es.school_id = em.school_id and es.id = em.exam_set_id
          and es.year = ${year} and es.term = ${term}
        join subjects s on s.school_id = em.school_id and s.id = em.subject_id
        where em.school_id = ${scope.schoolId} and (em.mark is not null or em.absent)
          and s.level = any(${`{${levels.join(',')}}`}::text[])
        group by es.id, es.name, es.rank order by es.rank, es.id`,
  );
  return rows.map((r): SetMarks => ({ exam_set: r.name, marks: Number(r.n) }));
}

/** The AOI scores given to a class's learners in a term (the new curriculum's continuous assessment). */
async function aoiScoresOf(scope: SchoolScope, classId: number, year: number, term: number) {
  const [row] = await sqlRows<{ n: number }>(
    scope.db,
    sql`select count(*)::int as n from aoi_scores a
        join competences c on c.school_id = a.school_id and c.id = a.competence_id
        where a.school_id = ${scope.schoolId} and c.class_id = ${classId} and c.year = ${year} and c.term = ${term}`,
  );
  return Number(row?.n ?? 0);
}

/** The sets that would count for the class in the term once it follows `curriculum`. */
async function setsCountingUnder(
  scope: SchoolScope,
  cls: { id: number },
  curriculum: string,
  year: number,
  term: number,
) {
  const rows = await scope.db
    .select({
      classId: consideredSets.classId,
      name: examSets.name,
      curriculum: examSets.curriculum,
      classIds: examSets.classIds,
    })
    .from(consideredSets)
    .innerJoin(examSets, and(eq(examSets.schoolId, consideredSets.schoolId), eq(examSets.id, consideredSets.examSetId)))
    .where(
      scope.mine(
        consideredSets,
        eq(consideredSets.year, year),
        eq(consideredSets.term, term),
        eq(examSets.schoolId, consideredSets.schoolId),
        or(eq(consideredSets.classId, cls.id), isNull(consideredSets.classId)),
      ),
    )
    .orderBy(asc(examSets.rank), asc(examSets.id));
  const fitting = rows.filter((r) => examSetIsFor(r, { id: cls.id, curriculum }));
  const own = fitting.filter((r) => r.classId === cls.id);
  return (own.length > 0 ? own : fitting).map((r) => r.name);
}

/** What changing one class's curriculum does in the current term, in figures and in the school's words. */
async function changeOf(
  scope: SchoolScope,
  cls: typeof classes.$inferSelect,
  to: string,
  year: number,
  term: number,
): Promise<CurriculumChange> {
  const from = cls.curriculum;
  // The roster first: it enrols the term's students, whose marks the counts then find.
  const roster = await classRoster(scope, { year, term, classId: cls.id, streamId: null });
  const [hidden, shown, aoi, counting] = await scope.all(
    () => marksOf(scope, cls.id, year, term, curriculumLevels[from] ?? []),
    () => marksOf(scope, cls.id, year, term, curriculumLevels[to] ?? []),
    () => aoiScoresOf(scope, cls.id, year, term),
    () => setsCountingUnder(scope, cls, to, year, term),
  );
  const total = (list: SetMarks[]) => list.reduce((n, s) => n + s.marks, 0);
  const when = `Term ${term} ${year}`;
  const lines = [
    `${cls.name} moves from ${curriculumNames[from]} to ${curriculumNames[to]}. Its marksheets show ${subjectNames[to]}, and its ${count(roster.length, 'report card')} for ${when} are printed on ${cardNames[to]}.`,
  ];
  if (total(hidden) > 0)
    lines.push(
      `${count(total(hidden), 'mark')} of ${listed(hidden.map((s) => s.exam_set))} entered in ${subjectNames[from]} will no longer show on ${cls.name}'s marksheets and report cards. They are kept, not deleted: changing ${cls.name} back shows them again.`,
    );
  else lines.push(`No marks have been entered in ${subjectNames[from]} for ${cls.name} in ${when}.`);
  if (from === 'new' && aoi > 0)
    lines.push(
      `${count(aoi, 'AOI score')} of the new curriculum are kept the same way and show again if changed back.`,
    );
  if (total(shown) > 0)
    lines.push(
      `${count(total(shown), 'mark')} of ${listed(shown.map((s) => s.exam_set))} entered earlier in ${subjectNames[to]} show again.`,
    );
  lines.push(
    counting.length > 0
      ? `Sets that will count for ${cls.name}: ${listed(counting)}.`
      : `No exam sets of ${curriculumNames[to]} are chosen to count for ${cls.name} in ${when} yet: choose them on Considered sets.`,
  );
  return {
    class_id: cls.id,
    class_name: cls.name,
    from,
    to,
    report_cards: roster.length,
    marks_hidden: hidden,
    marks_shown: shown,
    aoi_scores_kept: from === 'new' ? aoi : 0,
    sets_counting: counting,
    summary: lines.join('\n'),
  };
}

export function curriculumRoutes({ serve }: ModuleContext) {
  const curriculumRows = (scope: SchoolScope) =>
    scope.db
      .select({ id: classes.id, name: classes.name, level: classes.level, curriculum: classes.curriculum })
      .from(classes)
      .where(scope.mine(classes))
      .orderBy(asc(classes.rank), asc(classes.name));

  serve(getCurriculum, async ({ scope }) => ({ data: await curriculumRows(scope) }));

  serve(setCurriculum, async ({ input, scope }) => {
    const ids = input.classes.map((c) => c.id);
    const found = await scope.db
      .select()
      .from(classes)
      .where(scope.mine(classes, inArray(classes.id, ids)));
    if (found.length !== new Set(ids).size) throw new NotFound('class');
    const byId = new Map(found.map((c) => [c.id, c]));
    const changing: { cls: typeof classes.$inferSelect; to: string }[] = [];
    for (const c of input.classes) {
      const current = byId.get(c.id) as typeof classes.$inferSelect;
      if (current.level === 'alevel' && c.curriculum !== 'alevel')
        throw new Refusal(`${current.name} is an A Level class; it follows the A Level curriculum.`);
      if (current.level === 'olevel' && c.curriculum === 'alevel')
        throw new Refusal(`${current.name} is an O Level class; choose the new or the old O Level curriculum.`);
      if (current.curriculum !== c.curriculum && !changing.some((x) => x.cls.id === c.id))
        changing.push({ cls: current, to: c.curriculum });
    }
    if (changing.length > 0 && input.confirm !== true) {
      const { year, term } = await currentTerm(scope);
      const changes: CurriculumChange[] = [];
      for (const c of changing) changes.push(await changeOf(scope, c.cls, c.to, year, term));
      throw new NeedsConfirmation([...changes.map((c) => c.summary), 'Change the curriculum?'].join('\n\n'), {
        changes,
      });
    }
    await scope.transaction(async (s) => {
      for (const c of changing)
        await s.table(classes, 'settings').update(c.cls.id, { curriculum: c.to, updatedAt: now() });
    });
    return {
      data: await curriculumRows(scope),
      message: changing.length > 0 ? 'Curriculum saved' : 'Nothing to change: every class keeps its curriculum',
    };
  });

  // The class form on /streams changes a curriculum only while no marks of the term would leave the
  // class's marksheets; otherwise the Curriculum screen, which shows what the change does, is the way.
  afterWrite('classes', async (scope, row, before) => {
    if (!before || before.curriculum === row.curriculum) return;
    const { year, term } = await currentTerm(scope);
    const classId = row.id as number;
    const hidden = await marksOf(scope, classId, year, term, curriculumLevels[String(before.curriculum)] ?? []);
    const aoi = before.curriculum === 'new' ? await aoiScoresOf(scope, classId, year, term) : 0;
    if (hidden.length > 0 || aoi > 0)
      throw new Refusal(
        `${String(row.name)} has marks this term: change its curriculum on the Curriculum screen, which shows which marks and report cards the change affects before you confirm.`,
      );
  });
}
