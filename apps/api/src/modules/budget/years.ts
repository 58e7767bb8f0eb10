import {
  addFyear,
  budgetLines,
  deleteFyear,
  type FyearRow,
  financialYears,
  listFyears,
  updateFyear,
} from '@somero/contract';
import { and, desc, eq, lt } from 'drizzle-orm';
import { now } from '../../core/dates.js';
import { Invalid, NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { dayMonthYear } from '../../documents/format.js';
import type { ModuleContext } from '../module.js';
import { overlappingYear } from './budget-rules.js';

type YearRecord = typeof financialYears.$inferSelect;

export const yearRow = (y: YearRecord): FyearRow => ({
  id: y.id,
  name: y.name,
  starts_on: y.startsOn,
  ends_on: y.endsOn,
  is_current: y.isCurrent,
  status: y.status === 'closed' ? 'closed' : 'open',
});

/** The school's years, latest first. */
export async function allYears(scope: SchoolScope): Promise<YearRecord[]> {
  return scope.db
    .select()
    .from(financialYears)
    .where(scope.mine(financialYears))
    .orderBy(desc(financialYears.startsOn));
}

/** A year of this school by id, or its current year when no id is given (404 when there is none). */
export async function yearOf(scope: SchoolScope, id?: number): Promise<YearRecord> {
  const [y] = await scope.db
    .select()
    .from(financialYears)
    .where(scope.mine(financialYears, id ? eq(financialYears.id, id) : eq(financialYears.isCurrent, true)));
  if (!y) {
    if (id) throw new NotFound('financial year');
    throw new Refusal('Add a financial year first (More Features → Financial Years).');
  }
  return y;
}

/** The year before another: the latest that ends before it starts. */
export async function yearBefore(scope: SchoolScope, year: YearRecord): Promise<YearRecord | null> {
  const [y] = await scope.db
    .select()
    .from(financialYears)
    .where(scope.mine(financialYears, lt(financialYears.endsOn, year.startsOn)))
    .orderBy(desc(financialYears.endsOn))
    .limit(1);
  return y ?? null;
}

/**
 * Refuses postings dated in a closed financial year (one query for all the dates): a closed year's
 * figures are final. 202 naming the year and the date.
 */
export async function refuseClosedYear(scope: SchoolScope, ...dates: string[]): Promise<void> {
  if (!dates.length) return;
  const closed = await scope.db
    .select({ name: financialYears.name, startsOn: financialYears.startsOn, endsOn: financialYears.endsOn })
    .from(financialYears)
    .where(scope.mine(financialYears, eq(financialYears.status, 'closed')));
  for (const date of dates) {
    const year = closed.find((y) => y.startsOn <= date && date <= y.endsOn);
    if (year)
      throw new Refusal(`The financial year ${year.name} is closed: no new postings dated ${dayMonthYear(date)}.`);
  }
}

/** A closed year is locked: its dates and budget no longer change. */
export function refuseIfClosed(year: YearRecord, what: string) {
  if (year.status === 'closed') throw new Refusal(`The financial year ${year.name} is closed: ${what}.`);
}

interface YearInput {
  name: string;
  starts_on: string;
  ends_on: string;
  is_current: boolean;
}

/** The dates in order, at most about two years apart, sharing no day with another year; the name unused. */
async function checked(scope: SchoolScope, input: YearInput, id?: number) {
  if (input.ends_on < input.starts_on) throw new Invalid('ends_on', 'The end date is before the start date');
  if ((Date.parse(input.ends_on) - Date.parse(input.starts_on)) / 86_400_000 > 730)
    throw new Invalid('ends_on', 'A financial year is at most two years long');
  const years = await allYears(scope);
  const clash = overlappingYear(
    years.map((y) => ({ id: y.id, name: y.name, from: y.startsOn, to: y.endsOn })),
    { id, from: input.starts_on, to: input.ends_on },
  );
  if (clash)
    throw new Refusal(
      `These dates overlap the financial year ${clash.name} (${dayMonthYear(clash.from)} to ${dayMonthYear(clash.to)}).`,
    );
  const named = years.find((y) => y.id !== id && y.name.toLowerCase() === input.name.toLowerCase());
  if (named) throw new Refusal(`A financial year named ${input.name} already exists.`);
  return { years, values: { name: input.name, startsOn: input.starts_on, endsOn: input.ends_on } };
}

/** Makes one year the current one: the one that was stops being current. */
async function makeCurrent(tx: SchoolScope, years: YearRecord[], id: number) {
  for (const y of years)
    if (y.isCurrent && y.id !== id)
      await tx.table(financialYears, 'budget').update(y.id, { isCurrent: false, updatedAt: now() });
  await tx.table(financialYears, 'budget').update(id, { isCurrent: true, updatedAt: now() });
}

export function yearRoutes({ serve }: ModuleContext) {
  serve(listFyears, async ({ scope }) => ({ data: (await allYears(scope)).map(yearRow) }));

  serve(addFyear, async ({ input, scope }) => {
    const made = await scope.transaction(async (tx) => {
      const { years, values } = await checked(tx, input);
      const row = await tx.table(financialYears, 'budget').insert({ ...values, isCurrent: false });
      // The first year is the current one; a school always has exactly one.
      if (input.is_current || years.length === 0) await makeCurrent(tx, years, row.id);
      return row.id;
    });
    return { data: yearRow(await yearOf(scope, made)), message: 'Financial year added' };
  });

  serve(updateFyear, async ({ id, input, scope }) => {
    await scope.transaction(async (tx) => {
      const before = await tx.table(financialYears, 'budget').find(id, 'financial year');
      refuseIfClosed(before, 'it cannot be changed');
      const { years, values } = await checked(tx, input, id);
      if (before.isCurrent && !input.is_current)
        throw new Refusal('A school has one current financial year: make another year current instead.');
      if (input.status === 'closed' && (before.isCurrent || input.is_current))
        throw new Refusal(`The financial year ${before.name} is current: make another year current before closing it.`);
      await tx
        .table(financialYears, 'budget')
        .update(
          id,
          { ...values, status: input.status, updatedAt: now() },
          input.status === 'closed' ? 'close' : 'update',
        );
      if (input.is_current && !before.isCurrent) await makeCurrent(tx, years, id);
    });
    const after = await yearOf(scope, id);
    return {
      data: yearRow(after),
      message: after.status === 'closed' ? 'Financial year closed' : 'Financial year updated',
    };
  });

  serve(deleteFyear, async ({ id, scope }) => {
    const gone = await scope.transaction(async (tx) => {
      const year = await tx.table(financialYears, 'budget').find(id, 'financial year');
      refuseIfClosed(year, 'it cannot be removed');
      if (year.isCurrent)
        throw new Refusal(`The financial year ${year.name} is current: make another year current before removing it.`);
      const [line] = await tx.db
        .select({ id: budgetLines.id })
        .from(budgetLines)
        .where(tx.mine(budgetLines, and(eq(budgetLines.yearId, id))))
        .limit(1);
      if (line) throw new Refusal(`The financial year ${year.name} has a budget: it cannot be removed.`);
      return tx.table(financialYears, 'budget').remove(id);
    });
    return { data: yearRow(gone), message: 'Financial year removed' };
  });
}
