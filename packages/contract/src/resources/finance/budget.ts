import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, jsonb, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { schoolTable, tenantColumns } from '../../resource.js';

/**
 * A school's financial years (issue 12 §3): named ("2026"), with start and end dates that never overlap
 * another year's, exactly one of them current. A closed year is locked: no new postings dated in it,
 * and its dates and budgets no longer change.
 */
export const financialYears = schoolTable(
  'financial_years',
  {
    ...tenantColumns(),
    name: text().notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
    /** `open` or `closed`. */
    status: text().notNull().default('open'),
  },
  (t) => [
    uniqueIndex('financial_years_school_name').on(t.schoolId, sql`lower(${t.name})`),
    uniqueIndex('financial_years_one_current').on(t.schoolId).where(sql`${t.isCurrent}`),
    check('financial_years_dates', sql`${t.startsOn} <= ${t.endsOn}`),
  ],
);

/** What a budget line is about: school fees (no category), a revenue category or an expense category. */
export const budgetKinds = ['fees', 'revenue', 'expense'] as const;
export type BudgetKind = (typeof budgetKinds)[number];
/** How a line's annual amount is split: not at all, per term (3 parts) or per month of the year (12 parts). */
export const budgetSplits = ['year', 'term', 'month'] as const;
export type BudgetSplit = (typeof budgetSplits)[number];

/**
 * One budget amount: a category's (or fees') budget for a financial year, in whole shillings, with its
 * parts per term or per month when the school splits it (the parts sum exactly to the amount).
 */
export const budgetLines = schoolTable(
  'budget_lines',
  {
    ...tenantColumns(),
    yearId: integer('year_id')
      .notNull()
      .references(() => financialYears.id),
    kind: text().notNull(),
    /** The revenue or expense category; null for fees. */
    categoryId: integer('category_id'),
    amount: integer().notNull(),
    split: text().notNull().default('year'),
    /** The amount's parts per term or per month (empty for a yearly line). */
    parts: jsonb().$type<number[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('budget_lines_unique').on(t.schoolId, t.yearId, t.kind, sql`coalesce(${t.categoryId}, 0)`),
    check('budget_lines_amount', sql`${t.amount} >= 0`),
  ],
);
