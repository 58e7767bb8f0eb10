import {
  feesPayments,
  getOnlinePayments,
  getPaymentGateway,
  matchOnlinePayment,
  type OnlineTransactionRow,
  onlinePayments,
  onlinePendingPayments,
  onlineTransactions,
  onlineWebhook,
  paymentGateways,
  paymentModes,
  rejectOnlinePayment,
  savePaymentGateway,
  schools,
  students,
} from '@somero/contract';
import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import { addDays, kampalaDay, today as todayOf } from '../../../core/dates.js';
import { HttpError, NotFound, Refusal } from '../../../core/errors.js';
import { SchoolScope } from '../../../core/scope.js';
import type { Executor } from '../../../db/open.js';
import type { ModuleContext } from '../../module.js';
import { recordFeesPayment } from '../desk/record.js';
import {
  type GatewayAccount,
  GatewayError,
  type ProviderTransaction,
  parseTransaction,
  pullTransactions,
  signatureIsValid,
} from './schoolpay.js';
import { simulatedTransactions } from './simulator.js';

const module = 'fees';
export const providerName = 'schoolpay';

type Gateway = typeof paymentGateways.$inferSelect;
type Transaction = typeof onlineTransactions.$inferSelect;

/** The school's gateway row. `payment_gateways` is keyed by school, so this is the scope's own row. */
export async function gatewayOf(scope: SchoolScope): Promise<Gateway | null> {
  const [row] = await scope.db.select().from(paymentGateways).where(eq(paymentGateways.schoolId, scope.schoolId));
  return row ?? null;
}

/** The mode online payments are received into: the gateway's, else the school's aggregator mode (made once). */
async function receivingMode(scope: SchoolScope, gateway: Gateway | null): Promise<number> {
  if (gateway?.modeId) return gateway.modeId;
  const modes = scope.table(paymentModes, module);
  const [mode] = await scope.db
    .select({ id: paymentModes.id })
    .from(paymentModes)
    .where(scope.mine(paymentModes, eq(paymentModes.kind, 'aggregator')))
    .orderBy(paymentModes.id)
    .limit(1);
  if (mode) return mode.id;
  const made = await modes.insert({
    name: 'SchoolPay',
    kind: 'aggregator',
    openingBalance: 0,
    openingOn: todayOf(),
  });
  return made.id;
}

/**
 * Stores the transactions the provider reported, each receipt number once (the unique index
 * `online_transactions_receipt` decides, so a webhook and a pull of the same payment, or two pulls at
 * once, never import it twice). Answers only the rows that are new.
 */
export async function importTransactions(scope: SchoolScope, list: ProviderTransaction[]): Promise<Transaction[]> {
  if (list.length === 0) return [];
  return scope.transaction(async (s) => {
    const fresh: Transaction[] = [];
    for (let i = 0; i < list.length; i += 500) {
      const rows = await s.db
        .insert(onlineTransactions)
        .values(
          list.slice(i, i + 500).map((t) => ({
            schoolId: s.schoolId,
            provider: providerName,
            providerReceiptNo: t.receiptNo,
            paymentCode: t.paymentCode,
            studentName: t.studentName,
            amount: t.amount,
            channel: t.channel,
            channelTransactionId: t.channelTransactionId,
            paidAt: t.paidAt,
            raw: t.raw,
          })),
        )
        .onConflictDoNothing()
        .returning();
      fresh.push(...rows);
    }
    await s.auditMany(
      fresh.map((row) => ({ action: 'import', module, entity: 'online_transactions', entityId: row.id, after: row })),
    );
    return fresh;
  });
}

/**
 * Turns one pending transaction into a fees payment for `studentId` (mode: the gateway's; reference:
 * the provider's receipt; idempotency key `online:<receipt>`) and marks it processed, all in one
 * transaction. Answers null when it was no longer pending.
 */
