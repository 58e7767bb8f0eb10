import { describe, expect, it } from 'vitest';
import { HttpError } from '../src/core/errors.js';
import {
  alreadyOn,
  amendedValues,
  amountAndDateRule,
  ceilingOf,
  type Findings,
  nextBatch,
  referenceKey,
  referenceRequired,
  refusalOf,
  refuseIfVoid,
  repeatOf,
  samePayment,
} from '../src/modules/fees/desk/rules.js';

/** What a rule threw: status, message and field errors, or none. */
function thrown(work: () => unknown) {
  try {
    work();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.statusCode, message: error.message, errors: error.errors };
  }
  return null;
}
const reply = (error: HttpError | null) =>
  error && { status: error.statusCode, message: error.message, errors: error.errors };

const today = '2026-11-24';

describe('amount and date of a payment', () => {
  it('takes whole shillings above zero, dated today or before', () => {
    expect(thrown(() => amountAndDateRule(1, today, today))).toBeNull();
    expect(thrown(() => amountAndDateRule(450_000, '2026-01-05', today))).toBeNull();
  });

  it('refuses nothing, less than nothing and parts of a shilling', () => {
    for (const amount of [0, -1, -50_000, 0.5, 1000.25, Number.NaN]) {
      expect(thrown(() => amountAndDateRule(amount, today, today))).toEqual({
        status: 202,
        message: 'Enter an amount above zero, in whole shillings.',
        errors: undefined,
      });
    }
  });

  it('refuses a date after today, even by a day', () => {
    expect(thrown(() => amountAndDateRule(1000, '2026-11-25', today))?.message).toBe(
      'The payment date cannot be in the future.',
    );
    expect(thrown(() => amountAndDateRule(1000, '2027-01-01', today))?.status).toBe(202);
  });
});

describe('a repeated Idempotency-Key', () => {
  const first = {
    id: 7,
    studentId: 1,
    amount: 300_000,
    modeId: 2,
    paidOn: '2026-11-20',
    reference: 'MM123' as string | null,
    payer: 'Mother' as string | null,
  };
  const again = { ...first };

  it('is the same payment when every field the cashier typed matches', () => {
    expect(samePayment(first, again, true)).toBe(true);
    expect(repeatOf(first, again, true)).toEqual({ ...first, created: false });
  });

  it('is another payment when the student, amount, mode, reference or payer differ', () => {
    for (const change of [
      { studentId: 2 },
      { amount: 300_001 },
      { modeId: 3 },
      { reference: 'MM124' },
      { reference: null },
      { payer: 'Father' },
      { payer: null },
    ]) {
      expect(samePayment(first, { ...again, ...change }, true), JSON.stringify(change)).toBe(false);
      expect(thrown(() => repeatOf(first, { ...again, ...change }, true))).toEqual({
        status: 422,
        message: 'This key was used for another payment',
        errors: {},
      });
    }
  });

  it('compares the date only when the repeat gives one', () => {
    expect(samePayment(first, { ...again, paidOn: '2026-11-21' }, true)).toBe(false);
    expect(samePayment(first, { ...again, paidOn: '2026-11-21' }, false)).toBe(true);
  });

  it('reads a first payment without reference or payer as none', () => {
    const bare = { ...first, reference: null, payer: null };
    expect(samePayment(bare, { ...again, reference: null, payer: null }, true)).toBe(true);
  });
});

describe('the ceiling above which the desk asks first', () => {
  it('is the balance plus the current term’s fees, or none', () => {
    expect(ceilingOf({ balance: 370_000, termFees: 450_000 })).toBe(820_000);
    expect(ceilingOf({ balance: -50_000, termFees: 450_000 })).toBe(400_000);
    expect(ceilingOf(null)).toBeNull();
    expect(ceilingOf(undefined)).toBeNull();
  });
});

