import { feesBreakdowns, feesCategories, feesPayments, paymentModes } from '@somero/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { SchoolScope } from '../src/core/scope.js';
import { studentPosition } from '../src/modules/fees/ledger/balances.js';
import { feesTiles } from '../src/modules/fees/reports/routes.js';
import { today } from '../src/modules/students/query.js';
import { admit, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { useTestApp } from './support.js';

const t = useTestApp();

describe('fees balances: summary per class and stream, per category, demand notes, dashboard tiles', () => {
  let s: RegisterSchool;
  let scope: SchoolScope;
  const kids: Record<string, Json> = {};

  // A term: S1 pays tuition 600,000 and development 100,000, S2 tuition 700,000; three students and their
  // payments (one today, one void).
  beforeAll(async () => {
    s = await registerSchool(t.app, t.database, { year: 2026, term: 2 });
    scope = new SchoolScope(t.database.db, s.schoolId, { userId: null, name: 'test' });
    const [tuition, development] = await t.database.db
      .insert(feesCategories)
      .values([
        { schoolId: s.schoolId, name: 'Tuition', rank: 1 },
        { schoolId: s.schoolId, name: 'Development', rank: 2 },
      ])
      .returning();
    const row = (classId: number, categoryId: number, amount: number) => ({
      schoolId: s.schoolId,
      classId,
      categoryId,
      amount,
      year: 2026,
      term: 2,
    });
    await t.database.db
      .insert(feesBreakdowns)
      .values([
        row(s.classes.S1, tuition.id, 600_000),
        row(s.classes.S1, development.id, 100_000),
        row(s.classes.S2, tuition.id, 700_000),
      ]);
    kids.amina = await admit(s, { payment_code: `A${s.schoolId}` });
    kids.brian = await admit(s, {
      surname: 'Okello',
      other_names: 'Brian',
      gender: 'M',
      stream_id: s.streams['S1 West'],
    });
    kids.chris = await admit(s, {
      surname: 'Mugisha',
      other_names: 'Chris',
      gender: 'M',
      class_id: s.classes.S2,
      stream_id: s.streams['S2 East'],
    });
    const [cash] = await t.database.db
      .insert(paymentModes)
      .values({ schoolId: s.schoolId, name: 'Cash', kind: 'cash', openingOn: '2026-01-01' })
      .returning();
    const pay = (studentId: number, amount: number, paidOn: string, receiptNo: number, status = 'valid') => ({
      schoolId: s.schoolId,
      receiptNo,
      studentId,
      amount,
      modeId: cash.id,
      paidOn,
      year: 2026,
      term: 2,
      cashierName: 'Bursar',
      status,
    });
    await t.database.db
      .insert(feesPayments)
      .values([
        pay(kids.amina.id, 650_000, '2026-06-02', 1),
        pay(kids.chris.id, 800_000, '2026-06-03', 2),
        pay(kids.brian.id, 1_000, today(), 3),
        pay(kids.brian.id, 400_000, '2026-06-04', 4, 'void'),
      ]);
  });

  it('fees_summaryq: expected, paid and balance per class and stream, and the defaulters, agreeing with the ledger', async () => {
    const res = await s.api.post('/fees_summaryq', {});
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect({ year: d.year, term: d.term }).toEqual({ year: 2026, term: 2 });
    const by = (name: string) => d.groups.find((g: Json) => `${g.class_name} ${g.stream_name}` === name);
    expect(by('S1 East')).toMatchObject({ students: 1, expected: 700_000, paid: 650_000, balance: 50_000 });
    expect(by('S1 West')).toMatchObject({ students: 1, expected: 700_000, paid: 1_000, balance: 699_000 });
    expect(by('S2 East')).toMatchObject({ students: 1, expected: 700_000, paid: 800_000, balance: -100_000 });
    expect(d.totals).toEqual({ students: 3, expected: 2_100_000, paid: 1_451_000, balance: 649_000 });
    expect(d.defaulters.map((x: Json) => x.name)).toEqual(['Okello Brian', 'Nakato Sarah']);
    for (const x of d.defaulters) expect(x.balance).toBe((await studentPosition(scope, x.student_id)).balance);
    expect(d.defaulters_total).toBe(749_000);
    expect(d.defaulters_count).toBe(2);
    // The second page of one: the other defaulter; the count and total still cover them all.
    const second = (await s.api.post('/fees_summaryq', { page: 2, per_page: 1 })).json().data;
    expect(second.defaulters.map((x: Json) => x.name)).toEqual(['Nakato Sarah']);
    expect({ count: second.defaulters_count, total: second.defaulters_total }).toEqual({ count: 2, total: 749_000 });

    const above = (await s.api.post('/fees_summaryq', { min_balance: 100_000 })).json().data;
    expect(above.defaulters.map((x: Json) => x.student_id)).toEqual([kids.brian.id]);
    const s2 = (await s.api.post('/fees_summaryq', { class_id: s.classes.S2 })).json().data;
    expect(s2.totals).toEqual({ students: 1, expected: 700_000, paid: 800_000, balance: -100_000 });
    const xlsx = await s.api.post('/fees_summaryq', { format: 'xlsx' });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('fees_summary per category adds up to the same shilling as the class summary and the payments', async () => {
    const res = await s.api.post('/fees_summary', {});
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    const row = (name: string) => d.rows.find((r: Json) => r.name === name);
    expect(row('Tuition')).toMatchObject({ expected: 1_900_000, collected: 1_301_000, outstanding: 599_000 });
    expect(row('Development')).toMatchObject({ expected: 200_000, collected: 50_000, outstanding: 150_000 });
    expect(row('Paid in advance (credit)')).toMatchObject({ expected: 0, collected: 100_000, outstanding: -100_000 });
    const summary = (await s.api.post('/fees_summaryq', {})).json().data;
    expect(d.totals).toEqual({
      expected: summary.totals.expected,
      collected: summary.totals.paid,
      outstanding: summary.totals.balance,
    });
    const payments = (await s.api.post('/fees_payments_report', { from: '2026-01-01', to: today() })).json().data;
    expect(payments.totals.amount).toBe(d.totals.collected);
    expect((await s.api.post('/fees_summary', { format: 'xlsx' })).headers['content-type']).toContain('spreadsheetml');
  });

  it('prints one demand-note page per student owing, with the payment code and instructions', async () => {
    const res = await s.api.post('/fees_demand_notes', { class_id: s.classes.S1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF')).toBe(true);
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(2);
    const one = await s.api.post('/fees_demand_notes', { student_ids: [kids.amina.id] });
    expect(one.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    const none = await s.api.post('/fees_demand_notes', { class_id: s.classes.S2 });
    expect(none.statusCode).toBe(202);
    const other = await registerSchool(t.app, t.database);
    const theirs = await other.api.post('/fees_demand_notes', { student_ids: [kids.amina.id] });
    expect(theirs.statusCode).toBe(404);
    const theirSummary = (await other.api.post('/fees_summaryq', { class_id: s.classes.S1 })).json().data;
    expect(theirSummary.groups).toEqual([]);
  });

  it('feesTiles: collected today, the term against expected, students owing', async () => {
    expect(await feesTiles(scope)).toMatchObject({
      collected_today: 1_000,
      today_by_mode: [{ mode: 'Cash', amount: 1_000 }],
      year: 2026,
      term: 2,
      term_expected: 2_100_000,
      term_collected: 1_451_000,
      students_owing: 2,
    });
  });
});
