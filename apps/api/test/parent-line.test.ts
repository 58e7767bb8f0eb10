import {
  feesBreakdowns,
  feesCategories,
  feesPayments,
  guardians,
  parentLineSessions,
  paymentModes,
  previousDebts,
  reportCardPrints,
  studentGuardians,
  termDates,
} from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { audits } from '../src/db/schema.js';
import { s as examSchool, people, setUpEndOfTerm } from './exams-term-fixture.js';
import { filePhones, useGatewayApp } from './gateway-app.js';
import { confirmedCredit, signedInOperator } from './operator-fixtures.js';
import { admit, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { bearer, staffWith, unique } from './support.js';

/**
 * The parents' line (issue 29): a parent asks by USSD or by a text message from the number the school
 * has for them, and Somero answers from the fees ledger, the report cards and the calendar. Against the
 * fake Africa's Talking gateway on loopback (the replies by SMS), on both databases.
 */
const token = 'line-secret-7d1c';
const gateway = useGatewayApp('at-key-line', { SMS_CALLBACK_TOKEN: token, PARENT_LINE_USSD_CODE: '*284*77#' });
const t = gateway.t;

/** Numbers this file alone uses (test files share one PostgreSQL database). */
const { serial, phone, e164 } = filePhones();
/** Akello and Bbosa's mother (siblings, one school); Nabirye's father, also Kato's at a second school. */
const mother = phone(1);
const father = phone(2);
const stranger = phone(3);
const busy = phone(4);

let a: RegisterSchool;
let b: RegisterSchool;
let cash: number;
const db = () => t.database.db;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
let sessions = 0;
const newSession = () => `ATUid_${serial}_${++sessions}`;

/** One USSD step as the gateway posts it. */
async function ussd(text: string, from: string, sessionId = newSession(), secret = token) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/ussd/${secret}`,
    headers: formHeaders,
    payload: form({ sessionId, serviceCode: '*284*77#', phoneNumber: e164(from), text }),
  });
  return res;
}
const ussdText = async (text: string, from: string, sessionId?: string) => {
  const res = await ussd(text, from, sessionId);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  expect(res.body.length).toBeLessThanOrEqual(160);
  return res.body;
};

/** An incoming text as the gateway posts it. */
async function sms(text: string, from: string, id = `ATXin_${serial}_${++sessions}`, secret = token) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/sms/incoming/${secret}`,
    headers: formHeaders,
    payload: form({ from: e164(from), to: '8822', text, date: '2026-11-29 09:00:00', id }),
  });
  return res;
}

