import { z } from 'zod';
import { type Call, defineCall, noInput } from '../call.js';
import { moneyStatusRow } from '../money-columns.js';
import { amendmentsCall, id, money, optionalDate, optionalText, paging, reason } from './fields.js';

/** What the payment desk sends. */
export const feesPaymentInput = z.object({
  student_id: id,
  amount: money,
  mode_id: id,
  paid_on: optionalDate,
  reference: optionalText(100),
  payer: optionalText(120),
  /** The bursar confirms an amount far above the balance (more than the balance plus a term's fees). */
  confirm: z.boolean().optional(),
});

/** One fees payment as lists and the desk show it. */
export const feesPaymentRow = z.object({
  id: z.number(),
  receipt_no: z.number(),
  student_id: z.number(),
  student_name: z.string(),
  admission_no: z.string(),
  payment_code: z.string().nullable(),
  class_name: z.string(),
  amount: z.number(),
  mode_id: z.number(),
  mode_name: z.string(),
  paid_on: z.string(),
  reference: z.string().nullable(),
  payer: z.string().nullable(),
  year: z.number(),
  term: z.number(),
  cashier_name: z.string(),
  ...moneyStatusRow,
  created_at: z.string(),
});
export type FeesPaymentRow = z.infer<typeof feesPaymentRow>;

/** Filters of the payments lists, receipts and export. */
export const feesPaymentFilters = z.object({
  ...paging,
  from: optionalDate,
  to: optionalDate,
  mode_id: id.optional(),
  class_id: id.optional(),
  student_id: id.optional(),
  status: z.enum(['valid', 'void']).optional(),
  cashier: z.string().trim().max(120).optional(),
  search: z.string().trim().max(100).optional(),
});

const paymentList = z.array(feesPaymentRow);
const totals = z.object({ count: z.number(), amount: z.number() });

export const addFeesPayment = defineCall({
  method: 'POST',
  path: 'fees_payments',
  access: 'pay_fees',
  money: true,
  summary:
    'Take a fees payment (the next receipt number). An Idempotency-Key header sent again answers the first payment, ' +
    'or 422 when the body differs. A mode may require a reference; a reference already on another valid payment is ' +
    'refused (202); an amount above the balance plus a term’s fees answers 202 with confirm: true until sent with confirm',
  input: feesPaymentInput,
  output: z.number(),
});
export const feesReceipt = defineCall({
  method: 'GET',
  path: 'fees_payments/{id}',
  // The desk prints the receipt of the payment it has just taken.
  access: ['view_fees_receipt', 'pay_fees'],
  summary: 'The receipt of a payment as a PDF (A5, or 80 mm thermal as the school chooses)',
  input: noInput,
  output: z.unknown(),
  file: 'pdf' as const,
});
export const amendFeesPayment = defineCall({
  method: 'PUT',
  path: 'fees_payments/{id}',
  access: 'view_fees_payments',
  money: true,
  summary: 'Amend a payment (mode, reference, payer, date, amount) with a reason; the original is kept',
  input: z.object({
    amount: money.optional(),
    mode_id: id.optional(),
    paid_on: optionalDate,
    reference: optionalText(100),
    payer: optionalText(120),
    reason,
  }),
  output: feesPaymentRow,
});
export const voidFeesPayment = defineCall({
  method: 'POST',
  path: 'delete_fees_payment',
  access: 'view_fees_payments',
  money: true,
  summary: 'Void a payment with a reason: it stays listed as void and leaves every total',
  input: z.object({ id, reason }),
  output: feesPaymentRow,
});
/**
 * The payments screen: a paged list like every other ({ data: rows, page, per_page, total }) with the
 * totals of the filtered valid payments beside it; `id` picks one payment (its own screen).
 */