export async function processTransaction(
  scope: SchoolScope,
  transactionId: number,
  studentId: number,
): Promise<Transaction | null> {
  return scope.transaction(async (s) => {
    const [before] = await s.db
      .select()
      .from(onlineTransactions)
      .where(s.mine(onlineTransactions, eq(onlineTransactions.id, transactionId)))
      .for('update');
    if (!before) throw new NotFound('online payment');
    if (before.status !== 'pending') return null;
    const student = await s.table(students, module).find(studentId, 'student');
    const modeId = await receivingMode(s, await gatewayOf(s));
    const payment = await recordFeesPayment(s, {
      studentId: student.id,
      amount: before.amount,
      modeId,
      paidOn: kampalaDay(before.paidAt),
      reference: before.providerReceiptNo,
      payer: before.studentName ?? null,
      idempotencyKey: `online:${before.providerReceiptNo}`,
      onlineTransactionId: before.id,
      // The money has been received: no confirmation to ask, and the provider's receipt is unique already.
      confirm: true,
      online: true,
    });
    const [after] = await s.db
      .update(onlineTransactions)
      .set({ status: 'processed', studentId: student.id, feesPaymentId: payment.id })
      .where(s.mine(onlineTransactions, eq(onlineTransactions.id, before.id)))
      .returning();
    await s.audit({ action: 'process', module, entity: 'online_transactions', entityId: before.id, before, after });
    return after;
  });
}

/**
 * Matches pending transactions to current students by payment code and processes them. Each one is
 * its own transaction, so one failure leaves the others done and itself pending.
 */
export async function matchPending(scope: SchoolScope, only?: Transaction[]): Promise<number> {
  const pending = (
    only ??
    (await scope.db
      .select()
      .from(onlineTransactions)
      .where(scope.mine(onlineTransactions, eq(onlineTransactions.status, 'pending'))))
  ).filter((t) => t.status === 'pending' && t.paymentCode);
  if (pending.length === 0) return 0;
  const codes = [...new Set(pending.map((t) => t.paymentCode as string))];
  const found = await scope.db
    .select({ id: students.id, code: students.paymentCode })
    .from(students)
    .where(scope.mine(students, eq(students.status, 'current'), inArray(students.paymentCode, codes)));
  const byCode = new Map(found.map((s) => [s.code, s.id]));
  let processed = 0;
  for (const t of pending) {
    const studentId = byCode.get(t.paymentCode as string);
    if (!studentId) continue;
    if (await processTransaction(scope, t.id, studentId)) processed++;
  }
  return processed;
}

/**
 * Pulls from the provider at `baseUrl` (the server's SCHOOLPAY_URL, never the school's) since the last
 * sync (or 30 days back), imports and matches.
 */
export async function syncOnline(scope: SchoolScope, gateway: Gateway, baseUrl: string, today = todayOf()) {
  const account: GatewayAccount = { schoolCode: gateway.schoolCode, apiPassword: gateway.apiPassword, baseUrl };
  // The day of the last sync is pulled again: payments made later that day were not in it.
  const from = gateway.lastSyncedOn ?? addDays(today, -30);
  const list = await pullTransactions(account, [from, today].sort()[0], today);
  const fresh = await importTransactions(scope, list);
  const processed = await matchPending(scope);
  await scope.transaction(async (s) => {
    await s.db.update(paymentGateways).set({ lastSyncedOn: today }).where(eq(paymentGateways.schoolId, s.schoolId));
    await s.audit({
      action: 'sync',
      module,
      entity: 'payment_gateways',
      entityId: s.schoolId,
      after: { from, to: today, received: list.length, imported: fresh.length, processed },
    });
  });
  return { imported: fresh.length, processed };
}

/**
 * The safety net behind the webhook, which the provider fires once without retry (DOMAIN.md §5): every
 * school with an account in use is pulled since its last sync. One school's failure (a provider down,
 * a wrong password) is reported and does not stop the others.
 */
export async function syncEveryGateway(
  db: Executor,
  /** The server's SchoolPay address (config.schoolpayUrl). */
  baseUrl: string,
  report: (schoolId: number, error: unknown) => void,
  /** Only these schools (a test, or a re-run for some); every school when left out. */
  schoolIds?: number[],
) {
  const gateways = await db
    .select()
    .from(paymentGateways)
    .where(
      and(eq(paymentGateways.enabled, true), schoolIds ? inArray(paymentGateways.schoolId, schoolIds) : undefined),
    );
  let processed = 0;
  for (const gateway of gateways) {
    const scope = new SchoolScope(db, gateway.schoolId, { userId: null, name: 'SchoolPay sync' });
    try {
      processed += (await syncOnline(scope, gateway, baseUrl)).processed;
    } catch (error) {
      report(gateway.schoolId, error);
    }
  }
  return { schools: gateways.length, processed };
}

