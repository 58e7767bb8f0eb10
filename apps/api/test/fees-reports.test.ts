import { feesPayments, oldPayments, oldStudents, paymentModes } from '@somero/contract';
import { describe, expect, it } from 'vitest';
import { admit, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { useTestApp } from './support.js';

const t = useTestApp();

/** Payments written as the desk writes them (receipt numbers in order), so the reports have data. */
async function pay(
  s: RegisterSchool,
  rows: { studentId: number; amount: number; modeId: number; paidOn: string; status?: string }[],
) {
  await t.database.db.insert(feesPayments).values(
    rows.map((r, i) => ({
      schoolId: s.schoolId,
      receiptNo: 1001 + i,
      studentId: r.studentId,
      amount: r.amount,
      modeId: r.modeId,
      paidOn: r.paidOn,
      year: 2026,
      term: 2,
      cashierName: 'Bursar',
      status: r.status ?? 'valid',
    })),
  );
}

describe('fees payment reports', () => {
  let s: RegisterSchool;
  let cash: number;
  let bank: number;
  let amina: Json;
  let brian: Json;
  const valid = [
    // Mon 1 June … Wed 1 July 2026
    ['amina', 150_000, 'cash', '2026-06-01'],
    ['amina', 75_500, 'bank', '2026-06-03'],
    ['brian', 320_000, 'bank', '2026-06-08'],
    ['brian', 1_250, 'cash', '2026-06-30'],
    ['amina', 99_999, 'cash', '2026-07-01'],
  ] as const;
  const total = valid.reduce((a, r) => a + r[1], 0);

  it('lists the valid payments of a range with totals per mode that add up', async () => {
    s = await registerSchool(t.app, t.database);
    amina = await admit(s);
    brian = await admit(s, {
      surname: 'Okello',
      other_names: 'Brian',
      gender: 'M',
      class_id: s.classes.S2,
      stream_id: s.streams['S2 West'],
    });
    const modes = await t.database.db
      .insert(paymentModes)
      .values([
        { schoolId: s.schoolId, name: 'Cash', kind: 'cash', openingOn: '2026-01-01' },
        { schoolId: s.schoolId, name: 'Stanbic', kind: 'bank', openingOn: '2026-01-01' },
      ])
      .returning();
    [cash, bank] = modes.map((m) => m.id);
    const ids = { amina: amina.id, brian: brian.id };
    await pay(s, [
      ...valid.map(([who, amount, mode, paidOn]) => ({
        studentId: ids[who],
        amount,
        modeId: mode === 'cash' ? cash : bank,
        paidOn,
      })),
      { studentId: amina.id, amount: 500_000, modeId: cash, paidOn: '2026-06-02', status: 'void' },
    ]);
    const res = await s.api.post('/fees_payments_report', { from: '2026-06-01', to: '2026-07-31' });
    expect(res.statusCode, res.body).toBe(200);
    const { rows, totals } = res.json().data;
    expect(rows).toHaveLength(5);
    expect(totals.amount).toBe(total);
    expect(totals.count).toBe(5);
    expect(totals.by_mode.reduce((a: number, m: Json) => a + m.amount, 0)).toBe(total);
    expect(totals.by_mode.find((m: Json) => m.mode_id === cash).amount).toBe(150_000 + 1_250 + 99_999);
    expect(rows[0]).toMatchObject({
      student_name: 'Nakato Sarah',
      class_name: 'S1',
      mode_name: 'Cash',
      amount: 150_000,
    });

    const s2 = await s.api.post('/fees_payments_report', {
      from: '2026-06-01',
      to: '2026-07-31',
      class_id: s.classes.S2,
    });
    expect(s2.json().data.totals.amount).toBe(321_250);
  });

  it('gives the same total per day, per week and per month, each row adding up across modes', async () => {
    for (const period of ['day', 'week', 'month']) {
      const res = await s.api.post('/fees_periodic_payments_report', { from: '2026-06-01', to: '2026-07-31', period });
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json().data;
      expect(report.totals.amount, period).toBe(total);
      expect(report.rows.reduce((a: number, r: Json) => a + r.total, 0)).toBe(total);
      for (const r of report.rows) {
        expect(Object.values(r.by_mode as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(r.total);
      }
    }
    const weeks = (
      await s.api.post('/fees_periodic_payments_report', { from: '2026-06-01', to: '2026-06-30', period: 'week' })
    ).json().data;
    expect(weeks.rows[0]).toMatchObject({ start: '2026-06-01', end: '2026-06-07', total: 225_500 });
    expect(weeks.rows).toHaveLength(5);
    const months = (
      await s.api.post('/fees_periodic_payments_report', { from: '2026-06-01', to: '2026-07-31', period: 'month' })
    ).json().data;
    expect(months.rows.map((r: Json) => [r.period, r.total])).toEqual([
      ['2026-06', total - 99_999],
      ['2026-07', 99_999],
    ]);
    expect(months.rows[0].by_mode).toEqual({ Cash: 151_250, Stanbic: 395_500 });
  });

  it('custom report: chosen columns and filters; a voided payment is listed but never counted', async () => {
    const res = await s.api.post('/custom_fees_payments_report', {
      from: '2026-06-01',
      to: '2026-06-30',
      student_id: amina.id,
      include_void: true,
      columns: ['amount', 'receipt_no', 'status'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.columns).toEqual(['receipt_no', 'amount', 'status']);
    expect(data.rows).toHaveLength(3);
    expect(data.totals.amount).toBe(225_500);
    const big = await s.api.post('/custom_fees_payments_report', {
      from: '2026-06-01',
      to: '2026-07-31',
      min_amount: 100_000,
    });
    expect(big.json().data.totals).toMatchObject({ count: 2, amount: 470_000 });
    const backwards = await s.api.post('/fees_payments_report', { from: '2026-07-01', to: '2026-06-01' });
    expect(backwards.statusCode).toBe(422);
  });

  it('exports each report to xlsx', async () => {
    for (const [url, body] of [
      ['/fees_payments_report', {}],
      ['/custom_fees_payments_report', { columns: ['receipt_no', 'amount'] }],
      ['/fees_periodic_payments_report', { period: 'week' }],
      ['/old_students_periodic_payments_report', { period: 'month' }],
    ] as const) {
      const res = await s.api.post(url, { from: '2026-06-01', to: '2026-07-31', format: 'xlsx', ...body });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain('.xlsx');
      expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
  });

  it("old students' payments per period, and another school sees none of this school's money", async () => {
    const [old] = await t.database.db
      .insert(oldStudents)
      .values({ schoolId: s.schoolId, name: 'Mukasa John', debt: 300_000 })
      .returning();
    await t.database.db.insert(oldPayments).values([
      {
        schoolId: s.schoolId,
        receiptNo: 1,
        oldStudentId: old.id,
        amount: 100_000,
        modeId: cash,
        paidOn: '2026-06-05',
        cashierName: 'Bursar',
      },
      {
        schoolId: s.schoolId,
        receiptNo: 2,
        oldStudentId: old.id,
        amount: 50_000,
        modeId: bank,
        paidOn: '2026-06-20',
        cashierName: 'Bursar',
      },
      {
        schoolId: s.schoolId,
        receiptNo: 3,
        oldStudentId: old.id,
        amount: 9_000,
        modeId: bank,
        paidOn: '2026-06-21',
        cashierName: 'Bursar',
        status: 'void',
      },
    ]);
    const res = await s.api.post('/old_students_periodic_payments_report', {
      from: '2026-06-01',
      to: '2026-06-30',
      period: 'month',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.totals.amount).toBe(150_000);
    expect(res.json().data.rows[0].by_mode).toEqual({ Cash: 100_000, Stanbic: 50_000 });

    const other = await registerSchool(t.app, t.database);
    const theirs = await other.api.post('/fees_payments_report', { from: '2026-06-01', to: '2026-07-31' });
    expect(theirs.json().data).toEqual({ rows: [], totals: { count: 0, amount: 0, by_mode: [] } });
    const filtered = await other.api.post('/fees_payments_report', {
      from: '2026-06-01',
      to: '2026-07-31',
      class_id: s.classes.S1,
    });
    expect(filtered.json().data.rows).toEqual([]);
  });
});
