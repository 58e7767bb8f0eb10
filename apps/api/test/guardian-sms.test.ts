import { guardians, paymentModes, studentGuardians } from '@somero/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, classTerm, s as examSchool, people, setUpEndOfTerm } from './exams-term-fixture.js';
import { filePhones, useGatewayApp } from './gateway-app.js';
import { admitFamilies } from './guardian-fixtures.js';
import { confirmedCredit } from './operator-fixtures.js';
import { admit, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { bearer, staffWith, unique } from './support.js';

/**
 * SMS to guardians where the work happens (issue 15 §4): the desk's receipt, fee reminders from the
 * summary, results after the report cards, sick-bay visits and absences; through the real Africa's
 * Talking adapter against the fake gateway on loopback.
 */
const sms = useGatewayApp('at-key-uses', { AT_SENDER_ID: 'KHSS' });
const t = sms.t;

let s: RegisterSchool;
let cash: number;
const kids: Record<string, Json> = {};
/** Each a distinct number this file only uses, so the fake's log can be read per guardian. */
const { phone, e164 } = filePhones();
const phones = { amina: phone(1), brian: phone(2), chris: phone(3), exams: phone(4), alevel: phone(5) };

/** The messages the gateway received for a number (waits for the job to reach it). */
async function textsTo(p: string, atLeast = 1) {
  const number = e164(p);
  for (let i = 0; i < 200; i++) {
    const found = sms.fake.received.filter((r) => r.to.includes(number)).map((r) => r.message);
    if (found.length >= atLeast) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  return sms.fake.received.filter((r) => r.to.includes(number)).map((r) => r.message);
}
/**
 * Until every send of the school has been sent or has failed. A notice's send is recorded before the call
 * that causes it answers, so after this nothing more reaches the gateway for what was done so far.
 */
const quiet = () => sms.sendsFinished([s.schoolId]);

async function setting(school: RegisterSchool, values: Json) {
  const { id, logo_file_id: _, ...rest } = (await school.api.get('/school_details')).json().data;
  const res = await school.api.put(`/school/${id}`, { ...rest, ...values });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const credits = async (school: RegisterSchool) => (await school.api.get('/sms_packages')).json().data.balance;

describe('SMS to guardians: receipts, reminders, sick bay, absences', () => {
  it('sets up a school: three families (one parent of two), fees owed, a cash mode', async () => {
    s = await registerSchool(t.app, t.database);
    const families = await admitFamilies(s, t.database, {
      amina: { phone: phones.amina },
      brian: { phone: phones.brian },
      chris: { phone: phones.chris },
    });
    Object.assign(kids, families.kids);
    cash = families.cash;
    // A student with no guardian at all.
    kids.dan = await admit(s, { surname: 'Ssali', other_names: 'Dan', gender: 'M' });
    const details = (await s.api.get('/school_details')).json().data;
    // Off by default, all three.
    expect(details).toMatchObject({ sms_fees_receipts: false, sms_sickbay_visits: false, sms_absences: false });
  });

  it('takes a payment with no SMS while receipts are off, and with no credit the payment still stands', async () => {
    const paid = await s.api.post('/fees_payments', { student_id: kids.amina.id, amount: 100_000, mode_id: cash });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().message).toBe('Payment added Successfully');
    // Receipts on, no credit bought: the payment is recorded, the reply says why no SMS went.
    await setting(s, { sms_fees_receipts: true });
    const short = await s.api.post('/fees_payments', { student_id: kids.amina.id, amount: 50_000, mode_id: cash });
    expect(short.statusCode, short.body).toBe(200);
    expect(short.json().message).toBe(
      "Payment added Successfully. No receipt SMS: the school's SMS credit has run out.",
    );
    const list = (await s.api.post('/view_fees_payments', { student_id: kids.amina.id })).json();
    expect(list.totals).toMatchObject({ count: 2, amount: 150_000 });
    await quiet();
    expect(sms.fake.received.filter((r) => r.to.includes(e164(phones.amina)))).toHaveLength(0);
  });

  it('refuses (202) reminders larger than the credit left, with the figures', async () => {
    // Amina, Ruth (Brian and Bella), John (Chris): three messages of two parts each.
    const res = await s.api.post('/fees_reminders', { message: 'x'.repeat(300), send: true });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe('This needs 6 credits and the school has 0 left. Buy more credit on SMS Packages.');
    expect((await s.api.get('/sent_sms')).json().total).toBe(0);
    const none = await s.api.post('/fees_reminders', { min_balance: 5_000_000, message: 'Pay' });
    expect(none.statusCode).toBe(202);
    expect(none.json().message).toBe('Nobody on this summary owes more than the minimum balance.');
    expect((await s.api.post('/fees_reminders', { message: '' })).statusCode).toBe(422);
  });

  it('sends the guardian a receipt with the receipt number and the balance after the payment', async () => {
    await confirmedCredit(t.app, t.database, s, { credits: 100, price: 4_000, mode_id: cash });
    const paid = await s.api.post('/fees_payments', {
      student_id: kids.amina.id,
      amount: 200_000,
      mode_id: cash,
      paid_on: '2026-06-02',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().message).toBe('Payment added Successfully');
    const receipt = (await s.api.post('/view_fees_payments', { id: paid.json().data })).json().data[0];
    // 700,000 charged, 350,000 paid in all.
    const [text] = await textsTo(phones.amina);
    expect(text).toContain(
      `received UGX 200,000 for Nakato Sarah (S1 East) on 2 Jun 2026, receipt no. ${receipt.receipt_no}`,
    );
    expect(text).toContain('Balance now UGX 350,000.');
    expect(await credits(s)).toBe(99);
    // The gateway down: the payment stands; the job's failed message is refunded.
    sms.fake.state.mode = 'down';
    try {
      const down = await s.api.post('/fees_payments', { student_id: kids.amina.id, amount: 10_000, mode_id: cash });
      expect(down.statusCode, down.body).toBe(200);
      expect(down.json().message).toBe('Payment added Successfully');
      for (let i = 0; i < 100 && (await credits(s)) !== 99; i++) await new Promise((r) => setTimeout(r, 50));
      const failed = (await s.api.post('/sent_notifications', { status: 'failed' })).json();
      expect(failed.total).toBe(1);
    } finally {
      sms.fake.state.mode = 'up';
    }
    expect(await credits(s)).toBe(99);
    // Off again: the next payment sends nothing.
    await setting(s, { sms_fees_receipts: false });
    const again = await s.api.post('/fees_payments', { student_id: kids.amina.id, amount: 10_000, mode_id: cash });
    expect(again.json().message).toBe('Payment added Successfully');
    await quiet();
    expect(await textsTo(phones.amina), JSON.stringify(sms.fake.received)).toHaveLength(1);
  });

  it('previews fee reminders for the summary, then reminds each defaulter’s guardian once with their own balance', async () => {
    const template = 'Dear {guardian}, {student} ({class}) owes {balance}. {school}';
    const preview = await s.api.post('/fees_reminders', { class_id: s.classes.S1, message: template });
    expect(preview.statusCode, preview.body).toBe(200);
    // Amina (330,000), Brian and Bella (one mother: one message), Dan (no guardian).
    expect(preview.json().data).toMatchObject({
      recipients: 2,
      credits: 2,
      without_phone: 1,
      enough: true,
      job_id: null,
    });
    const summary = (await s.api.post('/fees_summaryq', { class_id: s.classes.S1 })).json().data;
    expect(summary.defaulters_count).toBe(4);
    await quiet();
    const before = sms.fake.received.length;
    expect(sms.fake.received).toHaveLength(before);

    // Sending first asks, with the cost: nothing leaves until it is confirmed.
    const asked = await s.api.post('/fees_reminders', { class_id: s.classes.S1, message: template, send: true });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({
      confirm: true,
      message: expect.stringMatching(
        /^2 messages to guardians of students owing fees, 2 credits of your [\d,]+\. Send them\?$/,
      ),
    });
    await quiet();
    expect(sms.fake.received).toHaveLength(before);
    const sent = await s.api.post('/fees_reminders', {
      class_id: s.classes.S1,
      message: template,
      send: true,
      confirm: true,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.job_id).toEqual(expect.any(Number));
    expect(await textsTo(phones.amina, 2)).toEqual([
      expect.any(String),
      expect.stringContaining('Dear Nalwoga Grace, Nakato Sarah (S1 East) owes UGX 330,000.'),
    ]);
    const ruth = await textsTo(phones.brian);
    expect(ruth).toHaveLength(1);
    expect(ruth[0]).toContain('Okello Bella and Okello Brian (S1 East) owes UGX 1,400,000.');
    // S2 was not on the summary's filter.
    expect(sms.fake.received.some((r) => r.to.includes(e164(phones.chris)))).toBe(false);
    // Recorded as a send with who sent it.
    const sends = (await s.api.get('/sent_sms')).json().data;
    expect(sends[0]).toMatchObject({ audience: 'Fee reminder: students owing more than UGX 0', total: 2 });
  });

  it('tells the guardian of a sick-bay visit and of an absence only when the school turns them on', async () => {
    const visit = { student_id: kids.chris.id, complaint: 'Headache and fever' };
    const off = await s.api.post('/medication', visit);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe('Visit recorded');
    const register = { class_id: s.classes.S2, marks: [{ student_id: kids.chris.id, status: 'absent' }] };
    expect((await s.api.post('/attendance', register)).json().message).toBe('Register saved: 1 mark changed');
    await quiet();
    expect(sms.fake.received.some((r) => r.to.includes(e164(phones.chris)))).toBe(false);

    await setting(s, { sms_sickbay_visits: true, sms_absences: true });
    const on = await s.api.post('/medication', visit);
    expect(on.json().message).toBe('Visit recorded');
    const [sick] = await textsTo(phones.chris);
    expect(sick).toMatch(
      /Mugisha Chris \(S2 East\) was seen in the sick bay on \d+ \w+ 2026 at \d\d:\d\d \(Headache and fever\)/,
    );
    // Present, then absent again: one absence message; changed back and forth the same day: still one.
    const mark = (status: string) =>
      s.api.post('/attendance', { class_id: s.classes.S2, marks: [{ student_id: kids.chris.id, status }] });
    await mark('present');
    expect((await mark('absent')).json().message).toBe('Register saved: 1 mark changed');
    const texts = await textsTo(phones.chris, 2);
    expect(texts[1]).toMatch(
      /Mugisha Chris \(S2 East\) was marked absent on \d+ \w+ 2026\. Please tell the school why\./,
    );
    await mark('present');
    await mark('absent');
    // Excused is not an unexplained absence.
    await s.api.post('/attendance', {
      class_id: s.classes.S1,
      marks: [{ student_id: kids.amina.id, status: 'excused' }],
    });
    await quiet();
    expect(await textsTo(phones.chris)).toHaveLength(2);
    expect(await textsTo(phones.amina)).toHaveLength(2);
  });

  it('lets only the summary’s flag send reminders', async () => {
    const cashier = await staffWith(t.app, t.database, s, ['pay_fees']);
    const bursar = await staffWith(t.app, t.database, s, ['fees_collection_summary']);
    const post = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/fees_reminders',
        headers: bearer(token),
        payload: { message: 'Pay' },
      });
    expect((await post(cashier.token)).statusCode).toBe(403);
    expect((await post(bursar.token)).statusCode).toBe(200);
    // Only who holds general settings turns the notices on.
    const details = (await s.api.get('/school_details')).json().data;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/school/${details.id}`,
      headers: bearer(bursar.token),
      payload: { name: details.name, current_year: 2026, current_term: 2, sms_fees_receipts: true },
    });
    expect(put.statusCode).toBe(403);
  });
});

describe('Results by SMS after the report cards', () => {
  beforeAll(async () => {
    await setUpEndOfTerm(t);
    // Guardians for the S3 students (Akello, Bbosa share one) and for Mugisha (S5).
    const [g, a] = await t.database.db
      .insert(guardians)
      .values([
        { schoolId: examSchool.schoolId, name: 'Parent of S3', phone: e164(phones.exams) },
        { schoolId: examSchool.schoolId, name: 'Parent of S5', phone: e164(phones.alevel) },
      ])
      .returning();
    await t.database.db.insert(studentGuardians).values([
      { schoolId: examSchool.schoolId, studentId: people.Akello as number, guardianId: g.id, primary: true },
      { schoolId: examSchool.schoolId, studentId: people.Mugisha as number, guardianId: a.id, primary: true },
    ]);
    const [mode] = await t.database.db
      .insert(paymentModes)
      .values({ schoolId: examSchool.schoolId, name: unique('Cash'), kind: 'cash', openingOn: '2026-01-01' })
      .returning();
    await confirmedCredit(t.app, t.database, examSchool, { credits: 50, price: 2_000, mode_id: mode.id });
  });

  it('fills {division} per student from the O Level scheme, and {points} for A Level', async () => {
    const template = '{student}: {division}, aggregate {aggregate}, {term}.';
    const preview = await call('report_card_sms', { ...classTerm('S3'), kind: 'old_reports', message: template });
    expect(preview.statusCode, preview.body).toBe(200);
    const d = preview.json().data;
    // Akello has a guardian; Bbosa and Cheptoo have none.
    expect(d).toMatchObject({ recipients: 1, without_phone: 2 });
    expect(d.preview[0].text).toBe('Akello Sarah: Division 1, aggregate 8, Term 3 2026.');

    // Bbosa joins Akello's guardian: one message naming both, each with their own division.
    const [link] = await t.database.db
      .select()
      .from(studentGuardians)
      .limit(1)
      .where(eq(studentGuardians.studentId, people.Akello as number));
    await t.database.db
      .insert(studentGuardians)
      .values({ schoolId: examSchool.schoolId, studentId: people.Bbosa as number, guardianId: link.guardianId });
    const sent = await call('report_card_sms', {
      ...classTerm('S3'),
      kind: 'old_reports',
      message: '{student}: {division}.',
      send: true,
      confirm: true,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [text] = await textsTo(phones.exams);
    expect(text).toBe('Akello Sarah and Bbosa Sarah: Division 1 and Division 4.');

    const alevel = await call('report_card_sms', {
      ...classTerm('S5'),
      kind: 'alevel_reports',
      message: '{student}: {division} ({points}).',
    });
    expect(alevel.statusCode, alevel.body).toBe(200);
    expect(alevel.json().data.preview[0].text).toMatch(/^Mugisha Sarah: \d+ points? \(\d+\)\.$/);
  });

  it("needs the layout's own flag", async () => {
    const newOnly = await staffWith(t.app, t.database, examSchool, ['manage_report_cards20']);
    const res = await call('report_card_sms', { ...classTerm('S3'), kind: 'old_reports', message: 'x' }, newOnly.token);
    expect(res.statusCode).toBe(403);
    const nobody = await staffWith(t.app, t.database, examSchool, ['view_students']);
    expect(
      (await call('report_card_sms', { ...classTerm('S3'), kind: 'old_reports', message: 'x' }, nobody.token))
        .statusCode,
    ).toBe(403);
  });
});
