import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { filePhones, useGatewayApp } from './gateway-app.js';
import { admitFamilies, payFees } from './guardian-fixtures.js';
import { confirmedCredit } from './operator-fixtures.js';
import { type RegisterSchool, registerSchool } from './students-fixtures.js';

/**
 * The parents' line end to end without a browser: the server listens on loopback and is posted to over
 * HTTP exactly as Africa's Talking posts (form-encoded USSD steps and an incoming text), and its SMS reply
 * reaches the fake gateway through the real adapter. A whole USSD session of a parent of two, then a
 * text question.
 */
const token = 'e2e-line-token';
const sms = useGatewayApp('at-key-e2e', { SMS_CALLBACK_TOKEN: token });
const t = sms.t;

const { serial, phone, e164 } = filePhones();
const phones = { amina: phone(5), brian: phone(6), chris: phone(7) };
let base = '';
let s: RegisterSchool;

const post = (path: string, fields: Record<string, string>) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });

describe("the parents' line over HTTP, as the gateway posts", () => {
  // A school with the line on, a parent of two owing fees, SMS credit; the app listening on loopback.
  beforeAll(async () => {
    s = await registerSchool(t.app, t.database);
    const { kids, cash } = await admitFamilies(s, t.database, {
      amina: { phone: phones.amina },
      brian: { phone: phones.brian },
      chris: { phone: phones.chris },
    });
    // Brian: 700,000 charged, 250,000 paid (receipt 1).
    await payFees(t.database, s, cash, [[kids.brian.id, 250_000]]);
    await confirmedCredit(t.app, t.database, s, { credits: 20, price: 700, mode_id: cash });
    const on = await s.api.put('/parent_line', { enabled: true, answers: ['fees', 'payments', 'results'] });
    expect(on.statusCode, on.body).toBe(200);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  it('a whole USSD session: child, menu, fees balance, last payment', async () => {
    const sessionId = `ATUid_e2e_${serial}`;
    const step = async (text: string) => {
      const res = await post(`/api/ussd/${token}`, {
        sessionId,
        serviceCode: '*284*77#',
        phoneNumber: e164(phones.brian),
        text,
        networkCode: '64101',
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      return res.text();
    };
    expect(await step('')).toBe('CON Choose your child:\n1. Bella Okello (S1)\n2. Brian Okello (S1)');
    expect(await step('2')).toBe('CON Brian:\n1. Fees balance\n2. Last payments\n3. Results');
    expect(await step('2*1')).toBe('END Brian, Term 2 2026:\nFees balance UGX 450,000.');
    expect(await step('2*2')).toBe(
      'END Last payments for Brian:\n2 Jun 2026: UGX 250,000 paid, receipt no. 1.\nBalance now UGX 450,000.',
    );
    expect(await step('2*3')).toBe('END Results for Term 2 2026 are not yet released. Please ask again later.');
    const view = (await s.api.get('/parent_line')).json().data;
    expect(view.recent[0]).toMatchObject({ channel: 'ussd', phone: phones.brian, student: 'Okello Brian' });
  });

  it('a text question: the answer comes back by SMS through the gateway, one credit spent', async () => {
    const before = (await s.api.get('/sms_packages')).json().data.balance;
    const res = await post(`/api/sms/incoming/${token}`, {
      from: e164(phones.brian),
      to: '8822',
      text: 'Bal bella',
      date: '2026-06-03 10:15:00',
      id: `ATXin_e2e_${serial}`,
      linkId: 'link-1',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { received: true } });
    // The reply goes as a background job: the gateway has it once the job has sent it.
    const school = (await s.api.get('/school_details')).json().data.name;
    await expect
      .poll(() => sms.fake.received.find((r) => r.to.includes(e164(phones.brian)))?.message, { timeout: 10_000 })
      .toBe(`${school}: Bella, Term 2 2026:\nFees balance UGX 700,000.`);
    // Charged once, when the send has finished.
    await sms.sendsFinished([s.schoolId]);
    expect((await s.api.get('/sms_packages')).json().data.balance).toBe(before - 1);
  });

  it('every reply has gone: no send is left running', async () => {
    await sms.sendsFinished([s].map((x) => x.schoolId));
  });
});
