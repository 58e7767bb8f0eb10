import {
  type ConsideredReply,
  classes,
  consideredSets,
  curricula,
  examSetIsFor,
  examSets,
  newCurriculumSets,
  oldCurriculumSets,
  saveConsideredSets,
  setContribution,
  viewConsideredSets,
  viewSetContribution,
} from '@somero/contract';
import { asc, eq, isNull, or, sql } from 'drizzle-orm';
import { Invalid, NotFound, Refusal } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import { beforeRemove } from '../../../resources/engine.js';
import type { ModuleContext } from '../../module.js';
import { currentTerm } from '../../settings/index.js';
import { schoolGrading } from './grading.js';
import { consideredSetsFor, refuseSetNotSat } from './sets.js';

const module = 'exams';

interface TermOf {
  year: number;
  term: number;
  class_id: number | null;
}

const curriculumNames: Record<string, string> = {
  new: 'new lower secondary curriculum',
  old: 'old O-Level curriculum',
  alevel: 'A-Level curriculum',
};
const curriculumName = (c: string) => curriculumNames[c] ?? c;

async function classOf(scope: SchoolScope, classId: number | null) {
  if (!classId) return null;
  const [c] = await scope.db
    .select({ id: classes.id, name: classes.name, curriculum: classes.curriculum })
    .from(classes)
    .where(scope.mine(classes, eq(classes.id, classId)));
  if (!c) throw new NotFound('class');
  return c;
}

/** The exam sets of a term a class may count: those it sits (`examSetIsFor`); with no class, every set. */
async function setsOfTerm(
  scope: SchoolScope,
  year: number,
  term: number,
  klass: { id: number; curriculum: string } | null,
) {
  const rows = await scope.db
    .select({
      id: examSets.id,
      name: examSets.name,
      curriculum: examSets.curriculum,
      maxMark: examSets.maxMark,
      classIds: examSets.classIds,
    })
    .from(examSets)
    .where(scope.mine(examSets, eq(examSets.year, year), eq(examSets.term, term)))
    .orderBy(asc(examSets.rank), asc(examSets.id));
  return klass ? rows.filter((s) => examSetIsFor(s, klass)) : rows;
}

/** The rows stored for exactly this class (or, with none, for all classes). */
const ownRows = (scope: SchoolScope, of: TermOf) =>
  scope.db
    .select()
    .from(consideredSets)
    .where(
      scope.mine(
        consideredSets,
        eq(consideredSets.year, of.year),
        eq(consideredSets.term, of.term),
        of.class_id ? eq(consideredSets.classId, of.class_id) : isNull(consideredSets.classId),
      ),
    );

/**
 * What the screen shows: the term's sets for the class, which count and their weights (for a class,
 * exactly what marksheets will use: `consideredSetsFor`), and the missing-mark policy in force.
 */
async function consideredView(scope: SchoolScope, of: TermOf, onlyCounted = false): Promise<ConsideredReply> {
  const klass = await classOf(scope, of.class_id);
  const [sets, own, grading] = await Promise.all([
    setsOfTerm(scope, of.year, of.term, klass),
    ownRows(scope, of),
    schoolGrading(scope),
  ]);
  const counted = new Map(
    klass
      ? (await consideredSetsFor(scope, { year: of.year, term: of.term, classId: klass.id })).map((s) => [
          s.examSetId,
          s.weight,
        ])
      : own.map((r) => [r.examSetId, r.weight]),
  );
  const rows = sets
    .map((s) => ({
      exam_set_id: s.id,
      name: s.name,
      curriculum: s.curriculum,
      max_mark: s.maxMark,
      considered: counted.has(s.id),
      weight: counted.get(s.id) ?? 0,
    }))
    .filter((s) => !onlyCounted || s.considered);
  return {
    year: of.year,
    term: of.term,
    class_id: klass?.id ?? null,
    curriculum: klass?.curriculum ?? null,
    source: own.length > 0 ? (klass ? 'class' : 'school') : counted.size > 0 ? 'school' : 'none',
    sets: rows,
    total: rows.reduce((n, s) => n + s.weight, 0),
    missing_marks: grading.policy.missingMarks,
  };
}

/**
 * Replaces the chosen sets of a class (or of all classes) in a term. Each set must be of that term
 * and, for a class, of its curriculum; the weights of the sets that count for any class total 100.
 */
