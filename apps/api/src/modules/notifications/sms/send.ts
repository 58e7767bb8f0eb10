import {
  normalisePhone,
  paymentModes,
  type SmsInput,
  type SmsRecipientRow,
  type SmsSendRow,
  type SmsStatus,
  schools,
  smsAccounts,
  smsMessages,
  smsPackages,
  smsRecipients,
  smsStatuses,
  staff,
} from '@somero/contract';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../../config.js';
import { nextNumber } from '../../../core/counters.js';
import { now as clockNow } from '../../../core/dates.js';
import { Invalid, NeedsConfirmation, Refusal } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import type { Executor } from '../../../db/open.js';
import type { ModuleContext } from '../../module.js';
import { guardianAudience } from '../audience.js';
import { countsByStatus } from '../counts.js';
import {
  afterDeliveryReport,
  backoff,
  chargedStatuses,
  chunks,
  fillTemplate,
  mergeGuardians,
  parseNumbers,
  type Recipient,
  refundedStatuses,
  sendQuestion,
  smsEncoding,
  smsLength,
  smsParts,
  uniqueRecipients,
} from '../rules.js';
import { africasTalking, GatewayDown, GatewayUnsure, logOnly, type SmsGateway } from './gateway.js';

export const module = 'notifications';
export type FeesBalances = ModuleContext['feesBalances'];

/** The gateway a school's messages go through: log-only for the demo school or without credentials. */
export async function gatewayFor(
  config: Config,
  scope: SchoolScope,
  log?: (line: string) => void,
): Promise<SmsGateway> {
  const [account] = await scope.db.select().from(smsAccounts).where(eq(smsAccounts.schoolId, scope.schoolId));
  const { url, username, apiKey, senderId, timeoutMs } = config.sms;
  if ((account?.logOnly && !config.sms.logOnlyOff) || !username || !apiKey) return logOnly(log);
  return africasTalking({ baseUrl: url, username, apiKey, senderId, timeoutMs });
}

/** Credits bought, charged (queued or sent) and refunded (rejected or failed); the balance is bought less charged. */
export async function creditsOf(scope: SchoolScope) {
  const [[bought], [used]] = await Promise.all([
    scope.db
      .select({ n: sql<number>`coalesce(sum(${smsPackages.credits}), 0)`.mapWith(Number) })
      .from(smsPackages)
      .where(scope.mine(smsPackages, eq(smsPackages.status, 'confirmed'))),
    scope.db
      .select({
        charged: partsIn(chargedStatuses),
        refunded: partsIn(refundedStatuses),
      })
      .from(smsRecipients)
      .where(scope.mine(smsRecipients)),
  ]);
  return { bought: bought.n, used: used.charged, refunded: used.refunded, balance: bought.n - used.charged };
}

export interface Resolved {
  recipients: Recipient[];
  withoutPhone: number;
  duplicates: number;
  invalid: string[];
  audience: string;
  /** Who the question before a send names ("guardians of S2 East"); the audience when not given. */
  toWhom?: string;
}

/** Who a send goes to, each number once, with their placeholder values. */
export async function resolveRecipients(
  scope: SchoolScope,
  balances: FeesBalances,
  input: SmsInput,
): Promise<Resolved> {
  const [school] = await scope.db.select({ name: schools.name }).from(schools).where(eq(schools.id, scope.schoolId));
  const common = { school: school?.name ?? '' };
  const withCommon = (r: { recipients: Recipient[]; withoutPhone: number; duplicates: number }) =>
    r.recipients.map((x) => ({ ...x, values: { ...common, ...x.values } }));

  if (input.audience === 'numbers') {
    const { phones, invalid } = parseNumbers(input.numbers ?? '');
    if (!phones.length && !invalid.length) throw new Invalid('numbers', 'Type the phone numbers');
    const list = uniqueRecipients(phones.map((p) => ({ phone: p, name: p })));
    return { ...list, recipients: withCommon(list), invalid, audience: 'Typed numbers' };
  }
  if (input.audience === 'staff') {
    const rows = await scope.db
      .select({ name: staff.name, phone: staff.phone })
      .from(staff)
      .where(scope.mine(staff, eq(staff.active, true)))
      .orderBy(asc(staff.name));
    const list = uniqueRecipients(rows.map((r) => ({ phone: r.phone, name: r.name, values: { name: r.name } })));
    return { ...list, recipients: withCommon(list), invalid: [], audience: 'Staff' };
  }

  const { lines, audience } = await guardianAudience(scope, balances, { ...input, audience: input.audience });
  const merged = mergeGuardians(
    lines.map((l) => ({
      phone: l.guardian?.phone ?? null,
      guardian: l.guardian?.name ?? 'Parent',
      studentId: l.studentId,
      student: l.student,
      className: l.className,
      balance: l.balance,
    })),
  );
  const list = uniqueRecipients(merged);
  // Merging by number is what removed the duplicates here: count them as such.
  const duplicates = lines.length - merged.length;
  return { ...list, duplicates, recipients: withCommon(list), invalid: [], audience };
}

