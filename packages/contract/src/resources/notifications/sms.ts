import { boolean, date, index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { changedAt, schools, schoolTable, tenantColumns } from '../../resource.js';
import { jobs } from '../core/jobs.js';
import { expenses } from '../expenses/expenses.js';
import { paymentModes } from '../fees/money.js';
import { students } from '../students/students.js';

// Its own file, which the web app never imports, so the tables stay out of the app's chunks.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * SMS credit the school bought: a package of the catalogue or a custom number of credits, paid from a
 * payment mode (the payment is an expense, `expense_id`, posted to the journal like any other).
 */
export const smsPackages = schoolTable(
  'sms_packages',
  {
    ...tenantColumns(),
    name: text().notNull(),
    credits: integer().notNull(),
    /** UGX paid; 0 for credit given free (the demo's opening gift). */
    price: integer().notNull().default(0),
    modeId: integer('mode_id').references(() => paymentModes.id),
    expenseId: integer('expense_id').references(() => expenses.id),
    boughtOn: date('bought_on', { mode: 'string' }).notNull(),
    reference: text(),
    boughtBy: text('bought_by').notNull(),
    /**
     * 'confirmed' counts in the balance. On a server whose gateway account is the service's, a school's "buy"
     * is 'requested' (no credit, no payment yet) until the service confirms it (the payment is recorded then)
     * or declines it ('declined', with `decisionNote`).
     */
    status: text().$type<'requested' | 'confirmed' | 'declined'>().notNull().default('confirmed'),
    decidedBy: text('decided_by'),
    decidedAt: at('decided_at'),
    decisionNote: text('decision_note'),
  },
  (t) => [index('sms_packages_school_day').on(t.schoolId, t.boughtOn)],
);

/** One send: the template as written, who it went to (in words), who sent it, the job sending it. */
export const smsMessages = schoolTable(
  'sms_messages',
  {
    ...tenantColumns(),
    template: text().notNull(),
    /** "Guardians of S2 East", "Staff", "Typed numbers". */
    audience: text().notNull(),
    total: integer().notNull(),
    /** Credits reserved when it was started (parts × recipients). */
    credits: integer().notNull(),
    jobId: integer('job_id').references(() => jobs.id),
    sentBy: text('sent_by').notNull(),
    sentById: integer('sent_by_id'),
    /** 'queued', 'sending', 'done', 'failed' (its job gave up: what was still waiting is refunded). */
    status: text().notNull().default('queued'),
    finishedAt: at('finished_at'),
  },
  (t) => [index('sms_messages_school_time').on(t.schoolId, t.createdAt)],
);

/**
 * One message to one number, its text filled for that recipient. Status: queued (credits reserved) →
 * sending (handed to the gateway) → sent (the gateway accepted it) → delivered | undelivered (its
 * delivery report); or rejected (the gateway refused the number) | failed (never handed over, or the
 * gateway said it failed): those two are refunded; or unknown (no answer in time: it may have gone;
 * charged, never resent automatically, settled by a delivery report).
 */
export const smsRecipients = schoolTable(
  'sms_recipients',
  {
    ...tenantColumns(),
    messageId: integer('message_id')
      .notNull()
      .references(() => smsMessages.id),
    phone: text().notNull(),
    name: text().notNull(),
    studentId: integer('student_id').references(() => students.id),
    text: text().notNull(),
    parts: integer().notNull(),
    status: text().notNull().default('queued'),
    /** The gateway's id of the message (its delivery reports name it) and its last word on it. */
    gatewayId: text('gateway_id'),
    gatewayStatus: text('gateway_status'),
    cost: text(),
    sentAt: at('sent_at'),
  },
  (t) => [
    index('sms_recipients_message').on(t.schoolId, t.messageId, t.status),
    index('sms_recipients_school_time').on(t.schoolId, t.createdAt),
    index('sms_recipients_gateway').on(t.gatewayId),
  ],
);

/** A school's SMS account: `log_only` sends nothing over the network (the demo school). */
export const smsAccounts = schoolTable('sms_accounts', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id),
  logOnly: boolean('log_only').notNull().default(false),
  updatedAt: changedAt(),
});
