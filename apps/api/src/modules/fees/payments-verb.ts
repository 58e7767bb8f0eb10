import { feesPayments, paymentModes } from '@somero/contract';
import { eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { today } from '../../core/dates.js';
import { NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import type { Executor } from '../../db/open.js';

export type FeesPayment = typeof feesPayments.$inferSelect;

/** What the desk (or the online-payments import) gives to record a payment. */
export interface FeesPaymentInput {
  studentId: number;
  amount: number;
  modeId: number;
  /** YYYY-MM-DD; today in Uganda when left out. */
  paidOn?: string | null;
  reference?: string | null;
  payer?: string | null;
  /** The desk's Idempotency-Key: the same key again answers the first payment and creates nothing. */
  idempotencyKey?: string | null;
  onlineTransactionId?: number | null;
}

/** The database error behind a drizzle error (drizzle may wrap the driver's error in `cause`). */
export function dbError(error: unknown): { code?: string; constraint?: string } {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  if (e?.code && /^\d{5}$|^[0-9A-Z]{5}$/.test(e.code)) return e;
  return e?.cause ?? e ?? {};
}

/** Amount and date rules every payment (fees or old student) follows. */
export function checkAmountAndDate(amount: number, paidOn: string) {
  if (!Number.isInteger(amount) || amount <= 0) {
    throw new Refusal('Enter an amount above zero, in whole shillings.');
  }
  if (paidOn > today()) throw new Refusal('The payment date cannot be in the future.');
}

/** Is this mode of the school in use? Answers its row; 404 for another school's id, 202 when switched off. */
export async function activeMode(scope: SchoolScope, modeId: number) {
  const [mode] = await scope.db
    .select({ id: paymentModes.id, name: paymentModes.name, active: paymentModes.active })
    .from(paymentModes)
    .where(scope.mine(paymentModes, eq(paymentModes.id, modeId)));
  if (!mode) throw new NotFound('payment mode');
  if (!mode.active) throw new Refusal(`${mode.name} is no longer in use as a payment mode.`);
  return mode;
}

async function byKey(scope: SchoolScope, key: string): Promise<FeesPayment | undefined> {
  const [row] = await scope.db
    .select()
    .from(feesPayments)
    .where(scope.mine(feesPayments, eq(feesPayments.idempotencyKey, key)));
  return row;
}

/** A timestamp as JSON writes a Date (what the audit trail holds for the other writes). */
const isoSql = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The columns of a new payment that the caller decides (the rest come from the database). */
interface NewPayment {
  schoolId: number;
  studentId: number;
  amount: number;
  modeId: number;
  paidOn: string;
  reference: string | null;
  payer: string | null;
  cashierId: number | null;
  cashierName: string;
  /** The signed-in user's name for the audit row (none for the system). */
  userName?: string | null;
  status: string;
  voidReason: null;
  voidedAt: null;
  voidedBy: null;
  idempotencyKey: string | null;
  onlineTransactionId: number | null;
}

/** What the statement found for one payment, and the payment when it was written. */
interface Recorded {
  student_status: string | null;
  mode_name: string | null;
  mode_active: boolean | null;
  /** The Idempotency-Key already has a payment: nothing was written. */
  key_taken: boolean;
  id: number | null;
  receipt_no: number | null;
  year: number | null;
  term: number | null;
  created_at: string | null;
}

/**
 * Writes payments of one school in one statement (autocommit outside a transaction): reads each one's
 * student and mode and the current term; the payments they allow (and whose Idempotency-Key is new)
 * take the next numbers of the gapless 'receipt' series in order, with one bump of the counter row,
 * are inserted, and get their audit rows. The counter row stays locked only while the statement
 * commits. Payments that are refused take no number. Answers one `Recorded` per payment, in order.
 */
async function insertPayments(db: Executor, schoolId: number, payments: NewPayment[]): Promise<Recorded[]> {
  const rows = payments.map((p, i) => ({
    i,
    student_id: p.studentId,
    amount: p.amount,
    mode_id: p.modeId,
    paid_on: p.paidOn,
    reference: p.reference,
    payer: p.payer,
    fallback_year: Number(p.paidOn.slice(0, 4)),
    cashier_id: p.cashierId,
    cashier_name: p.cashierName,
    user_name: p.userName,
    idempotency_key: p.idempotencyKey,
    online_transaction_id: p.onlineTransactionId,
    audit: { ...p, userName: undefined },
  }));
  const reply = (await db.execute(sql`
    with x as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(i int, student_id int, amount int,
        mode_id int, paid_on date, reference text, payer text, fallback_year int, cashier_id int, cashier_name text,
        user_name text, idempotency_key text, online_transaction_id int, audit jsonb)
    ),
    f as (
      select x.*, s.status as student_status, m.name as mode_name, m.active as mode_active,
        exists (select 1 from fees_payments k where k.school_id = ${schoolId}
          and k.idempotency_key = x.idempotency_key) as key_taken
      from x
      left join students s on s.school_id = ${schoolId} and s.id = x.student_id
      left join payment_modes m on m.school_id = ${schoolId} and m.id = x.mode_id
    ),
    ok as (
      select f.*, row_number() over (order by f.i) as k, count(*) over () as total
      from f where f.student_status <> 'trashed' and f.mode_active and not f.key_taken
    ),
    n as (
      insert into counters (school_id, name, value)
      select ${schoolId}::int, 'receipt', count(*) from ok having count(*) > 0
      on conflict (school_id, name) do update set value = counters.value + excluded.value
      returning value
    ),
    t as (
      select st.current_year, st.current_term from schools sc
      left join school_settings st on st.school_id = sc.id where sc.id = ${schoolId}
    ),
    p as (
      insert into fees_payments (school_id, receipt_no, student_id, amount, mode_id, paid_on, reference, payer,
        year, term, cashier_id, cashier_name, idempotency_key, online_transaction_id)
      select ${schoolId}::int, n.value - ok.total + ok.k, ok.student_id, ok.amount, ok.mode_id, ok.paid_on,
        ok.reference, ok.payer, coalesce(t.current_year, ok.fallback_year), coalesce(t.current_term, 1),
        ok.cashier_id, ok.cashier_name, ok.idempotency_key, ok.online_transaction_id
      from ok, n, t
      returning id, receipt_no, year, term, created_at
    ),
    r as (
      select ok.i, ok.audit, ok.cashier_id as user_id, ok.user_name, p.* from p, n, ok where p.receipt_no = n.value - ok.total + ok.k
    ),
    a as (
      insert into audits (school_id, user_id, user_name, action, module, entity, entity_id, after)
      select ${schoolId}::int, r.user_id, r.user_name, 'create', 'fees', 'fees_payments', r.id::text,
        r.audit || jsonb_build_object('id', r.id,
          'receiptNo', r.receipt_no, 'year', r.year, 'term', r.term, 'createdAt', ${isoSql('r.created_at')},
          'updatedAt', ${isoSql('r.created_at')})
      from r
    )
    select f.i, f.student_status, f.mode_name, f.mode_active, f.key_taken, r.id, r.receipt_no, r.year, r.term,
      ${isoSql('r.created_at')} as created_at
    from f left join r on r.i = f.i
    order by f.i`)) as unknown as { rows: (Recorded & { i: number })[] };
  return reply.rows;
}

/** Payments of one school waiting for the statement in flight to finish; they go together in the next. */
interface Queue {
  running: boolean;
  waiting: { payment: NewPayment; done: (r: Recorded) => void; failed: (e: unknown) => void }[];
}
const queues = new WeakMap<Executor, Map<number, Queue>>();
/** At most this many payments in one statement. */
const batchSize = 200;

/**
 * Desks of a school that pay at the same moment share one statement (and one commit): while one
 * statement is in flight the next payments wait and then go together. Receipt numbers stay gapless
 * (the statement commits or rolls back whole) and the commit, the slow part, is paid once for many.
 * When a shared statement fails (a database error), each payment is tried again on its own, so one
 * payment's error never becomes another's.
 */
function batched(db: Executor, payment: NewPayment): Promise<Recorded> {
  const bySchool = queues.get(db) ?? new Map<number, Queue>();
  queues.set(db, bySchool);
  const q = bySchool.get(payment.schoolId) ?? { running: false, waiting: [] };
  bySchool.set(payment.schoolId, q);
  const result = new Promise<Recorded>((done, failed) => q.waiting.push({ payment, done, failed }));
  if (!q.running) void drain(db, payment.schoolId, q);
  return result;
}

async function drain(db: Executor, schoolId: number, q: Queue) {
  q.running = true;
  try {
    while (q.waiting.length) {
      // One payment per Idempotency-Key in a statement; a repeat waits for the next and finds it taken.
      const keys = new Set<string>();
      const batch: Queue['waiting'] = [];
      const later: Queue['waiting'] = [];
      for (const w of q.waiting) {
        const key = w.payment.idempotencyKey;
        if (batch.length >= batchSize || (key && keys.has(key))) later.push(w);
        else {
          if (key) keys.add(key);
          batch.push(w);
        }
      }
      q.waiting = later;
      try {
        const recorded = await insertPayments(
          db,
          schoolId,
          batch.map((w) => w.payment),
        );
        for (const [i, w] of batch.entries()) w.done(recorded[i]!);
      } catch {
        await Promise.all(
          batch.map((w) => insertPayments(db, schoolId, [w.payment]).then(([r]) => w.done(r!), w.failed)),
        );
      }
    }
  } finally {
    q.running = false;
  }
}

/**
 * Records a fees payment: the domain verb the desk and online payments share. The checks, the next
 * number of the school's gapless 'receipt' series, the insert and the audit row are one statement
 * (`insertPayments`), shared with the other desks paying at the same moment (`batched`); inside a
 * caller's transaction (online payments) it runs alone in that transaction. A refused payment takes
 * no number. An overpayment is accepted: the balance becomes a credit. Answers the payment row and
 * `created` (false: the idempotency key's first payment, nothing new).
 */
export async function recordFeesPayment(
  scope: SchoolScope,
  input: FeesPaymentInput,
): Promise<FeesPayment & { created: boolean }> {
  const key = input.idempotencyKey?.trim() || null;
  if (key) {
    const first = await byKey(scope, key);
    if (first) return { ...first, created: false };
  }
  const paidOn = input.paidOn || today();
  checkAmountAndDate(input.amount, paidOn);
  const payment: NewPayment = {
    schoolId: scope.schoolId,
    studentId: input.studentId,
    amount: input.amount,
    modeId: input.modeId,
    paidOn,
    reference: input.reference?.trim() || null,
    payer: input.payer?.trim() || null,
    cashierId: scope.actor.userId,
    cashierName: scope.actor.name ?? 'System',
    userName: scope.actor.name,
    status: 'valid',
    voidReason: null,
    voidedAt: null,
    voidedBy: null,
    idempotencyKey: key,
    onlineTransactionId: input.onlineTransactionId ?? null,
  };
  let result: Recorded | undefined;
  try {
    result =
      scope.db instanceof PgTransaction
        ? (await insertPayments(scope.db, scope.schoolId, [payment]))[0]
        : await batched(scope.db, payment);
  } catch (error) {
    // Another process took the same key at the same moment: the statement rolled back (no number used).
    const e = dbError(error);
    if (!(key && e.code === '23505' && (!e.constraint || e.constraint === 'fees_payments_idempotency'))) throw error;
    result = undefined;
  }
  if (!result || result.key_taken) {
    const first = key ? await byKey(scope, key) : undefined;
    if (first) return { ...first, created: false };
    throw new Error('The payment was not recorded.');
  }
  if (!result.student_status) throw new NotFound('student');
  if (result.student_status === 'trashed') {
    throw new Refusal('This student is in the trash: restore them before taking a payment.');
  }
  if (result.mode_name == null) throw new NotFound('payment mode');
  if (!result.mode_active) throw new Refusal(`${result.mode_name} is no longer in use as a payment mode.`);
  if (result.id == null || result.receipt_no == null || result.created_at == null) {
    throw new Error('The payment was not recorded.');
  }
  const createdAt = new Date(result.created_at);
  const { userName: _, ...row } = payment;
  return {
    ...row,
    id: result.id,
    receiptNo: result.receipt_no,
    year: Number(result.year),
    term: Number(result.term),
    createdAt,
    updatedAt: createdAt,
    created: true,
  };
}
