import {
  type ConsideredReply,
  classes,
  consideredSets,
  curricula,
  examSets,
  newCurriculumSets,
  oldCurriculumSets,
  saveConsideredSets,
  setContribution,
  viewConsideredSets,
  viewSetContribution,
} from '@somero/contract';
import { asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { Invalid, NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import type { ModuleContext } from '../module.js';
import { currentTerm } from '../settings/index.js';
import { schoolGrading } from './grading.js';
import { consideredSetsFor } from './sets.js';

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

/** The exam sets of a term a class may count: its curriculum's and those for all classes (every set for all classes). */
async function setsOfTerm(scope: SchoolScope, year: number, term: number, curriculum: string | null) {
  return scope.db
    .select({ id: examSets.id, name: examSets.name, curriculum: examSets.curriculum, maxMark: examSets.maxMark })
    .from(examSets)
    .where(
      scope.mine(
        examSets,
        eq(examSets.year, year),
        eq(examSets.term, term),
        curriculum ? inArray(examSets.curriculum, ['all', curriculum]) : undefined,
      ),
    )
    .orderBy(asc(examSets.rank), asc(examSets.id));
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
    setsOfTerm(scope, of.year, of.term, klass?.curriculum ?? null),
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
    }
    const total = chosen.reduce((n, c) => n + c.weight, 0);
    if (chosen.length > 0 && total !== 100) throw new Refusal(`The weights total ${total}%; they must total 100%.`);
  } else {
    // For all classes each curriculum takes its own sets and those for all: each such group totals 100.
    for (const { value } of curricula) {
      const applying = chosen.filter((c) => ['all', value].includes(byId.get(c.exam_set_id)!.curriculum));
      const total = applying.reduce((n, c) => n + c.weight, 0);
      if (applying.length > 0 && total !== 100)
        throw new Refusal(
          `For classes of the ${curriculumName(value)} the weights total ${total}%; they must total 100%.`,
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