describe('payments sharing one statement', () => {
  const w = (studentId: number, idempotencyKey: string | null = null, reference: string | null = null) => ({
    payment: { studentId, idempotencyKey, reference },
  });

  it('go in the order they came, up to the statement’s size', () => {
    const waiting = [w(1), w(2), w(3), w(4)];
    const { batch, later } = nextBatch(waiting, new Set(), 3);
    expect(batch).toEqual(waiting.slice(0, 3));
    expect(later).toEqual([waiting[3]]);
  });

  it('take one payment per key and per reference (case and spaces ignored); the repeat waits, in order', () => {
    const waiting = [w(1, 'k1'), w(2, 'k1'), w(3, null, 'MM 55a'), w(4, null, 'mm55A'), w(5, 'k2', 'other'), w(6)];
    const { batch, later } = nextBatch(waiting, new Set(), 200);
    expect(batch.map((x) => x.payment.studentId)).toEqual([1, 3, 5, 6]);
    expect(later.map((x) => x.payment.studentId)).toEqual([2, 4]);
  });

  it('take one payment per student: the next one’s ceiling is read once the first is written', () => {
    const waiting = [w(1), w(2), w(1), w(3), w(2), w(1)];
    const { batch, later } = nextBatch(waiting, new Set(), 200);
    expect(batch.map((x) => x.payment.studentId)).toEqual([1, 2, 3]);
    expect(later).toEqual([waiting[2], waiting[4], waiting[5]]);
  });

  it('leave out students whose earlier payment is being written, and never match a key with a reference', () => {
    const waiting = [w(1), w(2, 'same'), w(3, null, 'same'), w(1)];
    const { batch, later } = nextBatch(waiting, new Set([1]), 200);
    expect(batch.map((x) => x.payment.studentId)).toEqual([2, 3]);
    expect(later.map((x) => x.payment.studentId)).toEqual([1, 1]);
  });

  it('compare references as the database does', () => {
    expect(referenceKey('MM 123 AB')).toBe('mm123ab');
  });
});

describe('what the recording statement found, in the cashier’s words', () => {
  const clean: Findings = {
    student_status: 'active',
    mode_name: 'MTN Mobile Money',
    mode_active: true,
    reference_missing: false,
    reference_receipt: null,
    reference_old_receipt: null,
    over_ceiling: false,
  };
  const payment = { amount: 2_000_000, reference: 'MP2611' };
  const ceiling = { balance: 370_000, termFees: 450_000 };
  const said = (found: Partial<Findings>, p: { amount: number; reference: string | null } = payment, c = ceiling) =>
    reply(refusalOf({ ...clean, ...found }, p, c));

  it('is nothing when the payment was written', () => {
    expect(said({})).toBeNull();
  });

  it('names a missing or trashed student, and a missing or retired mode', () => {
    expect(said({ student_status: null })).toEqual({ status: 404, message: 'No such student', errors: undefined });
    expect(said({ student_status: 'trashed' })?.message).toBe(
      'This student is in the trash: restore them before taking a payment.',
    );
    expect(said({ student_status: 'trashed' })?.status).toBe(202);
    expect(said({ mode_name: null, mode_active: null })).toEqual({
      status: 404,
      message: 'No such payment mode',
      errors: undefined,
    });
    expect(said({ mode_active: false })).toEqual({
      status: 202,
      message: 'MTN Mobile Money is no longer in use as a payment mode.',
      errors: undefined,
    });
  });

  it('asks for the reference on the reference field', () => {
    const asked = 'Enter the reference (bank slip or transaction id)';
    expect(referenceRequired).toBe(asked);
    expect(said({ reference_missing: true }, { amount: 1000, reference: null })).toEqual({
      status: 422,
      message: asked,
      errors: { reference: [asked] },
    });
  });

  it('names the receipt a reference is already on, fees first', () => {
    expect(said({ reference_receipt: 1041 })?.message).toBe('Reference MP2611 is already on receipt 1041.');
    expect(said({ reference_old_receipt: 12 })?.message).toBe(
      "Reference MP2611 is already on old students' receipt 12.",
    );
    expect(said({ reference_receipt: 1041, reference_old_receipt: 12 })?.message).toBe(
      alreadyOn('MP2611', 1041, false),
    );
    expect(said({ reference_receipt: 1041 }, { amount: 1000, reference: null })).toBeNull();
  });

  it('asks to confirm an amount far above the balance, with the figures', () => {
    const asked = refusalOf({ ...clean, over_ceiling: true }, payment, ceiling);
    expect(reply(asked)).toEqual({
      status: 202,
      message:
        "UGX 2,000,000 is far above the balance: the student owes UGX 370,000, and a term's fees are UGX 450,000. Check the amount, or confirm to take it.",
      errors: undefined,
    });
    expect((asked as { confirm?: boolean }).confirm).toBe(true);
    expect(said({ over_ceiling: true }, payment, { balance: -20_000, termFees: 450_000 })?.message).toContain(
      'the student has UGX 20,000 in credit',
    );
    expect(said({ over_ceiling: true }, payment, { balance: 0, termFees: 450_000 })?.message).toContain(
      'the student owes UGX 0',
    );
    expect(reply(refusalOf({ ...clean, over_ceiling: true }, payment, null))).toBeNull();
  });

  it('says the first thing wrong: student, then mode, then reference, then amount', () => {
    const all: Partial<Findings> = {
      student_status: 'trashed',
      mode_active: false,
      reference_missing: true,
      reference_receipt: 5,
      over_ceiling: true,
    };
    expect(said(all)?.message).toContain('trash');
    expect(said({ ...all, student_status: 'active' })?.message).toContain('no longer in use');
    expect(said({ ...all, student_status: 'active', mode_active: true })?.message).toBe(referenceRequired);
    expect(said({ ...all, student_status: 'active', mode_active: true, reference_missing: false })?.message).toContain(
      'already on receipt 5',
    );
  });
});

