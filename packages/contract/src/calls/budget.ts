import { z } from 'zod';
import { type Call, defineCall } from '../call.js';
import { budgetSplits } from '../resources/finance/budget.js';
import { id, isoDate, money, optionalDate } from './fields.js';

/** Who reads the financial years: their screen, the budget screens and the budget-to-actual report. */
const yearReaders = [
  'view_fyear',
  'project_revenues',
  'view_revenue_budget',
  'project_expenses',
  'view_expense_budget',
  'budget_actual_outturn',
  // The finance reports offer a financial year's dates as their range.
  'income_expenditure_report',
  'cash_flow_report',
  'account_analysis',
] as const;

export const fyearRow = z.object({
  id: z.number(),
  name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  is_current: z.boolean(),
  status: z.enum(['open', 'closed']),
});
export type FyearRow = z.infer<typeof fyearRow>;

const fyearFields = {
  name: z.string().trim().min(1, 'Give the year a name').max(40),
  starts_on: isoDate,
  ends_on: isoDate,
  /** Make this the current year (the others stop being current). */
  is_current: z.boolean().default(false),
};

export const listFyears = defineCall({
  method: 'GET',
  path: 'fyear',
  access: yearReaders,
  summary: "The school's financial years, latest first",
  input: z.object({}),
  output: z.array(fyearRow),
});

export const addFyear = defineCall({
  method: 'POST',
  path: 'fyear',
  access: 'view_fyear',
  summary: 'Add a financial year (its dates may not overlap another year; the first year added is current)',
  input: z.object(fyearFields),
  output: fyearRow,
});

export const updateFyear = defineCall({
  method: 'PUT',
  path: 'fyear/{id}',
  access: 'view_fyear',
  summary: 'Change a financial year, make it current, or close it (a closed year is locked)',
  input: z.object({ ...fyearFields, status: z.enum(['open', 'closed']).default('open') }),
  output: fyearRow,
});

export const deleteFyear = defineCall({
  method: 'DELETE',
  path: 'fyear/{id}',
  access: 'view_fyear',
  summary: 'Remove a financial year that is open, not current and has no budget',
  input: z.object({}),
  output: fyearRow,
});

/** One line of a budget: fees, a revenue category or an expense category. */
export const budgetLineRow = z.object({
  kind: z.enum(['fees', 'revenue', 'expense']),
  category_id: z.number().nullable(),
  name: z.string(),
  /** This year's budget (0 when none is set) and how it is split. */
  amount: z.number(),
  split: z.enum(budgetSplits),
  parts: z.array(z.number()),
  /** Last financial year's budget and actual, for copying. */
  last_budget: z.number(),
  last_actual: z.number(),
});
export type BudgetLineRow = z.infer<typeof budgetLineRow>;

const period = z.object({ from: z.string(), to: z.string() });

export const projectionOutput = z.object({
  year: fyearRow,
  previous: fyearRow.nullable(),
  /** The periods of each split, for the parts' headings. */
  terms: z.array(period),
  months: z.array(period),
  lines: z.array(budgetLineRow),
  total: z.number(),
  /**
   * Revenues only: the fees the structure charges the enrolled students in each term of the year (a term
   * with no enrolment yet counts the latest term's students).
   */
  expected_fees: z
    .object({
      total: z.number(),
      terms: z.array(z.object({ year: z.number(), term: z.number(), students: z.number(), amount: z.number() })),
    })
    .nullable(),
});
export type Projection = z.infer<typeof projectionOutput>;

const projectionInput = z.object({ year_id: id.optional() });

export const revenueProjection = defineCall({
  method: 'POST',
  path: 'revenue_projection',
  access: ['project_revenues', 'view_revenue_budget'],
  summary: "A year's revenue budget per category (current year by default), last year's, and the expected fees",
  input: projectionInput,
  output: projectionOutput,
});

export const expenseProjection = defineCall({
  method: 'POST',
  path: 'expense_projection',
  access: ['project_expenses', 'view_expense_budget'],
  summary: "A year's expense budget per category (current year by default), with last year's budget and actual",
  input: projectionInput,
  output: projectionOutput,
});

const lineInput = z.object({
  kind: z.enum(['fees', 'revenue', 'expense']),
  category_id: id.nullable().optional(),
  amount: money.min(0, 'Not below zero'),
  split: z.enum(budgetSplits).default('year'),
  /** The parts per term or month; left out, the amount is split evenly. */
  parts: z.array(money.min(0, 'Not below zero')).max(24).optional(),
});

/** Either the lines to set, or copy last year's budget or actuals into this year's in one step. */
const projectInput = z
  .object({
    year_id: id,
    lines: z.array(lineInput).max(500).optional(),
    copy_from: z.enum(['budget', 'actual']).optional(),
  })
  .refine((v) => Boolean(v.lines) !== Boolean(v.copy_from), {
    message: 'Give the lines, or what to copy from last year',
    path: ['lines'],
  });

export const projectRevenues = defineCall({
  method: 'POST',
  path: 'project_revenues',
  access: 'project_revenues',
  summary: "Set a year's revenue budget (fees and each revenue category), or copy last year's budget or actuals",
  input: projectInput,
  output: projectionOutput,
});

export const projectExpenses = defineCall({
  method: 'POST',
  path: 'project_expenses',
  access: 'project_expenses',
  summary: "Set a year's expense budget per category, or copy last year's budget or actuals",
  input: projectInput,
  output: projectionOutput,
});

const outturnLine = z.object({
  kind: z.enum(['fees', 'revenue', 'expense']),
  category_id: z.number().nullable(),
  name: z.string(),
  budget: z.number(),
  actual: z.number(),
  /** Positive when good for the school: income above budget, spending below it. */
  variance: z.number(),
  /** Actual as a percentage of budget (null with no budget). */
  percent: z.number().nullable(),
});
const outturnTotal = outturnLine.pick({ budget: true, actual: true, variance: true, percent: true });

export const budgetActualOutturn = defineCall({
  method: 'POST',
  path: 'budget_actual_outturn',
  access: 'budget_actual_outturn',
  summary: 'Budget, actual (from the journal), variance and percentage per category for a year or a range in it',
  input: z.object({
    year_id: id.optional(),
    from: optionalDate,
    to: optionalDate,
    format: z.enum(['json', 'xlsx', 'pdf']).default('json'),
  }),
  output: z.object({
    year: fyearRow,
    from: z.string(),
    to: z.string(),
    revenues: z.array(outturnLine),
    expenses: z.array(outturnLine),
    revenue_total: outturnTotal,
    expense_total: outturnTotal,
    /** Revenues less expenses. */
    surplus: z.object({ budget: z.number(), actual: z.number() }),
  }),
  file: 'xlsx-or-json',
});
export type Outturn = z.infer<typeof budgetActualOutturn.output>;

/** Budget calls. */
export const budgetCalls: Call[] = [
  listFyears,
  addFyear,
  updateFyear,
  deleteFyear,
  revenueProjection,
  expenseProjection,
  projectRevenues,
  projectExpenses,
  budgetActualOutturn,
];