export const viewFeesPayments = defineCall({
  method: 'POST',
  path: 'view_fees_payments',
  // The desk reads back the receipt number of the payment it has just taken.
  access: ['view_fees_payments', 'pay_fees'],
  summary: 'Payments, paged and filtered, with the totals of the filtered valid payments',
  input: feesPaymentFilters.extend({ id: id.optional() }),
  output: paymentList,
  paged: true as const,
  totals,
});
export const listFeesReceipts = defineCall({
  method: 'POST',
  path: 'fees_receipts',
  access: 'view_fees_receipt',
  summary: 'Receipts issued, newest first, paged and filtered',
  input: feesPaymentFilters,
  output: paymentList,
  paged: true as const,
});
export const searchFeesReceipt = defineCall({
  method: 'POST',
  path: 'search_fees_receipt',
  access: 'view_fees_receipt',
  summary: 'Find receipts by receipt number, student name, admission number, payment code or reference',
  input: z.object({ search: z.string().trim().min(1, 'Type what to search for').max(100) }),
  output: paymentList,
});
export const exportFeesPayments = defineCall({
  method: 'POST',
  path: 'export_fees_payments',
  access: 'view_fees_payments',
  summary: 'The filtered payments as a spreadsheet (fees_summary.xlsx)',
  input: feesPaymentFilters,
  output: z.unknown(),
  file: 'xlsx' as const,
});
export const studentPayments = defineCall({
  method: 'POST',
  path: 'student_payments',
  access: 'view_fees_payments',
  summary: "A student's payments with their receipts, newest first, and the balance now",
  input: z.object({ student_id: id }),
  output: z.object({ payments: paymentList, total_paid: z.number(), balance: z.number().nullable() }),
});

/** One line of a payment mode's statement. */
export const statementLine = z.object({
  date: z.string(),
  kind: z.enum([
    'fees_payment',
    'old_payment',
    'revenue',
    'expense',
    'credit_cleared',
    'transfer_in',
    'transfer_out',
    'asset_purchase',
    'other',
  ]),
  description: z.string(),
  /** The line undoes an earlier one (a void or the old side of an amendment), dated the day it was done. */
  reversal: z.boolean(),
  reference: z.string().nullable(),
  money_in: z.number(),
  money_out: z.number(),
  balance: z.number(),
});
export const paymentModeStatement = defineCall({
  method: 'GET',
  path: 'payment_options/{id}',
  access: 'view_payment_modes',
  summary:
    "A payment mode's statement for a date range: opening balance, every movement with a running balance, totals",
  input: z.object({ from: optionalDate, to: optionalDate }),
  output: z.object({
    mode: z.object({ id: z.number(), name: z.string(), kind: z.string(), account_no: z.string().nullable() }),
    from: z.string(),
    to: z.string(),
    opening_balance: z.number(),
    lines: z.array(statementLine),
    total_in: z.number(),
    total_out: z.number(),
    closing_balance: z.number(),
  }),
});

export const moneyTransferRow = z.object({
  id: z.number(),
  from_mode_id: z.number(),
  from_mode_name: z.string(),
  to_mode_id: z.number(),
  to_mode_name: z.string(),
  amount: z.number(),
  transferred_on: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  ...moneyStatusRow,
});
export const listMoneyTransfers = defineCall({
  method: 'GET',
  path: 'money_transfers',
  access: 'view_payment_modes',
  summary: 'Money moved between payment modes, newest first',
  input: z.object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(500).default(50),
    from: optionalDate,
    to: optionalDate,
    mode_id: z.coerce.number().int().positive().optional(),
  }),
  output: z.array(moneyTransferRow),
  paged: true as const,
});
export const addMoneyTransfer = defineCall({
  method: 'POST',
  path: 'money_transfers',
  access: 'view_payment_modes',
  money: true,
  summary: 'Move money from one payment mode to another (banking the day’s cash)',
  input: z.object({
    from_mode_id: id,
    to_mode_id: id,
    amount: money,
    transferred_on: optionalDate,
    reference: optionalText(100),
    note: optionalText(500),
  }),
  output: moneyTransferRow,
});
export const voidMoneyTransfer = defineCall({
  method: 'DELETE',
  path: 'money_transfers/{id}',
  access: 'view_payment_modes',
  money: true,
  summary: 'Void a transfer with a reason; it stays listed as void',
  input: z.object({ reason: z.string().trim().min(3, 'Give the reason').max(500) }),
  output: moneyTransferRow,
});

