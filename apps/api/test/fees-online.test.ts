import { feesPayments, onlineTransactions, schools, screenRoute } from '@somero/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { now } from '../src/core/dates.js';
import { dateRanges } from '../src/modules/fees/online/schoolpay.js';
import { syncEveryGateway } from '../src/modules/fees/online/sync.js';
import { startFakeSchoolPay } from './fake-schoolpay.js';
import { admit, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { bearer, staffWith, unique, useTestApp } from './support.js';

// The provider's address is the server's setting (SCHOOLPAY_URL): the fake starts before the app.
const code = unique('SP');
const password = 'api-secret-123';
let fake: Awaited<ReturnType<typeof startFakeSchoolPay>>;
beforeAll(async () => {
  fake = await startFakeSchoolPay(code, password);
});
afterAll(() => fake.close().catch(() => {}));
const t = useTestApp({ env: () => ({ SCHOOLPAY_URL: fake.baseUrl }) });

const kampalaToday = () => new Date(now().getTime() + 3 * 3600_000).toISOString().slice(0, 10);
const daysAgo = (n: number) => {
  const d = new Date(`${kampalaToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

describe('online payments (SchoolPay-style aggregator)', () => {
  let s: RegisterSchool;
  let amina: Json;
  let brian: Json;
  const receipt = () => unique('R');

  const txRows = () =>
    t.database.db.select().from(onlineTransactions).where(eq(onlineTransactions.schoolId, s.schoolId));
  const paymentRows = () => t.database.db.select().from(feesPayments).where(eq(feesPayments.schoolId, s.schoolId));

  it("takes the provider's address from the server's configuration, SchoolPay's by default", () => {
    expect(readConfig({}).schoolpayUrl).toBe('https://schoolpay.co.ug/paymentapi/AndroidRS');
    expect(readConfig({ SCHOOLPAY_URL: 'http://127.0.0.1:9/sp/' }).schoolpayUrl).toBe('http://127.0.0.1:9/sp');
    expect(t.config.schoolpayUrl).toBe(fake.baseUrl);
  });

  it('cuts a long range into requests of at most 31 days', () => {
    expect(dateRanges('2026-01-01', '2026-01-31')).toEqual([['2026-01-01', '2026-01-31']]);
    expect(dateRanges('2026-01-01', '2026-03-05')).toEqual([
      ['2026-01-01', '2026-01-31'],
      ['2026-02-01', '2026-03-03'],
      ['2026-03-04', '2026-03-05'],
    ]);
  });

  it('saves the gateway and never sends the password back', async () => {
    s = await registerSchool(t.app, t.database);
    amina = await admit(s, { payment_code: unique('1') });
    brian = await admit(s, { surname: 'Okello', other_names: 'Brian', gender: 'M', payment_code: unique('2') });
    const none = await s.api.get('/payment_gateway');
    expect(none.json().data).toBeNull();
    const refused = await s.api.put('/payment_gateway', { school_code: code });
    expect(refused.statusCode).toBe(202);
    const saved = await s.api.put('/payment_gateway', {
      school_code: code,
      api_password: password,
      // Not the school's to choose: ignored, the pull below still goes to the server's SCHOOLPAY_URL.
      base_url: 'http://169.254.169.254/latest/meta-data',
      last_synced_on: daysAgo(45),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const shown = await s.api.get('/payment_gateway');
    expect(shown.body).not.toContain(password);
    expect(shown.json().data).not.toHaveProperty('base_url');
    expect(shown.json().data).toMatchObject({ school_code: code, has_password: true, last_synced_on: daysAgo(45) });
  });

  it('pulls over HTTP with the MD5 hash, 31 days a request; matched ones become payments, others wait', async () => {
    const matched = fake.add({
      schoolpayReceiptNumber: receipt(),
      studentPaymentCode: amina.payment_code,
      studentName: 'NAKATO SARAH',
      amount: 150_000,
      paymentDateAndTime: `${daysAgo(40)} 09:30:00`,
    });
    const unknown = fake.add({
      schoolpayReceiptNumber: receipt(),
      studentPaymentCode: '99999999',
      studentName: 'SOMEONE ELSE',
      amount: 80_000,
      paymentDateAndTime: `${daysAgo(1)} 18:00:00`,
    });
    const res = await s.api.get('/get_online_payments');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ imported: 2, processed: 1, pending: 1 });
    expect(fake.requests.length).toBe(2);
    for (const r of fake.requests) expect((Date.parse(r.to) - Date.parse(r.from)) / 86_400_000).toBeLessThan(31);

    const [payment] = await paymentRows();
    expect(payment).toMatchObject({
      studentId: amina.id,
      amount: 150_000,
      reference: matched.schoolpayReceiptNumber,
      idempotencyKey: `online:${matched.schoolpayReceiptNumber}`,
      paidOn: daysAgo(40),
      status: 'valid',
    });
    const tx = (await txRows()).find((r) => r.providerReceiptNo === matched.schoolpayReceiptNumber);
    expect(tx).toMatchObject({ status: 'processed', studentId: amina.id, feesPaymentId: payment.id });
    expect(payment.onlineTransactionId).toBe(tx?.id);

    const pending = (await s.api.get('/online_pending_payments')).json().data as Json[];
    expect(pending.map((p) => p.provider_receipt_no)).toEqual([unknown.schoolpayReceiptNumber]);
    const shown = await s.api.get('/payment_gateway');
    expect(shown.json().data.last_synced_on).toBe(kampalaToday());
  });

  it('imports nothing twice: a second pull answers 202 "No New Payments Received"', async () => {
    const again = await s.api.get('/get_online_payments');
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toBe('No New Payments Received');
    expect(await txRows()).toHaveLength(2);
    expect(await paymentRows()).toHaveLength(1);
  });

  it('takes a signed webhook (over HTTP) once, and a pull of the same receipt adds nothing', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/api/online/webhook/${code}`;
    const p = fake.add({
      schoolpayReceiptNumber: receipt(),
      studentPaymentCode: brian.payment_code,
      studentName: 'OKELLO BRIAN',
      amount: 200_000,
      paymentDateAndTime: `${kampalaToday()} 08:05:00`,
    });
    expect(await fake.sendWebhook(url, p)).toBe(200);
    expect(await fake.sendWebhook(url, p)).toBe(200);
    const pull = await s.api.get('/get_online_payments');
    expect(pull.statusCode).toBe(202);
    expect(await txRows()).toHaveLength(3);
    const payments = await paymentRows();
    expect(payments).toHaveLength(2);
    expect(payments.find((x) => x.reference === p.schoolpayReceiptNumber)).toMatchObject({
      studentId: brian.id,
      amount: 200_000,
    });
  });

  it('refuses a bad signature and an unknown school code, and stores nothing', async () => {
    const p = {
      schoolpayReceiptNumber: receipt(),
      studentPaymentCode: brian.payment_code,
      studentName: 'OKELLO BRIAN',
      amount: 1_000_000,
      paymentDateAndTime: `${kampalaToday()} 10:00:00`,
    };
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/online/webhook/${code}`,
      payload: fake.webhookBody(p, 'wrong-password'),
    });
    expect(bad.statusCode).toBe(403);
    const tampered = { ...fake.webhookBody(p), payment: { ...p, schoolpayReceiptNumber: receipt() } };
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/online/webhook/${code}`, payload: tampered })).statusCode,
    ).toBe(403);
    const nobody = await t.app.inject({
      method: 'POST',
      url: `/api/online/webhook/${unique('NOPE')}`,
      payload: fake.webhookBody(p),
    });
    expect(nobody.statusCode).toBe(401);
    expect(await txRows()).toHaveLength(3);
  });

  it('lets the bursar match an unmatched payment to a student, or reject one', async () => {
    const [pending] = (await s.api.get('/online_pending_payments')).json().data as Json[];
    const matched = await s.api.post('/match_online_payment', { id: pending.id, student_id: brian.id });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json().data).toMatchObject({
      status: 'processed',
      student_id: brian.id,
      matched_name: 'Okello Brian',
    });
    expect(matched.json().data.receipt_no).toBeGreaterThan(0);
    const twice = await s.api.post('/match_online_payment', { id: pending.id, student_id: amina.id });
    expect(twice.statusCode).toBe(202);
    expect(await paymentRows()).toHaveLength(3);

    const stray = await t.app.inject({
      method: 'POST',
      url: `/api/online/webhook/${code}`,
      payload: fake.webhookBody({
        schoolpayReceiptNumber: receipt(),
        studentPaymentCode: 'WRONG',
        studentName: 'X',
        amount: 5_000,
        paymentDateAndTime: `${kampalaToday()} 11:00:00`,
      }),
    });
    expect(stray.statusCode).toBe(200);
    const [waiting] = (await s.api.get('/online_pending_payments')).json().data as Json[];
    const rejected = await s.api.post('/reject_online_payment', { id: waiting.id, reason: 'Paid to the wrong school' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'rejected', note: 'Paid to the wrong school' });
    expect((await s.api.get('/online_pending_payments')).json().data).toEqual([]);

    const list = await s.api.post('/online_payments', { per_page: 2 });
    expect(list.json()).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(list.json().data).toHaveLength(2);
    const all = (await s.api.post('/online_payments', {})).json().data as Json[];
    expect(all.find((r) => r.id === pending.id)).toMatchObject({ matched_name: 'Okello Brian' });
    expect(rejected.json().data.matched_name).toBeNull();
  });

  it("answers 404 for another school's online payments, needs pay_fees to match, and lists them to the cashier", async () => {
    const other = await registerSchool(t.app, t.database);
    const [tx] = await txRows();
    const stranger = await admit(other, { payment_code: unique('3') });
    const res = await other.api.post('/match_online_payment', { id: tx.id, student_id: stranger.id });
    expect(res.statusCode).toBe(404);
    const rej = await other.api.post('/reject_online_payment', { id: tx.id, reason: 'not ours' });
    expect(rej.statusCode).toBe(404);
    expect((await other.api.get('/online_pending_payments')).json().data).toEqual([]);
    // Our own transaction with their student: the student is not found here.
    const cross = await s.api.post('/match_online_payment', { id: tx.id, student_id: stranger.id });
    expect([202, 404]).toContain(cross.statusCode);

    const viewer = await staffWith(t.app, t.database, s, ['view_fees_payments']);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/match_online_payment',
      headers: bearer(viewer.token),
      payload: { id: tx.id, student_id: amina.id },
    });
    expect(denied.statusCode).toBe(403);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/online_pending_payments',
      headers: bearer(viewer.token),
    });
    expect(list.statusCode).toBe(200);
    // The cashier at the desk (pay_fees only) opens Pending Online Payments: its list, not only its buttons.
    const cashier = await staffWith(t.app, t.database, s, ['pay_fees']);
    const waiting = await t.app.inject({
      method: 'GET',
      url: '/api/online_pending_payments',
      headers: bearer(cashier.token),
    });
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(screenRoute('/pending/online/payments')?.access).toBe('pay_fees');
  });

  it('the scheduled sync picks up a payment whose webhook never came', async () => {
    const missed = fake.add({
      schoolpayReceiptNumber: receipt(),
      studentPaymentCode: amina.payment_code,
      studentName: 'NAKATO SARAH',
      amount: 45_000,
      paymentDateAndTime: `${kampalaToday()} 11:20:00`,
    });
    const failures: unknown[] = [];
    const run = await syncEveryGateway(t.database.db, t.config.schoolpayUrl, (_school, error) => failures.push(error), [
      s.schoolId,
    ]);
    expect(failures).toEqual([]);
    expect(run).toEqual({ schools: 1, processed: 1 });
    expect((await paymentRows()).find((p) => p.reference === missed.schoolpayReceiptNumber)).toMatchObject({
      studentId: amina.id,
      amount: 45_000,
    });
    // Run again: nothing new, nothing twice.
    expect(await syncEveryGateway(t.database.db, t.config.schoolpayUrl, () => {}, [s.schoolId])).toEqual({
      schools: 1,
      processed: 0,
    });
  });
});

