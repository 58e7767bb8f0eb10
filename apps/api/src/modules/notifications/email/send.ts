import { isIP } from 'node:net';
import {
  type EmailInput,
  type EmailRow,
  type EmailStatus,
  emailAccounts,
  emailMessages,
  emailRecipients,
  emailStatuses,
  type ReportKind,
  staff,
  students,
} from '@somero/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Config } from '../../../config.js';
import { nextNumber } from '../../../core/counters.js';
import { now as clockNow } from '../../../core/dates.js';
import { Invalid, NotFound, Refusal } from '../../../core/errors.js';
import {
  addressesOf,
  allowedInside,
  checkedAddress,
  hostKey,
  hostLike,
  internalAddress,
} from '../../../core/outbound.js';
import type { SchoolScope } from '../../../core/scope.js';
import { studentReportCardPdf } from '../../exams/index.js';
import { feesStatementPdf } from '../../fees/index.js';
import type { ModuleContext } from '../../module.js';
import { currentTerm, schoolDetailsOf } from '../../settings/index.js';
import { guardianAudience } from '../audience.js';
import { countsByStatus } from '../counts.js';
import { backoff, chunks, fillTemplate, ugx } from '../rules.js';
import {
  type EmailEntry,
  type EmailList,
  fileName,
  mailServerErrorText,
  mergeGuardianEmails,
  parseAddresses,
  smtpErrorText,
  smtpRetryable,
  uniqueEmails,
} from './rules.js';

const module = 'notifications';
type FeesBalances = ModuleContext['feesBalances'];

// ——— The mail server ———

export async function emailAccountOf(scope: SchoolScope) {
  const [account] = await scope.db.select().from(emailAccounts).where(eq(emailAccounts.schoolId, scope.schoolId));
  return account ?? null;
}

/** Which server sending uses: the school's own when it has a host, else the server's SMTP_URL, else none. */
export const serverInUse = (config: Config, account: { host: string | null } | null) =>
  account?.host ? 'school' : config.smtpUrl ? 'server' : 'none';

export async function emailSettingsOf(config: Config, scope: SchoolScope) {
  const a = await emailAccountOf(scope);
  return {
    host: a?.host ?? null,
    port: a?.port ?? null,
    secure: a?.secure ?? false,
    username: a?.username ?? null,
    has_password: Boolean(a?.password),
    from_address: a?.fromAddress ?? null,
    using: serverInUse(config, a),
  } as const;
}

export async function saveEmailSettings(
  config: Config,
  scope: SchoolScope,
  input: {
    host?: string | null;
    port?: number;
    secure: boolean;
    username?: string | null;
    password?: string | null;
    from_address?: string | null;
  },
) {
  if (input.host && !input.from_address) throw new Invalid('from_address', 'Enter the address e-mails come from');
  const host = input.host ? await checkMailHost(config, input.host) : null;
  await scope.transaction(async (tx) => {
    const before = await emailAccountOf(tx);
    const row = {
      host,
      port: input.port ?? null,
      secure: input.secure,
      username: input.username || null,
      // An empty password keeps the one kept; no host forgets it.
      password: host ? input.password || before?.password || null : null,
      fromAddress: input.from_address || null,
      updatedAt: clockNow(),
    };
    await tx.db
      .insert(emailAccounts)
      .values({ schoolId: tx.schoolId, ...row })
      .onConflictDoUpdate({ target: emailAccounts.schoolId, set: row });
    const shown = (r: typeof row | null) => r && { ...r, password: r.password ? '(kept)' : null };
    await tx.audit({
      action: before ? 'update' : 'create',
      module,
      entity: 'email_accounts',
      entityId: tx.schoolId,
      before: shown(before),
      after: shown(row),
    });
  });
  return emailSettingsOf(config, scope);
}

/** Said on the host field when the school's mail server would be inside the server's own network. */
export const insideNetworkText =
  "This address is inside the server's own network; enter your mail provider's address, such as smtp.gmail.com";

/**
 * The school's mail server as kept (no brackets, no final dot), or 422 on the host field: not a server's
 * name, or a name or address inside the server's own network (unless MAIL_ALLOW_PRIVATE_HOSTS names it).
 * A name that cannot be resolved now is kept: it is checked again at every connection.
 */
