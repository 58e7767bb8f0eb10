import { z } from 'zod';
import { type Call, defineCall } from '../call.js';
import { isoDate as day, format, id } from './fields.js';

/** A range of payment dates; both ends included. */
const range = { from: day, to: day };

/** One fees payment as the payment reports list it. */
export const reportPaymentRow = z.object({
  id: z.number(),
  receipt_no: z.number(),
  paid_on: z.string(),
  student_id: z.number(),
  student_name: z.string(),
  admission_no: z.string(),
  class_name: z.string().nullable(),
  stream_name: z.string().nullable(),
  amount: z.number(),
  mode_id: z.number(),
  mode_name: z.string(),
  reference: z.string().nullable(),
  payer: z.string().nullable(),
  cashier_name: z.string(),
  year: z.number(),
  term: z.number(),
  status: z.string(),
});

const modeTotal = z.object({ mode_id: z.number(), mode_name: z.string(), count: z.number(), amount: z.number() });
/** Totals of valid (not voided) payments. */
const paymentTotals = z.object({ count: z.number(), amount: z.number(), by_mode: z.array(modeTotal) });

const paymentFilters = {
  ...range,
  class_id: id.optional(),
  stream_id: id.optional(),
  mode_id: id.optional(),
  format,
};

export const feesPaymentsReport = defineCall({
  method: 'POST',
  path: 'fees_payments_report',
  access: 'fees_payment_report',
  summary: 'Fees payments received in a date range (valid ones), with totals per mode; xlsx with format',
  input: z.object(paymentFilters),
  output: z.object({ rows: z.array(reportPaymentRow), totals: paymentTotals }),
  file: 'xlsx-or-json',
});

/** Columns the custom report may show, in this order. */
export const customReportColumns = [
  'receipt_no',
  'paid_on',
  'student_name',
  'admission_no',
  'class_name',
  'stream_name',
  'amount',
  'mode_name',
  'reference',
  'payer',
  'cashier_name',
  'term',
  'status',
] as const;

export const customFeesPaymentsReport = defineCall({
  method: 'POST',
  path: 'custom_fees_payments_report',
  access: 'custom_payment_report',
  summary:
    'Fees payments with chosen filters (class, stream, mode, cashier, term, student, amount range, voided too) and chosen columns; xlsx with format',
  input: z.object({
    ...paymentFilters,
    student_id: id.optional(),
    cashier_name: z.string().trim().max(120).optional(),
    year: z.number().int().min(2000).max(2100).optional(),
    term: z.number().int().min(1).max(3).optional(),
    min_amount: z.number().int().min(0).optional(),
    max_amount: z.number().int().min(0).optional(),
    include_void: z.boolean().default(false),
    columns: z.array(z.enum(customReportColumns)).min(1).optional(),
  }),
  output: z.object({
    columns: z.array(z.string()),
    rows: z.array(reportPaymentRow),
    totals: paymentTotals,
  }),
  file: 'xlsx-or-json',
});

const periodRow = z.object({
  period: z.string(),
  start: z.string(),
  end: z.string(),
  by_mode: z.record(z.string(), z.number()),
  count: z.number(),
  total: z.number(),
});
const periodicOutput = z.object({
  period: z.enum(['day', 'week', 'month']),
  modes: z.array(z.object({ mode_id: z.number(), mode_name: z.string() })),
  rows: z.array(periodRow),
  totals: paymentTotals,
});
const periodicInput = z.object({ ...range, period: z.enum(['day', 'week', 'month']).default('day'), format });

export const feesPeriodicPaymentsReport = defineCall({
  method: 'POST',
  path: 'fees_periodic_payments_report',
  access: 'periodic_payment_report',
  summary: 'Fees collected per day, week (Monday first) or month, per payment mode, with totals; xlsx with format',
  input: periodicInput,
  output: periodicOutput,
  file: 'xlsx-or-json',
});

export const oldStudentsPeriodicPaymentsReport = defineCall({
  method: 'POST',
  path: 'old_students_periodic_payments_report',
  access: 'periodic_payment_report',
  summary: 'Old students’ payments per day, week or month, per payment mode, with totals; xlsx with format',
  input: periodicInput,
  output: periodicOutput,
  file: 'xlsx-or-json',
});

const summaryGroup = z.object({
  class_id: z.number(),
  class_name: z.string(),
  stream_id: z.number().nullable(),
  stream_name: z.string().nullable(),
  students: z.number(),
  expected: z.number(),
  paid: z.number(),
  balance: z.number(),
});
const defaulter = z.object({
  student_id: z.number(),
  name: z.string(),
  admission_no: z.string(),
  payment_code: z.string().nullable(),
  class_name: z.string(),
  stream_name: z.string().nullable(),
  expected: z.number(),
  paid: z.number(),
  balance: z.number(),
});

export const feesCollectionSummary = defineCall({
  method: 'POST',
  path: 'fees_summaryq',
  access: 'fees_collection_summary',
  summary:
    'This term per class and stream: expected, paid and balance, with the defaulters owing more than min_balance; xlsx with format',
  input: z.object({
    class_id: id.optional(),
    stream_id: id.optional(),
    min_balance: z.number().int().min(0).default(0),
    /** The page of defaulters (largest balance first); the spreadsheet holds them all. */
    page: z.number().int().min(1).default(1),
    per_page: z.number().int().min(1).max(500).default(50),
    format,
  }),
  output: z.object({
    year: z.number(),
    term: z.number(),
    groups: z.array(summaryGroup),
    totals: z.object({ students: z.number(), expected: z.number(), paid: z.number(), balance: z.number() }),
    defaulters: z.array(defaulter),
    /** How many defaulters there are, and what they owe, over every page. */
    defaulters_count: z.number(),
    defaulters_total: z.number(),
  }),
  file: 'xlsx-or-json',
});

const categoryRow = z.object({
  category_id: z.number().nullable(),
  name: z.string(),
  expected: z.number(),
  collected: z.number(),
  outstanding: z.number(),
});

export const feesCategorySummary = defineCall({
  method: 'POST',
  path: 'fees_summary',
  access: 'fees_summary_report',
  summary:
    'This term per fees category: expected, collected (payments shared out: brought forward first, then categories in order) and outstanding; xlsx with format',
  input: z.object({ class_id: id.optional(), stream_id: id.optional(), format }),
  output: z.object({
    year: z.number(),
    term: z.number(),
    rows: z.array(categoryRow),
    totals: z.object({ expected: z.number(), collected: z.number(), outstanding: z.number() }),
  }),
  file: 'xlsx-or-json',
});

export const feesDemandNotes = defineCall({
  method: 'POST',
  path: 'fees_demand_notes',
  access: 'fees_demand_notice',
  summary:
    'Demand notes as one PDF, a page per student (a class, a stream or chosen students), with the balance by category, the payment code and the school payment instructions',
  input: z
    .object({
      class_id: id.optional(),
      stream_id: id.optional(),
      student_ids: z.array(id).min(1).max(3000).optional(),
      /** Only students owing more than this. */
      min_balance: z.number().int().min(0).default(0),
      due_on: day.optional(),
    })
    .refine((v) => v.class_id || v.student_ids, { message: 'Choose a class or students', path: ['class_id'] }),
  output: z.object({ message: z.string() }),
  file: 'pdf-or-json',
});

/** Fees calls: reports (issue 4). */
export const feesReportsCalls: Call[] = [
  feesPaymentsReport,
  customFeesPaymentsReport,
  feesPeriodicPaymentsReport,
  oldStudentsPeriodicPaymentsReport,
  feesCollectionSummary,
  feesCategorySummary,
  feesDemandNotes,
];