async function choose(scope: SchoolScope, of: TermOf, chosen: { exam_set_id: number; weight: number }[]) {
  const klass = await classOf(scope, of.class_id);
  const sets = await setsOfTerm(scope, of.year, of.term, null);
  const byId = new Map(sets.map((s) => [s.id, s]));
  const seen = new Set<number>();
  chosen.forEach((c, i) => {
    if (seen.has(c.exam_set_id)) throw new Invalid(`sets.${i}.exam_set_id`, 'Choose each set once');
    seen.add(c.exam_set_id);
    if (!byId.has(c.exam_set_id))
      throw new Invalid(`sets.${i}.exam_set_id`, `Choose an exam set of Term ${of.term} ${of.year}`);
  });
  if (klass) {
    for (const c of chosen) {
      const set = byId.get(c.exam_set_id)!;
      if (set.curriculum !== 'all' && set.curriculum !== klass.curriculum)
        throw new Refusal(
          `${set.name} is a set for the ${curriculumName(set.curriculum)}; ${klass.name} follows the ${curriculumName(klass.curriculum)}.`,
        );
      await refuseSetNotSat(scope, set, klass);
    }
    const total = chosen.reduce((n, c) => n + c.weight, 0);
    if (chosen.length > 0 && total !== 100) throw new Refusal(`The weights total ${total}%; they must total 100%.`);
  } else {
    // For all classes each class takes the sets it sits (its curriculum's and those for all, naming it
    // or no class): each class's sets total 100. A whole curriculum off says so in one sentence.
    const all = await scope.db.select().from(classes).where(scope.mine(classes)).orderBy(asc(classes.rank));
    const totalOf = (cls: (typeof all)[number]) => {
      const applying = chosen.filter((c) => examSetIsFor(byId.get(c.exam_set_id)!, cls));
      return applying.length > 0 ? applying.reduce((n, c) => n + c.weight, 0) : 100;
    };
    const wrong = all.find((cls) => totalOf(cls) !== 100);
    if (wrong) {
      const total = totalOf(wrong);
      const same = all.filter((c) => c.curriculum === wrong.curriculum);
      const curriculumWide =
        curricula.some((c) => c.value === wrong.curriculum) && same.every((c) => totalOf(c) === total);
      throw new Refusal(
        curriculumWide
          ? `For classes of the ${curriculumName(wrong.curriculum)} the weights total ${total}%; they must total 100%.`
          : `For ${wrong.name} the weights total ${total}%; they must total 100%: choose ${wrong.name}'s sets on their own.`,
      );
    }
  }
  await scope.transaction(async (tx) => {
    const table = tx.table(consideredSets, module);
    for (const row of await ownRows(tx, of)) await table.remove(row.id);
    for (const c of chosen)
      await table.insert({
        year: of.year,
        term: of.term,
        classId: klass?.id ?? null,
        examSetId: c.exam_set_id,
        weight: c.weight,
      });
  });
}

async function setsOfCurrentTerm(scope: SchoolScope, curriculum: 'new' | 'old') {
  const { year, term } = await currentTerm(scope);
  const rows = await scope.db
    .select()
    .from(examSets)
    .where(
      scope.mine(
        examSets,
        eq(examSets.year, year),
        eq(examSets.term, term),
        or(eq(examSets.curriculum, 'all'), eq(examSets.curriculum, curriculum)),
      ),
    )
    .orderBy(asc(examSets.rank), asc(examSets.id));
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    year: s.year,
    term: s.term,
    max_mark: s.maxMark,
    curriculum: s.curriculum,
  }));
}

export function setRoutes({ serve }: ModuleContext) {
  // An exam set names its classes in a list the database cannot check: a class it names stays.
  beforeRemove('classes', async (scope, row) => {
    const naming = await scope.db
      .select({ name: examSets.name, year: examSets.year, term: examSets.term })
      .from(examSets)
      .where(scope.mine(examSets, sql`${row.id as number} = any(${examSets.classIds})`));
    if (naming.length > 0)
      throw new Refusal(
        `Class ${String(row.name)} cannot be removed: the exam set ${naming[0]?.name} (Term ${naming[0]?.term} ${naming[0]?.year}) is for it.`,
      );
  });

  serve(viewConsideredSets, async ({ input, scope }) => ({ data: await consideredView(scope, input) }));

  serve(viewSetContribution, async ({ input, scope }) => ({ data: await consideredView(scope, input, true) }));

  serve(saveConsideredSets, async ({ input, scope }) => {
    await choose(scope, input, input.sets);
    return { data: await consideredView(scope, input), message: 'Considered Sets Saved Successfully' };
  });

  serve(setContribution, async ({ input, scope }) => {
    // Only the sets that count now are weighted here; choosing others is considered_sets' work.
    const now = await consideredView(scope, input, true);
    const counted = new Set(now.sets.map((s) => s.exam_set_id));
    const given = new Set(input.sets.map((s) => s.exam_set_id));
    if (counted.size !== given.size || [...given].some((id) => !counted.has(id)))
      throw new Refusal('Give a weight to each set that counts, and only to those: choose the sets first.');
    await choose(scope, input, input.sets);
    return { data: await consideredView(scope, input), message: 'Set Contribution Saved Successfully' };
  });

  serve(newCurriculumSets, async ({ scope }) => ({ data: await setsOfCurrentTerm(scope, 'new') }));
  serve(oldCurriculumSets, async ({ scope }) => ({ data: await setsOfCurrentTerm(scope, 'old') }));
}