/** The texts the gateway took for a number (the replies go as a background job). */
async function textsTo(p: string, atLeast = 1) {
  const number = e164(p);
  for (let i = 0; i < 200; i++) {
    const found = gateway.fake.received.filter((r) => r.to.includes(number)).map((r) => r.message);
    if (found.length >= atLeast) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  return gateway.fake.received.filter((r) => r.to.includes(number)).map((r) => r.message);
}
/** Until every reply of both schools has been sent or has failed: what the texts so far sent and cost is final. */
const quiet = () => gateway.sendsFinished([a.schoolId, b.schoolId]);
const credits = async (school: RegisterSchool) => (await school.api.get('/sms_packages')).json().data.balance;

async function guardianOf(school: RegisterSchool, name: string, phoneNo: string, studentIds: number[]) {
  const [g] = await db()
    .insert(guardians)
    .values({ schoolId: school.schoolId, name, phone: e164(phoneNo) })
    .returning();
  await db()
    .insert(studentGuardians)
    .values(studentIds.map((studentId) => ({ schoolId: school.schoolId, studentId, guardianId: g.id })));
}

async function turnOn(school: RegisterSchool, values: Json) {
  const res = await school.api.put('/parent_line', {
    enabled: true,
    answers: ['fees', 'payments', 'results', 'next_term'],
    ...values,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const sessionsOf = (school: RegisterSchool) =>
  db().select().from(parentLineSessions).where(eq(parentLineSessions.schoolId, school.schoolId));

describe("the parents' line", () => {
  it('sets up two schools: siblings, a number at both, fees, payments, a withheld card', async () => {
    await setUpEndOfTerm(t);
    a = examSchool;
    b = await registerSchool(t.app, t.database);
    await guardianOf(a, 'Akello Mary', mother, [people.Akello, people.Bbosa]);
    await guardianOf(a, 'Nabirye Joseph', father, [people.Nabirye]);
    const kato = await admit(b, { surname: 'Kato', other_names: 'Ivan', gender: 'M' });
    await guardianOf(b, 'Nabirye Joseph', father, [kato.id]);
    await guardianOf(b, 'Busy Parent', busy, [kato.id]);

    // School A: S3 pays 800,000 in term 3 of 2026; S4 900,000 next term (term 1 2027, opening 1 Feb 2027).
    const [tuition] = await db()
      .insert(feesCategories)
      .values({ schoolId: a.schoolId, name: 'Tuition', rank: 1 })
      .returning();
    await db()
      .insert(feesBreakdowns)
      .values([
        { schoolId: a.schoolId, classId: a.classes.S3, categoryId: tuition.id, amount: 800_000, year: 2026, term: 3 },
        { schoolId: a.schoolId, classId: a.classes.S4, categoryId: tuition.id, amount: 900_000, year: 2027, term: 1 },
      ]);
    await db()
      .insert(termDates)
      .values({ schoolId: a.schoolId, year: 2027, term: 1, opensOn: '2027-02-01', closesOn: '2027-04-30' });
    // Akello owed 150,000 from before this term: overdue.
    await db().insert(previousDebts).values({ schoolId: a.schoolId, studentId: people.Akello, amount: 150_000 });
    const [mode] = await db()
      .insert(paymentModes)
      .values({ schoolId: a.schoolId, name: 'Cash', kind: 'cash', openingOn: '2026-01-01', openingBalance: 1_000_000 })
      .returning();
    cash = mode.id;
    await db()
      .insert(feesPayments)
      .values(
        [
          ['2026-09-01', 100_000],
          ['2026-09-15', 200_000],
          ['2026-10-01', 150_000],
          ['2026-11-02', 250_000],
        ].map(([paidOn, amount], i) => ({
          schoolId: a.schoolId,
          receiptNo: 101 + i,
          studentId: people.Akello,
          amount: amount as number,
          modeId: cash,
          paidOn: paidOn as string,
          year: 2026,
          term: 3,
          cashierName: 'Bursar',
        })),
      );
    // Bbosa's card was printed withheld for fees.
    await db().insert(reportCardPrints).values({
      schoolId: a.schoolId,
      year: 2026,
      term: 3,
      studentId: people.Bbosa,
      classId: a.classes.S3,
      kind: 'old_reports',
      withheld: true,
    });
    // A has SMS credit; B has none.
    await confirmedCredit(t.app, t.database, a, { credits: 50, price: 1_750, mode_id: cash });
  });

  it('is off until the school turns it on: a known number hears what an unknown one hears', async () => {
    const view = (await a.api.get('/parent_line')).json().data;
    expect(view).toMatchObject({ enabled: false, ussd_code: '*284*77#', current_term: { year: 2026, term: 3 } });
    expect(view.days).toHaveLength(14);
    expect(await ussdText('', mother)).toMatch(/^END This phone number is not registered/);
  });

  it('settings: 422 with field messages, 403 without the flag, saved with an audit row', async () => {
    const bad = await a.api.put('/parent_line', { enabled: true, answers: [] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.answers).toBeDefined();
    const wrong = await a.api.put('/parent_line', { enabled: true, answers: ['gossip'] });
    expect(wrong.statusCode).toBe(422);
    const halfTerm = await a.api.put('/parent_line', { enabled: true, answers: ['fees'], results_year: 2026 });
    expect(halfTerm.statusCode).toBe(422);
    expect(halfTerm.json().errors.results_term).toBeDefined();
    const teacher = await staffWith(t.app, t.database, a, ['view_dashboard', 'send_sms']);
    const refused = await t.app.inject({ method: 'GET', url: '/api/parent_line', headers: bearer(teacher.token) });
    expect(refused.statusCode).toBe(403);
    const head = await staffWith(t.app, t.database, a, ['general_settings']);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/parent_line',
      headers: bearer(head.token),
      payload: {
        enabled: true,
        answers: ['next_term', 'fees', 'payments', 'results'],
        results_year: 2026,
        results_term: 3,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Listed in the menu's order whatever order they came in.
    expect(saved.json().data).toMatchObject({ enabled: true, answers: ['fees', 'payments', 'results', 'next_term'] });
    const rows = await db()
      .select()
      .from(audits)
      .where(and(eq(audits.schoolId, a.schoolId), eq(audits.entity, 'parent_line_settings')));
    expect(rows.length).toBe(1);
    // B offers fees and results, and has released no results.
    await turnOn(b, { answers: ['fees', 'results'] });
  });

  it('both callbacks refuse a wrong token', async () => {
    expect((await ussd('', mother, newSession(), 'wrong')).statusCode).toBe(401);
    expect((await sms('BAL', mother, undefined, 'wrong')).statusCode).toBe(401);
  });

  it('a number on record nowhere gets one polite line, and its texts cost no school anything', async () => {
    expect(await ussdText('', stranger)).toBe(
      'END This phone number is not registered with a school on Somero. Please ask the school to record it.',
    );
    const before = await credits(a);
    expect((await sms('BAL', stranger)).statusCode).toBe(200);
    await quiet();
    expect(await credits(a)).toBe(before);
    expect(gateway.fake.received.some((r) => r.to.includes(e164(stranger)))).toBe(false);
  });

  it('siblings: the parent picks the child, then the menu', async () => {
    const first = await ussdText('', mother);
    expect(first).toMatch(/^CON Choose your child:\n1\. Sarah Akello \(S3\)\n2\. Sarah Bbosa \(S3\)$/);
    expect(await ussdText('1', mother)).toBe('CON Sarah:\n1. Fees balance\n2. Last payments\n3. Results\n4. Next term');
  });

  it('fees balance for the term with what is overdue', async () => {
    // 150,000 brought forward + 800,000 − 700,000 paid.
    expect(await ussdText('1*1', mother)).toBe(
      'END Sarah, Term 3 2026:\nFees balance UGX 250,000.\nOverdue from earlier terms: UGX 150,000.',
    );
  });

  it('the last three payments with receipt numbers, paged with 98 More', async () => {
    const sessionId = newSession();
    const first = await ussdText('1*2', mother, sessionId);
    expect(first).toMatch(/^CON Last payments for Sarah:\n2 Nov 2026: UGX 250,000 paid, receipt no\. 104\./);
    expect(first).toMatch(/\n98 More$/);
    const next = await ussdText('1*2*98', mother, sessionId);
    expect(next).toMatch(/^END /);
    const all = `${first}\n${next}`;
    expect(all).toContain('1 Oct 2026: UGX 150,000 paid, receipt no. 103.');
    expect(all).toContain('15 Sep 2026: UGX 200,000 paid, receipt no. 102.');
    expect(all).not.toContain('receipt no. 101');
    expect(all).toContain('Balance now UGX 250,000.');
    // Past the last screen: the last screen again.
    expect(await ussdText('1*2*98*98', mother, sessionId)).toBe(next);
  });

  it('last payments leave out a payment the bursar voided, and the balance does not count it', async () => {
    // Bbosa (the mother's second child): 60,000 paid on 5 Oct, then 75,000 on 20 Oct that was voided.
    const pay = async (amount: number, paidOn: string) => {
      const res = await a.api.post('/fees_payments', {
        student_id: people.Bbosa,
        amount,
        mode_id: cash,
        paid_on: paidOn,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as number;
    };
    const kept = await pay(60_000, '2026-10-05');
    const bounced = await pay(75_000, '2026-10-20');
    const voided = await a.api.post('/delete_fees_payment', { id: bounced, reason: 'Cheque bounced' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data.status).toBe('void');
    const receipt = (await a.api.post('/view_fees_payments', { id: kept })).json().data[0].receipt_no;
    // 800,000 for the term − 60,000.
    expect(await ussdText('2*2', mother)).toBe(
      `END Last payments for Sarah:\n5 Oct 2026: UGX 60,000 paid, receipt no. ${receipt}.\nBalance now UGX 740,000.`,
    );
  });

  it("the term's results as the card states them, once released", async () => {
    const text = await ussdText('1*3', mother);
    expect(text).toMatch(/^END Sarah, Term 3 2026:\nDivision 1, aggregate 8\./);
    expect(text).toMatch(/Position 1 of 3\./);
  });

  it('a card withheld for fees: please see the bursar', async () => {
    expect(await ussdText('2*3', mother)).toBe(
      "END Sarah's report card for Term 3 2026 is withheld for fees. Please see the bursar.",
    );
  });

  it("next term's opening date and fees", async () => {
    expect(await ussdText('1*4', mother)).toBe('END Term 1 2027 opens on 1 Feb 2027.\nFees for Sarah: UGX 900,000.');
  });

  it('a number at two schools picks the school first; results not released there', async () => {
    const first = await ussdText('', father);
    expect(first).toMatch(/^CON Choose the school:\n1\. .+\n2\. .+$/);
    // Which line is B: its menu offers two answers only.
    let pick = '1';
    if ((await ussdText('1', father)).split('\n').length !== 3) pick = '2';
    expect(await ussdText(pick, father)).toBe('CON Ivan:\n1. Fees balance\n2. Results');
    expect(await ussdText(`${pick}*2`, father)).toBe(
      'END Results for Term 2 2026 are not yet released. Please ask again later.',
    );
    const other = pick === '1' ? '2' : '1';
    // At A, the same number sees only its own child (Nabirye), never the siblings of another guardian.
    const menuA = await ussdText(other, father);
    expect(menuA).toMatch(/^CON Sarah:\n1\. Fees balance/);
    expect(await ussdText(`${other}*1`, father)).toMatch(/^END Sarah, Term 3 2026:/);
  });

  it('a school the service suspends answers nothing on the line until the suspension is lifted', async () => {
    const op = await signedInOperator(t.app, t.database);
    const before = await credits(a);
    const suspended = await op.api.post(`/operator/schools/${a.schoolId}/suspend`, { reason: 'Service fee unpaid' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    try {
      expect(await ussdText('', mother)).toBe(
        "END Your school's line is not available at the moment. Please contact the school.",
      );
      // The father, at both schools, goes straight to B's menu: A is no longer offered.
      expect(await ussdText('', father)).toBe('CON Ivan:\n1. Fees balance\n2. Results');
      // A text to A is not answered (and costs it nothing: below).
      expect((await sms('BAL', mother)).statusCode).toBe(200);
      await quiet();
    } finally {
      expect((await op.api.post(`/operator/schools/${a.schoolId}/reinstate`)).statusCode).toBe(200);
    }
    expect(await credits(a)).toBe(before);
    expect(await ussdText('', mother)).toMatch(/^CON Choose your child:/);
  });

  it('a choice not on the menu ends politely', async () => {
    expect(await ussdText('7', mother)).toBe('END That choice is not on the menu. Please dial again.');
    expect(await ussdText('1*9', mother)).toBe('END That choice is not on the menu. Please dial again.');
    expect(await ussdText('1*1*5', mother)).toBe('END That choice is not on the menu. Please dial again.');
  });

  it('a dead session: the same step posted twice answers the same and is logged once', async () => {
    const sessionId = newSession();
    const once = await ussdText('2*1', mother, sessionId);
    const twice = await ussdText('2*1', mother, sessionId);
    expect(twice).toBe(once);
    const rows = (await sessionsOf(a)).filter((r) => r.sessionKey === sessionId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'ussd', phone: e164(mother), studentId: people.Bbosa, asked: 'fees' });
  });

  it('each answered session is logged per school, never the token', async () => {
    const rows = await sessionsOf(a);
    expect(rows.length).toBeGreaterThan(5);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect((await sessionsOf(b)).every((r) => r.phone === e164(father))).toBe(true);
    const view = (await a.api.get('/parent_line')).json().data;
    const today = view.days.at(-1);
    expect(today.ussd).toBeGreaterThan(0);
    expect(view.recent[0].phone).toMatch(/^07\d{2} \d{6}$/);
  });

  it('a text question: BAL with a child’s name, answered by SMS and charged to the school', async () => {
    const before = await credits(a);
    expect((await sms('bal akello', mother)).statusCode).toBe(200);
    const [reply] = await textsTo(mother);
    expect(reply).toContain('Fees balance UGX 250,000.');
    expect(reply).not.toContain('Bbosa');
    await quiet();
    expect(await credits(a)).toBe(before - 1);
    const rows = (await sessionsOf(a)).filter((r) => r.channel === 'sms');
    expect(rows.at(-1)).toMatchObject({ asked: 'fees', studentId: people.Akello, unanswered: false });
  });

  it('the same message posted again is answered once; an unknown keyword gets one help line', async () => {
    const id = `ATXin_${serial}_again`;
    await sms('PAY Akello', mother, id);
    await textsTo(mother, 2);
    await sms('PAY Akello', mother, id);
    await quiet();
    expect((await textsTo(mother)).length).toBe(2);
    await sms('hello there', mother);
    const texts = await textsTo(mother, 3);
    expect(texts[2]).toMatch(/: send BAL, PAY, RESULTS and your child's first name/);
  });

  it('RESULTS by text: each child of the number, the withheld card says so', async () => {
    await sms('RESULTS', mother);
    const texts = await textsTo(mother, 4);
    expect(texts[3]).toContain('Division 1, aggregate 8.');
    expect(texts[3]).toContain('withheld for fees. Please see the bursar.');
  });

  it('a school without SMS credit answers nothing and its dashboard says so', async () => {
    const before = await credits(a);
    await sms('BAL', father);
    // A answers for Nabirye; B, without credit, does not answer.
    const texts = await textsTo(father);
    await quiet();
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(' Sarah, Term 3 2026:');
    expect(await credits(a)).toBe(before - 1);
    const rows = (await sessionsOf(b)).filter((r) => r.channel === 'sms');
    expect(rows).toHaveLength(1);
    expect(rows[0].unanswered).toBe(true);
    const dash = (await b.api.post('/dashboard', {})).json().data;
    expect(dash.parent_line).toEqual({ unanswered: 1 });
    expect((await b.api.get('/parent_line')).json().data.unanswered).toBe(1);
  });

  it('rate limited per phone number', async () => {
    let last = '';
    for (let i = 0; i < 41; i++) last = (await ussd('', busy)).body;
    expect(last).toBe('END Too many requests from this phone. Please try again in a few minutes.');
  });

  it('never answers 5xx whatever is posted (a malformed battery)', async () => {
    const bodies: [string, string | undefined][] = [
      ['', formHeaders['content-type']],
      ['sessionId=&phoneNumber=&text=', formHeaders['content-type']],
      ['phoneNumber=0772', formHeaders['content-type']],
      [form({ sessionId: 'x', phoneNumber: 'not a phone', text: '1*2' }), formHeaders['content-type']],
      [form({ sessionId: 'x'.repeat(5000), phoneNumber: e164(mother), text: '' }), formHeaders['content-type']],
      [form({ sessionId: 'x', phoneNumber: e164(mother), text: '*'.repeat(399) }), formHeaders['content-type']],
      [form({ sessionId: 'x', phoneNumber: e164(mother), text: '1*\u0000' }), formHeaders['content-type']],
      [
        form({ sessionId: 'x', phoneNumber: e164(mother), text: '99999999999999999999*1' }),
        formHeaders['content-type'],
      ],
      [form({ sessionId: 'x', phoneNumber: e164(mother), text: '-1*0*98' }), formHeaders['content-type']],
      ['%%%&&&===', formHeaders['content-type']],
      ['{"sessionId": 5, "phoneNumber": ["a"], "text": {"a": 1}}', 'application/json'],
      ['{"sessionId": "s", "phoneNumber": "0772000000"', 'application/json'],
      ['<xml/>', 'text/xml'],
      ['plain', 'text/plain'],
      ['', undefined],
    ];
    for (const path of [`/api/ussd/${token}`, `/api/sms/incoming/${token}`, '/api/ussd/wrong', '/api/sms/incoming/x']) {
      for (const [payload, type] of bodies) {
        const sms = path.includes('incoming');
        const body = sms ? payload.replace('sessionId', 'id').replace('phoneNumber', 'from') : payload;
        const res = await t.app.inject({
          method: 'POST',
          url: path,
          headers: type ? { 'content-type': type } : {},
          payload: body,
        });
        expect(res.statusCode, `${path} ${payload.slice(0, 40)}: ${res.body}`).toBeLessThan(500);
      }
    }
    const getting = await t.app.inject({ method: 'GET', url: `/api/ussd/${token}` });
    expect(getting.statusCode).toBeLessThan(500);
  });

  it('names unique to this run', () => {
    expect(unique('x')).not.toBe(unique('x'));
  });

  it('every reply has gone: no send is left running', async () => {
    await gateway.sendsFinished([a, b].map((x) => x.schoolId));
  });
});
