import {
  events,
  expenseRequisitions,
  feesBreakdowns,
  feesCategories,
  feesPayments,
  gateAttendance,
  paymentModes,
  sickbayVisits,
  storeItems,
  storeUnits,
  termDates,
} from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { now, today } from '../src/core/dates.js';
import { activityText } from '../src/modules/audits/label.js';
import { admit, client, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { staffWith, useTestApp } from './support.js';

const t = useTestApp();

const inDays = (n: number) => {
  const d = new Date(`${today()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

describe('the dashboard: the morning figures of each area, each only to those who hold its flag', () => {
  let s: RegisterSchool;
  let figures: Json;

  beforeAll(async () => {
    s = await registerSchool(t.app, t.database, { year: 2026, term: 2 });
    const db = t.database.db;
    const schoolId = s.schoolId;
    const [tuition] = await db.insert(feesCategories).values({ schoolId, name: 'Tuition', rank: 1 }).returning();
    await db.insert(feesBreakdowns).values([
      { schoolId, classId: s.classes.S1, categoryId: tuition.id, amount: 600_000, year: 2026, term: 2 },
      { schoolId, classId: s.classes.S2, categoryId: tuition.id, amount: 900_000, year: 2026, term: 2 },
    ]);
    const amina = await admit(s, {});
    const brian = await admit(s, {
      surname: 'Okello',
      other_names: 'Brian',
      gender: 'M',
      class_id: s.classes.S2,
      stream_id: s.streams['S2 East'],
    });
    const [cash, momo] = await db
      .insert(paymentModes)
      .values([
        { schoolId, name: 'Cash', kind: 'cash', openingOn: '2026-01-01' },
        { schoolId, name: 'MTN Mobile Money', kind: 'mobile', openingOn: '2026-01-01' },
      ])
      .returning();
    const pay = (
      receiptNo: number,
      studentId: number,
      amount: number,
      modeId: number,
      paidOn: string,
      status = 'valid',
    ) => ({
      schoolId,
      receiptNo,
      studentId,
      amount,
      modeId,
      paidOn,
      year: 2026,
      term: 2,
      cashierName: 'Bursar',
      status,
    });
    await db
      .insert(feesPayments)
      .values([
        pay(1, amina.id, 150_000, cash.id, today()),
        pay(2, brian.id, 250_000, momo.id, today()),
        pay(3, amina.id, 50_000, cash.id, today()),
        pay(4, brian.id, 999_000, cash.id, today(), 'void'),
      ]);
    await db.insert(gateAttendance).values({
      schoolId,
      person: 'student',
      studentId: amina.id,
      classId: s.classes.S1,
      day: today(),
      checkedInAt: now(),
      checkedInBy: 'Gate',
    });
    const [unit] = await db
      .insert(storeUnits)
      .values({ schoolId, name: `Jerrycans ${now().getTime()}`, short: 'jc' })
      .returning();
    await db.insert(storeItems).values([
      { schoolId, name: 'Paraffin', unitId: unit.id, reorderLevel: 20, balance: 500 },
      { schoolId, name: 'Cooking oil', unitId: unit.id, reorderLevel: 10, balance: 5_000 },
    ]);
    await db.insert(expenseRequisitions).values([
      { schoolId, number: 1, title: 'Chalk', total: 40_000, raisedByName: 'Teacher' },
      { schoolId, number: 2, title: 'Diesel', total: 300_000, raisedByName: 'Teacher', status: 'approved' },
      { schoolId, number: 3, title: 'Old', total: 1_000, raisedByName: 'Teacher', status: 'paid' },
    ]);
    await db.insert(sickbayVisits).values([
      {
        schoolId,
        patient: 'student',
        studentId: brian.id,
        visitedAt: now(),
        complaint: 'Headache',
        attendedBy: 'Nurse',
      },
      {
        schoolId,
        patient: 'student',
        studentId: amina.id,
        visitedAt: now(),
        complaint: 'Cough',
        attendedBy: 'Nurse',
        status: 'closed',
        closedAt: now(),
      },
    ]);
    await db.insert(events).values([
      { schoolId, title: 'PTA meeting', eventType: 'pta', onDate: inDays(3), createdBy: 'Head' },
      { schoolId, title: 'Prize giving', eventType: 'other', onDate: inDays(30), createdBy: 'Head' },
    ]);
    const res = await client(t.app, s.adminToken).post('/dashboard', {});
    expect(res.statusCode, res.body).toBe(200);
    figures = res.json().data;
  });

  it('fees: collected today and this week by payment mode (voids left out), the term against expected, classes owing most', () => {
    expect(figures.fees).toMatchObject({
      collected_today: 450_000,
      today_by_mode: [
        { mode: 'MTN Mobile Money', amount: 250_000 },
        { mode: 'Cash', amount: 200_000 },
      ],
      collected_week: 450_000,
      term_expected: 1_500_000,
      term_collected: 450_000,
      students_owing: 2,
    });
    expect(figures.fees.debt_classes).toEqual([
      { class_id: s.classes.S2, name: 'S2', owed: 650_000, students: 1 },
      { class_id: s.classes.S1, name: 'S1', owed: 400_000, students: 1 },
    ]);
    // The weekly chart ends with this week, which holds today's payments.
    expect(figures.fees.weeks.at(-1).amount).toBe(450_000);
  });

  it('attendance, sick bay, requisitions, store and the next 14 days of events', () => {
    expect(figures.attendance).toEqual({ students_in: 1, students_expected: 2, staff_in: 0, staff_expected: 0 });
    expect(figures.sickbay).toEqual({ visits: 2, still_in: 1 });
    expect(figures.requisitions).toEqual({ to_check: 1, to_approve: 0, to_pay: 1, to_pay_total: 300_000 });
    expect(figures.store).toEqual({ count: 1, items: ['Paraffin'] });
    expect(figures.events.map((e: Json) => [e.title, e.on_date])).toEqual([['PTA meeting', inDays(3)]]);
    expect(figures.admin).toBe(true);
    // A new school has bought no SMS credit yet.
    expect(figures.sms).toEqual({ balance: 0 });
  });

  it('a bursar sees the fees and requisitions but not the sick bay; a nurse the reverse', async () => {
    const bursar = await staffWith(t.app, t.database, s, ['view_dashboard', 'view_fees_payments', 'view_expenses']);
    const b = (await client(t.app, bursar.token).post('/dashboard', {})).json().data;
    expect(b.fees.collected_today).toBe(450_000);
    expect(b.requisitions.to_check).toBe(1);
    expect([b.sickbay, b.attendance, b.store, b.events, b.sms, b.admin]).toEqual([null, null, null, null, null, false]);

    const nurse = await staffWith(t.app, t.database, s, ['view_dashboard', 'manage_medication_center']);
    const n = (await client(t.app, nurse.token).post('/dashboard', {})).json().data;
    expect(n.sickbay).toEqual({ visits: 2, still_in: 1 });
    expect([n.fees, n.requisitions, n.attendance, n.store, n.events]).toEqual([null, null, null, null, null]);

    const nobody = await staffWith(t.app, t.database, s, ['view_events']);
    expect((await client(t.app, nobody.token).post('/dashboard', {})).statusCode).toBe(403);
  });
});

describe("the dashboard's term collection and recent activity say what they count, and agree", () => {
  let s: RegisterSchool;
  let figures: Json;
  const opens = inDays(-20);

  beforeAll(async () => {
    s = await registerSchool(t.app, t.database, { year: 2026, term: 3 });
    const db = t.database.db;
    const schoolId = s.schoolId;
    // Term 3 opened 20 days ago; the holiday before it is when parents pay ahead.
    await db
      .update(termDates)
      .set({ opensOn: opens, closesOn: inDays(40) })
      .where(and(eq(termDates.schoolId, schoolId), eq(termDates.year, 2026), eq(termDates.term, 3)));
    const amina = await admit(s, {});
    const brian = await admit(s, {
      surname: 'Okello',
      other_names: 'Brian',
      gender: 'M',
      class_id: s.classes.S2,
      stream_id: s.streams['S2 East'],
    });
    const [cash] = await db
      .insert(paymentModes)
      .values({ schoolId, name: 'Cash', kind: 'cash', openingOn: '2026-01-01' })
      .returning();
    let receipt = 0;
    const pay = (studentId: number, amount: number, paidOn: string, term = 3, status = 'valid') => ({
      schoolId,
      receiptNo: ++receipt,
      studentId,
      amount,
      modeId: cash.id,
      paidOn,
      year: 2026,
      term,
      cashierName: 'Bursar',
      status,
    });
    await db.insert(feesPayments).values([
      pay(amina.id, 100_000, inDays(-25)),
      pay(brian.id, 70_000, inDays(-21)),
      pay(amina.id, 200_000, inDays(-19)),
      pay(brian.id, 300_000, today()),
      // Last term's balance paid during this term, and a voided receipt: neither is this term's collection.
      pay(brian.id, 40_000, inDays(-10), 2),
      pay(amina.id, 900_000, inDays(-5), 3, 'void'),
    ]);
    // The class teacher's comments of S2 East saved at once, then one student changed alone.
    const cambell = await admit(s, {
      surname: 'Mugisha',
      other_names: 'Cambell',
      class_id: s.classes.S2,
      stream_id: s.streams['S2 East'],
    });
    const saved = await s.api.post('/report_comments', {
      year: 2026,
      term: 3,
      comments: [brian, cambell].map((st) => ({
        student_id: st.id,
        class_teacher: 'A good term.',
        head_teacher: null,
      })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (await s.api.put(`/students/${amina.id}`, { ...amina, other_names: 'Amina Grace' })).statusCode,
    ).toBeLessThan(300);
    const res = await client(t.app, s.adminToken).post('/dashboard', {});
    expect(res.statusCode, res.body).toBe(200);
    figures = res.json().data;
  });

  it("splits the term's receipts into paid before the term opened and by week during it, adding up to the headline", () => {
    const fees = figures.fees;
    expect(fees).toMatchObject({ term_collected: 670_000, term_opens_on: opens, paid_before_opening: 170_000 });
    const weeks = fees.weeks as { week: string; amount: number }[];
    expect(weeks.reduce((n, w) => n + w.amount, 0)).toBe(500_000);
    expect(fees.paid_before_opening + weeks.reduce((n, w) => n + w.amount, 0)).toBe(fees.term_collected);
    // The bars begin the week the term opened.
    const monday = new Date(`${opens}T00:00:00Z`);
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    expect(weeks[0]?.week).toBe(monday.toISOString().slice(0, 10));
    // Today's cash counts every receipt dated today, whatever term it is for.
    expect(fees.collected_today).toBe(300_000);
  });

  it('groups a batch saved at once into one line in words, and names a single change', () => {
    const lines = (figures.recent as Json[]).map((r) => [r.text, r.count]);
    expect(lines[0]).toEqual(['Student changed: Nakato Amina Grace', 1]);
    expect(lines[1]).toEqual(['Comments saved for S2 East: 2 students', 2]);
    expect(lines.filter(([text]) => String(text).startsWith('Comments'))).toHaveLength(1);
  });

  it("names kinds nobody named in the school's spelling (SMS, e-learning)", () => {
    expect(activityText({ entity: 'sms_messages', actions: ['create'], count: 1, record: '#2' })).toBe(
      'SMS message added: #2',
    );
    expect(activityText({ entity: 'elearning_resources', actions: ['create'], count: 3, record: '' })).toBe(
      'E-learning resources added: 3',
    );
  });
});

describe('the dashboard of a term that has closed (the office in the holidays, before it moves on)', () => {
  it("draws the term's weeks to the week it closed, with a bar for a receipt paid for it after", async () => {
    const s = await registerSchool(t.app, t.database, { year: 2026, term: 3 });
    const db = t.database.db;
    const { schoolId } = s;
    const [opens, closes] = [inDays(-80), inDays(-24)];
    await db
      .update(termDates)
      .set({ opensOn: opens, closesOn: closes })
      .where(and(eq(termDates.schoolId, schoolId), eq(termDates.year, 2026), eq(termDates.term, 3)));
    const pupil = await admit(s, {});
    const [cash] = await db
      .insert(paymentModes)
      .values({ schoolId, name: 'Cash', kind: 'cash', openingOn: '2026-01-01' })
      .returning();
    const pay = (receiptNo: number, amount: number, paidOn: string) => ({
      schoolId,
      receiptNo,
      studentId: pupil.id,
      amount,
      modeId: cash.id,
      paidOn,
      year: 2026,
      term: 3,
      cashierName: 'Bursar',
    });
    // Two receipts in term, and the balance paid in the holidays, ten days ago.
    await db
      .insert(feesPayments)
      .values([pay(1, 200_000, inDays(-70)), pay(2, 150_000, inDays(-40)), pay(3, 50_000, inDays(-10))]);
    const res = await client(t.app, s.adminToken).post('/dashboard', {});
    expect(res.statusCode, res.body).toBe(200);
    const weeks = res.json().data.fees.weeks as { week: string; amount: number }[];
    const monday = (day: string) => {
      const d = new Date(`${day}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
      return d.toISOString().slice(0, 10);
    };
    // No empty weeks after the close: the last of the term's weeks is the one it closed in, then the late receipt.
    const after = weeks.filter((w) => w.week > monday(closes));
    expect(after).toEqual([{ week: monday(inDays(-10)), amount: 50_000 }]);
    expect(weeks.at(-2)?.week).toBe(monday(closes));
    expect(weeks[0]?.week).toBe(monday(opens));
    expect(weeks.reduce((n, w) => n + w.amount, 0)).toBe(400_000);
  });
});