/** Old students' payments. */
export const oldPaymentRow = z.object({
  id: z.number(),
  receipt_no: z.number(),
  old_student_id: z.number(),
  student_name: z.string(),
  admission_no: z.string().nullable(),
  amount: z.number(),
  mode_id: z.number(),
  mode_name: z.string(),
  paid_on: z.string(),
  reference: z.string().nullable(),
  payer: z.string().nullable(),
  cashier_name: z.string(),
  ...moneyStatusRow,
  created_at: z.string(),
});
export const addOldPayment = defineCall({
  method: 'POST',
  path: 'old_payments',
  access: 'pay_fees',
  money: true,
  summary: 'Record a payment by an old student (its own receipt series)',
  input: z.object({
    old_student_id: id,
    amount: money,
    mode_id: id,
    paid_on: optionalDate,
    reference: optionalText(100),
    payer: optionalText(120),
  }),
  output: oldPaymentRow,
});
export const amendOldPayment = defineCall({
  method: 'PUT',
  path: 'old_payments/{id}',
  access: 'view_fees_payments',
  money: true,
  summary: "Amend an old student's payment",
  input: z.object({
    amount: money.optional(),
    mode_id: id.optional(),
    paid_on: optionalDate,
    reference: optionalText(100),
    payer: optionalText(120),
    reason: reason.optional(),
  }),
  output: oldPaymentRow,
});
export const voidOldPayment = defineCall({
  method: 'POST',
  path: 'delete_old_payment',
  access: 'view_fees_payments',
  money: true,
  summary: "Void an old student's payment with a reason",
  input: z.object({ id, reason }),
  output: oldPaymentRow,
});
export const oldReceipt = defineCall({
  method: 'GET',
  path: 'old_payments/{id}',
  access: 'view_students',
  summary: "An old student's receipt as a PDF",
  input: noInput,
  output: z.unknown(),
  file: 'pdf' as const,
});
export const listOldReceipts = defineCall({
  method: 'POST',
  path: 'old_receipts',
  access: 'view_students',
  summary: "Old students' receipts, newest first, paged",
  input: z.object({
    ...paging,
    from: optionalDate,
    to: optionalDate,
    old_student_id: id.optional(),
    search: z.string().trim().max(100).optional(),
  }),
  output: z.array(oldPaymentRow),
  paged: true as const,
});

export const feesPaymentAmendmentList = amendmentsCall(
  'fees_payment_amendments/{id}',
  ['view_fees_payments', 'pay_fees'],
  "A payment's amendments, oldest first (the original stays readable)",
);
export const oldPaymentAmendmentList = amendmentsCall(
  'old_payment_amendments/{id}',
  ['view_students', 'pay_fees'],
  "An old student's payment's amendments, oldest first",
);

/** Fees calls: payments (issue 4). */
export const feesPaymentsCalls: Call[] = [
  addFeesPayment,
  feesReceipt,
  amendFeesPayment,
  voidFeesPayment,
  viewFeesPayments,
  listFeesReceipts,
  searchFeesReceipt,
  exportFeesPayments,
  studentPayments,
  paymentModeStatement,
  listMoneyTransfers,
  addMoneyTransfer,
  voidMoneyTransfer,
  addOldPayment,
  amendOldPayment,
  voidOldPayment,
  oldReceipt,
  listOldReceipts,
  feesPaymentAmendmentList,
  oldPaymentAmendmentList,
];
