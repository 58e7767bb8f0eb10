import { z } from 'zod';
import { type Call, defineCall } from '../call.js';
import { reportCardsInput, reportKinds } from './exams-reports.js';
import { id } from './fields.js';

/**
 * SMS to guardians from where the school's work happens (issue 15 §4): fee reminders from
 * `/fees/summary` and results from the report-card screens. Both preview first (`send: false`: the
 * count, the credits and the first messages) and send as the Notification Center's job; a send larger
 * than the credit left is refused (202) with the figures.
 */
export const feesReminderTemplate =
  'Dear {guardian}, {student} ({class}) has a fees balance of {balance} at {school}. Please pay at the earliest. Thank you.';
export const resultsTemplate = 'Dear {guardian}, {student} ({class}) {term} result: {division}. {school}';

/** The placeholders of a reminder, and of a result (each filled per student). */
export const reminderPlaceholders = ['guardian', 'student', 'class', 'balance', 'school'] as const;
export const resultPlaceholders = [
  'guardian',
  'student',
  'class',
  'term',
  'division',
  'aggregate',
  'points',
  'average',
  'position',
  'school',
] as const;

const message = z.string({ error: 'Write the message' }).trim().min(1, 'Write the message').max(1600);
/** false (the default): only the figures and the first messages; true: send. */
const send = z.boolean().default(false);
/** A send is first answered with its cost as a question (202 `confirm`); sent again with `confirm: true`, it goes. */
const confirm = z.boolean().default(false);

export const guardianSendOutput = z.object({
  recipients: z.number(),
  credits: z.number(),
  balance: z.number(),
  enough: z.boolean(),
  /** Students whose guardian has no usable phone number. */
  without_phone: z.number(),
  preview: z.array(z.object({ name: z.string(), phone: z.string(), text: z.string(), parts: z.number() })),
  /** Once sent: the send (Notification Center report) and its job (progress). */
  message_id: z.number().nullable(),
  job_id: z.number().nullable(),
});
export type GuardianSendOutput = z.infer<typeof guardianSendOutput>;

export const feesReminders = defineCall({
  method: 'POST',
  path: 'fees_reminders',
  access: 'fees_collection_summary',
  summary:
    "Remind the guardians of the summary's defaulters (the same class, stream and minimum balance), each with their own balance; preview unless send",
  input: z.object({
    class_id: id.optional(),
    stream_id: id.optional(),
    min_balance: z.number().int().min(0).default(0),
    message,
    send,
    confirm,
  }),
  output: guardianSendOutput,
});

const kindValues = reportKinds.map((k) => k.value) as [
  (typeof reportKinds)[number]['value'],
  ...(typeof reportKinds)[number]['value'][],
];

export const resultsSms = defineCall({
  method: 'POST',
  path: 'report_card_sms',
  // And the flag of the layout's own screen, as printing checks it.
  access: ['manage_report_cards2', 'manage_report_cards20'],
  summary:
    "Send each guardian the student's result of the report cards (division, points or result per the scheme); preview unless send",
  input: reportCardsInput.extend({ kind: z.enum(kindValues), message, send, confirm }),
  output: guardianSendOutput,
});

export const guardianSmsCalls: Call[] = [feesReminders, resultsSms];