async function checkMailHost(config: Config, typed: string) {
  if (!hostLike(typed)) throw new Invalid('host', "Enter the mail server's name, such as smtp.gmail.com");
  const host = hostKey(typed);
  if (allowedInside(host, config.email.allowPrivateHosts)) return host;
  const found = await addressesOf(host, Math.min(config.email.timeoutMs, 10_000)).catch(() => []);
  if (found.some((a) => internalAddress(a.address))) throw new Invalid('host', insideNetworkText);
  return host;
}

const timeouts = (config: Config) => ({
  connectionTimeout: config.email.timeoutMs,
  greetingTimeout: config.email.timeoutMs,
  socketTimeout: config.email.timeoutMs,
});

export interface MailServer {
  /** The school's own server (its faults are told in one sentence) or the server's SMTP_URL. */
  school: boolean;
  from: { name: string; address: string };
  replyTo?: string;
  send(mail: SendMailOptions): Promise<unknown>;
  close(): void;
}

/**
 * Sending through the school's server or the server's SMTP_URL, and who the e-mails come from; null
 * without either. The school's server is resolved at each connection and reached only at an address
 * checked to be outside the server's network (the name still names it for TLS, so its certificate is
 * verified), unless MAIL_ALLOW_PRIVATE_HOSTS names it.
 */
export async function mailServerFor(config: Config, scope: SchoolScope): Promise<MailServer | null> {
  const [account, school] = await Promise.all([emailAccountOf(scope), schoolDetailsOf(scope)]);
  const using = serverInUse(config, account);
  if (using === 'none') return null;
  const replyTo = school.email ?? undefined;
  if (using === 'school' && account?.host) {
    const host = account.host;
    const options = {
      port: account.port ?? (account.secure ? 465 : 587),
      secure: account.secure,
      auth: account.username ? { user: account.username, pass: account.password ?? '' } : undefined,
      ...timeouts(config),
    };
    const from = { name: school.name, address: account.fromAddress ?? '' };
    if (allowedInside(host, config.email.allowPrivateHosts)) {
      const transport = nodemailer.createTransport({ host, ...options });
      return { school: true, from, replyTo, send: (mail) => transport.sendMail(mail), close: () => transport.close() };
    }
    return {
      school: true,
      from,
      replyTo,
      async send(mail) {
        const address = await checkedAddress(host, config.email.timeoutMs);
        const transport = nodemailer.createTransport({
          host: address,
          ...options,
          ...(isIP(host) ? {} : { tls: { servername: host } }),
        });
        try {
          return await transport.sendMail(mail);
        } finally {
          transport.close();
        }
      },
      close() {},
    };
  }
  const address = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
  const transport: Transporter = nodemailer.createTransport({ url: config.smtpUrl, ...timeouts(config) } as never);
  return {
    school: false,
    from: { name: school.name, address },
    replyTo,
    send: (mail) => transport.sendMail(mail),
    close: () => transport.close(),
  };
}

// ——— Who it goes to ———

export interface ResolvedEmails extends EmailList {
  invalid: string[];
  audience: string;
}

/** The chosen people by e-mail address, each address once, with their placeholder values. */
export async function resolveEmailRecipients(
  scope: SchoolScope,
  balances: FeesBalances,
  input: EmailInput,
): Promise<ResolvedEmails> {
  const school = await schoolDetailsOf(scope);
  const withSchool = (list: EmailList): EmailList => ({
    ...list,
    recipients: list.recipients.map((r) => ({ ...r, values: { school: school.name, name: r.name, ...r.values } })),
  });

  if (input.audience === 'addresses') {
    const { emails, invalid } = parseAddresses(input.addresses ?? '');
    if (!emails.length && !invalid.length) throw new Invalid('addresses', 'Type the e-mail addresses');
    const list = withSchool(uniqueEmails(emails.map((e) => ({ email: e, name: e }))));
    return {
      ...list,
      skipped: invalid.map((t) => ({ name: t, reason: 'not an e-mail address' })),
      invalid,
      audience: 'Typed addresses',
    };
  }
  if (input.audience === 'staff') {
    const rows = await scope.db
      .select({ name: staff.name, email: staff.email })
      .from(staff)
      .where(scope.mine(staff, eq(staff.active, true)))
      .orderBy(asc(staff.name));
    const list = withSchool(uniqueEmails(rows.map((r) => ({ email: r.email, name: r.name, about: 'staff' }))));
    return { ...list, invalid: [], audience: 'Staff' };
  }

  const { lines, audience } = await guardianAudience(scope, balances, { ...input, audience: input.audience });
  const entries: EmailEntry[] = mergeGuardianEmails(
    lines.map((l) => ({
      email: l.guardian?.email ?? null,
      guardian: l.guardian?.name ?? '',
      studentId: l.studentId,
      student: l.student,
      className: l.className,
      balance: ugx(l.balance),
      balanceValue: l.balance,
    })),
    ugx,
  );
  const list = withSchool(uniqueEmails(entries));
  // Merging by address is what removed the other duplicates: count them as such.
  const merged = entries.filter((e) => e.values).length;
  const withAddress = lines.length - list.skipped.length;
  return { ...list, duplicates: list.duplicates + Math.max(0, withAddress - merged), invalid: [], audience };
}

