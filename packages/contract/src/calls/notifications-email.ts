import { z } from 'zod';
import { type Call, defineCall, noInput } from '../call.js';
import type { CallAccess } from '../permissions.js';
import { reportKinds } from './exams-reports.js';
import { id, money, optionalText, queryId, queryPaging } from './fields.js';

/** Who an e-mail goes to: the SMS audiences, with typed addresses instead of typed numbers. */
export const emailAudiences = ['guardians', 'class', 'boarders', 'day', 'owing', 'staff', 'addresses'] as const;
export type EmailAudience = (typeof emailAudiences)[number];

/** One e-mail's state: queued until the job has tried it; failed carries the server's reason in words. */
export const emailStatuses = ['queued', 'sent', 'failed'] as const;
export type EmailStatus = (typeof emailStatuses)[number];

/** Documents an e-mail to a guardian may carry, one per student they are sent about. */
export const emailAttachments = ['report_card', 'fee_statement'] as const;
export type EmailAttachment = (typeof emailAttachments)[number];

/** Who may attach each document: who may print it (report cards, a student's fees ledger). */
export const emailAttachmentAccess: Record<EmailAttachment, CallAccess> = {
  report_card: ['manage_report_cards2', 'manage_report_cards20'],
  fee_statement: 'view_fees_payments',
};

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const reportKindValues = reportKinds.map((k) => k.value) as [string, ...string[]];

/** What the e-mail form posts; `preview: true` answers the count and the first e-mails without sending. */
export const emailInput = z.object({
  audience: z.enum(emailAudiences, { error: 'Choose who receives it' }),
  class_id: z.preprocess(blankToUndefined, id.optional()),
  stream_id: z.preprocess(blankToUndefined, id.optional()),
  min_balance: z.preprocess(blankToUndefined, money.min(0, 'Enter 0 or more').optional()),
  /** For `addresses`: e-mail addresses separated by commas, semicolons or lines. */
  addresses: optionalText(20_000),
  subject: z.string({ error: 'Write the subject' }).trim().min(1, 'Write the subject').max(200),
  message: z.string({ error: 'Write the message' }).trim().min(1, 'Write the message').max(20_000),
  attachments: z.array(z.enum(emailAttachments)).max(2).default([]),
  /** The report card's layout, and its term (the current term when left out). */
  report_kind: z.preprocess(blankToUndefined, z.enum(reportKindValues).optional()),
  year: z.preprocess(blankToUndefined, z.number().int().min(2000).max(2100).optional()),
  term: z.preprocess(blankToUndefined, z.number().int().min(1).max(3).optional()),
  preview: z.boolean().optional(),
});
export type EmailInput = z.infer<typeof emailInput>;

export const sendEmailCall = defineCall({
  method: 'POST',
  path: 'send_email',
  access: 'send_emails',
  summary:
    'E-mail the chosen recipients as a background job (each address once; people without an address are listed as skipped); with preview: true, only the count and the first e-mails filled in',
  input: emailInput,
  output: z.object({
    recipients: z.number(),
    duplicates: z.number(),
    /** People with no usable address, and typed entries that are not addresses. */
    skipped: z.number(),
    skipped_list: z.array(z.object({ name: z.string(), reason: z.string() })),
    /** Attachments the send will carry in all (each student's documents). */
    attachments: z.number(),
    preview: z.array(z.object({ name: z.string(), email: z.string(), subject: z.string(), text: z.string() })),
    /** Null for a preview. */
    message_id: z.number().nullable(),
    job_id: z.number().nullable(),
  }),
});

export const emailRow = z.object({
  id: z.number(),
  message_id: z.number(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  text: z.string(),
  /** File names of what it carried. */
  attachments: z.array(z.string()),
  status: z.enum(emailStatuses),
  error: z.string().nullable(),
  sent_by: z.string(),
  audience: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type EmailRow = z.infer<typeof emailRow>;

export const sentEmails = defineCall({
  method: 'GET',
  path: 'sent_emails',
  access: 'send_emails',
  summary: 'Every e-mail sent (one per address), newest first, with who sent it, its status and the counts by status',
  input: z.object({
    ...queryPaging,
    status: z.preprocess(blankToUndefined, z.enum(emailStatuses).optional()),
    message_id: queryId,
    search: optionalText(100),
  }),
  output: z.array(emailRow),
  paged: true as const,
  totals: z.object({ count: z.number(), queued: z.number(), sent: z.number(), failed: z.number() }),
});

/** The school's own mail server; the password is never sent back (`has_password` says whether one is kept). */
export const emailSettingsOutput = z.object({
  host: z.string().nullable(),
  port: z.number().nullable(),
  secure: z.boolean(),
  username: z.string().nullable(),
  has_password: z.boolean(),
  from_address: z.string().nullable(),
  /** 'school' (these settings), 'server' (the server's SMTP_URL) or 'none'. */
  using: z.enum(['school', 'server', 'none']),
});

export const getEmailSettings = defineCall({
  method: 'GET',
  path: 'email_settings',
  // Who sends sees which server sends; only an administrator changes it.
  access: 'send_emails',
  summary: "The school's SMTP server for e-mails (without its password) and which server sending uses",
  input: noInput,
  output: emailSettingsOutput,
});

export const saveEmailSettings = defineCall({
  method: 'PUT',
  path: 'email_settings',
  access: 'admin',
  summary:
    "Set the school's SMTP server; an empty password keeps the one kept, an empty host goes back to the server's",
  input: z.object({
    host: optionalText(200),
    port: z.preprocess(blankToUndefined, z.number().int().min(1).max(65_535).optional()),
    secure: z.boolean().default(false),
    username: optionalText(200),
    password: optionalText(200),
    from_address: z.preprocess(
      (v) => (v === '' ? null : v),
      z.email('Enter a valid e-mail address').max(200).nullable().optional(),
    ),
  }),
  output: emailSettingsOutput,
});

/** Notification calls: e-mail (issue 15 §2). */
export const emailCalls: Call[] = [sendEmailCall, sentEmails, getEmailSettings, saveEmailSettings];
