import { revenueCalls } from '@somero/contract';
import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { now as clockNow } from '../src/core/dates.js';
import { audits } from '../src/db/schema.js';
import { client, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { staffWith, useTestApp } from './support.js';

const t = useTestApp();
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Kampala' }).format(clockNow());

/** A school's revenue set-up: a mode, and two categories with a source each. */
async function setUp(school: RegisterSchool) {
  const post = async (url: string, body: object) => {
    const res = await school.api.post(url, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  const cash = await post('/payment_options', {
    name: 'Cash',
    kind: 'cash',
    opening_balance: 0,
    opening_on: '2026-01-01',
  });
  const bank = await post('/payment_options', {
    name: 'Bank',
    kind: 'bank',
    opening_balance: 1_000_000,
    opening_on: '2026-01-01',
  });
  const sales = await post('/revenue_categories', { name: 'Sales' });
  const hire = await post('/revenue_categories', { name: 'Hire of facilities' });
  const maize = await post('/revenue_sources', { name: 'Sale of maize', category_id: sales });
  const bus = await post('/revenue_sources', { name: 'School bus hire', category_id: hire });
  return { cash, bank, sales, hire, maize, bus };
}

describe('revenues', () => {
  let s: RegisterSchool;
  let x: Awaited<ReturnType<typeof setUp>>;
  const ids: number[] = [];

  beforeAll(async () => {
    s = await registerSchool(t.app, t.database);
    x = await setUp(s);
  });

  it('records money received into a mode, with no success message, and lists it with totals', async () => {
    const add = (body: Json) => s.api.post('/revenues', body);
    const first = await add({
      source_id: x.maize,
      amount: 450_000,
      mode_id: x.cash,
      received_on: '2026-03-10',
      received_from: 'Owino traders',
      reference: 'RV-001',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('');
    expect(first.json().data).toMatchObject({
      source_name: 'Sale of maize',
      category_name: 'Sales',
      mode_name: 'Cash',
      amount: 450_000,
      received_on: '2026-03-10',
      status: 'valid',
      recorded_by: 'Head Administrator',
    });
    ids.push(first.json().data.id);
    for (const body of [
      { source_id: x.bus, amount: 300_000, mode_id: x.bank, received_on: '2026-03-12' },
      { source_id: x.maize, amount: 120_000, mode_id: x.bank, received_on: '2026-04-02' },
    ]) {
      const res = await add(body);
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().data.id);
    }

    const all = (await s.api.get('/revenues')).json();
    expect(all.data.map((r: Json) => r.amount)).toEqual([120_000, 300_000, 450_000]);
    expect(all.totals).toEqual({ count: 3, amount: 870_000 });
    expect(all.total).toBe(3);
    const sales = (await s.api.get(`/revenues?category_id=${x.sales}`)).json();
    expect(sales.totals).toEqual({ count: 2, amount: 570_000 });
    const march = (await s.api.get('/revenues?from=2026-03-01&to=2026-03-31&per_page=1')).json();
    expect(march).toMatchObject({ total: 2, per_page: 1, totals: { count: 2, amount: 750_000 } });
    expect(march.data).toHaveLength(1);
    const found = (await s.api.get('/revenues?search=owino')).json();
    expect(found.data.map((r: Json) => r.reference)).toEqual(['RV-001']);
  });

  it('refuses a zero amount, a future date, an unused mode and a source of another school', async () => {
    const refused = async (body: Json, status: number, message: RegExp) => {
      const res = await s.api.post('/revenues', body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    };
    await refused({ source_id: x.maize, amount: 0, mode_id: x.cash }, 202, /above zero/);
    await refused({ source_id: x.maize, amount: 1_000, mode_id: x.cash, received_on: '2099-01-01' }, 202, /future/);
    await refused({ source_id: x.maize, amount: 1.5, mode_id: x.cash }, 422, /./);
    const other = await registerSchool(t.app, t.database);
    const theirs = await setUp(other);
    await refused({ source_id: theirs.maize, amount: 1_000, mode_id: x.cash }, 404, /revenue source/);
    await refused({ source_id: x.maize, amount: 1_000, mode_id: theirs.cash }, 404, /payment mode/);
    expect((await other.api.get(`/revenues`)).json().total).toBe(0);
    expect(
      (
        await other.api.put(`/revenues/${ids[0]}`, {
          source_id: theirs.maize,
          amount: 1,
          mode_id: theirs.cash,
          reason: 'Mine now',
        })
      ).statusCode,
    ).toBe(404);
    expect((await other.api.del(`/revenues/${ids[0]}?reason=Not%20ours`)).statusCode).toBe(404);
    await s.api.put(`/payment_options/${x.cash}`, {
      name: 'Cash',
      kind: 'cash',
      opening_balance: 0,
      opening_on: '2026-01-01',
      active: false,
    });
    await refused({ source_id: x.maize, amount: 1_000, mode_id: x.cash }, 202, /no longer in use/);
    await s.api.put(`/payment_options/${x.cash}`, {
      name: 'Cash',
      kind: 'cash',
      opening_balance: 0,
      opening_on: '2026-01-01',
      active: true,
    });
    expect((await s.api.get('/revenues')).json().total).toBe(3);
  });

  it('corrects a revenue with a reason, keeping what it was in the audit trail', async () => {
    const res = await s.api.put(`/revenues/${ids[1]}`, {
      source_id: x.bus,
      amount: 350_000,
      mode_id: x.bank,
      received_on: '2026-03-12',
      reason: 'Receipt book says 350,000',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ amount: 350_000, amend_reason: 'Receipt book says 350,000' });
    const [row] = await t.database.db
      .select()
      .from(audits)
      .where(and(eq(audits.entity, 'revenues'), eq(audits.entityId, String(ids[1]))))
      .orderBy(desc(audits.id))
      .limit(1);
    expect(row.action).toBe('amend');
    expect(row.before).toMatchObject({ amount: 300_000 });
    expect(row.after).toMatchObject({ amount: 350_000, amendReason: 'Receipt book says 350,000' });
    const noReason = await s.api.put(`/revenues/${ids[1]}`, { source_id: x.bus, amount: 1, mode_id: x.bank });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toBeTruthy();
  });

  it('voids with a reason: the revenue stays listed as void and leaves the totals and the report; the statement reverses it on the day', async () => {
    const before = (await s.api.get(`/payment_options/${x.cash}?from=2026-03-01&to=2026-03-31`)).json().data;
    expect(before.lines).toEqual([
      expect.objectContaining({
        kind: 'revenue',
        money_in: 450_000,
        description: 'Revenue: Sale of maize from Owino traders',
      }),
    ]);
    expect(before.closing_balance).toBe(450_000);

    const res = await s.api.del(`/revenues/${ids[0]}?reason=${encodeURIComponent('Counted twice')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'void',
      void_reason: 'Counted twice',
      voided_by: 'Head Administrator',
    });
    expect((await s.api.del(`/revenues/${ids[0]}?reason=Again%20please`)).statusCode).toBe(409);
    expect(
      (await s.api.put(`/revenues/${ids[0]}`, { source_id: x.maize, amount: 1, mode_id: x.cash, reason: 'Too late' }))
        .statusCode,
    ).toBe(409);

    const list = (await s.api.get('/revenues')).json();
    expect(list.total).toBe(3);
    expect(list.totals).toEqual({ count: 2, amount: 470_000 });
    expect((await s.api.get('/revenues?status=void')).json().data.map((r: Json) => r.id)).toEqual([ids[0]]);
    // March keeps the revenue (voided today); up to today its reversal takes it out.
    const after = (await s.api.get(`/payment_options/${x.cash}?from=2026-03-01&to=2026-03-31`)).json().data;
    expect(after.closing_balance).toBe(450_000);
    const now = (await s.api.get(`/payment_options/${x.cash}?from=2026-03-01`)).json().data;
    expect(now.lines.map((l: Json) => [l.reversal, l.money_in, l.money_out])).toEqual([
      [false, 450_000, 0],
      [true, 0, 450_000],
    ]);
    expect(now.lines[1].description).toBe('Reversed: Revenue: Sale of maize from Owino traders (void: Counted twice)');
    expect(now.closing_balance).toBe(0);
    // The bank: its opening balance and the bus hire as first posted (300,000), then the maize sold in
    // April; the correction to 350,000 was made today, so it shows today (reversed, posted again).
    const bank = (await s.api.get(`/payment_options/${x.bank}?from=2026-04-01&to=2026-04-30`)).json().data;
    expect(bank.opening_balance).toBe(1_300_000);
    expect(bank.closing_balance).toBe(1_420_000);
    const bankNow = (await s.api.get(`/payment_options/${x.bank}?from=2026-05-01`)).json().data;
    expect(bankNow.lines.map((l: Json) => [l.date, l.reversal, l.money_in, l.money_out])).toEqual([
      [today(), true, 0, 300_000],
      [today(), false, 350_000, 0],
    ]);
    expect(bankNow.closing_balance).toBe(1_470_000);
  });

  it('reports the valid revenues of a range by category, source and mode, adding up', async () => {
    const res = await s.api.post('/revenue_report', { from: '2026-01-01', to: today() });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.categories).toEqual([
      {
        category_id: x.hire,
        category_name: 'Hire of facilities',
        count: 1,
        amount: 350_000,
        sources: [{ source_id: x.bus, source_name: 'School bus hire', count: 1, amount: 350_000 }],
      },
      {
        category_id: x.sales,
        category_name: 'Sales',
        count: 1,
        amount: 120_000,
        sources: [{ source_id: x.maize, source_name: 'Sale of maize', count: 1, amount: 120_000 }],
      },
    ]);
    expect(d.modes).toEqual([{ mode_id: x.bank, mode_name: 'Bank', count: 2, amount: 470_000 }]);
    expect(d.total).toEqual({ count: 2, amount: 470_000 });
    const list = (await s.api.get(`/revenues?from=2026-01-01&to=${today()}`)).json();
    expect(d.total.amount).toBe(list.totals.amount);

    const sales = (
      await s.api.post('/revenue_report', { from: '2026-01-01', to: today(), category_id: x.sales })
    ).json().data;
    expect(sales.total).toEqual({ count: 1, amount: 120_000 });
    expect((await s.api.post('/revenue_report', { from: '2026-05-01', to: '2026-04-01' })).statusCode).toBe(422);

    const xlsx = await s.api.post('/revenue_report', { from: '2026-01-01', to: today(), format: 'xlsx' });
    expect(xlsx.headers['content-disposition']).toContain('revenue_report.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(rows.at(-1)?.slice(1)).toEqual(['Total', '', 2, 470_000]);
  });

  it('a source in use cannot be removed; names are unique per school', async () => {
    const res = await s.api.del(`/revenue_sources/${x.maize}`);
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toMatch(/revenue/i);
    const again = await s.api.post('/revenue_categories', { name: 'sales' });
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toMatch(/already exists/);
  });

  it('a clerk with only view_revenues records revenues and reads sources and modes, but manages neither', async () => {
    const clerk = client(t.app, (await staffWith(t.app, t.database, s, ['view_revenues'])).token);
    expect((await clerk.get('/revenue_sources')).statusCode).toBe(200);
    expect((await clerk.get('/payment_options')).statusCode).toBe(200);
    expect((await clerk.post('/revenues', { source_id: x.bus, amount: 50_000, mode_id: x.bank })).statusCode).toBe(200);
    expect((await clerk.post('/revenue_sources', { name: 'Scrap', category_id: x.sales })).statusCode).toBe(403);
    expect((await clerk.post('/revenue_report', { from: '2026-01-01', to: today() })).statusCode).toBe(403);
    const reader = client(t.app, (await staffWith(t.app, t.database, s, ['revenue_report'])).token);
    expect((await reader.post('/revenue_report', { from: '2026-01-01', to: today() })).statusCode).toBe(200);
    expect((await reader.get('/revenues')).statusCode).toBe(403);
  });

  it('serves every revenue call of the contract', () => {
    const served = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    const missing = revenueCalls.filter((c) => !served.has(`${c.method} /api/${c.path.replace(/\{(\w+)\}/g, ':$1')}`));
    expect(missing.map((c) => `${c.method} ${c.path}`)).toEqual([]);
  });
});