const filledEmails = (input: { subject: string; message: string }, list: EmailList) =>
  list.recipients.map((r) => ({
    ...r,
    subject: fillTemplate(input.subject, r.values),
    text: fillTemplate(input.message, r.values),
  }));

/** The preview or the send: recipients, skipped, attachments; a send records the e-mails and starts the job. */
export async function emailSend(
  ctx: Pick<ModuleContext, 'jobs' | 'feesBalances' | 'config'>,
  scope: SchoolScope,
  input: EmailInput,
) {
  if (input.attachments.includes('report_card') && !input.report_kind)
    throw new Invalid('report_kind', 'Choose the report card to attach');
  const resolved = await resolveEmailRecipients(scope, ctx.feesBalances, input);
  const mails = filledEmails(input, resolved);
  const attachments = mails.reduce((n, m) => n + m.studentIds.length * input.attachments.length, 0);
  const answer = {
    recipients: mails.length,
    duplicates: resolved.duplicates,
    skipped: resolved.skipped.length,
    skipped_list: resolved.skipped.slice(0, 200),
    attachments,
    preview: mails.slice(0, 3).map((m) => ({ name: m.name, email: m.email, subject: m.subject, text: m.text })),
    message_id: null as number | null,
    job_id: null as number | null,
  };
  if (input.preview) return answer;
  if (!mails.length) throw new Refusal('Nobody to send to: none of the chosen recipients has an e-mail address.');
  if (serverInUse(ctx.config, await emailAccountOf(scope)) === 'none')
    throw new Refusal(
      "No mail server is set: enter the school's mail server (SMTP) below, or ask whoever runs Somero to set SMTP_URL.",
    );
  const term = input.attachments.includes('report_card')
    ? { year: input.year ?? (await currentTerm(scope)).year, term: input.term ?? (await currentTerm(scope)).term }
    : { year: null, term: null };
  const made = await scope.transaction(async (tx) => {
    await nextNumber(tx, 'email_send');
    const message = await tx.table(emailMessages, module).insert({
      subject: input.subject,
      template: input.message,
      audience: resolved.audience,
      attachments: input.attachments.join(','),
      reportKind: input.attachments.includes('report_card') ? (input.report_kind ?? null) : null,
      ...term,
      total: mails.length,
      sentBy: tx.actor.name ?? 'System',
      sentById: tx.actor.userId,
    });
    for (const part of chunks(mails, 500))
      await tx.db.insert(emailRecipients).values(
        part.map((m) => ({
          schoolId: tx.schoolId,
          messageId: message.id,
          email: m.email,
          name: m.name,
          studentIds: input.attachments.length ? m.studentIds : [],
          subject: m.subject,
          text: m.text,
        })),
      );
    await tx.audit({
      action: 'create',
      module,
      entity: 'email_recipients',
      entityId: message.id,
      after: { recipients: mails.length, subject: input.subject, emails: mails.map((m) => m.email) },
    });
    return message;
  });
  const jobId = await ctx.jobs.start<EmailJobData>(
    scope,
    emailJobKind,
    `E-mail to ${mails.length.toLocaleString('en-US')} recipient${mails.length === 1 ? '' : 's'}`,
    { messageId: made.id },
  );
  await scope.db
    .update(emailMessages)
    .set({ jobId })
    .where(scope.mine(emailMessages, eq(emailMessages.id, made.id)));
  return { ...answer, message_id: made.id, job_id: jobId };
}

