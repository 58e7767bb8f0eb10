import { z } from 'zod';
import { type Call, defineCall, noInput } from '../call.js';
import { id } from './fields.js';

/** One transaction reported by the aggregator, as the bursar's lists show it. */
export const onlineTransactionRow = z.object({
  id: z.number(),
  provider: z.string(),
  provider_receipt_no: z.string(),
  payment_code: z.string().nullable(),
  student_name: z.string().nullable(),
  amount: z.number(),
  channel: z.string().nullable(),
  channel_transaction_id: z.string().nullable(),
  paid_at: z.string(),
  status: z.string(),
  student_id: z.number().nullable(),
  /** The name of the student the payment was receipted to (the payer may have written another). */
  matched_name: z.string().nullable(),
  fees_payment_id: z.number().nullable(),
  receipt_no: z.number().nullable(),
  note: z.string().nullable(),
});
export type OnlineTransactionRow = z.infer<typeof onlineTransactionRow>;

/** The school's aggregator account as shown: never the password, only whether one is set. */
export const paymentGatewayView = z.object({
  provider: z.string(),
  school_code: z.string(),
  mode_id: z.number().nullable(),
  enabled: z.boolean(),
  last_synced_on: z.string().nullable(),
  has_password: z.boolean(),
  /** Where the school registers its webhook in the provider's portal (relative to the server). */
  webhook_path: z.string(),
});

export const onlinePendingPayments = defineCall({
  method: 'GET',
  path: 'online_pending_payments',
  // The Pending Online Payments screen is the desk's (pay_fees): the cashier matches them, so lists them.
  access: ['pay_fees', 'view_fees_payments'],
  summary: 'Online transactions waiting for the bursar: not matched to a student yet',
  input: noInput,
  output: z.array(onlineTransactionRow),
});

export const getOnlinePayments = defineCall({
  method: 'GET',
  path: 'get_online_payments',
  access: 'pay_fees',
  money: true,
  summary:
    'Check for new online payments: pull from the aggregator since the last sync, import each receipt once, turn matched ones into fees payments; 202 "No New Payments Received" when nothing new',
  input: noInput,
  output: z.object({ imported: z.number(), processed: z.number(), pending: z.number() }),
});

export const onlinePayments = defineCall({
  method: 'POST',
  path: 'online_payments',
  access: 'view_fees_payments',
  summary: 'Online transactions that became fees payments, newest first, paged',
  input: z.object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(500).default(50),
    search: z.string().trim().max(100).optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  }),
  output: z.array(onlineTransactionRow),
  paged: true,
});

export const matchOnlinePayment = defineCall({
  method: 'POST',
  path: 'match_online_payment',
  access: 'pay_fees',
  money: true,
  summary: 'Assign a pending online transaction to a student; it becomes a fees payment with a receipt',
  input: z.object({ id, student_id: id }),
  output: onlineTransactionRow,
});

export const rejectOnlinePayment = defineCall({
  method: 'POST',
  path: 'reject_online_payment',
  access: 'pay_fees',
  money: true,
  summary: 'Set a pending online transaction aside with a reason (it never becomes a payment)',
  input: z.object({ id, reason: z.string().trim().min(3, 'Give a reason').max(500) }),
  output: onlineTransactionRow,
});

export const getPaymentGateway = defineCall({
  method: 'GET',
  path: 'payment_gateway',
  access: 'general_settings',
  summary: "The school's aggregator account (the API password is never sent back)",
  input: noInput,
  output: paymentGatewayView.nullable(),
});

export const savePaymentGateway = defineCall({
  method: 'PUT',
  path: 'payment_gateway',
  access: 'general_settings',
  money: true,
  summary:
    "Set the school's aggregator account; leave api_password out to keep the one saved. The provider's address is the server's (SCHOOLPAY_URL), never the school's",
  input: z.object({
    provider: z.literal('schoolpay').default('schoolpay'),
    school_code: z.string().trim().min(1).max(40),
    api_password: z.string().min(4).max(200).optional(),
    mode_id: id.nullable().optional(),
    enabled: z.boolean().default(true),
    last_synced_on: z.iso.date().nullable().optional(),
  }),
  output: paymentGatewayView,
});

/** What the aggregator posts (SchoolPay: {signature, type, payment:{…}}); checked by signature. */
export const onlineWebhook = defineCall({
  method: 'POST',
  path: 'online/webhook/{code}',
  access: 'public',
  summary: 'Signed webhook of the aggregator (SHA-256 of password and receipt number); answers 200 at once',
  input: z.object({
    signature: z.string().max(200),
    type: z.string().max(40).optional(),
    payment: z.record(z.string(), z.unknown()),
  }),
  output: z.object({ received: z.boolean() }),
});

/** Fees calls: online (issue 4). */
export const feesOnlineCalls: Call[] = [
  onlinePendingPayments,
  getOnlinePayments,
  onlinePayments,
  matchOnlinePayment,
  rejectOnlinePayment,
  getPaymentGateway,
  savePaymentGateway,
  onlineWebhook,
];
