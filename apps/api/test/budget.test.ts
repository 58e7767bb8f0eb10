import { budgetCalls } from '@somero/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { SchoolScope } from '../src/core/scope.js';
import { refuseClosedYear } from '../src/modules/budget/index.js';
import { postEntry } from '../src/modules/journal/index.js';
import { pdfPages } from './pdf-text.js';
import { admit, client, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { staffWith, useTestApp } from './support.js';

/** Financial years, budgets and projections, and budget to actual from the journal (issue 12 §3, §4). */
const t = useTestApp();

describe('budget', () => {
  let s: RegisterSchool;
  let other: RegisterSchool;
  let scope: SchoolScope;
  const x: Record<string, number> = {};

  const ok = async (res: { statusCode: number; body: string; json: () => Json }) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  beforeAll(async () => {
    s = await registerSchool(t.app, t.database);
    other = await registerSchool(t.app, t.database);
    scope = new SchoolScope(t.database.db, s.schoolId, { userId: s.adminId, name: 'Head Administrator' });
    x.cash = (
      await ok(
        await s.api.post('/payment_options', {
          name: 'Cash',
          kind: 'cash',
          opening_balance: 0,
          opening_on: '2025-01-01',
        }),
      )
    ).id;
    x.use = (await ok(await s.api.post('/revenue_categories', { name: 'Government capitation (USE)' }))).id;
    x.sales = (await ok(await s.api.post('/revenue_categories', { name: 'Sales' }))).id;
    x.food = (await ok(await s.api.post('/expense_categories', { name: 'Food' }))).id;
    x.fuel = (await ok(await s.api.post('/expense_categories', { name: 'Transport' }))).id;
    x.theirs = (await ok(await other.api.post('/expense_categories', { name: 'Food' }))).id;
  });

  it('keeps financial years: the first is current, one current at a time, dates never overlap', async () => {
    const y2025 = await ok(
      await s.api.post('/fyear', { name: '2025', starts_on: '2025-01-01', ends_on: '2025-12-31' }),
    );
    expect(y2025).toMatchObject({ name: '2025', is_current: true, status: 'open' });
    const y2026 = await ok(
      await s.api.post('/fyear', { name: '2026', starts_on: '2026-01-01', ends_on: '2026-12-31', is_current: true }),
    );
    x.y2025 = y2025.id;
    x.y2026 = y2026.id;
    const list = await ok(await s.api.get('/fyear'));
    expect(list.map((y: Json) => [y.name, y.is_current])).toEqual([
      ['2026', true],
      ['2025', false],
    ]);

    const clash = await s.api.post('/fyear', { name: '2026/27', starts_on: '2026-07-01', ends_on: '2027-06-30' });
    expect(clash.statusCode).toBe(202);
    expect(clash.json().message).toBe('These dates overlap the financial year 2026 (1 Jan 2026 to 31 Dec 2026).');
    const moved = await s.api.put(`/fyear/${x.y2025}`, {
      name: '2025',
      starts_on: '2025-01-01',
      ends_on: '2026-01-01',
    });
    expect(moved.statusCode).toBe(202);
    expect(
      (await s.api.post('/fyear', { name: '2026', starts_on: '2030-01-01', ends_on: '2030-12-31' })).statusCode,
    ).toBe(202);

    const backwards = await s.api.post('/fyear', { name: '2027', starts_on: '2027-12-31', ends_on: '2027-01-01' });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.ends_on).toEqual(['The end date is before the start date']);
    const bad = await s.api.post('/fyear', { name: '', starts_on: '2027-13-01', ends_on: '2027-12-31' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'starts_on']);

    // The current year stays current until another is made current.
    const uncurrent = await s.api.put(`/fyear/${x.y2026}`, {
      name: '2026',
      starts_on: '2026-01-01',
      ends_on: '2026-12-31',
      is_current: false,
    });
    expect(uncurrent.statusCode).toBe(202);
    expect(uncurrent.json().message).toMatch(/one current financial year/);
  });

  it('closes a year: locked against postings, changes and removal; the current year cannot be closed', async () => {
    const year = (name: string, more: Json = {}) => ({
      name,
      starts_on: `${name}-01-01`,
      ends_on: `${name}-12-31`,
      ...more,
    });
    const current = await s.api.put(`/fyear/${x.y2026}`, year('2026', { is_current: true, status: 'closed' }));
    expect(current.statusCode).toBe(202);
    expect(current.json().message).toBe(
      'The financial year 2026 is current: make another year current before closing it.',
    );
    // A 2025 budget before it closes, then close it.
    await ok(
      await s.api.post('/project_expenses', {
        year_id: x.y2025,
        lines: [{ kind: 'expense', category_id: x.food, amount: 30_000_000, split: 'term', parts: [12e6, 10e6, 8e6] }],
      }),
    );
    // Last year's food, posted while 2025 was open (outside 2026 in the report below).
    await postEntry(scope, {
      date: '2025-11-01',
      source: { kind: 'test', id: 2025 },
      memo: 'Food 2025',
      lines: [
        { account: `expense:${x.food}`, debit: 25_000_000 },
        { account: `mode:${x.cash}`, credit: 25_000_000 },
      ],
    });
    const closed = await s.api.put(`/fyear/${x.y2025}`, year('2025', { status: 'closed' }));
    expect(closed.statusCode, closed.body).toBe(200);
    // Nothing posts there any more.
    await expect(
      postEntry(scope, {
        date: '2025-12-01',
        source: { kind: 'test', id: 2026 },
        memo: 'Late food 2025',
        lines: [
          { account: `expense:${x.food}`, debit: 1_000 },
          { account: `mode:${x.cash}`, credit: 1_000 },
        ],
      }),
    ).rejects.toMatchObject({
      statusCode: 202,
      message: 'The financial year 2025 is closed: no new postings dated 1 Dec 2025.',
    });
    expect(closed.json().data.status).toBe('closed');

    await expect(refuseClosedYear(scope, '2025-06-30')).rejects.toMatchObject({
      statusCode: 202,
      message: 'The financial year 2025 is closed: no new postings dated 30 Jun 2025.',
    });
    await expect(refuseClosedYear(scope, '2026-01-01')).resolves.toBeUndefined();
    // Another school's closed year is not this school's.
    const theirs = new SchoolScope(t.database.db, other.schoolId, { userId: other.adminId, name: 'Other' });
    await expect(refuseClosedYear(theirs, '2025-06-30')).resolves.toBeUndefined();

    const reopen = await s.api.put(`/fyear/${x.y2025}`, year('2025'));
    expect(reopen.statusCode).toBe(202);
    expect(reopen.json().message).toBe('The financial year 2025 is closed: it cannot be changed.');
    expect((await s.api.del(`/fyear/${x.y2025}`)).json().message).toBe(
      'The financial year 2025 is closed: it cannot be removed.',
    );
    const budget = await s.api.post('/project_expenses', {
      year_id: x.y2025,
      lines: [{ kind: 'expense', category_id: x.food, amount: 1 }],
    });
    expect(budget.statusCode).toBe(202);
    expect(budget.json().message).toBe('The financial year 2025 is closed: its budget cannot change.');

    // An open year with no budget can go; the current one cannot.
    const spare = await ok(await s.api.post('/fyear', year('2030')));
    expect((await s.api.del(`/fyear/${spare.id}`)).statusCode).toBe(200);
    expect((await s.api.del(`/fyear/${x.y2026}`)).statusCode).toBe(202);
  });

  it('sets a budget per category, split to the shilling, and shows it with last year beside it', async () => {
    const saved = await ok(
      await s.api.post('/project_revenues', {
        year_id: x.y2026,
        lines: [
          { kind: 'fees', amount: 120_000_000, split: 'term', parts: [50_000_000, 40_000_000, 30_000_000] },
          { kind: 'revenue', category_id: x.use, amount: 40_000_000, split: 'term' },
          { kind: 'revenue', category_id: x.sales, amount: 12_000_001, split: 'month' },
        ],
      }),
    );
    expect(saved.lines.map((l: Json) => [l.name, l.amount, l.split, l.parts])).toEqual([
      ['School fees', 120_000_000, 'term', [50_000_000, 40_000_000, 30_000_000]],
      ['Government capitation (USE)', 40_000_000, 'term', [13_333_334, 13_333_333, 13_333_333]],
      ['Sales', 12_000_001, 'month', [1_000_001, ...Array(11).fill(1_000_000)]],
    ]);
    expect(saved.total).toBe(172_000_001);
    expect(saved.months).toHaveLength(12);

    await ok(
      await s.api.post('/project_expenses', {
        year_id: x.y2026,
        lines: [
          { kind: 'expense', category_id: x.food, amount: 36_000_000, split: 'term' },
          { kind: 'expense', category_id: x.fuel, amount: 6_000_000 },
        ],
      }),
    );
    const exp = await ok(await s.api.post('/expense_projection', {}));
    expect(exp.year.name).toBe('2026');
    expect(exp.previous.name).toBe('2025');
    expect(exp.lines.map((l: Json) => [l.name, l.amount, l.last_budget])).toEqual([
      ['Food', 36_000_000, 30_000_000],
      ['Transport', 6_000_000, 0],
    ]);
    expect(exp.expected_fees).toBeNull();

    // Zero removes a line.
    await ok(
      await s.api.post('/project_expenses', {
        year_id: x.y2026,
        lines: [{ kind: 'expense', category_id: x.fuel, amount: 0 }],
      }),
    );
    const after = await ok(await s.api.post('/expense_projection', { year_id: x.y2026 }));
    expect(after.total).toBe(36_000_000);
  });

  it('refuses bad lines (422) and another school’s category or year (404)', async () => {
    const post = (body: Json) => s.api.post('/project_revenues', { year_id: x.y2026, ...body });
    const sum = await post({
      lines: [{ kind: 'revenue', category_id: x.sales, amount: 1_000, split: 'term', parts: [1, 2, 3] }],
    });
    expect(sum.statusCode).toBe(422);
    expect(sum.json().errors['lines.0.parts']).toEqual(['The parts add up to 6, not 1,000']);
    const side = await post({ lines: [{ kind: 'expense', category_id: x.food, amount: 1_000 }] });
    expect(side.statusCode).toBe(422);
    expect((await post({ lines: [{ kind: 'revenue', category_id: x.sales, amount: -5 }] })).statusCode).toBe(422);
    expect((await post({ lines: [{ kind: 'revenue', category_id: x.sales, amount: 1.5 }] })).statusCode).toBe(422);
    expect((await post({})).statusCode).toBe(422);
    const twice = await post({
      lines: [
        { kind: 'revenue', category_id: x.sales, amount: 1 },
        { kind: 'revenue', category_id: x.sales, amount: 2 },
      ],
    });
    expect(twice.statusCode).toBe(422);

    const theirs = await s.api.post('/project_expenses', {
      year_id: x.y2026,
      lines: [{ kind: 'expense', category_id: x.theirs, amount: 1_000 }],
    });
    expect(theirs.statusCode).toBe(404);
    expect((await other.api.post('/expense_projection', { year_id: x.y2026 })).statusCode).toBe(404);
    expect(
      (await other.api.put(`/fyear/${x.y2026}`, { name: 'Mine', starts_on: '2040-01-01', ends_on: '2040-12-31' }))
        .statusCode,
    ).toBe(404);
    expect((await other.api.del(`/fyear/${x.y2026}`)).statusCode).toBe(404);
    expect((await other.api.post('/budget_actual_outturn', { year_id: x.y2026 })).statusCode).toBe(404);
    // Nothing of theirs was changed.
    expect((await ok(await s.api.post('/revenue_projection', { year_id: x.y2026 }))).total).toBe(172_000_001);
  });

  it('answers 403 without the flag; a budget viewer reads but cannot change', async () => {
    const nobody = client(t.app, (await staffWith(t.app, t.database, s, ['view_revenues'])).token);
    expect((await nobody.get('/fyear')).statusCode).toBe(403);
    expect(
      (await nobody.post('/fyear', { name: '2031', starts_on: '2031-01-01', ends_on: '2031-12-31' })).statusCode,
    ).toBe(403);
    expect((await nobody.post('/revenue_projection', {})).statusCode).toBe(403);
    expect((await nobody.post('/budget_actual_outturn', {})).statusCode).toBe(403);
    const viewer = client(t.app, (await staffWith(t.app, t.database, s, ['view_revenue_budget'])).token);
    expect((await viewer.get('/fyear')).statusCode).toBe(200);
    expect((await viewer.post('/revenue_projection', {})).statusCode).toBe(200);
    expect((await viewer.post('/expense_projection', {})).statusCode).toBe(403);
    expect(
      (await viewer.post('/project_revenues', { year_id: x.y2026, lines: [{ kind: 'fees', amount: 1 }] })).statusCode,
    ).toBe(403);
    expect((await viewer.del(`/fyear/${x.y2025}`)).statusCode).toBe(403);
    const planner = client(t.app, (await staffWith(t.app, t.database, s, ['project_expenses'])).token);
    expect((await planner.post('/expense_projection', {})).statusCode).toBe(200);
    expect((await planner.post('/project_revenues', { year_id: x.y2026, copy_from: 'budget' })).statusCode).toBe(403);
  });

  it('reports budget against actual from the journal, per category with totals, variance and percentage', async () => {
    const post = (date: string, memo: string, lines: { account: string; debit?: number; credit?: number }[]) =>
      postEntry(scope, { date, source: { kind: 'test', id: Math.floor(Math.random() * 1e9) }, memo, lines });
    const mode = `mode:${x.cash}`;
    await post('2026-02-10', 'Fees', [
      { account: mode, debit: 45_000_000 },
      { account: 'fees_income', credit: 45_000_000 },
    ]);
    await post('2026-02-20', 'USE term 1', [
      { account: mode, debit: 13_000_000 },
      { account: `revenue:${x.use}`, credit: 13_000_000 },
    ]);
    await post('2026-03-05', 'Maize', [
      { account: mode, debit: 700_000 },
      { account: `revenue:${x.sales}`, credit: 700_000 },
    ]);
    // A voided sale: its reversal takes it out again.
    await post('2026-03-06', 'Maize', [
      { account: mode, debit: 200_000 },
      { account: `revenue:${x.sales}`, credit: 200_000 },
    ]);
    await post('2026-03-07', 'Void', [
      { account: `revenue:${x.sales}`, debit: 200_000 },
      { account: mode, credit: 200_000 },
    ]);
    await post('2026-04-01', 'Food', [
      { account: `expense:${x.food}`, debit: 14_000_000 },
      { account: mode, credit: 14_000_000 },
    ]);
    await post('2026-04-15', 'Diesel', [
      { account: `expense:${x.fuel}`, debit: 900_000 },
      { account: mode, credit: 900_000 },
    ]);
    // Next year's food: outside 2026 (last year's was posted before 2025 closed, above).
    await post('2027-01-10', 'Food 2027', [
      { account: `expense:${x.food}`, debit: 1_000_000 },
      { account: mode, credit: 1_000_000 },
    ]);

    const o = await ok(await s.api.post('/budget_actual_outturn', {}));
    expect(o.year.name).toBe('2026');
    expect([o.from, o.to]).toEqual(['2026-01-01', '2026-12-31']);
    const row = (l: Json) => [l.name, l.budget, l.actual, l.variance, l.percent];
    expect(o.revenues.map(row)).toEqual([
      ['School fees', 120_000_000, 45_000_000, -75_000_000, 37.5],
      ['Government capitation (USE)', 40_000_000, 13_000_000, -27_000_000, 32.5],
      ['Sales', 12_000_001, 700_000, -11_300_001, 5.8],
    ]);
    expect(o.expenses.map(row)).toEqual([
      ['Food', 36_000_000, 14_000_000, 22_000_000, 38.9],
      ['Transport', 0, 900_000, -900_000, null],
    ]);
    expect(o.revenue_total).toEqual({ budget: 172_000_001, actual: 58_700_000, variance: -113_300_001, percent: 34.1 });
    expect(o.expense_total).toEqual({ budget: 36_000_000, actual: 14_900_000, variance: 21_100_000, percent: 41.4 });
    expect(o.surplus).toEqual({ budget: 136_000_001, actual: 43_800_000 });

    // Term 1 only (to the day before term 2 opens): the term parts count whole, months by the month.
    const t1 = await ok(await s.api.post('/budget_actual_outturn', { from: '2026-01-01', to: '2026-05-24' }));
    expect(t1.revenues.map((l: Json) => l.budget)).toEqual([50_000_000, 13_333_334, 4_774_195]);
    expect(t1.expenses.map((l: Json) => [l.budget, l.actual])).toEqual([
      [12_000_000, 14_000_000],
      [0, 900_000],
    ]);
    // Last year: its closed budget against its actual.
    const last = await ok(await s.api.post('/budget_actual_outturn', { year_id: x.y2025 }));
    expect(last.expenses.map(row)).toEqual([
      ['Food', 30_000_000, 25_000_000, 5_000_000, 83.3],
      ['Transport', 0, 0, 0, null],
    ]);
    const half = await s.api.post('/budget_actual_outturn', { from: '2026-01-01' });
    expect(half.statusCode).toBe(422);
    expect((await s.api.post('/budget_actual_outturn', { from: '2026-05-01', to: '2026-04-01' })).statusCode).toBe(422);
  });

  it('exports budget to actual as a formatted spreadsheet and a printable PDF', async () => {
    const xlsx = await s.api.post('/budget_actual_outturn', { format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('budget_to_actual_2026.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 3 });
    expect(sheet.getRow(3).values).toEqual([
      undefined,
      'Section',
      'Category',
      'Budget (UGX)',
      'Actual (UGX)',
      'Variance (UGX)',
      '% of budget',
    ]);
    const fees = sheet.getRow(4);
    expect([fees.getCell(2).value, fees.getCell(3).value, fees.getCell(4).value]).toEqual([
      'School fees',
      120_000_000,
      45_000_000,
    ]);
    expect(fees.getCell(3).numFmt).toBe('#,##0;(#,##0)');
    expect(fees.getCell(6).value).toBe(0.375);
    const total = sheet.getRow(7);
    expect([total.getCell(2).value, total.getCell(3).value, total.getCell(4).value]).toEqual([
      'Total revenue',
      172_000_001,
      58_700_000,
    ]);
    expect(total.font?.bold).toBe(true);

    const pdf = await s.api.post('/budget_actual_outturn', { format: 'pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain('BUDGET TO ACTUAL OUTTURN, 2026');
    expect(text).toContain('Government capitation (USE)');
    expect(text).toContain('172,000,001');
  });

  it('copies last year’s budget or actuals into a new year in one step, and projects expected fees', async () => {
    const y2027 = await ok(
      await s.api.post('/fyear', { name: '2027', starts_on: '2027-01-01', ends_on: '2027-12-31' }),
    );
    const copied = await ok(await s.api.post('/project_revenues', { year_id: y2027.id, copy_from: 'budget' }));
    expect(copied.lines.map((l: Json) => [l.name, l.amount, l.split, l.parts.length])).toEqual([
      ['School fees', 120_000_000, 'term', 3],
      ['Government capitation (USE)', 40_000_000, 'term', 3],
      ['Sales', 12_000_001, 'month', 12],
    ]);
    expect(copied.lines[0].parts).toEqual([50_000_000, 40_000_000, 30_000_000]);
    const actual = await ok(await s.api.post('/project_expenses', { year_id: y2027.id, copy_from: 'actual' }));
    expect(actual.lines.map((l: Json) => [l.name, l.amount, l.last_actual])).toEqual([
      ['Food', 14_000_000, 14_000_000],
      ['Transport', 900_000, 900_000],
    ]);
    // The first year has none before it.
    const none = await s.api.post('/project_expenses', { year_id: x.y2025, copy_from: 'budget' });
    expect(none.statusCode).toBe(202);

    // Expected fees: two S1 students enrolled in term 2 of 2026, 500,000 a term each (and 100,000 for
    // boarders); terms 1 and 3 have no enrolment in 2026 here, so the latest term's students count.
    const cat = await ok(await s.api.post('/fees_categories', { name: 'Tuition' }));
    const board = await ok(await s.api.post('/fees_categories', { name: 'Boarding' }));
    for (const term of [1, 2, 3]) {
      await ok(
        await s.api.post('/fees_breakdowns', {
          year: 2026,
          term,
          class_id: s.classes.S1,
          category_id: cat.id,
          section: 'all',
          nationality: 'all',
          entrants: 'all',
          amount: 500_000,
        }),
      );
      await ok(
        await s.api.post('/fees_breakdowns', {
          year: 2026,
          term,
          class_id: s.classes.S1,
          category_id: board.id,
          section: 'boarding',
          nationality: 'all',
          entrants: 'all',
          amount: 100_000,
        }),
      );
    }
    await admit(s, { section: 'boarding' });
    await admit(s, { surname: 'Okello', other_names: 'Peter', gender: 'M', section: 'day' });
    const p = await ok(await s.api.post('/revenue_projection', { year_id: x.y2026 }));
    expect(p.expected_fees.terms.map((t: Json) => [t.term, t.students, t.amount])).toEqual([
      [1, 2, 1_100_000],
      [2, 2, 1_100_000],
      [3, 2, 1_100_000],
    ]);
    expect(p.expected_fees.total).toBe(3_300_000);
  });

  it('serves every budget call of the contract', () => {
    const served = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    const missing = budgetCalls.filter((c) => !served.has(`${c.method} /api/${c.path.replace(/\{(\w+)\}/g, ':$1')}`));
    expect(missing.map((c) => `${c.method} ${c.path}`)).toEqual([]);
  });
});