// ——— The job ———

export const emailJobKind = 'email_send';
export interface EmailJobData {
  messageId: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A connection fault that outlasted its retries: the server is down, so the rest fail with it. */
const serverDown = (error: unknown) =>
  ['ECONNREFUSED', 'ETIMEDOUT', 'ECONNECTION', 'EDNS', 'EINTERNAL', 'ESOCKET', 'EAUTH', 'ETLS'].includes(
    (error as { code?: string }).code ?? '',
  );

/**
 * Sends the send's queued e-mails one by one, each with its students' documents. A failed attempt the
 * server may accept later (connection, time-out, 4xx) is tried again after a growing wait; after the last
 * try the e-mail is marked failed with the reason in words, and when the server itself is unreachable the
 * rest fail with the same reason. Only queued e-mails are sent, so a resumed job goes on where it stopped.
 */
export async function performEmailSend(
  config: Config,
  scope: SchoolScope,
  messageId: number,
  progress: (done: number, total?: number, failed?: number) => Promise<void>,
  log?: (line: string) => void,
) {
  const [message] = await scope.db
    .select()
    .from(emailMessages)
    .where(scope.mine(emailMessages, eq(emailMessages.id, messageId)));
  if (!message) return { sent: 0, failed: 0, message: 'This send no longer exists.' };
  const mine = (...c: SQL[]) => scope.mine(emailRecipients, eq(emailRecipients.messageId, messageId), ...c);
  const counts = async () => {
    const [c] = await scope.db
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        done: sql<number>`count(*) filter (where ${emailRecipients.status} <> 'queued')`.mapWith(Number),
        failed: sql<number>`count(*) filter (where ${emailRecipients.status} = 'failed')`.mapWith(Number),
      })
      .from(emailRecipients)
      .where(mine());
    return c;
  };
  await scope.db
    .update(emailMessages)
    .set({ status: 'sending' })
    .where(scope.mine(emailMessages, eq(emailMessages.id, messageId)));
  const server = await mailServerFor(config, scope);
  const queued = await scope.db
    .select()
    .from(emailRecipients)
    .where(mine(eq(emailRecipients.status, 'queued')))
    .orderBy(asc(emailRecipients.id));
  const kinds = message.attachments ? message.attachments.split(',') : [];
  const classOf = new Map<number, number>();
  const ids = [...new Set(queued.flatMap((q) => q.studentIds))];
  if (ids.length && kinds.includes('report_card'))
    for (const s of await scope.db
      .select({ id: students.id, classId: students.classId })
      .from(students)
      .where(scope.mine(students, inArray(students.id, ids))))
      if (s.classId) classOf.set(s.id, s.classId);

  let c = await counts();
  await progress(c.done, c.total, c.failed);
  let down: string | null = server ? null : 'No mail server is set';
  let lastError = '';
  try {
    for (const q of queued) {
      const fail = async (error: string) => {
        lastError = error;
        await scope.db
          .update(emailRecipients)
          .set({ status: 'failed', error: error.slice(0, 500), updatedAt: clockNow() })
          .where(mine(eq(emailRecipients.id, q.id), eq(emailRecipients.status, 'queued')));
      };
      if (down || !server) {
        await fail(down ?? 'No mail server is set');
      } else {
        // Each student's documents; one that cannot be made fails this e-mail with the reason.
        const files: { filename: string; content: Buffer; contentType: string }[] = [];
        let missing: string | null = null;
        for (const studentId of q.studentIds) {
          try {
            if (kinds.includes('report_card') && message.reportKind && message.year && message.term) {
              const classId = classOf.get(studentId);
              if (!classId) throw new Refusal('The student has no class.');
              const card = await studentReportCardPdf(scope, message.reportKind as ReportKind, {
                year: message.year,
                term: message.term,
                classId,
                studentId,
              });
              files.push({ filename: fileName(card.title), content: card.pdf, contentType: 'application/pdf' });
            }
            if (kinds.includes('fee_statement')) {
              const statement = await feesStatementPdf(scope, studentId);
              files.push({
                filename: fileName(statement.title),
                content: statement.pdf,
                contentType: 'application/pdf',
              });
            }
          } catch (error) {
            if (!(error instanceof Refusal) && !(error instanceof NotFound)) throw error;
            missing = `A document could not be made: ${error.message}`;
            break;
          }
        }
        if (missing) await fail(missing);
        else {
          let error: unknown = null;
          for (let attempt = 0; attempt <= config.email.retries; attempt++) {
            if (attempt > 0) await sleep(backoff(attempt, config.email.retryMs));
            try {
              await server.send({
                from: server.from,
                replyTo: server.replyTo,
                to: { name: q.name, address: q.email },
                subject: q.subject,
                text: q.text,
                attachments: files,
              });
              error = null;
              break;
            } catch (e) {
              error = e;
              log?.(
                `E-mail ${q.id} of school ${scope.schoolId}: ${smtpErrorText(e)} (try ${attempt + 1} of ${config.email.retries + 1})`,
              );
              if (!smtpRetryable(e)) break;
            }
          }
          if (error) {
            // The school's server: a fault before it answered is one sentence (the log has the detail).
            const said = server.school ? mailServerErrorText(error) : smtpErrorText(error);
            await fail(said);
            if (serverDown(error)) down = said;
          } else
            await scope.db
              .update(emailRecipients)
              .set({
                status: 'sent',
                error: null,
                attachmentNames: files.map((f) => f.filename),
                sentAt: clockNow(),
                updatedAt: clockNow(),
              })
              .where(mine(eq(emailRecipients.id, q.id), eq(emailRecipients.status, 'queued')));
        }
      }
      c = await counts();
      await progress(c.done, c.total, c.failed);
    }
  } finally {
    server?.close();
  }
  await scope.db
    .update(emailMessages)
    .set({ status: 'done', finishedAt: clockNow(), updatedAt: clockNow() })
    .where(scope.mine(emailMessages, eq(emailMessages.id, messageId)));
  const sent = c.done - c.failed;
  return {
    sent,
    failed: c.failed,
    message: c.failed
      ? `Failed to send Emails: ${c.failed.toLocaleString('en-US')} of ${c.total.toLocaleString('en-US')} not sent. ${lastError}`.trim()
      : `Emails Sent Successfully: ${sent.toLocaleString('en-US')} sent.`,
  };
}

