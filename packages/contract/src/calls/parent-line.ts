import { z } from 'zod';
import { type Call, defineCall, noInput } from '../call.js';

/**
 * The parents' line (issue 29): parents ask by USSD or by a text message, Somero answers from the
 * school's records. What a parent may ask for, in the order the menu lists them.
 */
export const parentLineAnswers = ['fees', 'payments', 'results', 'next_term'] as const;
export type ParentLineAnswer = (typeof parentLineAnswers)[number];

/** How each answer is named on the phone menu and the settings screen. */
export const parentLineAnswerNames: Record<ParentLineAnswer, string> = {
  fees: 'Fees balance',
  payments: 'Last payments',
  results: 'Results',
  next_term: 'Next term',
};

const released = z.preprocess(
  (v) => (v === '' ? null : v),
  z.number().int().min(2000, 'Choose a term').max(2100, 'Choose a term').nullable().optional(),
);

export const parentLineSettingsInput = z
  .object({
    enabled: z.boolean({ error: 'Say whether the service is on' }),
    answers: z.array(z.enum(parentLineAnswers, { error: 'Choose from the list' })).max(parentLineAnswers.length),
    /** Results are answered for this term only (the school released them); null: none released. */
    results_year: released,
    results_term: z.preprocess(
      (v) => (v === '' ? null : v),
      z.number().int().min(1, 'Choose a term').max(3, 'Choose a term').nullable().optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.enabled && v.answers.length === 0)
      ctx.addIssue({ code: 'custom', path: ['answers'], message: 'Choose at least one answer parents may ask for' });
    if ((v.results_year == null) !== (v.results_term == null))
      ctx.addIssue({ code: 'custom', path: ['results_term'], message: 'Choose the term whose results are released' });
  });
export type ParentLineSettingsInput = z.infer<typeof parentLineSettingsInput>;

export const parentLineSession = z.object({
  id: z.number(),
  at: z.string(),
  channel: z.enum(['ussd', 'sms']),
  /** As the app shows phones (0772 123456). */
  phone: z.string(),
  student: z.string().nullable(),
  asked: z.string(),
  unanswered: z.boolean(),
});
export type ParentLineSession = z.infer<typeof parentLineSession>;

export const parentLineView = z.object({
  enabled: z.boolean(),
  answers: z.array(z.enum(parentLineAnswers)),
  results_year: z.number().nullable(),
  results_term: z.number().nullable(),
  current_term: z.object({ year: z.number(), term: z.number() }),
  /** The server's USSD code and the number parents text, when the operator has set them. */
  ussd_code: z.string().nullable(),
  sms_number: z.string().nullable(),
  /** Sessions per day, the last 14 days, oldest first (days without any included). */
  days: z.array(z.object({ day: z.string(), ussd: z.number(), sms: z.number() })),
  /** Text questions not answered for want of SMS credit, the last 14 days. */
  unanswered: z.number(),
  recent: z.array(parentLineSession),
});
export type ParentLineView = z.infer<typeof parentLineView>;

export const parentLineSettingsCall = defineCall({
  method: 'GET',
  path: 'parent_line',
  access: 'general_settings',
  summary: "The parents' line: whether it is on, what parents may ask, released results, sessions per day",
  input: noInput,
  output: parentLineView,
});

export const saveParentLine = defineCall({
  method: 'PUT',
  path: 'parent_line',
  access: 'general_settings',
  summary: "Turn the parents' line on or off, choose what parents may ask for and which term's results are released",
  input: parentLineSettingsInput,
  output: parentLineView,
});

/** A USSD step as Africa's Talking posts it (form-encoded): `text` is the choices so far joined by `*`. */
export const ussdCallback = defineCall({
  method: 'POST',
  path: 'ussd/{token}',
  access: 'public',
  bare: true,
  summary:
    "USSD sessions from the gateway: the URL carries the server's secret (SMS_CALLBACK_TOKEN, as delivery reports); answers plain text, CON to go on or END to finish",
  input: z.object({
    sessionId: z.string().trim().min(1, 'Give the session id').max(200),
    serviceCode: z.string().trim().max(60).optional(),
    phoneNumber: z.string().trim().min(1, 'Give the phone number').max(40),
    text: z.string().max(400).default(''),
    networkCode: z.string().max(20).optional(),
  }),
  output: z.string(),
});

/** An incoming text message as Africa's Talking posts it (from, to, text, date, id, linkId). */
export const smsIncoming = defineCall({
  method: 'POST',
  path: 'sms/incoming/{token}',
  access: 'public',
  summary:
    "Text messages parents send (BAL, PAY, RESULTS): the URL carries the server's secret; the answer goes back by SMS, charged to the school",
  input: z.object({
    from: z.string().trim().min(1, 'Give the phone number').max(40),
    to: z.string().trim().max(40).optional(),
    text: z.string().max(1600).default(''),
    date: z.string().max(60).optional(),
    id: z.string().trim().max(200).optional(),
    linkId: z.string().max(200).optional(),
    networkCode: z.string().max(20).optional(),
  }),
  output: z.object({ received: z.boolean() }),
});

/** Parents' line calls (issue 29). */
export const parentLineCalls: Call[] = [parentLineSettingsCall, saveParentLine, ussdCallback, smsIncoming];
