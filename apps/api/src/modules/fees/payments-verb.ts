import { feesPayments, paymentModes, schoolSettings, schools, students } from '@somero/contract';
import { and, eq, sql } from 'drizzle-orm';
import { nextNumber } from '../../core/counters.js';
import { NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { today } from '../students/query.js';

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

/**
 * Records a fees payment: the domain verb the desk and online payments share. One transaction of
 * four statements (checks, receipt counter, insert, audit); the receipt number is the next of the
 * school's gapless 'receipt' series. An overpayment is accepted: the balance becomes a credit.
 * Answers the payment row and `created` (false: the idempotency key's first payment, nothing new).
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
  try {
    const payment = await scope.transaction(async (tx) => {
      // The student, the mode and the current term in one statement.
      const [facts] = await tx.db
        .select({
          studentStatus: sql<string | null>`(select ${students.status} from ${students} where ${and(
            eq(students.schoolId, tx.schoolId),
            eq(students.id, input.studentId),
          )})`,
          modeName: sql<string | null>`(select ${paymentModes.name} from ${paymentModes} where ${and(
            eq(paymentModes.schoolId, tx.schoolId),
            eq(paymentModes.id, input.modeId),
          )})`,
          modeActive: sql<boolean | null>`(select ${paymentModes.active} from ${paymentModes} where ${and(
            eq(paymentModes.schoolId, tx.schoolId),
            eq(paymentModes.id, input.modeId),
          )})`,
          year: schoolSettings.currentYear,
          term: schoolSettings.currentTerm,
        })
        .from(schools)
        .leftJoin(schoolSettings, eq(schoolSettings.schoolId, schools.id))
        .where(eq(schools.id, tx.schoolId));
      if (!facts?.studentStatus) throw new NotFound('student');
      if (facts.studentStatus === 'trashed') {
        throw new Refusal('This student is in the trash: restore them before taking a payment.');
      }
      if (facts.modeName == null) throw new NotFound('payment mode');
      if (!facts.modeActive) throw new Refusal(`${facts.modeName} is no longer in use as a payment mode.`);
      const receiptNo = await nextNumber(tx, 'receipt');
      const [row] = await tx.db
        .insert(feesPayments)
        .values({
          schoolId: tx.schoolId,
          receiptNo,
          studentId: input.studentId,
          amount: input.amount,
          modeId: input.modeId,
          paidOn,
          reference: input.reference?.trim() || null,
          payer: input.payer?.trim() || null,
          year: facts.year ?? Number(paidOn.slice(0, 4)),
          term: facts.term ?? 1,
          cashierId: tx.actor.userId,
          cashierName: tx.actor.name ?? 'System',
          idempotencyKey: key,
          onlineTransactionId: input.onlineTransactionId ?? null,
        })
        .returning();
      await tx.audit({ action: 'create', module: 'fees', entity: 'fees_payments', entityId: row!.id, after: row });
      return row!;
    });
    return { ...payment, created: true };
  } catch (error) {
    // Two desks sent the same key at once: the loser's transaction rolled back (no receipt number used).
    const e = dbError(error);
    if (key && e.code === '23505' && (!e.constraint || e.constraint === 'fees_payments_idempotency')) {
      const first = await byKey(scope, key);
      if (first) return { ...first, created: false };
    }
    throw error;
  }
}
