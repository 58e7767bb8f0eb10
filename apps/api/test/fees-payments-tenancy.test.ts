import { schoolSettings } from '@somero/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { admit, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { useTestApp } from './support.js';

const t = useTestApp();

/** Everything one school has taken: a mode, a payment, a transfer, an old student's payment. */
async function takings(school: RegisterSchool) {
  const mode = (
    await school.api.post('/payment_options', {
      name: 'Cash',
      kind: 'cash',
      opening_balance: 0,
      opening_on: '2026-01-01',
    })
  ).json().data.id as number;
  const bank = (
    await school.api.post('/payment_options', {
      name: 'Bank',
      kind: 'bank',
      opening_balance: 0,
      opening_on: '2026-01-01',
    })
  ).json().data.id as number;
  const student = await admit(school);
  const payment = (
    await school.api.post('/fees_payments', { student_id: student.id, amount: 90_000, mode_id: mode, confirm: true })
  ).json().data as number;
  const transfer = (
    await school.api.post('/money_transfers', { from_mode_id: mode, to_mode_id: bank, amount: 50_000 })
  ).json().data.id as number;
  const old = (await school.api.post('/old_students', { name: 'Kato John', debt: 50_000 })).json().data.id as number;
  const oldPayment = (
    await school.api.post('/old_payments', { old_student_id: old, amount: 10_000, mode_id: mode, confirm: true })
  ).json().data.id as number;
  return { mode, bank, student, payment, transfer, old, oldPayment };
}

describe('fees payments of another school', () => {
  let a: RegisterSchool;
  let b: RegisterSchool;
  let mine: Awaited<ReturnType<typeof takings>>;
  let theirs: Awaited<ReturnType<typeof takings>>;

  beforeAll(async () => {
    a = await registerSchool(t.app, t.database);
    b = await registerSchool(t.app, t.database);
    mine = await takings(a);
    theirs = await takings(b);
  });

  it('are not found by any call', async () => {
    const calls: [string, () => Promise<{ statusCode: number; body: string }>][] = [
      ['receipt', () => a.api.get(`/fees_payments/${theirs.payment}`)],
      ['amend', () => a.api.put(`/fees_payments/${theirs.payment}`, { amount: 1000, reason: 'Trying it on' })],
      ['void', () => a.api.post('/delete_fees_payment', { id: theirs.payment, reason: 'Trying it on' })],
      ['student payments', () => a.api.post('/student_payments', { student_id: theirs.student.id })],
      ['statement', () => a.api.get(`/payment_options/${theirs.mode}`)],
      ['void transfer', () => a.api.del(`/money_transfers/${theirs.transfer}?reason=nothing`)],
      [
        'transfer between their modes',
        () => a.api.post('/money_transfers', { from_mode_id: theirs.mode, to_mode_id: mine.mode, amount: 5 }),
      ],
      ['old receipt', () => a.api.get(`/old_payments/${theirs.oldPayment}`)],
      ['amend old', () => a.api.put(`/old_payments/${theirs.oldPayment}`, { amount: 5 })],
      ['void old', () => a.api.post('/delete_old_payment', { id: theirs.oldPayment, reason: 'Trying it on' })],
      ['old payment', () => a.api.post('/old_payments', { old_student_id: theirs.old, amount: 5, mode_id: mine.mode })],
    ];
    for (const [name, call] of calls) expect((await call()).statusCode, name).toBe(404);
  });

  it('never show in lists, searches or statements', async () => {
    const lists = [
      (await a.api.post('/view_fees_payments', {})).json().data,
      (await a.api.post('/fees_receipts', {})).json().data,
      (await a.api.post('/search_fees_receipt', { search: 'Nakato' })).json().data,
    ] as Json[][];
    for (const list of lists) expect(list.map((p) => p.id)).toEqual([mine.payment]);
    expect((await a.api.get('/money_transfers')).json().data.map((x: Json) => x.id)).toEqual([mine.transfer]);
    expect((await a.api.post('/old_receipts', {})).json().data.map((x: Json) => x.id)).toEqual([mine.oldPayment]);
    // B's payment is still whole.
    const theirList = (await b.api.post('/view_fees_payments', {})).json().data;
    expect(theirList[0]).toMatchObject({ id: theirs.payment, amount: 90_000, status: 'valid' });
  });

  it('prints receipts on an 80 mm roll when the school chooses thermal', async () => {
    const a5 = await a.api.get(`/fees_payments/${mine.payment}`);
    expect(a5.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 419\.5/);
    await t.database.db
      .update(schoolSettings)
      .set({ receiptFormat: 'thermal' })
      .where(eq(schoolSettings.schoolId, a.schoolId));
    const roll = await a.api.get(`/fees_payments/${mine.payment}`);
    expect(roll.statusCode).toBe(200);
    expect(roll.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 226 /);
    const old = await a.api.get(`/old_payments/${mine.oldPayment}`);
    expect(old.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 226 /);
  });
});