/** Each recipient's own text and its parts. */
export const filled = (template: string, recipients: Recipient[]) =>
  recipients.map((r) => {
    const text = fillTemplate(template, r.values);
    return { ...r, text, parts: smsParts(text) };
  });

export async function previewSend(scope: SchoolScope, balances: FeesBalances, input: SmsInput) {
  const resolved = await resolveRecipients(scope, balances, input);
  const messages = filled(input.message, resolved.recipients);
  const credits = messages.reduce((n, m) => n + m.parts, 0);
  const { balance } = await creditsOf(scope);
  const encoding = smsEncoding(input.message);
  return {
    recipients: messages.length,
    credits,
    balance,
    enough: credits <= balance,
    encoding,
    characters: smsLength(input.message, encoding),
    parts: smsParts(input.message),
    without_phone: resolved.withoutPhone,
    invalid: resolved.invalid,
    duplicates: resolved.duplicates,
    preview: messages.slice(0, 3).map((m) => ({ name: m.name, phone: m.phone, text: m.text, parts: m.parts })),
  };
}

export const smsJobKind = 'sms_send';
export interface SmsJobData {
  messageId: number;
}

const shortOfCredit = (credits: number, balance: number) =>
  new Refusal(
    `This needs ${credits.toLocaleString('en-US')} credits and the school has ${balance.toLocaleString('en-US')} left. Buy more credit on SMS Packages.`,
  );

/**
 * Records a send and its messages (credits reserved) and queues the job that sends them; refused when
 * the credits needed exceed the balance. A person's send is first answered with its cost as a question
 * (`NeedsConfirmation`) and goes only when sent again `confirmed`; the automatic notices are confirmed
 * by the school's setting. Sends of one school are serialised by a counter row, so two at once cannot
 * both spend the same credit.
 */
