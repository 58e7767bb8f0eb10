import {
  accounts,
  type BudgetKind,
  type BudgetSplit,
  budgetLines,
  expenseCategories,
  type financialYears,
  journalLines,
  revenueCategories,
  termDates,
} from '@somero/contract';
import { and, asc, eq, gte, inArray, lte, or, sql, sum } from 'drizzle-orm';
import type { SchoolScope } from '../../core/scope.js';
import { sqlRows } from '../../db/open.js';
import { enrolledCurrentTerm } from '../enrolment/index.js';
import { calendarOf } from '../settings/index.js';
import { type BudgetSide, type Period, periodsOf } from './budget-rules.js';

type YearRecord = typeof financialYears.$inferSelect;
export type Side = BudgetSide;

/** The kinds of line on one side of the budget: revenues are fees and the revenue categories. */
export const kindsOf = (side: Side): BudgetKind[] => (side === 'revenue' ? ['fees', 'revenue'] : ['expense']);

/** The journal account that holds a line's actual figures. */
export const accountKey = (kind: BudgetKind, categoryId: number | null) =>
  kind === 'fees' ? 'fees_income' : `${kind}:${categoryId}`;

export const yearPeriod = (y: YearRecord): Period => ({ from: y.startsOn, to: y.endsOn });

/** Opening dates of terms 2 and 3 of the year the financial year starts in (the school's, else the Ministry's). */
export async function termOpenings(scope: SchoolScope, year: YearRecord): Promise<[string, string]> {
  const calendarYear = Number(year.startsOn.slice(0, 4));
  const rows = await scope.db
    .select({ term: termDates.term, opensOn: termDates.opensOn })
    .from(termDates)
    .where(scope.mine(termDates, eq(termDates.year, calendarYear)))
    .orderBy(asc(termDates.term));
  const own = (term: number) => rows.find((r) => r.term === term)?.opensOn;
  const ministry = calendarOf(calendarYear);
  return [own(2) ?? ministry[1]![0], own(3) ?? ministry[2]![0]];
}

export async function splitPeriods(scope: SchoolScope, year: YearRecord) {
  const opens = await termOpenings(scope, year);
  return {
    opens,
    periods: (split: BudgetSplit) => periodsOf(split, yearPeriod(year), opens),
  };
}

/** The categories of one side, by name: [{ kind, id, name }], fees first for revenues. */
export async function categoriesOf(scope: SchoolScope, side: Side) {
  const table = side === 'revenue' ? revenueCategories : expenseCategories;
  const rows = await scope.db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(scope.mine(table))
    .orderBy(asc(table.name));
  const out: { kind: BudgetKind; categoryId: number | null; name: string }[] = rows.map((r) => ({
    kind: side,
    categoryId: r.id,
    name: r.name,
  }));
  if (side === 'revenue') out.unshift({ kind: 'fees', categoryId: null, name: 'School fees' });
  return out;
}

/** A year's budget lines of one side. */
export async function linesOf(scope: SchoolScope, yearId: number, side: Side) {
  return scope.db
    .select()
    .from(budgetLines)
    .where(scope.mine(budgetLines, eq(budgetLines.yearId, yearId), inArray(budgetLines.kind, kindsOf(side))));
}

/**
 * What the journal holds for each budget account in a range, keyed by account key: income as credits
 * less debits (fees_income, revenue:<id>), spending as debits less credits (expense:<id>).
 */
export async function actualsOf(scope: SchoolScope, range: Period): Promise<Map<string, number>> {
  const rows = await scope.db
    .select({ key: accounts.key, debit: sum(journalLines.debit), credit: sum(journalLines.credit) })
    .from(journalLines)
    .innerJoin(accounts, and(eq(accounts.schoolId, journalLines.schoolId), eq(accounts.id, journalLines.accountId)))
    .where(
      scope.mine(
        journalLines,
        gte(journalLines.date, range.from),
        lte(journalLines.date, range.to),
        or(
          eq(accounts.key, 'fees_income'),
          sql`${accounts.key} like 'revenue:%'`,
          sql`${accounts.key} like 'expense:%'`,
        ),
      ),
    )
    .groupBy(accounts.key);
  return new Map(
    rows.map((r) => {
      const debit = Number(r.debit ?? 0);
      const credit = Number(r.credit ?? 0);
      return [r.key, r.key.startsWith('expense:') ? debit - credit : credit - debit];
    }),
  );
}

/**
 * The fees the structure charges in each term of the calendar year a financial year starts in: per
 * term, the students enrolled that term (or, for a term not enrolled yet, the latest term's students)
 * times the structure lines matching their class, section and nationality (new-entrant lines only for
 * students new that very term).
 */
export async function expectedFees(scope: SchoolScope, year: YearRecord) {
  const calendarYear = Number(year.startsOn.slice(0, 4));
  // Enrolments are written when first needed (fees does the same): the current term's, and earlier ones
  // from each student's entry term.
  await enrolledCurrentTerm(scope);
  const enrolled = await sqlRows<{ year: number; term: number }>(
    scope.db,
    sql`select distinct year, term from student_terms where school_id = ${scope.schoolId} order by year desc, term desc`,
  );
  const latest = enrolled[0];
  const terms = [];
  for (const term of [1, 2, 3]) {
    const own = enrolled.find((e) => Number(e.year) === calendarYear && Number(e.term) === term);
    const from = own ?? latest;
    if (!from) {
      terms.push({ year: calendarYear, term, students: 0, amount: 0 });
      continue;
    }
    const [row] = await sqlRows<{ students: number | string; amount: number | string | null }>(
      scope.db,
      sql`select count(distinct st.student_id) as students, coalesce(sum(fb.amount), 0) as amount
          from student_terms st
          left join fees_breakdowns fb on fb.school_id = st.school_id and fb.class_id = st.class_id
            and fb.year = ${calendarYear} and fb.term = ${term}
            and fb.section in ('all', st.section) and fb.nationality in ('all', st.nationality_group)
            and (fb.entrants = 'all' or (fb.entrants = 'new' and st.is_new and ${own ? sql`true` : sql`false`}))
          where st.school_id = ${scope.schoolId} and st.year = ${Number(from.year)} and st.term = ${Number(from.term)}`,
    );
    terms.push({ year: calendarYear, term, students: Number(row?.students ?? 0), amount: Number(row?.amount ?? 0) });
  }
  return { total: terms.reduce((a, t) => a + t.amount, 0), terms };
}
