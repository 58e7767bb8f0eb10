import { feesPayments, isPermissionFlag, moneyAmendments, type PermissionFlag, resources } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { now } from '../src/core/dates.js';
import { audits } from '../src/db/schema.js';
import { admit, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { amendmentsOf, bearer, shared, staffWith, unique, useTestApp } from './support.js';

/**
 * Rules a realistic bug once broke without any test noticing (issue 9 §6): who may change a declared
 * entity, what a void does, where an Idempotency-Key is looked up, which dates a payment may carry.
 */
const t = useTestApp();

/** A date in Uganda, `days` from today (the desk's "today" is Kampala's). */
const kampalaDay = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Kampala' }).format(
    new Date(now().getTime() + days * 86_400_000),
  );

interface Desk {
  school: RegisterSchool;
  cash: number;
  student: number;
}

async function desk(): Promise<Desk> {
  const school = await registerSchool(t.app, t.database);
  const mode = await school.api.post('/payment_options', {
    name: 'Cash',
    kind: 'cash',
    opening_balance: 0,
    opening_on: '2026-01-01',
  });
  expect(mode.statusCode, mode.body).toBe(200);
  const student = await admit(school);
  return { school, cash: mode.json().data.id, student: student.id };
}

const pay = (d: Desk, body: Json = {}, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/fees_payments',
    headers: { ...bearer(d.school.adminToken), ...(key ? { 'idempotency-key': key } : {}) },
    // Nothing is charged in these schools, so every amount is knowingly above the balance: confirmed.
    payload: { student_id: d.student, amount: 40_000, mode_id: d.cash, paid_on: '2026-03-02', confirm: true, ...body },
  });

const payment = async (id: number) =>
  (await t.database.db.select().from(feesPayments).where(eq(feesPayments.id, id)))[0];

let a: Desk;
let b: Desk;
// Made on first use: a set-up that fails then fails the tests (a failing hook would skip them).
const setUp = shared(async () => {
  a = await desk();
  b = await desk();
});
beforeEach(() => setUp());

describe('a voided payment', () => {
  it('cannot be amended afterwards: it stays as it was voided', async () => {
    const id = (await pay(a, { amount: 40_000 })).json().data as number;
    expect((await a.school.api.post('/delete_fees_payment', { id, reason: 'Wrong student' })).statusCode).toBe(200);
    const amend = await a.school.api.put(`/fees_payments/${id}`, { amount: 45_000, reason: 'Slip misread' });
    expect(amend.statusCode, amend.body).toBe(409);
    expect(amend.json().message).toMatch(/void and cannot be changed/);
    expect(await payment(id)).toMatchObject({ amount: 40_000, status: 'void', voidReason: 'Wrong student' });
    const amendments = await t.database.db.select().from(moneyAmendments).where(amendmentsOf('fees_payment', id));
    expect(amendments).toEqual([]);
  });

  it('leaves an audit row: who voided it, what it was and what it became', async () => {
    const id = (await pay(a, { amount: 55_000 })).json().data as number;
    const res = await a.school.api.post('/delete_fees_payment', { id, reason: 'Entered twice' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db
      .select()
      .from(audits)
      .where(and(eq(audits.entity, 'fees_payments'), eq(audits.entityId, String(id)), eq(audits.action, 'void')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      schoolId: a.school.schoolId,
      userId: a.school.adminId,
      userName: 'Head Administrator',
      module: 'fees',
      before: expect.objectContaining({ status: 'valid', amount: 55_000 }),
      after: expect.objectContaining({ status: 'void', voidReason: 'Entered twice', amount: 55_000 }),
    });
  });
});

describe('an Idempotency-Key', () => {
  it('belongs to one school: the same key in another school makes that school’s own payment', async () => {
    const key = unique('desk-');
    const first = await pay(a, { amount: 61_000 }, key);
    expect(first.statusCode, first.body).toBe(200);
    const theirs = await pay(b, { amount: 62_000 }, key);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().data).not.toBe(first.json().data);
    expect(await payment(theirs.json().data)).toMatchObject({
      schoolId: b.school.schoolId,
      studentId: b.student,
      amount: 62_000,
    });
    // Within each school the key still answers that school's first payment.
    expect((await pay(b, { amount: 62_000 }, key)).json().data).toBe(theirs.json().data);
    expect((await pay(a, { amount: 61_000 }, key)).json().data).toBe(first.json().data);
    const listed = (await b.school.api.post('/view_fees_payments', { student_id: b.student })).json();
    expect(listed.data.map((p: Json) => p.id)).toContain(theirs.json().data);
    expect(await payment(first.json().data)).toMatchObject({ schoolId: a.school.schoolId, amount: 61_000 });
  });
});

describe('a payment date', () => {
  it('may be today in Uganda but not tomorrow, when paying or amending', async () => {
    const tomorrow = await pay(a, { paid_on: kampalaDay(1) });
    expect(tomorrow.statusCode, tomorrow.body).toBe(202);
    expect(tomorrow.json().message).toBe('The payment date cannot be in the future.');
    const today = await pay(a, { paid_on: kampalaDay(0) });
    expect(today.statusCode, today.body).toBe(200);
    const id = today.json().data as number;
    const amend = await a.school.api.put(`/fees_payments/${id}`, { paid_on: kampalaDay(1), reason: 'Dated ahead' });
    expect(amend.statusCode, amend.body).toBe(202);
    expect(amend.json().message).toBe('The payment date cannot be in the future.');
    expect(await payment(id)).toMatchObject({ paidOn: kampalaDay(0) });
  });
});

describe('the generic calls of a declared entity', () => {
  // Entities whose read flags differ from their write flag (payment modes: the desk reads them).
  const split = resources
    .filter((r) => r.calls.includes('update') || r.calls.includes('delete'))
    .flatMap((r) => {
      const write: unknown[] = Array.isArray(r.write) ? r.write : [r.write];
      const read = (Array.isArray(r.read) ? r.read : [r.read]).filter(
        (f): f is PermissionFlag => typeof f === 'string' && isPermissionFlag(f) && !write.includes(f),
      );
      return read.length ? [[r.path, r, read[0]!] as const] : [];
    });

  it('include payment modes, read at the desk with pay_fees', () => {
    expect(split.map(([path, , flag]) => [path, flag])).toContainEqual(['payment_options', 'pay_fees']);
  });

  it.each(split)('%s: a user with only the read flag may list but not add, change or remove', async (_, r, flag) => {
    const reader = await staffWith(t.app, t.database, a.school, [flag]);
    const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/${url}`, headers: bearer(reader.token), payload });
    if (r.calls.includes('list')) expect((await as('GET', r.path)).statusCode).toBe(200);
    if (r.calls.includes('create')) expect((await as('POST', r.path, {})).statusCode).toBe(403);
    if (r.calls.includes('update')) expect((await as('PUT', `${r.path}/${a.cash}`, {})).statusCode).toBe(403);
    if (r.calls.includes('delete')) expect((await as('DELETE', `${r.path}/${a.cash}`)).statusCode).toBe(403);
  });
});
