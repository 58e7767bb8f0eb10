/**
 * The e-mail side's pure rules: addresses, one e-mail per address, guardians merged by address, the
 * SMTP error in words. No I/O; unit-tested in `notifications-email.test.ts`.
 */

/** A plain address check: something@domain.tld, no spaces. The SMTP server has the last word. */
const addressPattern = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:".]{2,}$/;

/** The address in one form (trimmed, lower case), or null when it is not one. */
export function normaliseEmail(value: string | null | undefined): string | null {
  const t = value?.trim().toLowerCase() ?? '';
  return addressPattern.test(t) ? t : null;
}

/** Typed addresses split on commas, semicolons, spaces and lines: the addresses and the entries that are not. */
export function parseAddresses(typed: string): { emails: string[]; invalid: string[] } {
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const entry of typed.split(/[,;\s]+/)) {
    const t = entry.trim();
    if (!t) continue;
    const email = normaliseEmail(t);
    if (email) emails.push(email);
    else invalid.push(t);
  }
  return { emails, invalid };
}

export interface EmailEntry {
  email: string | null | undefined;
  name: string;
  studentIds?: number[];
  values?: Record<string, string | undefined>;
  /** Said when the entry has no address ("guardian of Nakato Sarah"). */
  about?: string;
}

export interface EmailRecipient {
  email: string;
  name: string;
  studentIds: number[];
  values: Record<string, string | undefined>;
}

export interface EmailList {
  recipients: EmailRecipient[];
  /** People without a usable address: named, with the reason. */
  skipped: { name: string; reason: string }[];
  duplicates: number;
}

/** Each address once (the first entry for it kept); entries without a usable address are listed as skipped. */
export function uniqueEmails(entries: EmailEntry[]): EmailList {
  const seen = new Set<string>();
  const recipients: EmailRecipient[] = [];
  const skipped: EmailList['skipped'] = [];
  let duplicates = 0;
  for (const e of entries) {
    const email = normaliseEmail(e.email);
    if (!email) {
      const who = e.about ? `${e.name} (${e.about})` : e.name;
      const reason = e.email?.trim() ? `not an e-mail address: ${e.email.trim()}` : 'no e-mail address';
      skipped.push({ name: who, reason });
      continue;
    }
    if (seen.has(email)) {
      duplicates++;
      continue;
    }
    seen.add(email);
    recipients.push({ email, name: e.name, studentIds: e.studentIds ?? [], values: e.values ?? {} });
  }
  return { recipients, skipped, duplicates };
}

/** A guardian's students as one e-mail names them. */
export interface StudentOfGuardianEmail {
  email: string | null;
  guardian: string;
  studentId: number;
  student: string;
  className: string;
  balance: string;
  balanceValue: number;
}

/**
 * Guardians' entries merged by address: a parent of two students gets one e-mail naming both, their
 * classes, the balances added, and both students' documents. Without an address each stays its own entry
 * (to be listed as skipped).
 */
export function mergeGuardianEmails(entries: StudentOfGuardianEmail[], ugx: (n: number) => string): EmailEntry[] {
  const byEmail = new Map<string, StudentOfGuardianEmail[]>();
  const out: EmailEntry[] = [];
  const and = (names: string[]) =>
    names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  for (const e of entries) {
    const email = normaliseEmail(e.email);
    if (!email) {
      out.push(
        e.guardian
          ? { email: e.email, name: e.guardian, about: `guardian of ${e.student}`, studentIds: [e.studentId] }
          : { email: null, name: e.student, about: 'no guardian recorded', studentIds: [e.studentId] },
      );
      continue;
    }
    byEmail.set(email, [...(byEmail.get(email) ?? []), e]);
  }
  for (const [email, list] of byEmail) {
    const unique = list.filter((e, i) => list.findIndex((o) => o.studentId === e.studentId) === i);
    out.push({
      email,
      name: list[0].guardian,
      studentIds: unique.map((e) => e.studentId),
      values: {
        guardian: list[0].guardian,
        name: list[0].guardian,
        student: and(unique.map((e) => e.student)),
        class: [...new Set(unique.map((e) => e.className))].join(', '),
        balance: ugx(unique.reduce((n, e) => n + e.balanceValue, 0)),
      },
    });
  }
  return out;
}

/** Nodemailer's error as a sentence for the sent list: the refusal, the server's reply, or the network fault. */
export function smtpErrorText(error: unknown): string {
  const e = error as { code?: string; responseCode?: number; response?: string; message?: string; command?: string };
  const reason = (e.response ?? e.message ?? String(error)).replace(/\s+/g, ' ').trim();
  const known: Record<string, string> = {
    ECONNREFUSED: 'The mail server refused the connection',
    ETIMEDOUT: 'The mail server did not answer in time',
    ECONNECTION: 'The mail server could not be reached',
    EDNS: 'The mail server’s name could not be found',
    EAUTH: 'The mail server did not accept the user name and password',
    ETLS: 'The secure connection to the mail server failed',
    EENVELOPE: 'The mail server refused the address',
    EINTERNAL: 'The mail server’s address is inside the server’s own network',
  };
  // Nodemailer reports a refused or dropped connection as ESOCKET with the system's code in the text.
  const code = /\b(ECONNREFUSED|ETIMEDOUT)\b/.exec(e.message ?? '')?.[1] ?? e.code;
  const lead = (code && known[code]) || (e.responseCode ? `The mail server answered ${e.responseCode}` : 'Not sent');
  return `${lead}: ${reason}`.slice(0, 500);
}

/** What a school is told when its own mail server could not be reached, whatever the reason. */
export const unreachableText = 'Could not reach the mail server: check the server, port and SSL';

/**
 * The fault of a school's own mail server as the school reads it. Before the server answered (no
 * connection, a time-out, a name not found, an address inside the server's network, something that is
 * not a mail server) it is one sentence, so the answers tell nothing about the server's network; the
 * detail goes to the server log. What a mail server answered once connected is told as it was, and a
 * refused login as such.
 */
export function mailServerErrorText(error: unknown): string {
  const e = error as { code?: string; command?: string };
  if (e.code === 'EAUTH') return 'The mail server refused the user name or password';
  if (!e.command || e.command === 'CONN') return unreachableText;
  return smtpErrorText(error);
}

/** Whether trying again may help: the connection, a time-out, or a 4xx (temporary) reply. */
export function smtpRetryable(error: unknown): boolean {
  const e = error as { code?: string; responseCode?: number };
  if (e.responseCode) return e.responseCode >= 400 && e.responseCode < 500;
  return ['ECONNREFUSED', 'ETIMEDOUT', 'ECONNECTION', 'ESOCKET', 'EDNS', 'ECONNRESET'].includes(e.code ?? '');
}

/** A file name without characters mail programs stumble on. */
export const fileName = (text: string) =>
  `${text
    .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()}.pdf`;
