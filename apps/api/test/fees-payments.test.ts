import { feesBreakdowns, feesCategories, moneyAmendments, students } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { now as clockNow, today } from '../src/core/dates.js';
import { audits } from '../src/db/schema.js';
import { numberInWords, shillingsInWords } from '../src/documents/receipt.js';
import { pdfPages } from './pdf-text.js';
import { admit, client, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { amendmentsOf, bearer, staffWith, useTestApp } from './support.js';

const t = useTestApp();

/** The text of a PDF, all pages. */
const pdfText = async (pdf: Buffer) => (await pdfPages(pdf)).join('\n');

/** `n` students of the school in S1 East, inserted in one statement (admissions are tested elsewhere). */
async function manyStudents(school: RegisterSchool, n: number, tag: string): Promise<number[]> {
  const rows = await t.database.db
    .insert(students)
    .values(
      Array.from({ length: n }, (_, i) => ({
        schoolId: school.schoolId,
        admissionNo: `${tag}/${i + 1}`,
        surname: 'Okello',
        otherNames: `Pupil ${tag} ${i + 1}`,
        gender: 'M',
        classId: school.classes.S1!,
        streamId: school.streams['S1 East'],
        entryYear: 2026,
        entryTerm: 1,
        admittedOn: '2026-02-01',
      })),
    )
    .returning({ id: students.id });
  return rows.map((r) => r.id);
}

async function addMode(school: RegisterSchool, name: string, opening = 0): Promise<number> {
  const res = await school.api.post('/payment_options', {
    name,
    kind: 'cash',
    opening_balance: opening,
    opening_on: '2026-01-01',
    active: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

/** What the desk sends, as it sends it: nothing confirmed unless the body says so. */
const desk = (school: RegisterSchool, body: Json, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/fees_payments',
    headers: { ...bearer(school.adminToken), ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });

/**
 * A payment these tests mean to take whatever the balance: confirmed, since their students mostly have no
 * fees set (every amount is "far above" a zero balance). The confirmation itself is tested below.
 */
const pay = (school: RegisterSchool, body: Json, key?: string) => desk(school, { confirm: true, ...body }, key);

describe('amount in words', () => {
  it('writes shillings as a receipt does', () => {
    expect(shillingsInWords(500_000)).toBe('Five hundred thousand shillings only');
    expect(shillingsInWords(1)).toBe('One shilling only');
    expect(numberInWords(1_250_075)).toBe('one million two hundred and fifty thousand and seventy-five');
    expect(numberInWords(310)).toBe('three hundred and ten');
    expect(numberInWords(2_000_000_000)).toBe('two billion');
  });
});

describe('taking fees payments', () => {
  let school: RegisterSchool;
  let cash: number;
  let bank: number;
  let student: Json;

  beforeAll(async () => {
    school = await registerSchool(t.app, t.database);
    cash = await addMode(school, 'Cash', 100_000);
    bank = await addMode(school, 'Stanbic Bank');
    student = await admit(school, { surname: 'Namubiru', other_names: 'Grace' });
  });

  it('gives 200 concurrent payments receipts 1..200 without gap or repeat', async () => {
    const ids = await manyStudents(school, 200, 'C');
    const replies = await Promise.all(
      ids.map((id) => pay(school, { student_id: id, amount: 10_000, mode_id: bank, paid_on: '2026-03-02' })),
    );
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    expect(replies[0]!.json().message).toBe('Payment added Successfully');
    const list = await school.api.post('/fees_receipts', { per_page: 500 });
    const numbers = (list.json().data as Json[]).map((p) => p.receipt_no).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(new Set(replies.map((r) => r.json().data)).size).toBe(200);
  });

  it('makes one payment of one Idempotency-Key sent 20 times at once', async () => {
    const before = (await school.api.post('/fees_receipts', {})).json().total;
    const key = `desk-1-${clockNow().getTime()}`;
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => pay(school, { student_id: student.id, amount: 75_000, mode_id: cash }, key)),
    );
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    expect(new Set(replies.map((r) => r.json().data)).size).toBe(1);
    expect((await school.api.post('/fees_receipts', {})).json().total).toBe(before + 1);
  });

  it('refuses a future date, a zero amount, a fraction and another school’s student', async () => {
    const [last] = (await school.api.post('/fees_receipts', { per_page: 1 })).json().data as Json[];
    const tomorrow = new Date(clockNow().getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await pay(school, { student_id: student.id, amount: 1000, mode_id: cash, paid_on: tomorrow });
    expect(future.statusCode).toBe(202);
    expect(future.json().message).toMatch(/future/);
    const zero = await pay(school, { student_id: student.id, amount: 0, mode_id: cash });
    expect(zero.statusCode).toBe(202);
    expect(zero.json().message).toMatch(/above zero/);
    expect((await pay(school, { student_id: student.id, amount: 10.5, mode_id: cash })).statusCode).toBe(422);
    const other = await registerSchool(t.app, t.database);
    const stranger = await admit(other);
    const foreign = await pay(school, { student_id: stranger.id, amount: 1000, mode_id: cash });
    expect(foreign.statusCode).toBe(404);
    const otherMode = await addMode(other, 'Cash');
    expect((await pay(school, { student_id: student.id, amount: 1000, mode_id: otherMode })).statusCode).toBe(404);
    // Nothing refused took a receipt number: the next one follows on.
    const next = await pay(school, { student_id: student.id, amount: 5_000, mode_id: cash });
    const receipts = (await school.api.post('/fees_receipts', { per_page: 1 })).json().data as Json[];
    expect(receipts[0]!.id).toBe(next.json().data);
    expect(receipts[0]!.receipt_no).toBe((last?.receipt_no ?? 0) + 1);
  });

  it('keeps a voided payment listed as void and out of totals; its month keeps it, the day of the void reverses it', async () => {
    const s = (await manyStudents(school, 1, 'V'))[0]!;
    const mode = await addMode(school, 'Void Test Mode', 0);
    const a = (await pay(school, { student_id: s, amount: 40_000, mode_id: mode, paid_on: '2026-03-05' })).json().data;
    const b = (await pay(school, { student_id: s, amount: 60_000, mode_id: mode, paid_on: '2026-03-06' })).json().data;
    const voided = await school.api.post('/delete_fees_payment', { id: b, reason: 'Entered twice' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().message).toBe('Payment deleted Successfully');
    expect(voided.json().data.status).toBe('void');
    expect(voided.json().data.voided_by).toBe('Head Administrator');
    const list = await school.api.post('/view_fees_payments', { student_id: s });
    // A paged list like the others, with the totals of the filtered valid payments beside the page.
    expect(list.json().data.map((p: Json) => [p.id, p.status])).toEqual([
      [b, 'void'],
      [a, 'valid'],
    ]);
    expect(list.json().totals).toEqual({ count: 1, amount: 40_000 });
    expect(list.json()).toMatchObject({ page: 1, per_page: 50, total: 2 });
    const firstPage = (await school.api.post('/view_fees_payments', { student_id: s, per_page: 1 })).json();
    expect(firstPage.data).toHaveLength(1);
    expect(firstPage).toMatchObject({ total: 2, totals: { count: 1, amount: 40_000 } });
    // One payment by id (its own screen).
    const one = (await school.api.post('/view_fees_payments', { id: b })).json();
    expect(one.data.map((p: Json) => p.id)).toEqual([b]);
    expect(one.data[0].void_reason).toBe('Entered twice');
    // The month the payment was in keeps it (the void is dated today); the statement up to today reverses it.
    const march = (await school.api.get(`/payment_options/${mode}?from=2026-03-01&to=2026-03-31`)).json().data;
    expect(march.total_in).toBe(100_000);
    expect(march.closing_balance).toBe(100_000);
    const upToToday = (await school.api.get(`/payment_options/${mode}?from=2026-03-01`)).json().data;
    expect(upToToday.lines.map((l: Json) => [l.money_in, l.money_out, l.reversal, l.balance])).toEqual([
      [40_000, 0, false, 40_000],
      [60_000, 0, false, 100_000],
      [0, 60_000, true, 40_000],
    ]);
    expect(upToToday.lines[2].date).toBe(today());
    expect(upToToday.lines[2].description).toMatch(/^Reversed: Fees receipt \d+: .* \(void: Entered twice\)$/);
    // A void payment cannot be voided or amended again.
    expect((await school.api.post('/delete_fees_payment', { id: b, reason: 'again' })).statusCode).toBe(409);
    const receipt = await school.api.get(`/fees_payments/${b}`);
    expect(receipt.statusCode).toBe(200);
    expect(await pdfText(receipt.rawPayload)).toContain('VOID');
  });

  it('records an amendment with before, after, who and why', async () => {
    const id = (await pay(school, { student_id: student.id, amount: 30_000, mode_id: cash, reference: 'X1' })).json()
      .data;
    const res = await school.api.put(`/fees_payments/${id}`, {
      amount: 35_000,
      mode_id: bank,
      reference: 'BANK-77',
      reason: 'Bank slip read wrongly',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Payment updated Successfully');
    expect(res.json().data).toMatchObject({ amount: 35_000, mode_id: bank, reference: 'BANK-77' });
    const [amendment] = await t.database.db.select().from(moneyAmendments).where(amendmentsOf('fees_payment', id));
    expect(amendment).toMatchObject({
      before: { amount: 30_000, modeId: cash, reference: 'X1' },
      after: { amount: 35_000, modeId: bank, reference: 'BANK-77' },
      reason: 'Bank slip read wrongly',
      byName: 'Head Administrator',
    });
    const trail = await t.database.db
      .select()
      .from(audits)
      .where(eq(audits.entityId, String(id)));
    expect(trail.map((a) => a.action)).toEqual(expect.arrayContaining(['create', 'amend']));
    expect((await school.api.put(`/fees_payments/${id}`, { amount: 1 })).statusCode).toBe(422);

    // The screen reads the history in the API's names; another school's payment is not found.
    const history = await school.api.get(`/fees_payment_amendments/${id}`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data).toEqual([
      expect.objectContaining({
        by_name: 'Head Administrator',
        reason: 'Bank slip read wrongly',
        before: { amount: 30_000, mode_id: cash, reference: 'X1' },
        after: { amount: 35_000, mode_id: bank, reference: 'BANK-77' },
      }),
    ]);
    const stranger = await registerSchool(t.app, t.database);
    expect((await stranger.api.get(`/fees_payment_amendments/${id}`)).statusCode).toBe(404);
  });

  it('prints a receipt with the number and the amount in words', async () => {
    const payee = await admit(school, { surname: 'Namubiru', other_names: 'Grace' });
    const id = (
      await pay(school, { student_id: payee.id, amount: 500_000, mode_id: cash, payer: 'Mr Ssemwogerere' })
    ).json().data;
    const res = await school.api.get(`/fees_payments/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Five hundred thousand shillings only');
    expect(text).toContain('500,000');
    expect(text).toContain('Namubiru Grace');
    expect(text).toContain('Mr Ssemwogerere');
    const [row] = (await school.api.post('/view_fees_payments', { id })).json().data as Json[];
    expect(text).toContain(String(row!.receipt_no));
    expect(text).not.toContain('VOID');
    // No fees set for her yet: the 500,000 paid is a credit.
    expect(text).toContain('UGX 500,000 (credit)');
    expect((await school.api.get('/fees_payments/99999999')).statusCode).toBe(404);
  });

  it('finds receipts by number, name, admission number and reference; exports xlsx', async () => {
    const payer = await admit(school, { surname: 'Tumusiime', other_names: 'Ruth' });
    const reference = `SLIP-${clockNow().getTime()}`;
    for (const [amount, ref] of [
      [100_000, reference],
      [15_000, null],
      [5_000, null],
    ] as const) {
      const res = await pay(school, { student_id: payer.id, amount, mode_id: bank, reference: ref });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [latest] = (await school.api.post('/fees_receipts', { per_page: 1 })).json().data as Json[];
    const byNo = (await school.api.post('/search_fees_receipt', { search: String(latest!.receipt_no) })).json().data;
    expect(byNo.map((r: Json) => r.id)).toContain(latest!.id);
    const byRef = (await school.api.post('/search_fees_receipt', { search: reference })).json().data;
    expect(byRef.map((r: Json) => r.amount)).toEqual([100_000]);
    const byAdm = (await school.api.post('/search_fees_receipt', { search: payer.admission_no })).json().data;
    expect(byAdm).toHaveLength(3);
    const xlsx = await school.api.post('/export_fees_payments', {});
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('fees_summary.xlsx');
    const mine = await school.api.post('/student_payments', { student_id: payer.id });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.payments).toHaveLength(3);
    expect(mine.json().data.total_paid).toBe(120_000);
    expect(mine.json().data.balance).toBe(-120_000);
  });

  it('refuses pay_fees calls to a user group with only view_fees_payments', async () => {
    const viewer = await staffWith(t.app, t.database, school, ['view_fees_payments']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fees_payments',
      headers: bearer(viewer.token),
      payload: { student_id: student.id, amount: 1000, mode_id: cash },
    });
    expect(res.statusCode).toBe(403);
    const list = await client(t.app, viewer.token).post('/view_fees_payments', {});
    expect(list.statusCode).toBe(200);
  });

  it('lets a pay_fees-only cashier take a payment but not amend or void one (/fees/payment/{id} offers those)', async () => {
    const cashier = client(t.app, (await staffWith(t.app, t.database, school, ['pay_fees'])).token);
    const taken = await cashier.post('/fees_payments', {
      student_id: student.id,
      amount: 12_000,
      mode_id: cash,
      confirm: true, // the student is in credit: knowingly more
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const id = taken.json().data;
    expect((await cashier.put(`/fees_payments/${id}`, { amount: 1_000, reason: 'Make it small' })).statusCode).toBe(
      403,
    );
    expect((await cashier.post('/delete_fees_payment', { id, reason: 'Hide it' })).statusCode).toBe(403);
    const office = client(t.app, (await staffWith(t.app, t.database, school, ['view_fees_payments'])).token);
    const amended = await office.put(`/fees_payments/${id}`, { amount: 13_000, reason: 'Slip read wrongly' });
    expect(amended.statusCode, amended.body).toBe(200);
    const voided = await office.post('/delete_fees_payment', { id, reason: 'Entered twice' });
    expect(voided.statusCode, voided.body).toBe(200);
  });
});

describe('the desk’s checks: references, amounts far above the balance, Idempotency-Key', () => {
  let school: RegisterSchool;
  let cash: number;
  let mobile: number;
  let student: Json;

  beforeAll(async () => {
    school = await registerSchool(t.app, t.database);
    cash = await addMode(school, 'Cash');
    const mm = await school.api.post('/payment_options', {
      name: 'MTN Mobile Money',
      kind: 'mobile_money',
      opening_balance: 0,
      opening_on: '2026-01-01',
      requires_reference: true,
    });
    expect(mm.statusCode, mm.body).toBe(200);
    mobile = mm.json().data.id;
    // This term (2026 term 2) charges S1 100,000: a student of S1 owes 100,000 and a term's fees are 100,000.
    const [category] = await t.database.db
      .insert(feesCategories)
      .values({ schoolId: school.schoolId, name: 'Development' })
      .returning();
    await t.database.db.insert(feesBreakdowns).values({
      schoolId: school.schoolId,
      categoryId: category!.id,
      classId: school.classes.S1!,
      section: 'all',
      entrants: 'all',
      year: 2026,
      term: 2,
      amount: 100_000,
    });
    student = await admit(school, { surname: 'Ahimbisibwe', other_names: 'Timothy' });
  });

  const receipts = async () => (await school.api.post('/fees_receipts', {})).json().total as number;

  it('refuses a mode no longer in use, and one that is not the school’s, taking no receipt number', async () => {
    const before = await receipts();
    const old = await addMode(school, 'Old Cash Box');
    const off = await school.api.put(`/payment_options/${old}`, {
      name: 'Old Cash Box',
      kind: 'cash',
      opening_balance: 0,
      opening_on: '2026-01-01',
      active: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    const refused = await pay(school, { student_id: student.id, amount: 5_000, mode_id: old });
    expect(refused.statusCode).toBe(202);
    expect(refused.json().message).toBe('Old Cash Box is no longer in use as a payment mode.');
    const unknown = await pay(school, { student_id: student.id, amount: 5_000, mode_id: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No such payment mode');
    expect(await receipts()).toBe(before);
  });

  it('keeps the reference and payer as typed without the spaces around them, blank ones as none, and the cashier', async () => {
    const typed = await pay(school, {
      student_id: student.id,
      amount: 7_000,
      mode_id: cash,
      reference: '  SLIP 0042  ',
      payer: '  Mama Okello ',
    });
    expect(typed.statusCode, typed.body).toBe(200);
    const blank = await pay(school, {
      student_id: student.id,
      amount: 7_100,
      mode_id: cash,
      reference: '   ',
      payer: ' ',
    });
    expect(blank.statusCode, blank.body).toBe(200);
    const rows = (await school.api.post('/fees_receipts', { per_page: 500 })).json().data as Json[];
    const row = (id: number) => rows.find((r) => r.id === id) as Json;
    expect(row(typed.json().data)).toMatchObject({ reference: 'SLIP 0042', payer: 'Mama Okello', status: 'valid' });
    expect(row(blank.json().data)).toMatchObject({ reference: null, payer: null, status: 'valid' });
    expect(row(typed.json().data).cashier_name).toBe(row(blank.json().data).cashier_name);
    expect(row(typed.json().data).cashier_name).not.toBe('System');
    // The audit row holds what was paid, never the cashier's sign-in name twice over.
    const [audit] = await t.database.db
      .select()
      .from(audits)
      .where(
        and(
          eq(audits.schoolId, school.schoolId),
          eq(audits.entity, 'fees_payments'),
          eq(audits.entityId, String(typed.json().data)),
        ),
      );
    expect(audit?.after).toMatchObject({ amount: 7_000, reference: 'SLIP 0042', payer: 'Mama Okello' });
  });

  it('a mode that requires a reference refuses a payment without one, on the reference field', async () => {
    const before = await receipts();
    for (const reference of [undefined, null, '', '   ']) {
      const res = await desk(school, { student_id: student.id, amount: 1_000, mode_id: mobile, reference });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ reference: ['Enter the reference (bank slip or transaction id)'] });
    }
    expect(await receipts()).toBe(before);
    // Cash needs none.
    expect((await desk(school, { student_id: student.id, amount: 1_000, mode_id: cash })).statusCode).toBe(200);
    const ok = await desk(school, { student_id: student.id, amount: 1_000, mode_id: mobile, reference: 'REF-A1' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses a reference already on a valid payment (case and spaces ignored), naming its receipt', async () => {
    const first = await desk(school, { student_id: student.id, amount: 2_000, mode_id: mobile, reference: 'MM123' });
    expect(first.statusCode, first.body).toBe(200);
    const [row] = (await school.api.post('/view_fees_payments', { id: first.json().data })).json().data as Json[];
    const before = await receipts();
    for (const reference of ['MM123', 'mm123', ' mm 123 ', 'M M1 2 3']) {
      // Another student, another mode: the same slip cannot pay twice.
      const other = await admit(school);
      const res = await desk(school, { student_id: other.id, amount: 2_000, mode_id: cash, reference });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json().message).toBe(`Reference ${reference.trim()} is already on receipt ${row!.receipt_no}.`);
    }
    expect(await receipts()).toBe(before);
    // A different reference is fine; so is the same one once its payment is void.
    expect(
      (await desk(school, { student_id: student.id, amount: 2_000, mode_id: mobile, reference: 'MM1234' })).statusCode,
    ).toBe(200);
    const voided = await school.api.post('/delete_fees_payment', { id: first.json().data, reason: 'Wrong student' });
    expect(voided.statusCode, voided.body).toBe(200);
    const again = await desk(school, { student_id: student.id, amount: 2_000, mode_id: mobile, reference: 'mm123' });
    expect(again.statusCode, again.body).toBe(200);
    // Another school's payments are not this school's: the same reference is free there.
    const other = await registerSchool(t.app, t.database);
    const theirs = await desk(other, {
      student_id: (await admit(other)).id,
      amount: 1_000,
      mode_id: await addMode(other, 'Cash'),
      reference: 'MM123',
      confirm: true,
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
  });

  it('two desks sending one reference at the same moment make one payment', async () => {
    const before = await receipts();
    const replies = await Promise.all(
      ['TT-77', 'tt-77', 'TT 77', 'TT-77 '].map((reference) =>
        desk(school, { student_id: student.id, amount: 1_500, mode_id: mobile, reference }),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 202, 202]);
    expect(await receipts()).toBe(before + 2);
  });

  it('amending a payment keeps the reference rules of recording one', async () => {
    const receiptOf = async (id: number) =>
      ((await school.api.post('/view_fees_payments', { id })).json().data as Json[])[0]!.receipt_no as number;
    const slip = await desk(school, { student_id: student.id, amount: 1_000, mode_id: mobile, reference: 'AM-1' });
    expect(slip.statusCode, slip.body).toBe(200);
    const cashPaid = await desk(school, { student_id: student.id, amount: 1_000, mode_id: cash });
    expect(cashPaid.statusCode, cashPaid.body).toBe(200);
    const id = cashPaid.json().data as number;
    const amend = (body: Json) => school.api.put(`/fees_payments/${id}`, { reason: 'Slip read wrongly', ...body });
    // Into a mode that needs a reference, without one: refused on the reference field.
    const noRef = await amend({ mode_id: mobile });
    expect(noRef.statusCode, noRef.body).toBe(422);
    expect(noRef.json().errors).toEqual({ reference: ['Enter the reference (bank slip or transaction id)'] });
    // A reference already on another valid payment (case and spaces ignored): refused naming its receipt.
    const taken = await amend({ mode_id: mobile, reference: ' am-1 ' });
    expect(taken.statusCode, taken.body).toBe(202);
    expect(taken.json().message).toBe(`Reference am-1 is already on receipt ${await receiptOf(slip.json().data)}.`);
    const takenCash = await amend({ reference: 'AM-1' });
    expect(takenCash.statusCode, takenCash.body).toBe(202);
    // Nothing changed by the refusals.
    const [unchanged] = (await school.api.post('/view_fees_payments', { id })).json().data as Json[];
    expect(unchanged).toMatchObject({ mode_id: cash, reference: null });
    // A free reference is taken; the payment's own reference is not another payment's.
    const ok = await amend({ mode_id: mobile, reference: 'AM-2' });
    expect(ok.statusCode, ok.body).toBe(200);
    const own = await amend({ amount: 1_500, reference: 'am-2 ' });
    expect(own.statusCode, own.body).toBe(200);
    // Clearing the reference of a payment whose mode needs one is refused.
    const cleared = await amend({ reference: '  ' });
    expect(cleared.statusCode, cleared.body).toBe(422);
  });

  it('old students’ receipts follow the same reference rules', async () => {
    const old = (
      await school.api.post('/old_students', { name: 'Mugisha Paul', debt: 120_000, year_left: 2024 })
    ).json().data.id;
    const missing = await school.api.post('/old_payments', { old_student_id: old, amount: 1_000, mode_id: mobile });
    expect(missing.statusCode, missing.body).toBe(422);
    expect(missing.json().errors.reference).toEqual(['Enter the reference (bank slip or transaction id)']);
    const paid = await desk(school, { student_id: student.id, amount: 1_000, mode_id: mobile, reference: 'OLD-9' });
    expect(paid.statusCode, paid.body).toBe(200);
    const [row] = (await school.api.post('/view_fees_payments', { id: paid.json().data })).json().data as Json[];
    const taken = await school.api.post('/old_payments', {
      old_student_id: old,
      amount: 1_000,
      mode_id: cash,
      reference: 'old-9',
    });
    expect(taken.statusCode, taken.body).toBe(202);
    expect(taken.json().message).toBe(`Reference old-9 is already on receipt ${row!.receipt_no}.`);
    const own = await school.api.post('/old_payments', {
      old_student_id: old,
      amount: 1_000,
      mode_id: mobile,
      reference: 'OLDPAY-1',
    });
    expect(own.statusCode, own.body).toBe(200);
    // And the desk sees the old students' receipts.
    const clash = await desk(school, { student_id: student.id, amount: 1_000, mode_id: mobile, reference: 'oldpay-1' });
    expect(clash.statusCode).toBe(202);
    expect(clash.json().message).toBe(
      `Reference oldpay-1 is already on old students' receipt ${own.json().data.receipt_no}.`,
    );
  });

  it('asks to confirm an amount above the balance plus a term’s fees, and takes it when confirmed', async () => {
    const s = await admit(school, { surname: 'Ahimbisibwe', other_names: 'Hassan' });
    const position = async () => (await school.api.get(`/fees_ledger/${s.id}`)).json().data.balance as number;
    expect(await position()).toBe(100_000);
    const before = await receipts();
    // Owes 100,000; this term's fees are 100,000: up to 200,000 goes through, a shilling more asks.
    const far = await desk(school, { student_id: s.id, amount: 200_001, mode_id: cash });
    expect(far.statusCode, far.body).toBe(202);
    expect(far.json()).toEqual({
      confirm: true,
      message:
        "UGX 200,001 is far above the balance: the student owes UGX 100,000, and a term's fees are UGX 100,000. " +
        'Check the amount, or confirm to take it.',
    });
    expect((await desk(school, { student_id: s.id, amount: 200_001, mode_id: cash, confirm: false })).statusCode).toBe(
      202,
    );
    expect(await receipts()).toBe(before);
    const confirmed = await desk(school, { student_id: s.id, amount: 200_001, mode_id: cash, confirm: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await position()).toBe(-100_001);
    // Now in credit by 100,001: a term's fees (100,000) no longer cover even one shilling without asking.
    expect((await desk(school, { student_id: s.id, amount: 1, mode_id: cash })).json()).toMatchObject({
      confirm: true,
      message: expect.stringContaining('the student has UGX 100,001 in credit'),
    });

    const t2 = await admit(school, { surname: 'Ahimbisibwe', other_names: 'Tim' });
    const within = await desk(school, { student_id: t2.id, amount: 200_000, mode_id: cash });
    expect(within.statusCode, within.body).toBe(200);
    // The reference rules come first: a far amount with no reference is told about the reference.
    const t3 = await admit(school);
    const both = await desk(school, { student_id: t3.id, amount: 900_000, mode_id: mobile });
    expect(both.statusCode).toBe(422);
  });

  it('an Idempotency-Key answers its first payment when sent again with the same body, 422 with another', async () => {
    const key = `desk-key-${clockNow().getTime()}`;
    const body = {
      student_id: student.id,
      amount: 5_000,
      mode_id: mobile,
      paid_on: '2026-11-02',
      reference: 'KEY-1',
      payer: 'Mother',
    };
    const first = await desk(school, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const before = await receipts();
    const again = await desk(school, body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toBe(first.json().data);
    // A confirmation, or no date (today's), changes nothing about which payment it is.
    expect((await desk(school, { ...body, confirm: true }, key)).json().data).toBe(first.json().data);
    const { paid_on: _, ...undated } = body;
    expect((await desk(school, undated, key)).json().data).toBe(first.json().data);
    const other = await admit(school);
    for (const change of [
      { student_id: other.id },
      { amount: 5_001 },
      { mode_id: cash },
      { paid_on: '2026-11-03' },
      { reference: 'KEY-2' },
      { reference: null, mode_id: cash },
      { payer: 'Father' },
    ]) {
      const res = await desk(school, { ...body, ...change }, key);
      expect(res.statusCode, `${JSON.stringify(change)}: ${res.body}`).toBe(422);
      expect(res.json().message).toBe('This key was used for another payment');
    }
    expect(await receipts()).toBe(before);
    // Sent at the same moment as its first use, a different body is refused too, never answered as recorded.
    const key2 = `desk-key2-${clockNow().getTime()}`;
    const [a, b] = await Promise.all([
      desk(school, { ...body, reference: 'KEY-3' }, key2),
      desk(school, { ...body, reference: 'KEY-4' }, key2),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    expect(await receipts()).toBe(before + 1);
  });

  it('looks an Idempotency-Key up within the caller’s school only', async () => {
    const key = `shared-key-${clockNow().getTime()}`;
    const mine = await desk(school, { student_id: student.id, amount: 3_000, mode_id: cash }, key);
    expect(mine.statusCode, mine.body).toBe(200);
    const other = await registerSchool(t.app, t.database);
    const theirs = await desk(
      other,
      { student_id: (await admit(other)).id, amount: 7_000, mode_id: await addMode(other, 'Cash'), confirm: true },
      key,
    );
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().data).not.toBe(mine.json().data);
    const [row] = (await other.api.post('/view_fees_payments', { id: theirs.json().data })).json().data as Json[];
    expect(row).toMatchObject({ amount: 7_000 });
  });
});

describe('payment modes: statements and transfers', () => {
  it('adds up the running balance over payments, transfers and old students’ payments', async () => {
    const school = await registerSchool(t.app, t.database);
    const cash = await addMode(school, 'Cash', 50_000);
    const bank = await addMode(school, 'Centenary Bank', 1_000_000);
    const [a, b] = await manyStudents(school, 2, 'S');
    const p = (body: Json) => pay(school, { mode_id: cash, ...body });
    expect((await p({ student_id: a, amount: 200_000, paid_on: '2026-02-03' })).statusCode).toBe(200);
    expect((await p({ student_id: b, amount: 150_000, paid_on: '2026-03-04' })).statusCode).toBe(200);
    expect((await p({ student_id: a, amount: 70_000, paid_on: '2026-03-10' })).statusCode).toBe(200);
    const transfer = await school.api.post('/money_transfers', {
      from_mode_id: cash,
      to_mode_id: bank,
      amount: 300_000,
      transferred_on: '2026-03-11',
      reference: 'DEP-1',
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    const wrong = await school.api.post('/money_transfers', {
      from_mode_id: cash,
      to_mode_id: bank,
      amount: 10_000,
      transferred_on: '2026-03-12',
    });
    expect(
      (await school.api.del(`/money_transfers/${wrong.json().data.id}?reason=${encodeURIComponent('Typed twice')}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await school.api.post('/money_transfers', { from_mode_id: cash, to_mode_id: cash, amount: 5 })).statusCode,
    ).toBe(202);
    expect(
      (await school.api.post('/money_transfers', { from_mode_id: cash, to_mode_id: bank, amount: 0 })).statusCode,
    ).toBe(202);
    const old = await school.api.post('/old_students', { name: 'Mugisha Paul', debt: 120_000, year_left: 2024 });
    expect(old.statusCode, old.body).toBe(200);
    const oldPay = await school.api.post('/old_payments', {
      old_student_id: old.json().data.id,
      amount: 20_000,
      mode_id: cash,
      paid_on: '2026-03-15',
    });
    expect(oldPay.statusCode, oldPay.body).toBe(200);
    expect(oldPay.json().message).toBe('Payment recorded Successfully');
    expect(oldPay.json().data.receipt_no).toBe(1);

    const statement = (await school.api.get(`/payment_options/${cash}?from=2026-03-01&to=2026-03-31`)).json().data;
    // Opening: 50,000 + the February payment of 200,000.
    expect(statement.opening_balance).toBe(250_000);
    // March as it was: the transfer typed twice was voided later (today), so March still shows it.
    expect(statement.lines.map((l: Json) => [l.kind, l.money_in, l.money_out, l.balance])).toEqual([
      ['fees_payment', 150_000, 0, 400_000],
      ['fees_payment', 70_000, 0, 470_000],
      ['transfer_out', 0, 300_000, 170_000],
      ['transfer_out', 0, 10_000, 160_000],
      ['old_payment', 20_000, 0, 180_000],
    ]);
    expect(statement.lines[2]).toMatchObject({
      description: 'Transfer from Cash to Centenary Bank',
      reference: 'DEP-1',
    });
    expect(statement.total_in).toBe(240_000);
    expect(statement.total_out).toBe(310_000);
    expect(statement.closing_balance).toBe(statement.opening_balance + statement.total_in - statement.total_out);
    // From the 12th: what came before (payments in, the transfer out) is the opening.
    const late = (await school.api.get(`/payment_options/${cash}?from=2026-03-12&to=2026-03-31`)).json().data;
    expect(late.opening_balance).toBe(170_000);
    expect(late.lines.map((l: Json) => l.balance)).toEqual([160_000, 180_000]);
    // The bank: the transfer typed twice came in on the 12th and went back on the day it was voided.
    const bankMarch = (await school.api.get(`/payment_options/${bank}?from=2026-03-12`)).json().data;
    expect(bankMarch.opening_balance).toBe(1_300_000);
    expect(bankMarch.lines.map((l: Json) => [l.kind, l.reversal, l.money_in, l.money_out, l.date])).toEqual([
      ['transfer_in', false, 10_000, 0, '2026-03-12'],
      ['transfer_in', true, 0, 10_000, today()],
    ]);
    const bankStatement = (await school.api.get(`/payment_options/${bank}`)).json().data;
    expect(bankStatement.closing_balance).toBe(1_300_000);
    const transfers = (await school.api.get('/money_transfers')).json();
    expect(transfers.data.map((x: Json) => x.status)).toEqual(['void', 'valid']);

    const receipts = (await school.api.post('/old_receipts', {})).json();
    expect(receipts.total).toBe(1);
    const pdf = await school.api.get(`/old_payments/${oldPay.json().data.id}`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Twenty thousand shillings only');
    expect(text).toContain('100,000');
    const voided = await school.api.post('/delete_old_payment', { id: oldPay.json().data.id, reason: 'Wrong person' });
    expect(voided.statusCode).toBe(200);
    const after = (await school.api.get(`/payment_options/${cash}?from=2026-03-01&to=2026-03-31`)).json().data;
    expect(after.closing_balance).toBe(180_000);
    const now = (await school.api.get(`/payment_options/${cash}?from=2026-03-01`)).json().data;
    expect(now.closing_balance).toBe(170_000);
  });
});
