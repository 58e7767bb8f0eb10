// The payment verbs' rules, without I/O: what a payment may be, when a repeat is the same payment,
// which waiting payments share a statement, what a statement's findings mean to the cashier, and what an
// amendment changes. The verbs (record.ts, payments.ts) read and write; these decide. Unit-tested
// in payment-rules.test.ts, the mutation run's target.
import { Conflict, HttpError, Invalid, NeedsConfirmation, NotFound, Refusal } from '../../../core/errors.js';

/** The words of the rules the desk and old students' receipts share. */
export const referenceRequired = 'Enter the reference (bank slip or transaction id)';
export const keyReused = 'This key was used for another payment';

export const shillings = (n: number) => `UGX ${n.toLocaleString('en-US')}`;

/** A reference as references are compared: case and spaces ignored (the SQL of the verbs does the same). */
export const referenceKey = (reference: string) => reference.toLowerCase().replaceAll(' ', '');

export const alreadyOn = (reference: string, receiptNo: number, old: boolean) =>
  `Reference ${reference} is already on ${old ? "old students' receipt" : 'receipt'} ${receiptNo}.`;

/** Amount and date rules every payment (fees or old student) follows; `today` is Kampala's date. */
export function amountAndDateRule(amount: number, paidOn: string, today: string) {
  if (!Number.isInteger(amount) || amount <= 0) {
    throw new Refusal('Enter an amount above zero, in whole shillings.');
  }
  if (paidOn > today) throw new Refusal('The payment date cannot be in the future.');
}

/** The fields of a payment a repeat of its Idempotency-Key is compared on. */
export interface PaymentFields {
  studentId: number;
  amount: number;
  modeId: number;
  paidOn: string;
  reference: string | null;
  payer: string | null;
}

/** Is this the payment the key was first used for? The date counts only when the repeat gives one. */
export function samePayment(first: PaymentFields, again: PaymentFields, datedAgain: boolean) {
  return (
    first.studentId === again.studentId &&
    first.amount === again.amount &&
    first.modeId === again.modeId &&
    (!datedAgain || first.paidOn === again.paidOn) &&
    (first.reference ?? null) === again.reference &&
    (first.payer ?? null) === again.payer
  );
}

/** The first payment of a key, when it is this payment (`created` false); 422 when the key was used for another. */
export function repeatOf<P extends PaymentFields>(first: P, again: PaymentFields, datedAgain: boolean) {
  if (!samePayment(first, again, datedAgain)) throw new HttpError(422, keyReused, {});
  return { ...first, created: false };
}

/** What a payment may come to before the desk must confirm it: the balance plus the current term's fees. */
export interface Ceiling {
  balance: number;
  termFees: number;
}

export const ceilingOf = (c: Ceiling | null | undefined) => (c ? c.balance + c.termFees : null);

/** A payment waiting for a statement, as far as choosing the statement goes. */
export interface Queued {
  payment: { idempotencyKey: string | null; reference: string | null; studentId: number };
}

/**
 * The next statement's payments, taken from the waiting ones in order: one per Idempotency-Key and per
 * reference (a repeat waits for the next statement and finds the key taken, or the reference on the
 * first one's receipt), one per student (each payment's ceiling is read after the student's payment
 * before it is written: two read together would both be measured against the same balance), at most
 * `size`, and none of a student in `busy` (a statement in flight is changing their balance, so their
 * ceiling is read after it). Answers the batch and those left waiting.
 */
export function nextBatch<W extends Queued>(waiting: W[], busy: Set<number>, size: number) {
  const keys = new Set<string>();
  const batch: W[] = [];
  const later: W[] = [];
  for (const w of waiting) {
    const { idempotencyKey, reference, studentId } = w.payment;
    const own = [
      idempotencyKey && `key:${idempotencyKey}`,
      reference && `ref:${referenceKey(reference)}`,
      `student:${studentId}`,
    ];
    if (batch.length >= size || busy.has(studentId) || own.some((k) => k && keys.has(k))) later.push(w);
    else {
      for (const k of own) if (k) keys.add(k);
      batch.push(w);
    }
  }
  return { batch, later };
}

