import { z } from 'zod';
import { type Call, defineCall } from '../call.js';
import { moneyStatusRow } from '../money-columns.js';
import {
  amendmentsCall,
  format,
  id,
  isoDate,
  money,
  optionalDate,
  optionalText,
  queryId,
  queryPaging,
  reason,
} from './fields.js';

/** One revenue as the list and the forms show it. */
export const revenueRow = z.object({
  id: z.number(),
  source_id: z.number(),
  source_name: z.string(),
  category_id: z.number(),
  category_name: z.string(),
  amount: z.number(),
  received_on: z.string(),
  mode_id: z.number(),
  mode_name: z.string(),
  received_from: z.string().nullable(),
  reference: z.string().nullable(),
  description: z.string().nullable(),
  recorded_by: z.string(),
  /** The last correction's reason, when it was corrected. */
  amend_reason: z.string().nullable(),
  ...moneyStatusRow,
});
export type RevenueRow = z.infer<typeof revenueRow>;

/** What the revenue form sends. */
export const revenueInput = z.object({
  source_id: id,
  amount: money,
  received_on: optionalDate,
  mode_id: id,
  received_from: optionalText(120),
  reference: optionalText(100),
  description: optionalText(500),
});

export const listRevenues = defineCall({
  method: 'GET',
  path: 'revenues',
  access: 'view_revenues',
  summary: 'Revenues received, newest first, by dates, category, source, mode, status and search; valid totals',
  input: z.object({
    ...queryPaging,
    from: optionalDate,
    to: optionalDate,
    category_id: queryId,
    source_id: queryId,
    mode_id: queryId,
    status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['valid', 'void']).optional()),
    search: optionalText(100),
  }),
  output: z.array(revenueRow),
  paged: true as const,
  /** Over every filtered revenue that is not void. */
  totals: z.object({ count: z.number(), amount: z.number() }),
});

export const addRevenue = defineCall({
  method: 'POST',
  path: 'revenues',
  access: 'view_revenues',
  money: true,
  summary: 'Record money received (not fees) into a payment mode',
  input: revenueInput,
  output: revenueRow,
});

export const amendRevenue = defineCall({
  method: 'PUT',
  path: 'revenues/{id}',
  access: 'view_revenues',
  money: true,
  summary: 'Correct a revenue, with the reason (the audit trail keeps what it was)',
  input: revenueInput.extend({ reason }),
  output: revenueRow,
});

export const voidRevenue = defineCall({
  method: 'DELETE',
  path: 'revenues/{id}',
  access: 'view_revenues',
  money: true,
  summary: 'Void a revenue with a reason; it stays listed as void and leaves every total',
  input: z.object({ reason }),
  output: revenueRow,
});

const amountLine = { count: z.number(), amount: z.number() };
export const revenueReport = defineCall({
  method: 'POST',
  path: 'revenue_report',
  access: 'revenue_report',
  summary: 'Revenues received in a date range by category and source, and by payment mode; xlsx with format',
  input: z.object({ from: isoDate, to: isoDate, category_id: id.optional(), format }),
  output: z.object({
    from: z.string(),
    to: z.string(),
    categories: z.array(
      z.object({
        category_id: z.number(),
        category_name: z.string(),
        ...amountLine,
        sources: z.array(z.object({ source_id: z.number(), source_name: z.string(), ...amountLine })),
      }),
    ),
    modes: z.array(z.object({ mode_id: z.number(), mode_name: z.string(), ...amountLine })),
    total: z.object(amountLine),
  }),
  file: 'xlsx-or-json',
});

/** Revenue calls. */
export const revenueAmendmentList = amendmentsCall(
  'revenue_amendments/{id}',
  'view_revenues',
  "A revenue's amendments, oldest first",
);

export const revenueCalls: Call[] = [
  revenueAmendmentList,
  listRevenues,
  addRevenue,
  amendRevenue,
  voidRevenue,
  revenueReport,
];
