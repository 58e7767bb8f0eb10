import { z } from 'zod';
import { type Call, defineCall } from '../call.js';
import { id, isoDate } from './fields.js';

/**
 * The finance reports (issue 12 §4), all read from the journal. Each takes a date range (there are no
 * financial years yet) and answers JSON, the same report as a spreadsheet (`format: 'xlsx'`) or as a
 * printable PDF with the school's header (`format: 'pdf'`).
 */
export const financeFormat = z.enum(['json', 'xlsx', 'pdf']).default('json');
const range = { from: isoDate, to: isoDate, format: financeFormat };

/** An account as the reports name it. */
const accountLine = { account_id: z.number(), code: z.string(), name: z.string() };
/** An account's net amount in a section of a report (income: credits less debits; expenses: the reverse). */
const amountLine = z.object({ ...accountLine, amount: z.number() });
const section = z.object({ lines: z.array(amountLine), total: z.number() });

const incomeOutput = z.object({
  from: z.string(),
  to: z.string(),
  income: section,
  expenses: section,
  /** Income less expenses: a deficit is negative. */
  surplus: z.number(),
});
export type IncomeStatement = z.infer<typeof incomeOutput>;

export const incomeStatement = defineCall({
  method: 'POST',
  path: 'income_statement',
  access: 'income_expenditure_report',
  summary: 'Income statement from the journal: income and expense accounts of a date range, the surplus or deficit',
  input: z.object(range),
  output: incomeOutput,
  file: 'xlsx-or-json',
});

/** Not in the specification's calls: the screen /reports/income/expenditure had none, so it got its own. */
export const incomeExpenditure = defineCall({
  method: 'POST',
  path: 'income_expenditure',
  access: 'income_expenditure_report',
  summary:
    'Income and expenditure account from the journal: expenditure against income per account, the excess of one over the other, and each month',
  input: z.object(range),
  output: incomeOutput.extend({
    /** Each month of the range that has income or expenditure. */
    months: z.array(z.object({ month: z.string(), income: z.number(), expenses: z.number(), surplus: z.number() })),
  }),
  file: 'xlsx-or-json',
});
export type IncomeExpenditure = z.infer<typeof incomeExpenditure.output>;

/** What moved the cash: the kind of document behind a journal entry. */
export const cashActivities = [
  'fees',
  'old_students',
  'revenues',
  'expenses',
  'credits_cleared',
  'transfers',
  'assets',
  'salaries',
  'other',
] as const;
export type CashActivity = (typeof cashActivities)[number];

const flow = { inflow: z.number(), outflow: z.number(), net: z.number() };

/** Not in the specification's calls: the screen /reports/cash/flow had none, so it got its own. */
export const cashFlow = defineCall({
  method: 'POST',
  path: 'cash_flow',
  access: 'cash_flow_report',
  summary:
    'Cash flow from the journal: cash in and out of each payment mode per activity (fees, revenues, expenses, transfers, assets…), opening and closing cash per mode',
  input: z.object(range),
  output: z.object({
    from: z.string(),
    to: z.string(),
    modes: z.array(z.object({ ...accountLine, opening: z.number(), ...flow, closing: z.number() })),
    activities: z.array(z.object({ activity: z.enum(cashActivities), ...flow })),
    /** Each mode's flow per activity (only the pairs that moved). */
    lines: z.array(z.object({ account_id: z.number(), activity: z.enum(cashActivities), ...flow })),
    total: z.object({ opening: z.number(), ...flow, closing: z.number() }),
  }),
  file: 'xlsx-or-json',
});
export type CashFlow = z.infer<typeof cashFlow.output>;

const accountKind = z.object({ ...accountLine, type: z.string() });

export const accountAnalysis = defineCall({
  method: 'POST',
  path: 'account_analysis',
  access: 'account_analysis',
  summary:
    "An account's journal lines of a date range with the running balance from the opening balance; with no account, the trial balance of every account",
  input: z.object({ ...range, account_id: id.optional() }),
  output: z.union([
    z.object({
      kind: z.literal('account'),
      from: z.string(),
      to: z.string(),
      account: accountKind,
      /** The balance on the account's normal side before the range. */
      opening: z.number(),
      lines: z.array(
        z.object({
          line_id: z.number(),
          date: z.string(),
          memo: z.string(),
          /** The document's own reference (a bank slip, an invoice number), where it has one. */
          reference: z.string().nullable(),
          source_kind: z.string(),
          reversal: z.boolean(),
          debit: z.number(),
          credit: z.number(),
          balance: z.number(),
        }),
      ),
      total: z.object({ debit: z.number(), credit: z.number() }),
      closing: z.number(),
    }),
    z.object({
      kind: z.literal('trial_balance'),
      from: z.string(),
      to: z.string(),
      /** Each account's movements in the range and its balance at the end, on the debit or credit side. */
      accounts: z.array(
        accountKind.extend({
          period_debit: z.number(),
          period_credit: z.number(),
          debit: z.number(),
          credit: z.number(),
        }),
      ),
      total: z.object({ period_debit: z.number(), period_credit: z.number(), debit: z.number(), credit: z.number() }),
    }),
  ]),
  file: 'xlsx-or-json',
});
export type AccountAnalysis = z.infer<typeof accountAnalysis.output>;

/** A named period a report may be asked for: its dates, both included. */
export const reportPeriod = z.object({
  key: z.enum(['this_term', 'last_term', 'this_financial_year']),
  /** "Term 3 2026", "FY 2026". */
  name: z.string(),
  from: z.string(),
  to: z.string(),
});
export type ReportPeriod = z.infer<typeof reportPeriod>;

/**
 * Not in the specification's calls: the periods the fees and finance reports offer besides any dates. A
 * term runs from the day after the term before it closed (so the holiday before it, when parents pay
 * ahead, is its own) to its closing day; this term and this financial year end today while they last.
 */
export const reportPeriods = defineCall({
  method: 'GET',
  path: 'report_periods',
  access: [
    'fees_payment_report',
    'custom_payment_report',
    'periodic_payment_report',
    'income_expenditure_report',
    'cash_flow_report',
    'account_analysis',
  ],
  summary: 'The periods the reports offer: this term, last term and this financial year, with their dates',
  input: z.object({}),
  output: z.array(reportPeriod),
});

/** Finance report calls. */
export const financeReportCalls: Call[] = [
  incomeStatement,
  incomeExpenditure,
  cashFlow,
  accountAnalysis,
  reportPeriods,
];
