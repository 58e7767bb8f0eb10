import { z } from 'zod';
import { type Call, defineCall, noInput } from '../call.js';
import { id, money, optionalDate, optionalText, paging, queryPaging } from './fields.js';

/** Who a message goes to. Guardians' numbers come from their students (one message per number). */
export const smsAudiences = ['guardians', 'class', 'boarders', 'day', 'owing', 'staff', 'numbers'] as const;
export type SmsAudience = (typeof smsAudiences)[number];

/**
 * A message's state: queued, sending, sent, delivered, undelivered and unknown are charged; rejected and
 * failed are refunded. `sending`: handed to the gateway, no answer yet; `unknown`: the gateway did not
 * answer in time, so it may have sent it: never resent automatically, settled by its delivery report.
 */
export const smsStatuses = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'unknown',
  'rejected',
  'failed',
] as const;
export type SmsStatus = (typeof smsStatuses)[number];

/** The placeholders a template may use, filled per recipient. */
export const smsPlaceholders = ['student', 'guardian', 'class', 'balance', 'school', 'name'] as const;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** What the send form posts (the preview takes the same). */
export const smsInput = z.object({
  audience: z.enum(smsAudiences, { error: 'Choose who receives it' }),
  /** For `class` (and to narrow guardians, boarders, day scholars, owing). */
  class_id: z.preprocess(blankToUndefined, id.optional()),
  stream_id: z.preprocess(blankToUndefined, id.optional()),
  /** For `owing`: students whose balance is more than this (UGX). */
  min_balance: z.preprocess(blankToUndefined, money.min(0, 'Enter 0 or more').optional()),
  /** For `numbers`: phones separated by commas, spaces or lines. */
  numbers: optionalText(20_000),
  message: z.string({ error: 'Write the message' }).trim().min(1, 'Write the message').max(1600),
});
export type SmsInput = z.infer<typeof smsInput>;

const previewLine = z.object({ name: z.string(), phone: z.string(), text: z.string(), parts: z.number() });

export const smsCount = defineCall({
  method: 'POST',
  path: 'sms_num',
  access: 'send_sms',
  summary:
    'Preview a send: recipients (duplicates once), messages, credits it will use (parts × recipients), the balance, and the first messages filled in',
  input: smsInput,
  output: z.object({
    recipients: z.number(),
    credits: z.number(),
    balance: z.number(),
    enough: z.boolean(),
    /** 'gsm' (160 a message, 153 a part) or 'unicode' (70, 67). */
    encoding: z.enum(['gsm', 'unicode']),
    /** The template's own length and parts (before the placeholders are filled). */
    characters: z.number(),
    parts: z.number(),
    /** Students or staff with no usable number; typed entries that are not phone numbers. */
    without_phone: z.number(),
    invalid: z.array(z.string()),
    duplicates: z.number(),
    preview: z.array(previewLine),
  }),
});

export const sendSmsCall = defineCall({
  method: 'POST',
  path: 'send_msg',
  access: 'send_sms',
  summary:
    'Send a message to the chosen recipients as a background job: first answered with its cost as a question (202 with confirm: true), sent when posted again with confirm: true; refused (202) when the credits needed exceed the balance',
  input: smsInput.extend({ confirm: z.boolean().default(false) }),
  output: z.object({ message_id: z.number(), job_id: z.number(), recipients: z.number(), credits: z.number() }),
});

export const smsPackageRow = z.object({
  id: z.number(),
  name: z.string(),
  credits: z.number(),
  price: z.number(),
  mode_id: z.number().nullable(),
  mode: z.string().nullable(),
  expense_id: z.number().nullable(),
  bought_on: z.string(),
  reference: z.string().nullable(),
  bought_by: z.string(),
  /** 'requested' waits for the service to confirm it (no credit yet); 'declined' says why in `decision_note`. */
  status: z.enum(['requested', 'confirmed', 'declined']),
  decided_by: z.string().nullable(),
  decision_note: z.string().nullable(),
});
export type SmsPackageRow = z.infer<typeof smsPackageRow>;

export const smsCatalogueItem = z.object({
  key: z.string(),
  name: z.string(),
  credits: z.number(),
  price: z.number(),
});

