import {
  type BudgetKind,
  type BudgetLineRow,
  type BudgetSplit,
  budgetLines,
  expenseCategories,
  expenseProjection,
  type Projection,
  projectExpenses,
  projectRevenues,
  revenueCategories,
  revenueProjection,
} from '@somero/contract';
import { inArray } from 'drizzle-orm';
import { now } from '../../core/dates.js';
import { Invalid, NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import type { ModuleContext } from '../module.js';
import { partsOf } from './budget-rules.js';
import {
  accountKey,
  actualsOf,
  categoriesOf,
  expectedFees,
  kindsOf,
  linesOf,
  type Side,
  splitPeriods,
  yearPeriod,
} from './figures.js';
import { refuseIfClosed, yearBefore, yearOf, yearRow } from './years.js';

const lineKey = (kind: string, categoryId: number | null) => `${kind}:${categoryId ?? 0}`;

/** One side of a year's budget with last year's budget and actual beside each line. */
export async function projectionOf(scope: SchoolScope, side: Side, yearId?: number): Promise<Projection> {
  const year = await yearOf(scope, yearId);
  const previous = await yearBefore(scope, year);
  // In turn inside a transaction (copying a year runs this in one), side by side outside.
  const [cats, lines, lastLines, lastActuals, split] = await scope.all(
    () => categoriesOf(scope, side),
    () => linesOf(scope, year.id, side),
    () => (previous ? linesOf(scope, previous.id, side) : Promise.resolve([])),
    () => (previous ? actualsOf(scope, yearPeriod(previous)) : Promise.resolve(new Map<string, number>())),
    () => splitPeriods(scope, year),
  );
  const mine = new Map(lines.map((l) => [lineKey(l.kind, l.categoryId), l]));
  const last = new Map(lastLines.map((l) => [lineKey(l.kind, l.categoryId), l]));
  const rows: BudgetLineRow[] = cats.map((c) => {
    const line = mine.get(lineKey(c.kind, c.categoryId));
    return {
      kind: c.kind,
      category_id: c.categoryId,
      name: c.name,
      amount: line?.amount ?? 0,
      split: (line?.split ?? 'year') as BudgetSplit,
      parts: line?.parts ?? [],
      last_budget: last.get(lineKey(c.kind, c.categoryId))?.amount ?? 0,
      last_actual: lastActuals.get(accountKey(c.kind, c.categoryId)) ?? 0,
    };
  });
  return {
    year: yearRow(year),
    previous: previous ? yearRow(previous) : null,
    terms: split.periods('term'),
    months: split.periods('month'),
    lines: rows,
    total: rows.reduce((a, r) => a + r.amount, 0),
    expected_fees: side === 'revenue' ? await expectedFees(scope, year) : null,
  };
}

interface LineInput {
  kind: BudgetKind;
  category_id?: number | null;
  amount: number;
  split: BudgetSplit;
  parts?: number[];
}

/** Each line on this side, of a category of this school, given once, with parts that fit its split. */
async function checkedLines(scope: SchoolScope, side: Side, lines: LineInput[], counts: Record<BudgetSplit, number>) {
  const seen = new Set<string>();
  const out: { kind: BudgetKind; categoryId: number | null; amount: number; split: BudgetSplit; parts: number[] }[] =
    [];
  for (const [i, l] of lines.entries()) {
    if (!kindsOf(side).includes(l.kind)) throw new Invalid(`lines.${i}.kind`, `Not a line of the ${side} budget`);
    const categoryId = l.kind === 'fees' ? null : (l.category_id ?? null);
    if (l.kind !== 'fees' && !categoryId) throw new Invalid(`lines.${i}.category_id`, 'Choose the category');
    const key = lineKey(l.kind, categoryId);
    if (seen.has(key)) throw new Invalid(`lines.${i}.category_id`, 'This category is given twice');
    seen.add(key);
    const parts = partsOf(l.amount, counts[l.split], l.parts);
    if (typeof parts === 'string') throw new Invalid(`lines.${i}.parts`, parts);
    out.push({ kind: l.kind, categoryId, amount: l.amount, split: l.split, parts });
  }
  const ids = out.filter((l) => l.categoryId !== null).map((l) => l.categoryId as number);
  if (ids.length) {
    const table = side === 'revenue' ? revenueCategories : expenseCategories;
    const found = await scope.db
      .select({ id: table.id })
      .from(table)
      .where(scope.mine(table, inArray(table.id, ids)));
    if (found.length !== new Set(ids).size) throw new NotFound(`${side} category`);
  }
  return out;
}

/** Sets a year's lines (a zero yearly line removes it), or copies last year's budget or actuals into it. */
async function project(
  scope: SchoolScope,
  side: Side,
  input: { year_id: number; lines?: LineInput[]; copy_from?: 'budget' | 'actual' },
) {
  await scope.transaction(async (tx) => {
    const year = await yearOf(tx, input.year_id);
    refuseIfClosed(year, 'its budget cannot change');
    const split = await splitPeriods(tx, year);
    const counts = { year: 1, term: split.periods('term').length, month: split.periods('month').length };
    let lines: LineInput[];
    if (input.copy_from) {
      const previous = await yearBefore(tx, year);
      if (!previous) throw new Refusal(`There is no financial year before ${year.name} to copy from.`);
      const before = await projectionOf(tx, side, previous.id);
      const last = await projectionOf(tx, side, year.id);
      lines = last.lines.map((l) => {
        if (input.copy_from === 'actual') return { ...l, amount: Math.max(0, l.last_actual), split: 'year' };
        const was = before.lines.find((b) => b.kind === l.kind && b.category_id === l.category_id);
        // The same split as last year; its parts kept when the periods match, else split evenly.
        const parts = was && was.parts.length === counts[was.split] ? was.parts : undefined;
        return { ...l, amount: l.last_budget, split: was?.split ?? 'year', parts };
      });
    } else lines = input.lines ?? [];
    const wanted = await checkedLines(tx, side, lines, counts);
    const existing = await linesOf(tx, year.id, side);
    for (const l of wanted) {
      const had = existing.find((e) => e.kind === l.kind && e.categoryId === l.categoryId);
      const table = tx.table(budgetLines, 'budget');
      if (had && l.amount === 0 && l.split === 'year') await table.remove(had.id);
      else if (had) {
        if (had.amount !== l.amount || had.split !== l.split || JSON.stringify(had.parts) !== JSON.stringify(l.parts))
          await table.update(had.id, { amount: l.amount, split: l.split, parts: l.parts, updatedAt: now() });
      } else if (l.amount > 0 || l.split !== 'year') await table.insert({ yearId: year.id, ...l });
    }
  });
  return projectionOf(scope, side, input.year_id);
}

export function projectionRoutes({ serve }: ModuleContext) {
  serve(revenueProjection, async ({ input, scope }) => ({ data: await projectionOf(scope, 'revenue', input.year_id) }));
  serve(expenseProjection, async ({ input, scope }) => ({ data: await projectionOf(scope, 'expense', input.year_id) }));
  serve(projectRevenues, async ({ input, scope }) => ({
    data: await project(scope, 'revenue', input),
    message: 'Revenue budget saved',
  }));
  serve(projectExpenses, async ({ input, scope }) => ({
    data: await project(scope, 'expense', input),
    message: 'Expense budget saved',
  }));
}
