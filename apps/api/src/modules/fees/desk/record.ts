import { feesPayments, oldPayments, paymentModes } from '@somero/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { now, today } from '../../../core/dates.js';
import { databaseFault, Invalid, NotFound, Refusal } from '../../../core/errors.js';
import { SchoolScope } from '../../../core/scope.js';
import { type Executor, preparedRows, sqlRows } from '../../../db/open.js';
import { enrolledCurrentTerm } from '../../enrolment/index.js';
import { accountIds } from '../../journal/index.js';
import { feesPaymentDocument } from '../documents.js';
import { positionsOf } from '../ledger/balances.js';
import {
  alreadyOn,
  amountAndDateRule,
  type Ceiling,
  ceilingOf,
  nextBatch,
  referenceKey,
  referenceRequired,
  refusalOf,
  repeatOf,
} from './rules.js';

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
  /**
   * The bursar has confirmed an amount far above the balance (more than the balance plus the current
   * term's fees); without it such a payment is refused with `NeedsConfirmation`. Online payments pass
   * true: the money has been received.
   */
  confirm?: boolean;
  /** Online payments: the provider's receipt number is unique by its own index, so no reference rule. */
  online?: boolean;
}

const referenceSql = (column: string) => sql.raw(`lower(replace(${column}, ' ', ''))`);

/** Amount and date rules every payment (fees or old student) follows, against today in Kampala. */
export function checkAmountAndDate(amount: number, paidOn: string) {
  amountAndDateRule(amount, paidOn, today());
}

/** Is this mode of the school in use? Answers its row; 404 for another school's id, 202 when switched off. */
export async function activeMode(scope: SchoolScope, modeId: number) {
  const [mode] = await scope.db
    .select({
      id: paymentModes.id,
      name: paymentModes.name,
      active: paymentModes.active,
      requiresReference: paymentModes.requiresReference,
    })
    .from(paymentModes)
    .where(scope.mine(paymentModes, eq(paymentModes.id, modeId)));
  if (!mode) throw new NotFound('payment mode');
  if (!mode.active) throw new Refusal(`${mode.name} is no longer in use as a payment mode.`);
  return mode;
}

/** The reference rule of a payment's own mode (in use or not: a payment keeps the mode it was taken in). */
export async function modeRule(scope: SchoolScope, modeId: number) {
  const [mode] = await scope.db
    .select({ requiresReference: paymentModes.requiresReference })
    .from(paymentModes)
    .where(scope.mine(paymentModes, eq(paymentModes.id, modeId)));
  if (!mode) throw new NotFound('payment mode');
  return mode;
}

/**
 * The reference rules of a payment into a mode (old students' receipts; the desk's are in its statement):
 * a mode that requires one gets one (422 on `reference`), and a reference already on another valid payment
 * of the school, fees or old student's, is refused naming that receipt.
 */