/** What the recording statement found for one payment (the statement writes only a payment with none of these). */
export interface Findings {
  student_status: string | null;
  mode_name: string | null;
  mode_active: boolean | null;
  reference_missing: boolean;
  reference_receipt: number | null;
  reference_old_receipt: number | null;
  over_ceiling: boolean;
  /** The closed financial year the payment's date falls in (nothing may be posted there). */
  closed_year?: string | null;
}

/**
 * Why a payment was not written, in the cashier's words, from what the statement found (in this order:
 * the student, the mode, the reference, the amount); none when it was written. `ceiling`: the one the
 * amount was held to.
 */
export function refusalOf(
  found: Findings,
  payment: { amount: number; reference: string | null },
  ceiling: Ceiling | null,
): HttpError | null {
  if (!found.student_status) return new NotFound('student');
  if (found.student_status === 'trashed') {
    return new Refusal('This student is in the trash: restore them before taking a payment.');
  }
  if (found.mode_name == null) return new NotFound('payment mode');
  if (found.closed_year)
    return new Refusal(`The financial year ${found.closed_year} is closed: no payment can be dated in it.`);
  if (!found.mode_active) return new Refusal(`${found.mode_name} is no longer in use as a payment mode.`);
  if (found.reference_missing) return new Invalid('reference', referenceRequired);
  if (payment.reference) {
    if (found.reference_receipt != null)
      return new Refusal(alreadyOn(payment.reference, found.reference_receipt, false));
    if (found.reference_old_receipt != null) {
      return new Refusal(alreadyOn(payment.reference, found.reference_old_receipt, true));
    }
  }
  if (found.over_ceiling && ceiling) {
    const { balance, termFees } = ceiling;
    const owes = balance < 0 ? `has ${shillings(-balance)} in credit` : `owes ${shillings(balance)}`;
    return new NeedsConfirmation(
      `${shillings(payment.amount)} is far above the balance: the student ${owes}, and a term's fees are ` +
        `${shillings(termFees)}. Check the amount, or confirm to take it.`,
    );
  }
  return null;
}

/** The fields a correction may change. */
type Changeable = Pick<PaymentFields, 'amount' | 'modeId' | 'paidOn' | 'reference' | 'payer'>;

/** A payment (fees or old student's) as a correction finds it. */
export interface Amendable extends Changeable {
  receiptNo: number;
  status: string;
}

/** What a cashier asks to change on a payment. */
export interface AmendRequest {
  amount?: number;
  modeId?: number;
  paidOn?: string;
  reference?: string | null;
  payer?: string | null;
}

/** A void payment stays as it is: 409 naming its receipt. */
export function refuseIfVoid(payment: { status: string; receiptNo: number }) {
  if (payment.status === 'void') throw new Conflict(`Receipt ${payment.receiptNo} is void and cannot be changed.`);
}

/**
 * The values an amendment changes (only those that differ; a reference trimmed, none when blank), after
 * the amount and date rules on the payment as it would read; 202 when nothing would change. `checkReference`
 * says whether the reference rules must run again (the mode or the reference changes).
 */
export function amendedValues(before: Amendable, change: AmendRequest, today: string) {
  refuseIfVoid(before);
  const values: Partial<Changeable> = {};
  if (change.amount !== undefined && change.amount !== before.amount) values.amount = change.amount;
  if (change.modeId !== undefined && change.modeId !== before.modeId) values.modeId = change.modeId;
  if (change.paidOn !== undefined && change.paidOn !== before.paidOn) values.paidOn = change.paidOn;
  const reference = change.reference === undefined ? undefined : change.reference?.trim() || null;
  if (reference !== undefined && reference !== before.reference) values.reference = reference;
  if (change.payer !== undefined && (change.payer ?? null) !== before.payer) values.payer = change.payer ?? null;
  amountAndDateRule(values.amount ?? before.amount, values.paidOn ?? before.paidOn, today);
  if (!Object.keys(values).length) throw new Refusal('Nothing to change: the payment already reads so.');
  return {
    values,
    checkReference: values.modeId !== undefined || values.reference !== undefined,
    reference: values.reference !== undefined ? values.reference : before.reference,
  };
}