export const smsPackagesCall = defineCall({
  method: 'GET',
  path: 'sms_packages',
  // Who sends sees the credit left; who buys sees what was bought.
  access: ['send_sms', 'buy_sms_packages'],
  summary: "The school's SMS credit: balance, bought, used, the packages bought and the catalogue",
  input: noInput,
  output: z.object({
    balance: z.number(),
    bought: z.number(),
    used: z.number(),
    refunded: z.number(),
    /** 'gateway' or 'log' (nothing leaves the server: the demo school, or no gateway configured). */
    gateway: z.enum(['gateway', 'log']),
    /** True: the school records the credit it buys itself; false: a purchase is a request the service confirms. */
    records_own_credit: z.boolean(),
    packages: z.array(smsPackageRow),
    catalogue: z.array(smsCatalogueItem),
  }),
});

export const buySmsPackage = defineCall({
  method: 'POST',
  path: 'sms_packages',
  access: 'buy_sms_packages',
  money: true,
  summary:
    'Record SMS credit bought: a catalogue package or a custom number of credits and price, paid from a payment mode (an expense posted to the journal)',
  input: z.object({
    package: z.preprocess(blankToUndefined, z.string().max(40).optional()),
    credits: z.preprocess(
      blankToUndefined,
      z.number().int('Enter a whole number').min(1, 'At least one credit').max(10_000_000).optional(),
    ),
    price: z.preprocess(blankToUndefined, money.optional()),
    mode_id: id,
    bought_on: optionalDate,
    reference: optionalText(100),
  }),
  output: smsPackageRow,
});

export const smsSendRow = z.object({
  id: z.number(),
  template: z.string(),
  audience: z.string(),
  sent_by: z.string(),
  created_at: z.string(),
  status: z.string(),
  job_id: z.number().nullable(),
  total: z.number(),
  queued: z.number(),
  sending: z.number(),
  sent: z.number(),
  delivered: z.number(),
  undelivered: z.number(),
  unknown: z.number(),
  rejected: z.number(),
  failed: z.number(),
  /** Credits charged now (refunds taken off). */
  credits: z.number(),
  refunded: z.number(),
});
export type SmsSendRow = z.infer<typeof smsSendRow>;

export const sentSms = defineCall({
  method: 'GET',
  path: 'sent_sms',
  access: 'send_sms',
  summary: 'Sends, newest first, each with its counts by status and its credits',
  input: z.object({ ...queryPaging }),
  output: z.array(smsSendRow),
  paged: true as const,
});

export const smsRecipientRow = z.object({
  id: z.number(),
  message_id: z.number(),
  name: z.string(),
  phone: z.string(),
  text: z.string(),
  parts: z.number(),
  status: z.enum(smsStatuses),
  gateway_status: z.string().nullable(),
  sent_by: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type SmsRecipientRow = z.infer<typeof smsRecipientRow>;

const statusCounts = z.object({
  count: z.number(),
  queued: z.number(),
  sending: z.number(),
  sent: z.number(),
  delivered: z.number(),
  undelivered: z.number(),
  unknown: z.number(),
  rejected: z.number(),
  failed: z.number(),
  credits: z.number(),
});

export const sentNotifications = defineCall({
  method: 'POST',
  path: 'sent_notifications',
  access: 'send_sms',
  summary: 'Every message sent (one per recipient), newest first, filtered, with the counts by status',
  input: z.object({
    ...paging,
    from: optionalDate,
    to: optionalDate,
    status: z.preprocess(blankToUndefined, z.enum(smsStatuses).optional()),
    message_id: z.preprocess(blankToUndefined, id.optional()),
    search: optionalText(100),
  }),
  output: z.array(smsRecipientRow),
  paged: true as const,
  totals: statusCounts,
});

/** The gateway's delivery report (Africa's Talking posts id, status, phoneNumber, failureReason…). */
export const smsDeliveryReport = defineCall({
  method: 'POST',
  path: 'sms/delivery/{token}',
  access: 'public',
  summary:
    "Delivery reports from the SMS gateway: the URL carries the server's secret (SMS_CALLBACK_TOKEN); form-encoded or JSON",
  input: z.object({
    id: z.string().trim().min(1).max(200),
    status: z.string().trim().min(1).max(60),
    phoneNumber: z.string().max(40).optional(),
    failureReason: z.string().max(200).optional(),
  }),
  output: z.object({ received: z.boolean() }),
});

/** Notification calls: SMS (issue 15 §1, §3). */
export const notificationCalls: Call[] = [
  smsCount,
  sendSmsCall,
  smsPackagesCall,
  buySmsPackage,
  sentSms,
  sentNotifications,
  smsDeliveryReport,
];
