import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { moneyColumns } from '../../money-columns.js';
import { defineResource, schools, schoolTable, tenantColumns } from '../../resource.js';
import { secretText } from '../../secret-column.js';
import { oldStudents } from '../students/old-students.js';
import { students } from '../students/students.js';
import { paymentModeKinds } from './options.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Where money is kept: the cash box, each bank account, mobile money, the aggregator. */
export const paymentModes = schoolTable(
  'payment_modes',
  {
    ...tenantColumns(),
    name: text().notNull(),
    kind: text().notNull().default('cash'),
    accountNo: text('account_no'),
    openingBalance: integer('opening_balance').notNull().default(0),
    openingOn: date('opening_on').notNull(),
    active: boolean().notNull().default(true),
    /** A payment into this mode needs a reference (bank slip, mobile-money transaction id). */
    requiresReference: boolean('requires_reference').notNull().default(false),
  },
  (t) => [uniqueIndex('payment_modes_school_name').on(t.schoolId, sql`lower(${t.name})`)],
);

export const paymentModeResource = defineResource(paymentModes, {
  path: 'payment_options',
  module: 'fees',
  label: { one: 'Payment Mode', many: 'Payment Modes' },
  // The fees desk, revenues, expenses and creditors pick a mode: they read the list without managing it.
  access: {
    read: ['view_payment_modes', 'pay_fees', 'view_revenues', 'add_expenses', 'view_creditors'],
    write: 'view_payment_modes',
  },
  titleField: 'name',
  fields: {
    name: { label: 'Name', max: 80 },
    kind: { label: 'Kind', options: paymentModeKinds, required: true },
    accountNo: { label: 'Account / number', max: 60 },
    openingBalance: { label: 'Opening balance (UGX)', kind: 'money' },
    openingOn: { label: 'Opening date' },
    active: { label: 'In use' },
    requiresReference: {
      label: 'A payment needs a reference',
      help: 'Bank slip or mobile-money transaction id',
      // A new bank account or mobile-money number needs one unless the bursar says otherwise.
      follows: { field: 'kind', values: { cash: false, bank: true, mobile_money: true, aggregator: false } },
    },
  },
  list: {
    columns: ['name', 'kind', 'accountNo', 'openingBalance', 'openingOn', 'active'],
    filters: ['kind', 'active'],
  },
  unique: [['name']],
  calls: ['list', 'create', 'update', 'delete'],
});

/** Money moved between modes (banking the day's cash). A mistake is voided, never deleted. */
export const moneyTransfers = schoolTable(
  'money_transfers',
  {
    ...tenantColumns(),
    fromModeId: integer('from_mode_id')
      .notNull()
      .references(() => paymentModes.id),
    toModeId: integer('to_mode_id')
      .notNull()
      .references(() => paymentModes.id),
    amount: integer().notNull(),
    transferredOn: date('transferred_on').notNull(),
    reference: text(),
    note: text(),
    ...moneyColumns(),
  },
  (t) => [index('money_transfers_school').on(t.schoolId, t.transferredOn)],
);

/**
 * A fees payment and its receipt. Receipt numbers are gapless per school. A wrong payment is voided
 * with a reason (it stays listed, and the ledger shows the reversal); a correction is an amendment.
 */
export const feesPayments = schoolTable(
  'fees_payments',
  {
    ...tenantColumns(),
    receiptNo: integer('receipt_no').notNull(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    amount: integer().notNull(),
    modeId: integer('mode_id')
      .notNull()
      .references(() => paymentModes.id),
    paidOn: date('paid_on').notNull(),
    reference: text(),
    payer: text(),
    /** The term it was received in. */
    year: integer().notNull(),
    term: integer().notNull(),
    cashierId: integer('cashier_id'),
    cashierName: text('cashier_name').notNull(),
    ...moneyColumns(),
    /** The desk's Idempotency-Key: the same key again answers the first payment. */
    idempotencyKey: text('idempotency_key'),
    onlineTransactionId: integer('online_transaction_id'),
  },
  (t) => [
    uniqueIndex('fees_payments_receipt').on(t.schoolId, t.receiptNo),
    uniqueIndex('fees_payments_idempotency').on(t.schoolId, t.idempotencyKey),
    index('fees_payments_student').on(t.schoolId, t.studentId),
    index('fees_payments_paid_on').on(t.schoolId, t.paidOn),
    // The desk refuses a reference already on a valid payment, compared without case or spaces.
    index('fees_payments_reference').on(t.schoolId, sql`lower(replace(${t.reference}, ' ', ''))`),
  ],
);

/**
 * Payments reported by the aggregator (SchoolPay-style), keyed by its receipt number so nothing is
 * imported twice. Matched ones become fees payments; others wait for the bursar.
 */
export const onlineTransactions = schoolTable(
  'online_transactions',
  {
    ...tenantColumns(),
    provider: text().notNull(),
    providerReceiptNo: text('provider_receipt_no').notNull(),
    paymentCode: text('payment_code'),
    studentName: text('student_name'),
    amount: integer().notNull(),
    channel: text(),
    channelTransactionId: text('channel_transaction_id'),
    paidAt: at('paid_at').notNull(),
    raw: jsonb().notNull(),
    /** pending, processed (became a payment) or rejected. */
    status: text().notNull().default('pending'),
    studentId: integer('student_id').references(() => students.id),
    feesPaymentId: integer('fees_payment_id').references(() => feesPayments.id),
    note: text(),
  },
  (t) => [
    uniqueIndex('online_transactions_receipt').on(t.schoolId, t.provider, t.providerReceiptNo),
    index('online_transactions_status').on(t.schoolId, t.status),
  ],
);

/**
 * A school's aggregator account. The API password signs requests and webhooks; it is never shown back.
 * The webhook finds its school by the school code, hence the index.
 */
export const paymentGateways = schoolTable(
  'payment_gateways',
  {
    schoolId: integer('school_id')
      .primaryKey()
      .references(() => schools.id),
    provider: text().notNull().default('schoolpay'),
    schoolCode: text('school_code').notNull(),
    /** Kept sealed with the server's key. */
    apiPassword: secretText('api_password').notNull(),
    /** The payment mode online payments are received into. */
    modeId: integer('mode_id').references(() => paymentModes.id),
    enabled: boolean().notNull().default(true),
    lastSyncedOn: date('last_synced_on'),
  },
  (t) => [index('payment_gateways_school_code').on(t.schoolCode)],
);

/** Payments by old students towards what they owed when they left; their own receipt series. */
export const oldPayments = schoolTable(
  'old_payments',
  {
    ...tenantColumns(),
    receiptNo: integer('receipt_no').notNull(),
    oldStudentId: integer('old_student_id')
      .notNull()
      .references(() => oldStudents.id),
    amount: integer().notNull(),
    modeId: integer('mode_id')
      .notNull()
      .references(() => paymentModes.id),
    paidOn: date('paid_on').notNull(),
    reference: text(),
    payer: text(),
    cashierName: text('cashier_name').notNull(),
    ...moneyColumns(),
  },
  (t) => [
    uniqueIndex('old_payments_receipt').on(t.schoolId, t.receiptNo),
    index('old_payments_student').on(t.schoolId, t.oldStudentId),
    index('old_payments_reference').on(t.schoolId, sql`lower(replace(${t.reference}, ' ', ''))`),
  ],
);