describe('a provider that cannot be reached or refuses', () => {
  it('answers 202 with the reason and keeps the last sync date', async () => {
    const s = await registerSchool(t.app, t.database);
    const other = unique('SP');
    fake.account(other, 'right-password');
    try {
      await s.api.put('/payment_gateway', {
        school_code: other,
        api_password: 'wrong-password',
        last_synced_on: daysAgo(3),
      });
      const refused = await s.api.get('/get_online_payments');
      expect(refused.statusCode).toBe(202);
      expect(refused.json().message).toContain('Invalid hash');
      fake.down = true;
      const down = await s.api.get('/get_online_payments');
      expect(down.statusCode).toBe(202);
      expect(down.json().message).toContain('could not be reached');
      expect((await s.api.get('/payment_gateway')).json().data.last_synced_on).toBe(daysAgo(3));
    } finally {
      fake.down = false;
    }
  });
});

describe("the demo school's simulated SchoolPay", () => {
  it('invents payments for the demo school only; another school without an account is told so and nothing is recorded', async () => {
    const demo = await registerSchool(t.app, t.database);
    // What the demo's seeding does (db/seed.ts); the browser tests check it on the seeded demo.
    await t.database.db.update(schools).set({ demo: true }).where(eq(schools.id, demo.schoolId));
    const kid = await admit(demo, { payment_code: unique('5') });
    const other = await registerSchool(t.app, t.database);
    await admit(other, { payment_code: unique('5') });

    const none = await other.api.get('/get_online_payments');
    expect(none.statusCode).toBe(202);
    expect(none.json().message).toBe(
      'No SchoolPay account is set: enter the school code and API password under SchoolPay account, then check again. Nothing was recorded.',
    );
    const recorded = async (schoolId: number) => ({
      online: (await t.database.db.select().from(onlineTransactions).where(eq(onlineTransactions.schoolId, schoolId)))
        .length,
      payments: (await t.database.db.select().from(feesPayments).where(eq(feesPayments.schoolId, schoolId))).length,
    });
    expect(await recorded(other.schoolId)).toEqual({ online: 0, payments: 0 });

    const res = await demo.api.get('/get_online_payments');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ imported: 2, processed: 1, pending: 1 });
    const paid = await t.database.db.select().from(feesPayments).where(eq(feesPayments.schoolId, demo.schoolId));
    expect(paid.map((p) => p.studentId)).toEqual([kid.id]);
    expect(paid[0].reference).toMatch(/^SIM/);

    // The other school, checked again after the demo's check: still nothing.
    expect((await other.api.get('/get_online_payments')).statusCode).toBe(202);
    expect(await recorded(other.schoolId)).toEqual({ online: 0, payments: 0 });

    // A school whose account is saved but turned off is told to turn it on; nothing is recorded.
    const off = await other.api.put('/payment_gateway', {
      school_code: unique('OFF'),
      api_password: 'x-secret-1',
      enabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    const turnedOff = await other.api.get('/get_online_payments');
    expect(turnedOff.statusCode).toBe(202);
    expect(turnedOff.json().message).toContain('Fetching from the SchoolPay account is turned off');
    expect(await recorded(other.schoolId)).toEqual({ online: 0, payments: 0 });
  });
});