export async function startSend(
  ctx: Pick<ModuleContext, 'jobs' | 'feesBalances'>,
  scope: SchoolScope,
  template: string,
  resolved: Resolved,
  confirmed: boolean,
) {
  const messages = filled(template, resolved.recipients);
  if (!messages.length) throw new Refusal('Nobody to send to: none of the chosen recipients has a phone number.');
  const credits = messages.reduce((n, m) => n + m.parts, 0);
  if (!confirmed) {
    const { balance } = await creditsOf(scope);
    if (credits > balance) throw shortOfCredit(credits, balance);
    throw new NeedsConfirmation(
      sendQuestion({ recipients: messages.length, toWhom: resolved.toWhom ?? resolved.audience, credits, balance }),
      { recipients: messages.length, credits, balance },
    );
  }
  const made = await scope.transaction(async (tx) => {
    await nextNumber(tx, 'sms_send');
    const { balance } = await creditsOf(tx);
    if (credits > balance) throw shortOfCredit(credits, balance);
    const message = await tx.table(smsMessages, module).insert({
      template,
      audience: resolved.audience,
      total: messages.length,
      credits,
      sentBy: tx.actor.name ?? 'System',
      sentById: tx.actor.userId,
    });
    for (const part of chunks(messages, 500))
      await tx.db.insert(smsRecipients).values(
        part.map((m) => ({
          schoolId: tx.schoolId,
          messageId: message.id,
          phone: m.phone,
          name: m.name,
          studentId: m.studentId ?? null,
          text: m.text,
          parts: m.parts,
        })),
      );
    await tx.audit({
      action: 'create',
      module,
      entity: 'sms_recipients',
      entityId: message.id,
      after: { recipients: messages.length, credits, phones: messages.map((m) => m.phone) },
    });
    return message;
  });
  const jobId = await ctx.jobs.start<SmsJobData>(
    scope,
    smsJobKind,
    `SMS to ${messages.length.toLocaleString('en-US')} recipient${messages.length === 1 ? '' : 's'}`,
    { messageId: made.id },
  );
  await scope.db
    .update(smsMessages)
    .set({ jobId })
    .where(scope.mine(smsMessages, eq(smsMessages.id, made.id)));
  return { message_id: made.id, job_id: jobId, recipients: messages.length, credits };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the report shows for a message whose fate is not known: the school checks before resending it. */
export const unknownNote = 'No answer from the gateway in time: it may have been sent. Check the delivery report.';
const lostNote = 'The server stopped while the gateway had it: it may have been sent. Check the delivery report.';

/** A send's messages counted: `done` is every one no longer waiting, `failed` the refunded ones. */
async function sendCounts(scope: SchoolScope, messageId: number) {
  const [c] = await scope.db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      done: sql<number>`count(*) filter (where ${smsRecipients.status} not in ('queued', 'sending'))`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${inArray(smsRecipients.status, refundedStatuses)})`.mapWith(Number),
      unknown: sql<number>`count(*) filter (where ${smsRecipients.status} = 'unknown')`.mapWith(Number),
    })
    .from(smsRecipients)
    .where(scope.mine(smsRecipients, eq(smsRecipients.messageId, messageId)));
  return c;
}

/** The sentence the job ends with. */
function outcomeOf(c: { done: number; failed: number; unknown: number }) {
  const n = (x: number) => x.toLocaleString('en-US');
  const sent = c.done - c.failed - c.unknown;
  const unknown = c.unknown
    ? ` ${n(c.unknown)} got no answer from the gateway and may have been sent: check their delivery before sending again.`
    : '';
  if (!c.failed && !c.unknown) return `Messages Sent Successfully: ${n(sent)} sent.`;
  if (!c.failed) return `${n(sent)} sent.${unknown}`;
  return `${n(sent)} sent; ${n(c.failed)} could not be sent and their credits were refunded.${unknown}`;
}

/**
 * The job: sends the send's queued messages, a text at a time to at most 100 numbers a request. Each
 * request's messages are marked `sending` first (claimed: a second worker skips them). A request the
 * gateway did not take (not reached, an error status) is tried again after a growing wait; after the
 * last try its messages are `failed` (refunded). A request that may have reached it without an answer
 * (a timeout) is never repeated: its messages become `unknown` (charged; a delivery report settles
 * them) and this attempt stops, so the job is tried again later with the messages still queued.
 * Messages found `sending` at the start were left by a worker that died mid-request: `unknown` too.
 */
export async function performSend(
  config: Config,
  scope: SchoolScope,
  messageId: number,
  progress: (done: number, total?: number, failed?: number) => Promise<void>,
  log?: (line: string) => void,
) {
  const gateway = await gatewayFor(config, scope, log);
  const mine = (...c: SQL[]) => scope.mine(smsRecipients, eq(smsRecipients.messageId, messageId), ...c);
  const mark = (status: SmsStatus, note: string, ids?: number[]) =>
    scope.db
      .update(smsRecipients)
      .set({ status, gatewayStatus: note.slice(0, 200), updatedAt: clockNow() })
      .where(mine(eq(smsRecipients.status, 'sending'), ...(ids ? [inArray(smsRecipients.id, ids)] : [])));
  await scope.db
    .update(smsMessages)
    .set({ status: 'sending' })
    .where(scope.mine(smsMessages, eq(smsMessages.id, messageId)));
  await mark('unknown', lostNote);
  const queued = await scope.db
    .select({ id: smsRecipients.id, phone: smsRecipients.phone, text: smsRecipients.text })
    .from(smsRecipients)
    .where(mine(eq(smsRecipients.status, 'queued')))
    .orderBy(asc(smsRecipients.id));
  const byText = new Map<string, { id: number; phone: string }[]>();
  for (const q of queued) byText.set(q.text, [...(byText.get(q.text) ?? []), q]);
  let c = await sendCounts(scope, messageId);
  await progress(c.done, c.total, c.failed);
  for (const [text, list] of byText) {
    for (const chunk of chunks(list, 100)) {
      // Claim the batch: only messages still queued (a settled or resumed job may have taken some).
      const claimed = await scope.db
        .update(smsRecipients)
        .set({ status: 'sending', updatedAt: clockNow() })
        .where(
          mine(
            eq(smsRecipients.status, 'queued'),
            inArray(
              smsRecipients.id,
              chunk.map((b) => b.id),
            ),
          ),
        )
        .returning({ id: smsRecipients.id });
      const ids = new Set(claimed.map((r) => r.id));
      const batch = chunk.filter((b) => ids.has(b.id));
      if (!batch.length) continue;
      let results: Awaited<ReturnType<SmsGateway['send']>> | null = null;
      let lastError = '';
      for (let attempt = 0; attempt <= config.sms.retries; attempt++) {
        if (attempt > 0) await sleep(backoff(attempt, config.sms.retryMs));
        try {
          results = await gateway.send(
            batch.map((b) => b.phone),
            text,
          );
          break;
        } catch (error) {
          if (error instanceof GatewayUnsure) {
            log?.(`${error.message}: ${batch.length} message(s) left unknown, not resent`);
            await mark('unknown', unknownNote, [...ids]);
            c = await sendCounts(scope, messageId);
            await progress(c.done, c.total, c.failed);
            throw error;
          }
          if (!(error instanceof GatewayDown)) {
            // Not handed over: back to the queue for the next attempt.
            await scope.db
              .update(smsRecipients)
              .set({ status: 'queued' })
              .where(mine(eq(smsRecipients.status, 'sending'), inArray(smsRecipients.id, [...ids])));
            throw error;
          }
          lastError = error.message;
          log?.(`${lastError} (try ${attempt + 1} of ${config.sms.retries + 1})`);
        }
      }
      const now = clockNow();
      if (!results) {
        await mark('failed', lastError, [...ids]);
      } else {
        const byNumber = new Map(results.map((r) => [r.number, r]));
        for (const b of batch) {
          const r = byNumber.get(b.phone);
          const status: SmsStatus = r?.accepted ? 'sent' : 'rejected';
          await scope.db
            .update(smsRecipients)
            .set({
              status,
              gatewayId: r?.messageId ?? null,
              gatewayStatus: r?.status ?? 'Not in the reply',
              cost: r?.cost ?? null,
              sentAt: r?.accepted ? now : null,
              updatedAt: now,
            })
            .where(mine(eq(smsRecipients.status, 'sending'), eq(smsRecipients.id, b.id)));
        }
      }
      c = await sendCounts(scope, messageId);
      await progress(c.done, c.total, c.failed);
    }
  }
  await scope.db
    .update(smsMessages)
    .set({ status: 'done', finishedAt: clockNow(), updatedAt: clockNow() })
    .where(scope.mine(smsMessages, eq(smsMessages.id, messageId), ne(smsMessages.status, 'failed')));
  return { sent: c.done - c.failed - c.unknown, failed: c.failed, unknown: c.unknown, message: outcomeOf(c) };
}

/**
 * A send whose job failed for good (its last attempt threw, or its worker died and it expired): the
 * messages still queued were never handed over, so they fail and their credits come back; those caught
 * `sending` may have gone, so they are unknown (charged). Messages already settled keep their status.
 */
export async function settleSend(scope: SchoolScope, messageId: number) {
  const now = clockNow();
  const mine = (status: SmsStatus) =>
    scope.mine(smsRecipients, eq(smsRecipients.messageId, messageId), eq(smsRecipients.status, status));
  await scope.db
    .update(smsRecipients)
    .set({ status: 'failed', gatewayStatus: 'Not sent: the sending stopped. Credits refunded.', updatedAt: now })
    .where(mine('queued'));
  await scope.db
    .update(smsRecipients)
    .set({ status: 'unknown', gatewayStatus: lostNote, updatedAt: now })
    .where(mine('sending'));
  await scope.db
    .update(smsMessages)
    .set({ status: 'failed', finishedAt: now, updatedAt: now })
    .where(scope.mine(smsMessages, eq(smsMessages.id, messageId)));
  const c = await sendCounts(scope, messageId);
  return `Failed to send Messages: ${outcomeOf(c)}`;
}

/**
 * A delivery report: the gateway's message id finds the message, whatever its school. A message left
 * unknown has no id yet: the report's number finds it when exactly one unknown message of the last
 * three days went to that number (never a guess between two), and it takes the id and the status.
 * `afterDeliveryReport` decides: a message in a final status keeps it (the first final report wins), so
 * a replayed or late report changes nothing, neither the status nor the credits. Answers how many
 * messages it settled and those it left as they were (for the server log).
 */
export async function applyDeliveryReport(
  db: Executor,
  report: { id: string; status: string; phoneNumber?: string; failureReason?: string },
): Promise<{ settled: number; unchanged: { schoolId: number; id: number; status: SmsStatus }[] }> {
  const reason = (report.failureReason ? `${report.status}: ${report.failureReason}` : report.status).slice(0, 200);
  // The statuses this report may change, checked again in each update: of two reports at once, the
  // second finds the first's final status and changes nothing.
  const open = smsStatuses.filter((s) => afterDeliveryReport(s, report.status) !== null);
  const now = clockNow();
  const found = await db
    .select({ schoolId: smsRecipients.schoolId, id: smsRecipients.id, status: smsRecipients.status })
    .from(smsRecipients)
    .where(eq(smsRecipients.gatewayId, report.id));
  const unchanged: { schoolId: number; id: number; status: SmsStatus }[] = [];
  let settled = 0;
  for (const row of found) {
    const status = afterDeliveryReport(row.status as SmsStatus, report.status);
    const done = status
      ? await db
          .update(smsRecipients)
          .set({ status, gatewayStatus: reason, updatedAt: now })
          .where(
            and(
              eq(smsRecipients.schoolId, row.schoolId),
              eq(smsRecipients.id, row.id),
              inArray(smsRecipients.status, open),
            ),
          )
          .returning({ id: smsRecipients.id })
      : [];
    if (done.length) settled++;
    else unchanged.push({ ...row, status: row.status as SmsStatus });
  }
  if (found.length) return { settled, unchanged };
  const phone = report.phoneNumber ? normalisePhone(report.phoneNumber) : null;
  if (!phone) return { settled: 0, unchanged };
  const unknown = await db
    .select({ schoolId: smsRecipients.schoolId, id: smsRecipients.id })
    .from(smsRecipients)
    .where(
      and(
        eq(smsRecipients.phone, phone),
        eq(smsRecipients.status, 'unknown'),
        sql`${smsRecipients.updatedAt} > ${new Date(now.getTime() - 3 * 86_400_000)}`,
      ),
    )
    .limit(2);
  const status = afterDeliveryReport('unknown', report.status);
  if (unknown.length !== 1 || !status) return { settled: 0, unchanged };
  const done = await db
    .update(smsRecipients)
    .set({
      status,
      gatewayId: report.id,
      gatewayStatus: reason,
      sentAt: sql`coalesce(${smsRecipients.sentAt}, ${smsRecipients.updatedAt})`,
      updatedAt: now,
    })
    .where(
      and(
        eq(smsRecipients.schoolId, unknown[0].schoolId),
        eq(smsRecipients.id, unknown[0].id),
        eq(smsRecipients.status, 'unknown'),
      ),
    )
    .returning({ id: smsRecipients.id });
  return { settled: done.length, unchanged };
}

/** The credits (parts) of the messages in these statuses. */
const partsIn = (statuses: SmsStatus[]) =>
  sql<number>`coalesce(sum(${smsRecipients.parts}) filter (where ${inArray(smsRecipients.status, statuses)}), 0)`.mapWith(
    Number,
  );

/**
 * Every school's SMS credit left, what it used since `since` (the month's start) and its requests waiting for the
 * service (the operator's console): two grouped reads, each by school.
 */
export async function creditBySchool(db: Executor, since: Date) {
  const [bought, used] = await Promise.all([
    db
      .select({
        schoolId: smsPackages.schoolId,
        confirmed:
          sql<number>`coalesce(sum(${smsPackages.credits}) filter (where ${smsPackages.status} = 'confirmed'), 0)`.mapWith(
            Number,
          ),
        waiting: sql<number>`count(*) filter (where ${smsPackages.status} = 'requested')`.mapWith(Number),
      })
      .from(smsPackages)
      .groupBy(smsPackages.schoolId),
    db
      .select({
        schoolId: smsRecipients.schoolId,
        charged: partsIn(chargedStatuses),
        since:
          sql<number>`coalesce(sum(${smsRecipients.parts}) filter (where ${inArray(smsRecipients.status, chargedStatuses)} and ${smsRecipients.createdAt} >= ${since}), 0)`.mapWith(
            Number,
          ),
      })
      .from(smsRecipients)
      .groupBy(smsRecipients.schoolId),
  ]);
  const out = new Map<number, { balance: number; usedSince: number; waiting: number }>();
  for (const b of bought) out.set(b.schoolId, { balance: b.confirmed, usedSince: 0, waiting: b.waiting });
  for (const u of used) {
    const row = out.get(u.schoolId) ?? { balance: 0, usedSince: 0, waiting: 0 };
    out.set(u.schoolId, { ...row, balance: row.balance - u.charged, usedSince: u.since });
  }
  return out;
}

/** Sends, newest first, with their counts. */
export async function sendRows(scope: SchoolScope, page: { limit: number; offset: number }) {
  const rows = await scope.db
    .select({
      m: smsMessages,
      ...countsByStatus(smsRecipients.status, smsStatuses),
      credits: partsIn(chargedStatuses),
      refunded: partsIn(refundedStatuses),
    })
    .from(smsMessages)
    .leftJoin(
      smsRecipients,
      and(eq(smsRecipients.schoolId, smsMessages.schoolId), eq(smsRecipients.messageId, smsMessages.id)),
    )
    .where(scope.mine(smsMessages))
    .groupBy(smsMessages.schoolId, smsMessages.id)
    .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
    .limit(page.limit)
    .offset(page.offset);
  const [{ n }] = await scope.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(smsMessages)
    .where(scope.mine(smsMessages));
  return {
    total: n,
    rows: rows.map(
      ({ m, ...c }): SmsSendRow => ({
        id: m.id,
        template: m.template,
        audience: m.audience,
        sent_by: m.sentBy,
        created_at: m.createdAt.toISOString(),
        status: m.status,
        job_id: m.jobId,
        total: m.total,
        ...c,
      }),
    ),
  };
}

/** Kampala midnight of a day (UTC+3). */
const dayStart = (day: string) => new Date(`${day}T00:00:00+03:00`);

export async function recipientRows(
  scope: SchoolScope,
  filters: { from?: string; to?: string; status?: SmsStatus; message_id?: number; search?: string | null },
  page: { limit: number; offset: number },
) {
  const conditions: (SQL | undefined)[] = [];
  if (filters.from) conditions.push(sql`${smsRecipients.createdAt} >= ${dayStart(filters.from)}`);
  if (filters.to)
    conditions.push(sql`${smsRecipients.createdAt} < ${new Date(dayStart(filters.to).getTime() + 86_400_000)}`);
  if (filters.message_id) conditions.push(eq(smsRecipients.messageId, filters.message_id));
  if (filters.search) {
    const term = `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = filters.search.replace(/\D/g, '').replace(/^0/, '');
    conditions.push(
      sql`(${smsRecipients.name} ilike ${term} or ${smsRecipients.text} ilike ${term}${digits.length >= 4 ? sql` or ${smsRecipients.phone} like ${`%${digits}%`}` : sql``})`,
    );
  }
  const filtered = scope.mine(smsRecipients, ...conditions);
  const where = filters.status ? and(filtered, eq(smsRecipients.status, filters.status)) : filtered;
  const [rows, [totals]] = await Promise.all([
    scope.db
      .select({ r: smsRecipients, sentBy: smsMessages.sentBy })
      .from(smsRecipients)
      .innerJoin(
        smsMessages,
        and(eq(smsMessages.schoolId, smsRecipients.schoolId), eq(smsMessages.id, smsRecipients.messageId)),
      )
      .where(where)
      .orderBy(desc(smsRecipients.createdAt), desc(smsRecipients.id))
      .limit(page.limit)
      .offset(page.offset),
    // The counts and credits are of the messages listed: a chosen status counts only its own.
    scope.db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        ...countsByStatus(smsRecipients.status, smsStatuses),
        credits: partsIn(chargedStatuses),
      })
      .from(smsRecipients)
      .where(where),
  ]);
  return {
    totals,
    rows: rows.map(
      ({ r, sentBy }): SmsRecipientRow => ({
        id: r.id,
        message_id: r.messageId,
        name: r.name,
        phone: r.phone,
        text: r.text,
        parts: r.parts,
        status: r.status as SmsStatus,
        gateway_status: r.gatewayStatus,
        sent_by: sentBy,
        created_at: r.createdAt.toISOString(),
        sent_at: r.sentAt?.toISOString() ?? null,
      }),
    ),
  };
}

/** Whether the mode is this school's (the expense's own check answers in its words). */
export async function modeName(scope: SchoolScope, id: number) {
  const [m] = await scope.db
    .select({ name: paymentModes.name })
    .from(paymentModes)
    .where(scope.mine(paymentModes, eq(paymentModes.id, id)));
  return m?.name ?? null;
}