/** Receives a webhook for the school whose provider code is `code`; throws 401/403 when not signed. */
export async function receiveWebhook(
  db: Executor,
  code: string,
  body: { signature: string; payment: Record<string, unknown> },
): Promise<{ scope: SchoolScope; fresh: Transaction[] }> {
  const t = parseTransaction(body.payment);
  const receipt = t?.receiptNo ?? String(body.payment.schoolpayReceiptNumber ?? '');
  const gateways = await db
    .select()
    .from(paymentGateways)
    .where(and(eq(paymentGateways.schoolCode, code), eq(paymentGateways.enabled, true)));
  const gateway = gateways.find((g) => signatureIsValid(g.apiPassword, receipt, body.signature));
  if (!gateway) throw new HttpError(gateways.length ? 403 : 401, 'The signature of this notification is not valid.');
  const scope = new SchoolScope(db, gateway.schoolId, { userId: null, name: 'SchoolPay webhook' });
  if (!t) return { scope, fresh: [] };
  return { scope, fresh: await importTransactions(scope, [t]) };
}

async function rowsOf(scope: SchoolScope, where: SQL, page?: { limit: number; offset: number }) {
  const query = scope.db
    .select({
      t: onlineTransactions,
      receiptNo: feesPayments.receiptNo,
      surname: students.surname,
      otherNames: students.otherNames,
    })
    .from(onlineTransactions)
    .leftJoin(
      feesPayments,
      and(
        eq(feesPayments.schoolId, onlineTransactions.schoolId),
        eq(feesPayments.id, onlineTransactions.feesPaymentId),
      ),
    )
    .leftJoin(
      students,
      and(eq(students.schoolId, onlineTransactions.schoolId), eq(students.id, onlineTransactions.studentId)),
    )
    .where(where)
    .orderBy(desc(onlineTransactions.paidAt), desc(onlineTransactions.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map(({ t, receiptNo, surname, otherNames }) =>
    toRow(t, receiptNo, surname === null ? null : `${surname} ${otherNames}`),
  );
}

export function toRow(
  t: Transaction,
  receiptNo: number | null = null,
  matchedName: string | null = null,
): OnlineTransactionRow {
  return {
    id: t.id,
    provider: t.provider,
    provider_receipt_no: t.providerReceiptNo,
    payment_code: t.paymentCode,
    student_name: t.studentName,
    amount: t.amount,
    channel: t.channel,
    channel_transaction_id: t.channelTransactionId,
    paid_at: t.paidAt.toISOString(),
    status: t.status,
    student_id: t.studentId,
    matched_name: matchedName,
    fees_payment_id: t.feesPaymentId,
    receipt_no: receiptNo,
    note: t.note,
  };
}

const gatewayView = (g: Gateway) => ({
  provider: g.provider,
  school_code: g.schoolCode,
  mode_id: g.modeId,
  enabled: g.enabled,
  last_synced_on: g.lastSyncedOn,
  has_password: Boolean(g.apiPassword),
  webhook_path: `/api/online/webhook/${encodeURIComponent(g.schoolCode)}`,
});

async function findTransaction(scope: SchoolScope, id: number) {
  return scope.table(onlineTransactions, module).find(id, 'online payment');
}

/** Whether this is the demo school, whose checks without a SchoolPay account invent payments. */
async function isDemoSchool(scope: SchoolScope) {
  const [row] = await scope.db.select({ demo: schools.demo }).from(schools).where(eq(schools.id, scope.schoolId));
  return row?.demo === true;
}

/** Fees online (issue 4): the aggregator's pull and webhook, the pending list and the bursar's actions. */
export function feesOnlineRoutes({ serve, database, app, config }: ModuleContext) {
  serve(onlinePendingPayments, async ({ scope }) => ({
    data: await rowsOf(scope, scope.mine(onlineTransactions, eq(onlineTransactions.status, 'pending'))),
  }));

  serve(getOnlinePayments, async ({ scope, reply }) => {
    const gateway = await gatewayOf(scope);
    let result: { imported: number; processed: number };
    if (gateway?.enabled) {
      try {
        result = await syncOnline(scope, gateway, config.schoolpayUrl);
      } catch (error) {
        if (error instanceof GatewayError) throw new Refusal(error.message);
        throw error;
      }
    } else if (await isDemoSchool(scope)) {
      // The demo school's simulator: it has no SchoolPay account, so a check invents a few payments.
      const fresh = await importTransactions(scope, await simulatedTransactions(scope));
      result = { imported: fresh.length, processed: await matchPending(scope) };
    } else {
      throw new Refusal(
        gateway
          ? 'Fetching from the SchoolPay account is turned off: tick "Fetch payments from this account" under SchoolPay account, then check again. Nothing was recorded.'
          : 'No SchoolPay account is set: enter the school code and API password under SchoolPay account, then check again. Nothing was recorded.',
      );
    }
    const pending = await scope.table(onlineTransactions, module).count(eq(onlineTransactions.status, 'pending'));
    if (result.imported === 0 && result.processed === 0)
      return reply.code(202).send({ message: 'No New Payments Received' });
    return {
      data: { ...result, pending },
      message: `${result.imported} new online payment${result.imported === 1 ? '' : 's'} received, ${result.processed} receipted`,
    };
  });

  serve(onlinePayments, async ({ scope, input }) => {
    const conditions: (SQL | undefined)[] = [eq(onlineTransactions.status, 'processed')];
    if (input.from) conditions.push(gte(onlineTransactions.paidAt, new Date(`${input.from}T00:00:00+03:00`)));
    if (input.to) conditions.push(lt(onlineTransactions.paidAt, new Date(`${addDays(input.to, 1)}T00:00:00+03:00`)));
    if (input.search) {
      const like = `%${input.search}%`;
      conditions.push(
        or(
          ilike(onlineTransactions.providerReceiptNo, like),
          ilike(onlineTransactions.paymentCode, like),
          ilike(onlineTransactions.studentName, like),
        ),
      );
    }
    const where = scope.mine(onlineTransactions, ...conditions);
    const [{ n }] = await scope.db.select({ n: count() }).from(onlineTransactions).where(where);
    const data = await rowsOf(scope, where, { limit: input.per_page, offset: (input.page - 1) * input.per_page });
    return { data, page: input.page, per_page: input.per_page, total: Number(n) };
  });

  serve(matchOnlinePayment, async ({ scope, input }) => {
    const t = await findTransaction(scope, input.id);
    if (t.status !== 'pending') throw new Refusal('This online payment has already been dealt with.');
    const student = await scope.table(students, module).find(input.student_id, 'student');
    if (student.status !== 'current') throw new Refusal('Only a current student can receive an online payment.');
    const after = await processTransaction(scope, t.id, student.id);
    if (!after) throw new Refusal('This online payment has already been dealt with.');
    const [row] = await rowsOf(scope, scope.mine(onlineTransactions, eq(onlineTransactions.id, t.id)));
    return { data: row, message: 'Online payment matched and receipted' };
  });

  serve(rejectOnlinePayment, async ({ scope, input }) => {
    const t = await findTransaction(scope, input.id);
    if (t.status !== 'pending') throw new Refusal('This online payment has already been dealt with.');
    const after = await scope
      .table(onlineTransactions, module)
      .update(t.id, { status: 'rejected', note: input.reason }, 'reject');
    return { data: toRow(after), message: 'Online payment set aside' };
  });

  serve(getPaymentGateway, async ({ scope }) => {
    const g = await gatewayOf(scope);
    return { data: g ? gatewayView(g) : null };
  });

  serve(savePaymentGateway, async ({ scope, input }) => {
    return scope.transaction(async (s) => {
      const before = await gatewayOf(s);
      if (!before && !input.api_password) throw new Refusal('Enter the API password the provider gave the school.');
      if (input.mode_id) await s.table(paymentModes, module).find(input.mode_id, 'payment mode');
      const values = {
        provider: input.provider,
        schoolCode: input.school_code,
        modeId: input.mode_id ?? null,
        enabled: input.enabled,
        ...(input.api_password ? { apiPassword: input.api_password } : {}),
        ...(input.last_synced_on !== undefined ? { lastSyncedOn: input.last_synced_on } : {}),
      };
      const [after] = before
        ? await s.db.update(paymentGateways).set(values).where(eq(paymentGateways.schoolId, s.schoolId)).returning()
        : await s.db
            .insert(paymentGateways)
            .values({ ...values, apiPassword: input.api_password as string, schoolId: s.schoolId })
            .returning();
      const hide = (g: Gateway | null) => (g ? { ...g, apiPassword: '(hidden)' } : null);
      await s.audit({
        action: before ? 'update' : 'create',
        module,
        entity: 'payment_gateways',
        entityId: s.schoolId,
        before: hide(before),
        after: hide(after),
      });
      return { data: gatewayView(after), message: 'Payment gateway saved' };
    });
  });

  serve(onlineWebhook, async ({ req, input }) => {
    const code = (req.params as { code: string }).code;
    const { scope, fresh } = await receiveWebhook(database.db, code, input);
    // The provider sends once and does not retry: store first, then match; a failed match stays pending.
    try {
      await matchPending(scope, fresh);
    } catch (error) {
      app.log.error({ err: error }, 'online payment stored but not matched');
    }
    return { data: { received: true } };
  });
}
