import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expenses, journalEntries, journalLines, smsRecipients } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { Jobs } from '../src/core/jobs.js';
import { SchoolScope } from '../src/core/scope.js';
import { roles } from '../src/db/schema.js';
import { sendSms } from '../src/modules/notifications/index.js';
import { performSend, settleSend } from '../src/modules/notifications/sms/send.js';
import { startFakeSmsGateway } from './fake-sms-gateway.js';
import { admitFamilies, payFees } from './guardian-fixtures.js';
import { confirmedCredit } from './operator-fixtures.js';
import { type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { bearer, staffWith, unique, useTestApp } from './support.js';

// The gateway's address is the server's setting (SMS_GATEWAY_URL): the fake starts before the app.
const username = 'sandbox';
const apiKey = 'at-key-123';
const token = 'callback-secret-456';
let fake: Awaited<ReturnType<typeof startFakeSmsGateway>>;
beforeAll(async () => {
  fake = await startFakeSmsGateway(username, apiKey);
});
afterAll(() => fake.close().catch(() => {}));
/** The server log's lines about delivery reports (info level). */
const logged: string[] = [];
const t = useTestApp({
  logger: {
    level: 'info',
    stream: { write: (line: string) => void (line.includes('delivery report') && logged.push(line)) },
  },
  env: () => ({
    SMS_GATEWAY_URL: fake.baseUrl,
    AT_USERNAME: username,
    AT_API_KEY: apiKey,
    AT_SENDER_ID: 'KHSS',
    SMS_CALLBACK_TOKEN: token,
    SMS_RETRY_MS: '20',
    SMS_RETRIES: '2',
    SMS_TIMEOUT_MS: '400',
  }),
});

let s: RegisterSchool;
let cash: number;
const kids: Record<string, Json> = {};
const phones = {
  amina: '0772 100001',
  brian: '0772 100002',
  chris: '+256 772 100003',
  bad: '0772 100009',
};
const e164 = (p: string) => `+256${p.replace(/\D/g, '').slice(-9)}`;

/**
 * The school every test sends from: three S1 families (one parent of two; Brian in another stream than
 * Amina), an S2 boarder (Chris), fees owed, and SMS credit to send with (buying it is a test of its own).
 */
beforeAll(async () => {
  s = await registerSchool(t.app, t.database);
  const families = await admitFamilies(
    s,
    t.database,
    { amina: { phone: phones.amina }, brian: { phone: phones.brian }, chris: { phone: phones.chris } },
    { brianStream: 'S1 West', chrisSection: 'boarding' },
  );
  Object.assign(kids, families.kids);
  cash = families.cash;
  await payFees(t.database, s, cash, [
    [kids.amina.id, 650_000],
    [kids.chris.id, 700_000],
    [kids.bella.id, 700_000],
  ]);
  await confirmedCredit(t.app, t.database, s, { credits: 600, price: 24_000, mode_id: cash });
});

/** A job followed to its end by who started it (the administrator unless another token is given). */
async function finished(id: number, token?: string) {
  for (let i = 0; i < 300; i++) {
    const res = token
      ? await t.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: bearer(token) })
      : await s.api.get(`/jobs/${id}`);
    expect(res.statusCode).toBe(200);
    const job = res.json().data;
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} did not finish`);
}

/** An address on loopback where nothing listens. */
async function closedAddress() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

const credits = async () => (await s.api.get('/sms_packages')).json().data;
const statusesOf = async (messageId: number) =>
  (await s.api.post('/sent_notifications', { message_id: messageId, per_page: 100 })).json();

describe('SMS: recipients, credits, sending through the gateway', () => {
  it("takes the gateway's address from the server's configuration, Africa's Talking's by default", () => {
    expect(readConfig({}).sms.url).toBe('https://api.africastalking.com');
    expect(readConfig({}).sms.username).toBeUndefined();
    expect(t.config.sms.url).toBe(fake.baseUrl);
  });

  it('a new school starts with no credit and refuses a send larger than the balance (202 with the figures)', async () => {
    const fresh = await registerSchool(t.app, t.database);
    const creditsOf = async () => (await fresh.api.get('/sms_packages')).json().data;
    expect(await creditsOf()).toMatchObject({
      balance: 0,
      bought: 0,
      used: 0,
      gateway: 'gateway',
      records_own_credit: false,
      packages: [],
    });
    const res = await fresh.api.post('/send_msg', {
      audience: 'numbers',
      numbers: '0772 200011, 0772 200012',
      message: 'Hello',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe('This needs 2 credits and the school has 0 left. Buy more credit on SMS Packages.');
    // Nothing reserved, nothing queued: no send, no message, no job.
    expect(await creditsOf()).toMatchObject({ balance: 0, used: 0, refunded: 0 });
    expect((await fresh.api.get('/sent_sms')).json().total).toBe(0);
    expect((await fresh.api.post('/sent_notifications', {})).json().total).toBe(0);
    expect((await fresh.api.get('/jobs')).json().data).toEqual([]);
  });

  it('buys a package paid from cash once the service confirms it: an expense posted to the journal', async () => {
    const before = await credits();
    const bought = await confirmedCredit(t.app, t.database, s, {
      package: 'starter',
      mode_id: cash,
      reference: 'INV-1',
    });
    expect(bought).toMatchObject({ credits: 500, price: 20_000, mode: 'Cash', name: 'Starter: 500 SMS' });
    const custom = await confirmedCredit(t.app, t.database, s, { credits: 100, price: 4_000, mode_id: cash });
    expect(custom).toMatchObject({ credits: 100, price: 4_000, name: '100 SMS' });
    expect(await credits()).toMatchObject({ balance: before.balance + 600, bought: before.bought + 600 });
    const expenseId = bought.expense_id as number;
    const [expense] = await t.database.db
      .select()
      .from(expenses)
      .where(and(eq(expenses.schoolId, s.schoolId), eq(expenses.id, expenseId)));
    expect(expense).toMatchObject({ total: 20_000, modeId: cash, status: 'valid', reference: 'INV-1' });
    // Posted: the expense's entry credits the mode with the price and debits an expense account.
    const lines = await t.database.db
      .select({ debit: journalLines.debit, credit: journalLines.credit })
      .from(journalLines)
      .innerJoin(
        journalEntries,
        and(eq(journalEntries.schoolId, journalLines.schoolId), eq(journalEntries.id, journalLines.entryId)),
      )
      .where(
        and(
          eq(journalLines.schoolId, s.schoolId),
          eq(journalEntries.sourceKind, 'expense'),
          eq(journalEntries.sourceId, expenseId),
        ),
      );
    expect(lines.reduce((n, l) => n + l.debit, 0)).toBe(20_000);
    expect(lines.reduce((n, l) => n + l.credit, 0)).toBe(20_000);
    // Refusals with the field's message, never a 500.
    expect((await s.api.post('/sms_packages', { credits: 100, mode_id: cash })).statusCode).toBe(422);
    expect((await s.api.post('/sms_packages', { package: 'nope', mode_id: cash })).statusCode).toBe(422);
    expect((await s.api.post('/sms_packages', { package: 'starter', mode_id: 999_999 })).json().errors).toHaveProperty(
      'mode_id',
    );
  });

  it('previews a class: one message per number, placeholders filled, parts and credits counted', async () => {
    const { balance } = await credits();
    const res = await s.api.post('/sms_num', {
      audience: 'class',
      class_id: s.classes.S1,
      message: 'Dear {guardian}, {student} of {class} owes {balance}. {school}',
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ recipients: 2, duplicates: 1, without_phone: 0, encoding: 'gsm', balance });
    const ruth = d.preview.find((p: Json) => p.phone === e164(phones.brian));
    expect(ruth.text).toContain(
      'Dear Akello Ruth, Okello Bella and Okello Brian of S1 East, S1 West owes UGX 700,000.',
    );
    expect(ruth.text).not.toContain('{school}');
    const grace = d.preview.find((p: Json) => p.phone === e164(phones.amina));
    expect(grace.text).toContain('Nakato Sarah of S1 East owes UGX 50,000.');
    expect(d.credits).toBe(2);
    // A long message takes parts of 153; a Unicode one parts of 67.
    const long = (
      await s.api.post('/sms_num', { audience: 'class', class_id: s.classes.S1, message: 'x'.repeat(161) })
    ).json().data;
    expect(long).toMatchObject({ characters: 161, parts: 2, credits: 4 });
    const unicode = (
      await s.api.post('/sms_num', { audience: 'class', class_id: s.classes.S1, message: 'Webale 🙏' })
    ).json().data;
    expect(unicode.encoding).toBe('unicode');
  });

  it('picks boarders, students owing more than an amount, and typed numbers (normalised, once)', async () => {
    const count = async (body: Json) => (await s.api.post('/sms_num', { message: 'Hi', ...body })).json().data;
    expect((await count({ audience: 'boarders' })).preview.map((p: Json) => p.phone)).toEqual([e164(phones.chris)]);
    expect((await count({ audience: 'day' })).recipients).toBe(2);
    const owing = await count({ audience: 'owing', min_balance: 100_000 });
    expect(owing.preview.map((p: Json) => p.phone)).toEqual([e164(phones.brian)]);
    const typed = await count({ audience: 'numbers', numbers: '0772 200001, +256772200001\n772200002; hello' });
    expect(typed).toMatchObject({ recipients: 2, duplicates: 1, invalid: ['hello'] });
    expect(typed.preview.map((p: Json) => p.phone)).toEqual(['+256772200001', '+256772200002']);
    expect((await s.api.post('/sms_num', { audience: 'class', message: 'Hi' })).statusCode).toBe(422);
  });

  it('sends a class through the gateway as a job: credits charged per accepted message, refunded for rejected', async () => {
    fake.state.reject.add(e164(phones.amina));
    const before = fake.received.length;
    const held = await credits();
    const sends = (await s.api.get('/sent_sms')).json().total;
    const body = { audience: 'guardians', message: 'Dear {guardian}, visiting day is Sunday. {school}' };
    // First the cost as a question: nothing spent, nothing queued until it is confirmed.
    const asked = await s.api.post('/send_msg', body);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({
      confirm: true,
      message: `3 messages to guardians, 3 credits of your ${held.balance.toLocaleString('en-US')}. Send them?`,
    });
    expect(await credits()).toMatchObject({ balance: held.balance, used: held.used });
    expect((await s.api.get('/sent_sms')).json().total).toBe(sends);
    const res = await s.api.post('/send_msg', { ...body, confirm: true });
    expect(res.statusCode, res.body).toBe(200);
    const { job_id, message_id, recipients } = res.json().data;
    expect(recipients).toBe(3);
    const job = await finished(job_id);
    expect(job).toMatchObject({ status: 'done', total: 3, done: 3, failed: 1 });
    expect(job.message).toContain('2 sent; 1 could not be sent');
    // One request per distinct text, the numbers in +256 form, the sender id and key sent.
    const sent = fake.received.slice(before);
    expect(sent.flatMap((r) => r.to).sort()).toEqual([phones.amina, phones.brian, phones.chris].map(e164).sort());
    expect(sent.every((r) => r.from === 'KHSS')).toBe(true);
    const rows = (await statusesOf(message_id)).data as Json[];
    expect(rows.find((r) => r.phone === e164(phones.amina))).toMatchObject({
      status: 'rejected',
      gateway_status: 'InvalidPhoneNumber',
    });
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(2);
    expect(await credits()).toMatchObject({
      balance: held.balance - 2,
      used: held.used + 2,
      refunded: held.refunded + 1,
    });
    const list = (await s.api.get('/sent_sms')).json();
    expect(list.data[0]).toMatchObject({ id: message_id, total: 3, sent: 2, rejected: 1, credits: 2, refunded: 1 });
    fake.state.reject.clear();
  });

  it('updates a message from the delivery report; a wrong token is refused', async () => {
    // A send of its own to the three guardians, Amina's number refused by the gateway.
    fake.state.reject.add(e164(phones.amina));
    const started = await s.api.post('/send_msg', {
      audience: 'guardians',
      message: 'Dear {guardian}, reports are out. {school}',
      confirm: true,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { job_id, message_id } = started.json().data;
    try {
      expect(await finished(job_id)).toMatchObject({ status: 'done', done: 3, failed: 1 });
    } finally {
      fake.state.reject.clear();
    }
    const [row] = await t.database.db
      .select()
      .from(smsRecipients)
      .where(
        and(
          eq(smsRecipients.schoolId, s.schoolId),
          eq(smsRecipients.messageId, message_id),
          eq(smsRecipients.status, 'sent'),
        ),
      );
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/sms/delivery/not-the-token',
      payload: { id: row.gatewayId, status: 'Success' },
    });
    expect(wrong.statusCode).toBe(401);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/sms/delivery/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        id: row.gatewayId as string,
        status: 'Success',
        phoneNumber: row.phone,
      }).toString(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const report = await s.api.post('/sent_notifications', { message_id, status: 'delivered' });
    expect(report.json().data.map((r: Json) => r.id)).toEqual([row.id]);
    // The counts and credits agree with the list: a chosen status counts only the messages listed.
    const none = { queued: 0, sending: 0, sent: 0, delivered: 0, undelivered: 0, unknown: 0, rejected: 0, failed: 0 };
    expect(report.json().totals).toEqual({ ...none, count: 1, delivered: 1, credits: 1 });
    const rejected = (await s.api.post('/sent_notifications', { message_id, status: 'rejected' })).json();
    expect(rejected.totals).toEqual({ ...none, count: 1, rejected: 1, credits: 0 });
    const all = (await s.api.post('/sent_notifications', { message_id })).json().totals;
    expect(all).toEqual({ ...none, count: 3, sent: 1, delivered: 1, rejected: 1, credits: 2 });
    // Form-encoded bodies are only for the gateway's callback.
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/sms_num',
      headers: { ...bearer(s.adminToken), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'audience=staff&message=Hi',
    });
    expect(form.statusCode).toBe(422);
  });

  it('keeps a final status whatever reports come after it: replayed, or reordered (the first final report wins)', async () => {
    const res = await s.api.post('/send_msg', {
      audience: 'numbers',
      numbers: '0772 500001, 0772 500002',
      message: 'Reports in any order',
      confirm: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    await finished(res.json().data.job_id);
    const messageId = res.json().data.message_id;
    const rows = () =>
      t.database.db
        .select()
        .from(smsRecipients)
        .where(and(eq(smsRecipients.schoolId, s.schoolId), eq(smsRecipients.messageId, messageId)))
        .orderBy(smsRecipients.id);
    const [first, second] = await rows();
    expect([first.status, second.status]).toEqual(['sent', 'sent']);
    const before = await credits();
    const report = (id: string | null, status: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/sms/delivery/${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ id: id as string, status }).toString(),
      });
    const seen = logged.length;
    // The first: delivered, the same report again (a gateway's retry), then a late Failed and Buffered.
    for (const status of ['Success', 'Success', 'Failed', 'Buffered'])
      expect((await report(first.gatewayId, status)).statusCode).toBe(200);
    // The second: not delivered first, then Success and the Failed again.
    for (const status of ['Failed', 'Success', 'Failed'])
      expect((await report(second.gatewayId, status)).statusCode).toBe(200);
    const after = await rows();
    expect(after.map((r) => [r.status, r.gatewayStatus])).toEqual([
      ['delivered', 'Success'],
      ['undelivered', 'Failed'],
    ]);
    // Gone either way: charged once, nothing refunded or charged again by the later reports.
    expect(await credits()).toMatchObject({ balance: before.balance, used: before.used, refunded: before.refunded });
    // Each report that changed nothing is in the server log (info), naming the message and its status.
    const lines = logged.slice(seen).map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.level, l.sms, l.reported, l.msg])).toEqual([
      [30, first.id, 'Success', 'SMS delivery report changed nothing: the message is already delivered'],
      [30, first.id, 'Failed', 'SMS delivery report changed nothing: the message is already delivered'],
      [30, first.id, 'Buffered', 'SMS delivery report changed nothing: the message is already delivered'],
      [30, second.id, 'Success', 'SMS delivery report changed nothing: the message is already undelivered'],
      [30, second.id, 'Failed', 'SMS delivery report changed nothing: the message is already undelivered'],
    ]);
  });

  it('retries a gateway that answers 500, then sends', async () => {
    fake.state.failNext = 2;
    const before = fake.received.length;
    // The same number typed twice, in two forms: sent once, charged once.
    const res = await s.api.post('/send_msg', {
      audience: 'numbers',
      numbers: '0772 300001, +256 772 300001',
      message: 'Retry me',
      confirm: true,
    });
    expect(res.json().data).toMatchObject({ recipients: 1, credits: 1 });
    const job = await finished(res.json().data.job_id);
    expect(job).toMatchObject({ status: 'done', done: 1, failed: 0 });
    expect(fake.received.slice(before)).toMatchObject([{ to: ['+256772300001'], message: 'Retry me' }]);
  });

  it('marks messages failed and refunds them when the gateway stays down (it answers 500 or is not there)', async () => {
    for (const mode of ['down', 'closed'] as const) {
      const { balance } = await credits();
      if (mode === 'down') fake.state.mode = mode;
      else t.config.sms.url = await closedAddress(); // nothing listens: the connection is refused
      const requests = fake.state.requests;
      const res = await s.api.post('/send_msg', {
        audience: 'numbers',
        numbers: '0772 400001, 0772 400002',
        message: mode,
        confirm: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      const job = await finished(res.json().data.job_id);
      fake.state.mode = 'up';
      t.config.sms.url = fake.baseUrl;
      expect(job).toMatchObject({ status: 'done', total: 2, done: 2, failed: 2 });
      // Tried three times (two retries) before giving up; a refused connection never reached it.
      expect(fake.state.requests - requests).toBe(mode === 'down' ? 3 : 0);
      const rows = (await statusesOf(res.json().data.message_id)).data as Json[];
      expect(rows.map((r) => r.status)).toEqual(['failed', 'failed']);
      expect((await credits()).balance).toBe(balance);
    }
  });

  it('lets in who holds send_sms to send and buy_sms_packages to buy credit, and keeps schools apart', async () => {
    const clerk = await staffWith(t.app, t.database, s, ['view_students', 'pay_fees']);
    for (const [method, url] of [
      ['GET', '/api/sms_packages'],
      ['GET', '/api/sent_sms'],
      ['POST', '/api/sent_notifications'],
      ['POST', '/api/sms_num'],
      ['POST', '/api/send_msg'],
      ['POST', '/api/sms_packages'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(clerk.token), payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // A secretary who may send: sees the credit left and sends (after the question), never buys.
    const secretary = await staffWith(t.app, t.database, s, ['send_sms']);
    const as = (method: 'GET' | 'POST', url: string, payload: Json = {}) =>
      t.app.inject({ method, url: `/api/${url}`, headers: bearer(secretary.token), payload });
    const left = (await as('GET', 'sms_packages')).json().data.balance;
    const body = { audience: 'numbers', numbers: '0772 610001', message: 'Staff meeting at 4 pm' };
    const asked = await as('POST', 'send_msg', body);
    expect(asked.json()).toMatchObject({
      confirm: true,
      message: `1 message to typed numbers, 1 credit of your ${left.toLocaleString('en-US')}. Send it?`,
    });
    const sent = await as('POST', 'send_msg', { ...body, confirm: true });
    expect(sent.statusCode, sent.body).toBe(200);
    await finished(sent.json().data.job_id, secretary.token);
    expect((await as('GET', 'sent_sms')).json().data[0]).toMatchObject({ sent_by: 'Staff Member', credits: 1 });
    expect((await as('POST', 'sms_packages', { package: 'starter', mode_id: cash })).statusCode).toBe(403);
    expect((await credits()).balance).toBe(left - 1);
    // A new school's groups: the Secretary sends SMS and e-mails but buys no credit; the Head Teacher does all three.
    const groups = await t.database.db.select().from(roles).where(eq(roles.schoolId, s.schoolId));
    const holds = (name: string) => {
      const flags = groups.find((g) => g.name === name)?.flags as Record<string, boolean>;
      return [flags.send_sms, flags.send_emails, flags.buy_sms_packages];
    };
    expect(holds('Secretary')).toEqual([true, true, false]);
    expect(holds('Head Teacher')).toEqual([true, true, true]);
    expect(holds('Bursar')).toEqual([false, false, false]);
    // Who buys credit need not send.
    const buyer = await staffWith(t.app, t.database, s, ['buy_sms_packages']);
    const buy = await t.app.inject({
      method: 'POST',
      url: '/api/sms_packages',
      headers: bearer(buyer.token),
      payload: { credits: 10, price: 400, mode_id: cash },
    });
    expect(buy.statusCode, buy.body).toBe(200);
    // A request to the service: nothing counts until it is confirmed.
    expect(buy.json().data.status).toBe('requested');
    expect((await credits()).balance).toBe(left - 1);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/send_msg',
      headers: bearer(buyer.token),
      payload: body,
    });
    expect(refused.statusCode).toBe(403);
    const other = await registerSchool(t.app, t.database);
    expect((await other.api.post('/sent_notifications', {})).json().total).toBe(0);
    expect((await other.api.get('/sent_sms')).json().total).toBe(0);
    // Another school's class, stream or send is not found; its mode is not a mode of this school.
    for (const body of [
      { audience: 'class', class_id: s.classes.S1 },
      { audience: 'guardians', class_id: s.classes.S2, stream_id: s.streams['S2 East'] },
    ]) {
      expect((await other.api.post('/sms_num', { ...body, message: 'Hi' })).statusCode).toBe(404);
      expect((await other.api.post('/send_msg', { ...body, message: 'Hi' })).statusCode).toBe(404);
    }
    expect(
      (await other.api.post('/sms_num', { audience: 'guardians', stream_id: s.streams['S1 East'], message: 'Hi' }))
        .statusCode,
    ).toBe(404);
    const [mine] = (await s.api.get('/sent_sms')).json().data;
    expect((await other.api.post('/sent_notifications', { message_id: mine.id })).statusCode).toBe(404);
    expect((await other.api.post('/sms_packages', { package: 'starter', mode_id: cash })).statusCode).toBe(422);
    expect((await other.api.get('/sms_packages')).json().data).toMatchObject({ balance: 0, packages: [] });
  });
});

describe('SMS: a gateway that takes a request and does not answer in time', () => {
  // Numbers of this run only: on PostgreSQL every run and file shares the database, and a delivery
  // report matches an unknown message by number only when no other unknown one has it.
  const run = String(10_000 + Math.floor(Math.random() * 89_999)).slice(0, 4);
  const number = (prefix: string, i: number) => `+256772${prefix.slice(0, 1)}${run}${i}`;
  const people = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({
      phone: `0772 ${prefix.slice(0, 1)}${run}${i + 1}`,
      name: `Parent ${i + 1}`,
      values: { name: `Parent ${i + 1}` },
    }));
  const scopeOf = () => new SchoolScope(t.database.db, s.schoolId, { userId: s.adminId, name: 'Head Administrator' });
  const rowsOf = async (messageId: number) =>
    (
      await t.database.db
        .select()
        .from(smsRecipients)
        .where(and(eq(smsRecipients.schoolId, s.schoolId), eq(smsRecipients.messageId, messageId)))
        .orderBy(smsRecipients.id)
    ).map((r) => [`0${r.phone.slice(-1)}`, r.status]);

  it('never sends a message twice: unknown until its delivery report, the job gives up and refunds the rest', async () => {
    const { balance } = await credits();
    // Each parent's own text: one request each. The first is answered; the gateway then takes requests
    // without answering, on every attempt of the job.
    fake.state.mode = 'hang';
    fake.state.answerNext = 1;
    const before = fake.received.length;
    const started = await sendSms(
      { jobs: t.app.jobs, feesBalances: undefined as never },
      scopeOf(),
      people('60000', 5),
      'Dear {name}, school opens on Monday.',
      'Parents',
      true,
    );
    const job = await finished(started.job_id);
    fake.state.mode = 'up';
    // Sent once each: the first answered, then one request per attempt (three), never repeated.
    const taken = fake.received.slice(before);
    expect(taken.map((r) => r.to)).toEqual([1, 2, 3, 4].map((i) => [number('6', i)]));
    expect(await rowsOf(started.message_id)).toEqual([
      ['01', 'sent'],
      ['02', 'unknown'],
      ['03', 'unknown'],
      ['04', 'unknown'],
      ['05', 'failed'],
    ]);
    // The job failed for good and says what happened; the one never handed over is refunded, the
    // unknown ones stay spent (they may have gone).
    expect(job).toMatchObject({ status: 'failed', total: 5 });
    expect(job.message).toBe(
      'Failed to send Messages: 1 sent; 1 could not be sent and their credits were refunded. 3 got no answer from the gateway and may have been sent: check their delivery before sending again.',
    );
    expect((await credits()).balance).toBe(balance - 4);
    const row = (await s.api.get('/sent_sms')).json().data[0];
    expect(row).toMatchObject({ id: started.message_id, status: 'failed', sent: 1, unknown: 3, failed: 1, credits: 4 });
    const unknown = (await statusesOf(started.message_id)).data.find((r: Json) => r.phone === number('6', 2));
    expect(unknown.gateway_status).toContain('Check the delivery report');

    // The gateway's delivery reports name the message id it gave and the number: they settle them.
    const report = (id: string, phoneNumber: string, status: string) =>
      t.app.inject({ method: 'POST', url: `/api/sms/delivery/${token}`, payload: { id, phoneNumber, status } });
    expect((await report(taken[1].ids[0], number('6', 2), 'Success')).statusCode).toBe(200);
    expect((await report(taken[2].ids[0], number('6', 3).slice(1), 'Failed')).statusCode).toBe(200);
    expect(await rowsOf(started.message_id)).toEqual([
      ['01', 'sent'],
      ['02', 'delivered'],
      ['03', 'undelivered'],
      ['04', 'unknown'],
      ['05', 'failed'],
    ]);
    // Gone, delivered or not: still charged, nothing refunded twice.
    expect((await credits()).balance).toBe(balance - 4);
    // A later report for the same id changes nothing: delivered stays delivered, and a replay of the
    // report that settled an unknown message neither settles another nor charges anything again.
    await report(taken[1].ids[0], number('6', 2), 'Failed');
    await report(taken[2].ids[0], number('6', 3), 'Failed');
    expect(await rowsOf(started.message_id)).toEqual([
      ['01', 'sent'],
      ['02', 'delivered'],
      ['03', 'undelivered'],
      ['04', 'unknown'],
      ['05', 'failed'],
    ]);
    expect((await credits()).balance).toBe(balance - 4);
  });

  it('settles a job whose worker died mid-request: what it held is unknown, what waited is refunded', async () => {
    // A second queue whose worker waits a minute for the gateway: it "dies" holding a request.
    const slow = { ...t.config, sms: { ...t.config.sms, timeoutMs: 60_000 } };
    let ended = false;
    const jobs = new Jobs(t.database, unique('dead'), t.app.log);
    jobs.define<{ messageId: number }>(
      'sms_send',
      async ({ scope, data, progress }) => {
        try {
          return { message: (await performSend(slow, scope, data.messageId, progress)).message };
        } finally {
          ended = true;
        }
      },
      { settle: ({ scope, data }) => settleSend(scope, data.messageId) },
    );
    try {
      const { balance } = await credits();
      fake.state.mode = 'hang';
      fake.state.answerNext = 1;
      const before = fake.received.length;
      const started = await sendSms(
        { jobs, feesBalances: undefined as never },
        scopeOf(),
        people('70000', 3),
        'Dear {name}, the bus leaves at 8.',
        'Messages',
        true,
      );
      for (let i = 0; i < 100 && fake.received.length < before + 2; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await rowsOf(started.message_id)).toEqual([
        ['01', 'sent'],
        ['02', 'sending'],
        ['03', 'queued'],
      ]);
      // As if its worker had died long ago on its last attempt: pg-boss expires the job for good.
      const boss = await jobs.run();
      await t.database.executeSql(
        `update pgboss.job set started_on = now() - interval '1 day', retry_count = retry_limit
          where state = 'active' and (data->>'jobId')::int = $1`,
        [started.job_id],
      );
      await (boss as unknown as { expire(): Promise<void> }).expire();
      const job = await finished(started.job_id);
      expect(job.status).toBe('failed');
      expect(job.message).toContain('1 sent; 1 could not be sent and their credits were refunded. 1 got no answer');
      expect(await rowsOf(started.message_id)).toEqual([
        ['01', 'sent'],
        ['02', 'unknown'],
        ['03', 'failed'],
      ]);
      expect((await credits()).balance).toBe(balance - 2);
      // The stuck worker wakes (its connection cut): it changes nothing and sends nothing more.
      fake.state.mode = 'up';
      await fake.close();
      fake = await startFakeSmsGateway(username, apiKey, Number(new URL(fake.baseUrl).port));
      // Its attempt ends, and with it whatever the queue writes after it: a graceful stop waits for both.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
      expect(ended).toBe(true);
      expect((await s.api.get(`/jobs/${started.job_id}`)).json().data.status).toBe('failed');
      expect(await rowsOf(started.message_id)).toEqual([
        ['01', 'sent'],
        ['02', 'unknown'],
        ['03', 'failed'],
      ]);
      expect(fake.received).toEqual([]);
    } finally {
      fake.state.mode = 'up';
      await jobs.stop();
    }
  });
});

describe('SMS: a job resumed after a restart', () => {
  it('sends only the messages still waiting, so none goes twice', async () => {
    const res = await s.api.post('/send_msg', {
      audience: 'numbers',
      numbers: '0772 500001, 0772 500002, 0772 500003',
      message: 'Resume me',
      confirm: true,
    });
    const { job_id, message_id } = res.json().data;
    await finished(job_id);
    // As if the server stopped during the second request: one message still waiting, one handed over
    // without an answer.
    const [row, held] = await t.database.db
      .select()
      .from(smsRecipients)
      .where(and(eq(smsRecipients.schoolId, s.schoolId), eq(smsRecipients.messageId, message_id)))
      .orderBy(smsRecipients.id)
      .limit(2);
    await t.database.db
      .update(smsRecipients)
      .set({ status: 'queued', gatewayId: null })
      .where(and(eq(smsRecipients.schoolId, s.schoolId), eq(smsRecipients.id, row.id)));
    await t.database.db
      .update(smsRecipients)
      .set({ status: 'sending', gatewayId: null })
      .where(and(eq(smsRecipients.schoolId, s.schoolId), eq(smsRecipients.id, held.id)));
    const before = fake.received.length;
    const scope = new SchoolScope(t.database.db, s.schoolId, { userId: s.adminId, name: 'Job' });
    const seen: number[][] = [];
    const outcome = await performSend(t.config, scope, message_id, async (done, total, failed) => {
      seen.push([done, total ?? 0, failed ?? 0]);
    });
    expect(fake.received.slice(before)).toMatchObject([{ to: [row.phone], message: 'Resume me', from: 'KHSS' }]);
    expect(outcome).toMatchObject({ sent: 2, failed: 0, unknown: 1 });
    const [again] = await t.database.db
      .select()
      .from(smsRecipients)
      .where(and(eq(smsRecipients.schoolId, s.schoolId), eq(smsRecipients.id, held.id)));
    expect(again.status).toBe('unknown');
    expect(seen.at(0)).toEqual([2, 3, 0]);
    expect(seen.at(-1)).toEqual([3, 3, 0]);
  });
});