describe('correcting a payment', () => {
  const before = {
    receiptNo: 1041,
    status: 'valid',
    amount: 300_000,
    modeId: 2,
    paidOn: '2026-11-20',
    reference: 'MM123' as string | null,
    payer: 'Mother' as string | null,
  };

  it('changes only what differs, and says when the reference rules run again', () => {
    expect(amendedValues(before, { amount: 350_000, modeId: 2, payer: 'Mother' }, today)).toEqual({
      values: { amount: 350_000 },
      checkReference: false,
      reference: 'MM123',
    });
    expect(amendedValues(before, { modeId: 3 }, today)).toEqual({
      values: { modeId: 3 },
      checkReference: true,
      reference: 'MM123',
    });
    expect(amendedValues(before, { reference: '  MM999 ', paidOn: '2026-11-21' }, today)).toEqual({
      values: { reference: 'MM999', paidOn: '2026-11-21' },
      checkReference: true,
      reference: 'MM999',
    });
  });

  it('keeps a reference as the desk does: trimmed, none when blank', () => {
    expect(amendedValues(before, { reference: '   ' }, today).values).toEqual({ reference: null });
    expect(amendedValues(before, { reference: null }, today)).toMatchObject({
      values: { reference: null },
      checkReference: true,
      reference: null,
    });
    expect(thrown(() => amendedValues(before, { reference: 'MM123 ' }, today))?.message).toBe(
      'Nothing to change: the payment already reads so.',
    );
    expect(thrown(() => amendedValues({ ...before, reference: null }, { reference: ' ' }, today))?.status).toBe(202);
  });

  it('refuses a change that changes nothing', () => {
    expect(
      thrown(() => amendedValues(before, { amount: 300_000, reference: 'MM123', payer: 'Mother' }, today)),
    ).toEqual({ status: 202, message: 'Nothing to change: the payment already reads so.', errors: undefined });
    expect(thrown(() => amendedValues(before, {}, today))?.status).toBe(202);
    expect(thrown(() => amendedValues(before, { paidOn: '2026-11-20', modeId: 2 }, today))?.status).toBe(202);
  });

  it('clears the payer when asked', () => {
    expect(amendedValues(before, { payer: null }, today).values).toEqual({ payer: null });
    expect(amendedValues({ ...before, payer: null }, { payer: 'Uncle' }, today).values).toEqual({ payer: 'Uncle' });
  });

  it('holds the payment as it would read to the amount and date rules', () => {
    expect(thrown(() => amendedValues(before, { amount: 0 }, today))?.message).toBe(
      'Enter an amount above zero, in whole shillings.',
    );
    expect(thrown(() => amendedValues(before, { paidOn: '2026-11-25' }, today))?.message).toBe(
      'The payment date cannot be in the future.',
    );
    expect(thrown(() => amendedValues({ ...before, paidOn: '2026-11-25' }, { payer: 'X' }, today))?.status).toBe(202);
  });

  it('never touches a void payment', () => {
    expect(thrown(() => amendedValues({ ...before, status: 'void' }, { amount: 1 }, today))).toEqual({
      status: 409,
      message: 'Receipt 1041 is void and cannot be changed.',
      errors: undefined,
    });
    expect(thrown(() => refuseIfVoid({ status: 'void', receiptNo: 3 }))?.status).toBe(409);
    expect(thrown(() => refuseIfVoid({ status: 'valid', receiptNo: 3 }))).toBeNull();
  });
});