export async function checkReference(
  scope: SchoolScope,
  mode: { requiresReference: boolean },
  reference: string | null,
  except?: { oldPaymentId?: number; feesPaymentId?: number },
) {
  if (!reference) {
    if (mode.requiresReference) throw new Invalid('reference', referenceRequired);
    return;
  }
  const same = (column: string) => sql`${referenceSql(column)} = ${referenceKey(reference)}`;
  const [[fees], [old]] = await Promise.all([
    scope.db
      .select({ receiptNo: feesPayments.receiptNo })
      .from(feesPayments)
      .where(
        scope.mine(
          feesPayments,
          eq(feesPayments.status, 'valid'),
          same('fees_payments.reference'),
          except?.feesPaymentId ? ne(feesPayments.id, except.feesPaymentId) : undefined,
        ),
      )
      .orderBy(feesPayments.receiptNo)
      .limit(1),
    scope.db
      .select({ receiptNo: oldPayments.receiptNo })
      .from(oldPayments)
      .where(
        scope.mine(
          oldPayments,
          and(
            eq(oldPayments.status, 'valid'),
            same('old_payments.reference'),
            except?.oldPaymentId ? ne(oldPayments.id, except.oldPaymentId) : undefined,
          ),
        ),
      )
      .orderBy(oldPayments.receiptNo)
      .limit(1),
  ]);
  if (fees) throw new Refusal(alreadyOn(reference, fees.receiptNo, false));
  if (old) throw new Refusal(alreadyOn(reference, old.receiptNo, true));
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

/** What a payment is checked against besides its student and mode. */
interface RowChecks {
  /** Refused above this amount (balance plus the term's fees); none once confirmed. */
  ceiling: number | null;
  /** Refused when its reference is on another valid payment (not for online payments). */
  uniqueReference: boolean;
}

/** What the statement found for one payment, and the payment when it was written. */
interface Recorded {
  student_status: string | null;
  mode_name: string | null;
  mode_active: boolean | null;
  /** The Idempotency-Key already has a payment: nothing was written. */
  key_taken: boolean;
  /** The mode needs a reference and the payment has none. */
  reference_missing: boolean;
  /** The receipt (fees, else old students') of another valid payment with the same reference. */
  reference_receipt: number | null;
  reference_old_receipt: number | null;
  /** The amount is above the ceiling it was given (balance plus the current term's fees). */
  over_ceiling: boolean;
  id: number | null;
  receipt_no: number | null;
  year: number | null;
  term: number | null;
  created_at: string | null;
}

/**
 * Writes payments of one school in one statement (autocommit outside a transaction; prepared on PostgreSQL): reads each one's
 * student and mode and the current term; the payments they allow (whose Idempotency-Key is new, whose
 * mode's reference rule is kept, whose reference is on no other valid payment and whose amount is within
 * its ceiling, when it has one) take the next numbers of the gapless 'receipt' series in order, with one bump of the counter row,
 * are inserted, and get their audit rows. The counter row stays locked only while the statement
 * commits. Payments that are refused take no number. Answers one `Recorded` per payment, in order.
 */
async function insertPayments(
  db: Executor,
  schoolId: number,
  payments: NewPayment[],
  checks: RowChecks[],
): Promise<Recorded[]> {
  const accounts = await deskAccounts(db, schoolId, payments);
  // Every row of the batch is stamped by the clock, not the database's.
  const at = sql`${now().toISOString()}::timestamptz`;
  const rows = payments.map((p, i) => ({
    mode_account: accounts.get(`mode:${p.modeId}`) ?? null,
    income_account: accounts.get('fees_income') ?? null,
    ceiling: checks[i]!.ceiling,
    unique_reference: checks[i]!.uniqueReference,
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
  return preparedRows<Recorded & { i: number }>(
    db,
    // Stryker disable next-line StringLiteral: the prepared statement's name (any name runs the same statement)
    'desk_payments',
    sql`
    with x as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(i int, student_id int, amount int,
        mode_id int, paid_on date, reference text, payer text, fallback_year int, cashier_id int, cashier_name text,
        user_name text, idempotency_key text, online_transaction_id int, audit jsonb, ceiling bigint,
        unique_reference boolean, mode_account int, income_account int)
    ),
    f as (
      select x.*, s.status as student_status, s.surname, s.other_names, m.name as mode_name, m.active as mode_active,
        coalesce((select true from fees_payments k where x.idempotency_key is not null and k.school_id = ${schoolId}
          and k.idempotency_key = x.idempotency_key limit 1), false) as key_taken,
        coalesce(m.requires_reference and x.reference is null, false) as reference_missing,
        (select k.receipt_no from fees_payments k where x.unique_reference and x.reference is not null and k.school_id = ${schoolId}
          and k.status = 'valid' and k.reference is not null
          and ${referenceSql('k.reference')} = ${referenceSql('x.reference')}
          order by k.receipt_no limit 1) as reference_receipt,
        (select o.receipt_no from old_payments o where x.unique_reference and x.reference is not null and o.school_id = ${schoolId}
          and o.status = 'valid' and o.reference is not null
          and ${referenceSql('o.reference')} = ${referenceSql('x.reference')}
          order by o.receipt_no limit 1) as reference_old_receipt,
        coalesce(x.amount > x.ceiling, false) as over_ceiling,
        (select y.name from financial_years y where y.school_id = ${schoolId} and y.status = 'closed'
          and x.paid_on between y.starts_on and y.ends_on limit 1) as closed_year
      from x
      left join lateral (select s.status, s.surname, s.other_names from students s where s.school_id = ${schoolId} and s.id = x.student_id
        limit 1) s on true
      left join lateral (select m.name, m.active, m.requires_reference from payment_modes m
        where m.school_id = ${schoolId} and m.id = x.mode_id limit 1) m on true
    ),
    ok as (
      select f.*, row_number() over (order by f.i) as k, count(*) over () as total
      from f where f.student_status <> 'trashed' and f.mode_active and not f.key_taken and not f.reference_missing
        and f.reference_receipt is null and f.reference_old_receipt is null and not f.over_ceiling
        and f.closed_year is null
    ),
    n as (
      insert into counters (school_id, name, value)
      select ${schoolId}::int, ${feesPaymentDocument.series}, count(*) from ok having count(*) > 0
      on conflict (school_id, name) do update set value = counters.value + excluded.value
      returning value
    ),
    t as (
      select st.current_year, st.current_term from schools sc
      left join school_settings st on st.school_id = sc.id where sc.id = ${schoolId}
    ),
    p as (
      insert into fees_payments (school_id, receipt_no, student_id, amount, mode_id, paid_on, reference, payer,
        year, term, cashier_id, cashier_name, idempotency_key, online_transaction_id, created_at, updated_at)
      select ${schoolId}::int, n.value - ok.total + ok.k, ok.student_id, ok.amount, ok.mode_id, ok.paid_on,
        ok.reference, ok.payer, coalesce(t.current_year, ok.fallback_year), coalesce(t.current_term, 1),
        ok.cashier_id, ok.cashier_name, ok.idempotency_key, ok.online_transaction_id, ${at}, ${at}
      from ok, n, t
      returning id, receipt_no, year, term, created_at
    ),
    r as (
      select ok.i, ok.audit, ok.cashier_id as user_id, ok.user_name, ok.paid_on, ok.reference, ok.amount, ok.surname,
        ok.other_names, ok.mode_account, ok.income_account, p.*
      from p, n, ok where p.receipt_no = n.value - ok.total + ok.k
    ),
    je as (
      insert into journal_entries (school_id, date, source_kind, source_id, memo, reference, created_by, created_at,
        updated_at)
      select ${schoolId}::int, r.paid_on, 'fees_payment', r.id,
        'Fees receipt ' || r.receipt_no || ': ' || r.surname || ' ' || r.other_names, r.reference, r.user_id, ${at}, ${at}
      from r
      returning id, source_id
    ),
    jl as (
      insert into journal_lines (school_id, entry_id, account_id, date, debit, credit, created_at, updated_at)
      select ${schoolId}::int, je.id, side.account_id, r.paid_on, side.debit, side.credit, ${at}, ${at}
      from je join r on r.id = je.source_id
      cross join lateral (values (r.mode_account, r.amount, 0), (r.income_account, 0, r.amount)) side(account_id, debit, credit)
    ),
    a as (
      insert into audits (school_id, user_id, user_name, action, module, entity, entity_id, after, at)
      select ${schoolId}::int, r.user_id, r.user_name, 'create', 'fees', 'fees_payments', r.id::text,
        r.audit || jsonb_build_object('id', r.id,
          'receiptNo', r.receipt_no, 'year', r.year, 'term', r.term, 'createdAt', ${isoSql('r.created_at')},
          'updatedAt', ${isoSql('r.created_at')}), ${at}
      from r
    )
    select f.i, f.student_status, f.mode_name, f.mode_active, f.key_taken, f.reference_missing, f.reference_receipt,
      f.reference_old_receipt, f.over_ceiling, f.closed_year, r.id, r.receipt_no, r.year, r.term,
      ${isoSql('r.created_at')} as created_at
    from f left join r on r.i = f.i
    order by f.i`,
  );
}

const knownAccounts = new WeakMap<Executor, Map<string, number>>();

/**
 * The journal accounts a desk statement posts to (each payment's mode, fees income), made where missing.
 * Outside a transaction they are remembered per database (an account is never removed); a mode of
 * another school has none, and its payment is refused by the statement anyway.
 */
// Stryker disable all: a cache (reading the accounts each time answers the same ids)
async function deskAccounts(db: Executor, schoolId: number, payments: NewPayment[]) {
  const keys = ['fees_income', ...new Set(payments.map((p) => `mode:${p.modeId}`))];
  const inTransaction = db instanceof PgTransaction;
  const known = inTransaction ? new Map<string, number>() : (knownAccounts.get(db) ?? new Map<string, number>());
  if (!inTransaction) knownAccounts.set(db, known);
  const found = new Map<string, number>();
  const missing: string[] = [];
  for (const key of keys) {
    const id = known.get(`${schoolId}|${key}`);
    if (id == null) missing.push(key);
    else found.set(key, id);
  }
  if (missing.length) {
    const system = new SchoolScope(db, schoolId, { userId: null, name: 'System' }, inTransaction);
    for (const [key, id] of await accountIds(system, missing)) {
      found.set(key, id);
      known.set(`${schoolId}|${key}`, id);
    }
  }
  return found;
}
// Stryker restore all

/**
 * The ceilings of some students of a school, from the ledger's own figures (`positionsOf`, as
 * `studentPosition` gives them, figures only): what each owes now, and what the current term charges
 * them (structure lines and additions). The current term, which of them are enrolled in it and their
 * positions are read at once (one round trip for the batch); only students not yet enrolled in the
 * current term are enrolled (`enrolledCurrentTerm`) and their positions read again, so a desk's
 * statement does not wait for an enrolment write (and its commit) when there is nothing to enrol.
 */
async function ceilingsOf(scope: SchoolScope, ids: number[]): Promise<Map<number, Ceiling>> {
  const idList = `{${ids.join(',')}}`;
  const [[term], positions] = await Promise.all([
    sqlRows<{ year: number | null; term: number | null; enrolled: number[] | null }>(
      scope.db,
      sql`select st.current_year as year, st.current_term as term,
          array(select t.student_id from student_terms t where t.school_id = ${scope.schoolId}
            and t.student_id = any(${idList}::int[]) and t.year = st.current_year and t.term = st.current_term) as enrolled
        from school_settings st where st.school_id = ${scope.schoolId}`,
    ),
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: the figures only (the lines too answer the same figures)
    positionsOf(scope, ids, { lines: false }),
  ]);
  const enrolled = new Set(term?.enrolled);
  // Stryker disable next-line MethodExpression: enrolling those enrolled already changes nothing (it only costs)
  const missing = ids.filter((id) => !enrolled.has(id));
  let now = term?.year != null && term.term != null ? { year: term.year, term: term.term } : undefined;
  // Stryker disable next-line ConditionalExpression: enrolling no one and reading no one changes nothing
  if (missing.length) {
    now = await enrolledCurrentTerm(scope, missing, now);
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: the figures only, as above
    for (const [id, position] of await positionsOf(scope, missing, { lines: false })) positions.set(id, position);
  }
  const result = new Map<number, Ceiling>();
  for (const id of ids) {
    const position = positions.get(id);
    if (!position || !now) continue;
    const current = now;
    const t = position.terms.find((x) => x.year === current.year && x.term === current.term);
    result.set(id, { balance: position.balance, termFees: t?.charged ?? 0 });
  }
  return result;
}

/** One payment waiting for a statement; `check`: the scope to read its ceiling with (none once confirmed). */
interface Waiting {
  payment: NewPayment;
  check: SchoolScope | null;
  uniqueReference: boolean;
  ceiling: Ceiling | null;
  done: (r: Recorded & { ceiling: Ceiling | null }) => void;
  failed: (e: unknown) => void;
}

/** Payments of one school waiting for the statement in flight to finish; they go together in the next. */
interface Queue {
  running: boolean;
  waiting: Waiting[];
}
const queues = new WeakMap<Executor, Map<number, Queue>>();
/** At most this many payments in one statement. */
const batchSize = 200;

/**
 * Desks of a school that pay at the same moment share one statement (and one commit): while one
 * statement is in flight the next payments wait and then go together. Receipt numbers stay gapless
 * (the statement commits or rolls back whole) and the commit, the slow part, is paid once for many.
 * The ceilings of the payments not yet confirmed are read together just before (one set of ledger
 * queries for the batch). When a shared statement fails (a database error), each payment is tried
 * again on its own, so one payment's error never becomes another's.
 */
function batched(db: Executor, payment: NewPayment, check: SchoolScope | null, uniqueReference: boolean) {
  const bySchool = queues.get(db) ?? new Map<number, Queue>();
  queues.set(db, bySchool);
  const q = bySchool.get(payment.schoolId) ?? { running: false, waiting: [] };
  bySchool.set(payment.schoolId, q);
  const result = new Promise<Recorded & { ceiling: Ceiling | null }>((done, failed) =>
    q.waiting.push({ payment, check, uniqueReference, ceiling: null, done, failed }),
  );
  if (!q.running) void drain(db, payment.schoolId, q);
  return result;
}

/** The next statement's payments (`nextBatch`); the rest wait. */
function take(q: Queue, busy: Set<number>): Waiting[] {
  const { batch, later } = nextBatch(q.waiting, busy, batchSize);
  q.waiting = later;
  return batch;
}

/** Reads the ceilings of a batch's payments not yet confirmed; those whose read failed are answered with the error and left out. */
async function prepare(batch: Waiting[]): Promise<Waiting[]> {
  const checked = batch.filter((w) => w.check);
  // Stryker disable next-line ConditionalExpression: a batch with nothing to check fails its read and comes back whole, as here
  if (!checked.length) return batch;
  try {
    const ids = [...new Set(checked.map((w) => w.payment.studentId))];
    const found = await ceilingsOf(checked[0]!.check!, ids);
    for (const w of checked) w.ceiling = found.get(w.payment.studentId) ?? null;
    return batch;
  } catch (error) {
    for (const w of checked) w.failed(error);
    return batch.filter((w) => !w.check);
  }
}

/** Writes a batch in one statement and answers each payment; when it fails, each is tried on its own. */
async function send(db: Executor, schoolId: number, batch: Waiting[]) {
  const insert = (ws: Waiting[]) =>
    insertPayments(
      db,
      schoolId,
      ws.map((w) => w.payment),
      ws.map((w) => ({ ceiling: ceilingOf(w.ceiling), uniqueReference: w.uniqueReference })),
    );
  try {
    const recorded = await insert(batch);
    for (const [i, w] of batch.entries()) w.done({ ...recorded[i]!, ceiling: w.ceiling });
  } catch {
    await Promise.all(batch.map((w) => insert([w]).then(([r]) => w.done({ ...r!, ceiling: w.ceiling }), w.failed)));
  }
}

/**
 * Runs a school's queue. While one statement is in flight, the next batch's ceilings are read (the ledger
 * reads overlap the write instead of adding to it); a payment of a student in the statement in flight
 * waits for the batch after, so every ceiling is read after that student's earlier payments are written.
 */
async function drain(db: Executor, schoolId: number, q: Queue) {
  q.running = true;
  try {
    let next: Promise<Waiting[]> | undefined;
    while (next || q.waiting.length) {
      const batch = await (next ?? prepare(take(q, new Set())));
      next = undefined;
      // Stryker disable next-line ConditionalExpression: an empty statement writes nothing
      if (!batch.length) continue;
      const writing = send(db, schoolId, batch);
      // Stryker disable next-line ConditionalExpression: reading the next batch early is for speed (an empty one is taken as none)
      if (q.waiting.length) next = prepare(take(q, new Set(batch.map((w) => w.payment.studentId))));
      await writing;
    }
  } finally {
    q.running = false;
  }
}

// Stryker disable all: only two server processes on PostgreSQL meet here (two-servers.test.ts); the mutation runs use one embedded database
/** Another process took the same key at the same moment: its statement rolled back (no number used). */
function tookSameKey(error: unknown, key: string | null) {
  const e = databaseFault(error);
  return Boolean(key && e.code === '23505' && (!e.constraint || e.constraint === 'fees_payments_idempotency'));
}
// Stryker restore all

/**
 * Records a fees payment: the domain verb the desk and online payments share. The checks, the next
 * number of the school's gapless 'receipt' series, the insert and the audit row are one statement
 * (`insertPayments`), shared with the other desks paying at the same moment (`batched`); inside a
 * caller's transaction (online payments) it runs alone in that transaction. A refused payment takes
 * no number. Rules: the mode may require a reference (422 on `reference`); a reference already on
 * another valid payment of the school (case and spaces ignored) is refused naming that receipt; an
 * amount above the balance plus the current term's fees asks for confirmation (`NeedsConfirmation`)
 * unless `confirm`; a smaller overpayment is accepted and the balance becomes a credit. An
 * Idempotency-Key already used answers its first payment (`created` false) when the payment is the same,
 * 422 when it is another. Answers the payment row and `created`.
 */
export async function recordFeesPayment(
  scope: SchoolScope,
  input: FeesPaymentInput,
): Promise<FeesPayment & { created: boolean }> {
  const key = input.idempotencyKey?.trim() || null;
  const paidOn = input.paidOn || today();
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
  const dated = Boolean(input.paidOn);
  // Stryker disable next-line ConditionalExpression: a key already used is found by the statement too (key_taken), answered the same
  if (key) {
    const first = await byKey(scope, key);
    if (first) return repeatOf(first, payment, dated);
  }
  checkAmountAndDate(input.amount, paidOn);
  const check = input.confirm ? null : scope;
  let result: (Recorded & { ceiling: Ceiling | null }) | undefined;
  try {
    // Stryker disable next-line ConditionalExpression: alone or batched, the same payments are written (batching is for speed)
    if (scope.db instanceof PgTransaction) {
      const ceiling = check ? ((await ceilingsOf(scope, [input.studentId])).get(input.studentId) ?? null) : null;
      const [r] = await insertPayments(
        scope.db,
        scope.schoolId,
        [payment],
        [{ ceiling: ceilingOf(ceiling), uniqueReference: !input.online }],
      );
      result = { ...r!, ceiling };
    } else result = await batched(scope.db, payment, check, !input.online);
  } catch (error) {
    if (!tookSameKey(error, key)) throw error;
    result = undefined;
  }
  if (!result || result.key_taken) {
    // Stryker disable next-line ConditionalExpression: no key finds no payment either way
    const first = key ? await byKey(scope, key) : undefined;
    if (first) return repeatOf(first, payment, dated);
    throw new Error('The payment was not recorded.');
  }
  const refused = refusalOf(result, { amount: input.amount, reference: payment.reference }, result.ceiling);
  if (refused) throw refused;
  // Stryker disable next-line all: a guard the statement never reaches (it writes every payment it finds nothing against)
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
