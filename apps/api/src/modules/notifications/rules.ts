import { gsmExtension, normalisePhone, type SmsEncoding, type SmsStatus, smsEncoding } from '@somero/contract';

/**
 * The SMS area's pure rules: characters and parts of a message (the GSM 03.38 alphabet is the
 * contract's `sms-text.ts`, which the editors share), credits, templates and recipients. No I/O; unit-tested in `notifications-rules.test.ts`.
 */

export { type SmsEncoding, smsEncoding } from '@somero/contract';

/** Characters as the network counts them: extension characters twice in GSM; UTF-16 units in Unicode. */
export function smsLength(text: string, encoding: SmsEncoding = smsEncoding(text)): number {
  if (encoding === 'unicode') return text.length;
  let n = 0;
  for (const ch of text) n += gsmExtension.has(ch) ? 2 : 1;
  return n;
}

/** One message holds 160 GSM (70 Unicode) characters; a longer one goes in parts of 153 (67). */
export const smsLimits = { gsm: { single: 160, part: 153 }, unicode: { single: 70, part: 67 } } as const;

/** How many parts (credits for one recipient) a message takes; an empty message takes none. */
export function smsParts(text: string): number {
  const encoding = smsEncoding(text);
  const length = smsLength(text, encoding);
  if (length === 0) return 0;
  const { single, part } = smsLimits[encoding];
  return length <= single ? 1 : Math.ceil(length / part);
}

/** Credits of a send: the parts of each recipient's own text, added up. */
export const smsCredits = (texts: string[]) => texts.reduce((n, t) => n + smsParts(t), 0);

/**
 * Fills `{student}`, `{class}`… (any case, spaces inside the braces allowed) from `values`; a
 * placeholder it has no value for stays as written, so the preview shows what is missing. A money
 * placeholder carries its unit ("UGX 150,000"), so a unit the template writes before it ("UGX {balance}",
 * "Shs. {balance}") is left out: the guardian reads it once.
 */
export function fillTemplate(template: string, values: Record<string, string | undefined>): string {
  return template.replace(
    /(\b(?:UGX|USh|Ushs|Shs|Sh)\.?\s*)?\{\s*([a-zA-Z_]+)\s*\}/gi,
    (whole, unit: string | undefined, key: string) => {
      const value = values[key.toLowerCase()];
      if (value === undefined) return whole;
      return unit && value.startsWith('UGX ') ? value : (unit ?? '') + value;
    },
  );
}

export interface Recipient {
  phone: string;
  name: string;
  studentId?: number | null;
  /** This recipient's placeholder values. */
  values: Record<string, string | undefined>;
}

export interface RecipientList {
  recipients: Recipient[];
  /** Entries without a number we can send to (none, or not a phone). */
  withoutPhone: number;
  duplicates: number;
}

/**
 * Each number once (in the +256 form, the first entry for it kept); entries whose number is missing or
 * not a phone are counted, not sent.
 */
export function uniqueRecipients(
  entries: {
    phone: string | null | undefined;
    name: string;
    studentId?: number | null;
    values?: Record<string, string | undefined>;
  }[],
): RecipientList {
  const seen = new Set<string>();
  const recipients: Recipient[] = [];
  let withoutPhone = 0;
  let duplicates = 0;
  for (const e of entries) {
    const phone = e.phone ? normalisePhone(e.phone) : null;
    if (!phone) {
      withoutPhone++;
      continue;
    }
    if (seen.has(phone)) {
      duplicates++;
      continue;
    }
    seen.add(phone);
    recipients.push({ phone, name: e.name, studentId: e.studentId ?? null, values: e.values ?? {} });
  }
  return { recipients, withoutPhone, duplicates };
}

/** Typed numbers split on commas, semicolons, lines; answers the phones and the entries that are not. */
export function parseNumbers(typed: string): { phones: string[]; invalid: string[] } {
  const phones: string[] = [];
  const invalid: string[] = [];
  for (const entry of typed.split(/[,;\n\r]+/)) {
    const t = entry.trim();
    if (!t) continue;
    const phone = normalisePhone(t);
    if (phone) phones.push(phone);
    else invalid.push(t);
  }
  return { phones, invalid };
}

/** Statuses whose credits stay spent (unknown: it may have gone); the others (rejected, failed) are refunded. */
export const chargedStatuses: SmsStatus[] = ['queued', 'sending', 'sent', 'delivered', 'undelivered', 'unknown'];
export const refundedStatuses: SmsStatus[] = ['rejected', 'failed'];

/** The gateway's per-number status code: 100–102 accepted (101 sent), anything else refused. */
export const acceptedCode = (statusCode: number) => statusCode >= 100 && statusCode <= 102;

/**
 * A delivery report's status as ours: Success → delivered; Failed, Rejected, Expired, AbsentSubscriber…
 * → undelivered (still charged: the gateway sent it); Sent, Submitted, Buffered → still sent.
 */
export function deliveryStatus(reported: string): SmsStatus {
  const s = reported.trim().toLowerCase();
  if (s === 'success' || s === 'delivered') return 'delivered';
  if (s === 'sent' || s === 'submitted' || s === 'buffered' || s === 'queued') return 'sent';
  return 'undelivered';
}