// ——— The sent list ———

export async function emailRows(
  scope: SchoolScope,
  filters: { status?: EmailStatus; message_id?: number; search?: string | null },
  page: { limit: number; offset: number },
) {
  const conditions: (SQL | undefined)[] = [];
  if (filters.message_id) conditions.push(eq(emailRecipients.messageId, filters.message_id));
  if (filters.search) {
    const term = `%${filters.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    conditions.push(
      sql`(${emailRecipients.name} ilike ${term} or ${emailRecipients.email} ilike ${term} or ${emailRecipients.subject} ilike ${term})`,
    );
  }
  const filtered = scope.mine(emailRecipients, ...conditions);
  const where = filters.status ? and(filtered, eq(emailRecipients.status, filters.status)) : filtered;
  const [rows, [totals]] = await Promise.all([
    scope.db
      .select({ r: emailRecipients, sentBy: emailMessages.sentBy, audience: emailMessages.audience })
      .from(emailRecipients)
      .innerJoin(
        emailMessages,
        and(eq(emailMessages.schoolId, emailRecipients.schoolId), eq(emailMessages.id, emailRecipients.messageId)),
      )
      .where(where)
      .orderBy(desc(emailRecipients.createdAt), desc(emailRecipients.id))
      .limit(page.limit)
      .offset(page.offset),
    // The counts are of the e-mails listed: a chosen status counts only its own.
    scope.db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        ...countsByStatus(emailRecipients.status, emailStatuses),
      })
      .from(emailRecipients)
      .where(where),
  ]);
  return {
    totals,
    rows: rows.map(
      ({ r, sentBy, audience }): EmailRow => ({
        id: r.id,
        message_id: r.messageId,
        name: r.name,
        email: r.email,
        subject: r.subject,
        text: r.text,
        attachments: r.attachmentNames,
        status: r.status as EmailStatus,
        error: r.error,
        sent_by: sentBy,
        audience,
        created_at: r.createdAt.toISOString(),
        sent_at: r.sentAt?.toISOString() ?? null,
      }),
    ),
  };
}
