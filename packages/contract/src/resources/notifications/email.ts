import { boolean, index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { changedAt, schools, schoolTable, tenantColumns } from '../../resource.js';
import { secretText } from '../../secret-column.js';
import { jobs } from '../core/jobs.js';

// Its own file, which the web app never imports, so the tables stay out of the app's chunks.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One e-mail send: subject and text as written, who it went to (in words), who sent it, the job sending it. */
export const emailMessages = schoolTable(
  'email_messages',
  {
    ...tenantColumns(),
    subject: text().notNull(),
    template: text().notNull(),
    audience: text().notNull(),
    /** 'report_card,fee_statement', or empty. */
    attachments: text().notNull().default(''),
    reportKind: text('report_kind'),
    year: integer(),
    term: integer(),
    total: integer().notNull(),
    jobId: integer('job_id').references(() => jobs.id),
    sentBy: text('sent_by').notNull(),
    sentById: integer('sent_by_id'),
    /** 'queued', 'sending', 'done'. */
    status: text().notNull().default('queued'),
    finishedAt: at('finished_at'),
  },
  (t) => [index('email_messages_school_time').on(t.schoolId, t.createdAt)],
);

/**
 * One e-mail to one address, filled for that recipient: queued → sent | failed (the server's reason in
 * `error`). `student_ids` are the students whose documents it carries.
 */
export const emailRecipients = schoolTable(
  'email_recipients',
  {
    ...tenantColumns(),
    messageId: integer('message_id')
      .notNull()
      .references(() => emailMessages.id),
    email: text().notNull(),
    name: text().notNull(),
    studentIds: integer('student_ids').array().notNull().default([]),
    subject: text().notNull(),
    text: text().notNull(),
    /** File names attached. */
    attachmentNames: text('attachment_names').array().notNull().default([]),
    status: text().notNull().default('queued'),
    error: text(),
    sentAt: at('sent_at'),
  },
  (t) => [
    index('email_recipients_message').on(t.schoolId, t.messageId, t.status),
    index('email_recipients_school_time').on(t.schoolId, t.createdAt),
  ],
);

/** A school's own SMTP server; without a host the server's SMTP_URL is used. */
export const emailAccounts = schoolTable('email_accounts', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id),
  host: text(),
  port: integer(),
  secure: boolean().notNull().default(false),
  username: text(),
  /** Kept sealed with the server's key. */
  password: secretText(),
  fromAddress: text('from_address'),
  updatedAt: changedAt(),
});