/** Statuses that are a message's outcome: no delivery report changes them (the first final report wins). */
export const finalStatuses: SmsStatus[] = ['delivered', 'undelivered', 'rejected', 'failed'];

/**
 * What a delivery report makes of a message now in `current`: its new status, or null when the report
 * changes nothing. A final status stays (gateways retry and reorder their reports: a delivered message
 * stays delivered, and a replayed report settles nothing twice); a queued message was never handed to
 * the gateway. A sent, sending or unknown message takes the reported status.
 */
export function afterDeliveryReport(current: SmsStatus, reported: string): SmsStatus | null {
  if (current === 'queued' || finalStatuses.includes(current)) return null;
  return deliveryStatus(reported);
}

/** The balance: bought less what stays charged. */
export const smsBalance = (bought: number, charged: number) => bought - charged;

/** Cut a list into pieces of `size` (the gateway takes at most so many numbers a request). */
export function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Wait before the `attempt`th retry (1-based): base, 2 × base, 4 × base… */
export const backoff = (attempt: number, baseMs: number) => baseMs * 2 ** (attempt - 1);

/**
 * The question a send asks before it spends: "111 messages to Guardians (S2), 254 credits of your
 * 1,939. Send them?" (the audience's first letter made small).
 */
export function sendQuestion(f: { recipients: number; toWhom: string; credits: number; balance: number }) {
  const n = (x: number) => x.toLocaleString('en-US');
  const one = f.recipients === 1;
  const to = f.toWhom.charAt(0).toLowerCase() + f.toWhom.slice(1);
  return `${n(f.recipients)} message${one ? '' : 's'} to ${to}, ${n(f.credits)} credit${f.credits === 1 ? '' : 's'} of your ${n(f.balance)}. Send ${one ? 'it' : 'them'}?`;
}

/** Shillings as a message writes them: "UGX 1,250,000". */
export const ugx = (n: number) => `UGX ${n < 0 ? '-' : ''}${Math.abs(Math.round(n)).toLocaleString('en-US')}`;

/** A student as a guardian's message names them: their name, class and balance. */
export interface StudentOfGuardian {
  phone: string | null;
  guardian: string;
  studentId: number;
  student: string;
  className: string;
  balance: number;
  /** This student's own placeholder values ({division}, {points}…); a guardian of several gets them joined. */
  extra?: Record<string, string>;
}

/**
 * Guardians' entries merged by number: a parent of two students gets one message naming both
 * ("Amina Nakato and Brian Okello"), their classes, and the balance of both added up.
 */
export function mergeGuardians(
  entries: StudentOfGuardian[],
): { phone: string | null; name: string; studentId: number; values: Record<string, string> }[] {
  const byPhone = new Map<string, StudentOfGuardian[]>();
  const out: { phone: string | null; name: string; studentId: number; values: Record<string, string> }[] = [];
  const orphans: StudentOfGuardian[] = [];
  for (const e of entries) {
    const phone = e.phone ? normalisePhone(e.phone) : null;
    if (!phone) {
      orphans.push(e);
      continue;
    }
    const list = byPhone.get(phone);
    if (list) list.push(e);
    else byPhone.set(phone, [e]);
  }
  const and = (names: string[]) =>
    names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  for (const [phone, list] of byPhone) {
    const unique = list.filter((e, i) => list.findIndex((o) => o.studentId === e.studentId) === i);
    out.push({
      phone,
      name: list[0].guardian,
      studentId: unique[0].studentId,
      values: {
        guardian: list[0].guardian,
        name: list[0].guardian,
        student: and(unique.map((e) => e.student)),
        class: [...new Set(unique.map((e) => e.className))].join(', '),
        balance: balanceWords(unique.reduce((n, e) => n + e.balance, 0)),
        ...joinedExtras(unique, and),
      },
    });
  }
  for (const e of orphans) out.push({ phone: null, name: e.guardian, studentId: e.studentId, values: {} });
  return out;
}

/** A balance as a guardian reads it: "UGX 150,000", or "UGX 20,000 in credit" when the school owes. */
export const balanceWords = (n: number) => (n < 0 ? `${ugx(-n)} in credit` : ugx(n));

/** Each student's own values, key by key, joined in the students' order ("Division 2 and Division 1"). */
function joinedExtras(list: StudentOfGuardian[], and: (names: string[]) => string) {
  const keys = [...new Set(list.flatMap((e) => Object.keys(e.extra ?? {})))];
  return Object.fromEntries(
    keys.map((k) => {
      const values = list.map((e) => e.extra?.[k] ?? '').filter(Boolean);
      return [k, new Set(values).size === 1 ? values[0] : and(values)];
    }),
  );
}

/** The automatic notices' sentences (placeholders filled per student; {school} is the school's name). */
export const noticeTemplates = {
  receipt:
    '{school}: received {amount} for {student} ({class}) on {date}, receipt no. {receipt}. Balance now {balance}.',
  sickbay: '{school}: {student} ({class}) was seen in the sick bay on {date} at {time} ({complaint}).',
  absence: '{school}: {student} ({class}) was marked absent on {date}. Please tell the school why.',
} as const;

/** A complaint short enough for one message. */
export const shortComplaint = (text: string | null) => {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!t) return 'no complaint written';
  return t.length > 60 ? `${t.slice(0, 57)}...` : t;
};
