import { moneyAmendments } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { audits } from '../src/db/schema.js';
import { type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { amendmentsOf, useTestApp } from './support.js';

const t = useTestApp();

describe('amending an old student’s payment', () => {
  let school: RegisterSchool;
  let cash: number;
  let bank: number;
  let payment: Json;

  beforeAll(async () => {
    school = await registerSchool(t.app, t.database);
    const mode = async (name: string) =>
      (
        await school.api.post('/payment_options', {
          name,
          kind: 'cash',
          opening_balance: 0,
          opening_on: '2026-01-01',
          active: true,
        })
      ).json().data.id as number;
    cash = await mode('Cash');
    bank = await mode('Centenary Bank');
    const old = await school.api.post('/old_students', { name: 'Nakato Ruth', debt: 300_000, year_left: 2025 });
    expect(old.statusCode, old.body).toBe(200);
    const paid = await school.api.post('/old_payments', {
      old_student_id: old.json().data.id,
      amount: 50_000,
      mode_id: cash,
      paid_on: '2026-03-10',
      reference: 'SLIP-1',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    payment = paid.json().data;
  });

  it('keeps what it was, what it became, who and why, as a fees payment’s amendment does', async () => {
    const res = await school.api.put(`/old_payments/${payment.id}`, {
      amount: 55_000,
      mode_id: bank,
      paid_on: '2026-03-10',
      reference: 'BANK-9',
      reason: 'Paid at the bank, not in cash',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ amount: 55_000, mode_id: bank, reference: 'BANK-9', status: 'valid' });
    const rows = await t.database.db.select().from(moneyAmendments).where(amendmentsOf('old_payment', payment.id));
    expect(rows).toHaveLength(1);
    // Only what changed: the date was sent as it was.
    expect(rows[0]).toMatchObject({
      schoolId: school.schoolId,
      before: { amount: 50_000, modeId: cash, reference: 'SLIP-1' },
      after: { amount: 55_000, modeId: bank, reference: 'BANK-9' },
      reason: 'Paid at the bank, not in cash',
      byName: 'Head Administrator',
    });
    expect(Object.keys(rows[0]!.before as Json).sort()).toEqual(['amount', 'modeId', 'reference']);
    const trail = await t.database.db
      .select()
      .from(audits)
      .where(and(eq(audits.entity, 'old_payments'), eq(audits.entityId, String(payment.id))));
    expect(trail.map((a) => a.action)).toEqual(expect.arrayContaining(['create', 'amend']));
  });

  it('records an amendment without a reason too, and refuses a change that changes nothing', async () => {
    const res = await school.api.put(`/old_payments/${payment.id}`, { payer: 'Her uncle' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db
      .select()
      .from(moneyAmendments)
      .where(amendmentsOf('old_payment', payment.id))
      .orderBy(moneyAmendments.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ before: { payer: null }, after: { payer: 'Her uncle' }, reason: null });
    const same = await school.api.put(`/old_payments/${payment.id}`, { amount: 55_000, payer: 'Her uncle' });
    expect(same.statusCode).toBe(202);
    expect(same.json().message).toMatch(/Nothing to change/);
    expect(
      await t.database.db.select().from(moneyAmendments).where(amendmentsOf('old_payment', payment.id)),
    ).toHaveLength(2);
  });

  it('keeps the desk’s reference rules: a mode that needs one, and one already on another receipt', async () => {
    const other = await school.api.post('/old_payments', {
      old_student_id: payment.old_student_id,
      amount: 10_000,
      mode_id: cash,
      paid_on: '2026-03-11',
      reference: 'SLIP-2',
    });
    expect(other.statusCode, other.body).toBe(200);
    const taken = await school.api.put(`/old_payments/${payment.id}`, {
      reference: 'slip-2 ',
      reason: 'Typed wrongly',
    });
    expect(taken.statusCode).toBe(202);
    expect(taken.json().message).toBe(
      `Reference slip-2 is already on old students' receipt ${other.json().data.receipt_no}.`,
    );
    const momo = await school.api.post('/payment_options', {
      name: 'MTN Mobile Money',
      kind: 'mobile_money',
      opening_balance: 0,
      opening_on: '2026-01-01',
      active: true,
      requires_reference: true,
    });
    expect(momo.statusCode, momo.body).toBe(200);
    const bare = await school.api.put(`/old_payments/${payment.id}`, {
      mode_id: momo.json().data.id,
      reference: ' ',
      reason: 'Paid by phone',
    });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors).toEqual({ reference: ['Enter the reference (bank slip or transaction id)'] });
    // Neither refusal left an amendment.
    expect(
      await t.database.db.select().from(moneyAmendments).where(amendmentsOf('old_payment', payment.id)),
    ).toHaveLength(2);
  });

  it('leaves a voided payment unchanged and unamended', async () => {
    const voided = await school.api.post('/delete_old_payment', { id: payment.id, reason: 'Cheque bounced' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await school.api.put(`/old_payments/${payment.id}`, { amount: 1_000 })).statusCode).toBe(409);
    expect(
      await t.database.db.select().from(moneyAmendments).where(amendmentsOf('old_payment', payment.id)),
    ).toHaveLength(2);
  });
});

describe('payment gateways', () => {
  it('are looked up by school code through an index (the webhook finds its school by it)', async () => {
    const rows = await t.database.raw(
      `select indexdef from pg_indexes where tablename = 'payment_gateways' and indexname = 'payment_gateways_school_code'`,
    );
    expect(rows).toHaveLength(1);
    expect((rows[0] as { indexdef: string }).indexdef).toMatch(/\(school_code\)/);
  });
});
