import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { now, today } from '../src/core/dates.js';
import { SchoolScope } from '../src/core/scope.js';
import { termBefore, termPeriod } from '../src/modules/finance-reports/finance-rules.js';
import { postEntry, reverseSource } from '../src/modules/journal/index.js';
import { pdfPages } from './pdf-text.js';
import { client } from './students-fixtures.js';
import { newSchool, staffWith, type TestSchool, useTestApp } from './support.js';

/**
 * The finance reports (issue 12 §4) read the journal. One school's journal, posted directly: fees
 * before and in March, a fees payment voided in March, a revenue into the bank, an expense paid in cash,
 * a transfer from cash to the bank, an expense on credit cleared from the bank, and fees in April.
 */
const t = useTestApp();
const march = { from: '2026-03-01', to: '2026-03-31' };

let school: TestSchool;
let cash: number;
let bank: number;
let cashAccount: number;
let api: ReturnType<typeof client>;
const schoolName = `Kampala Hill ${now().getTime() % 100000} SS`;

async function post(url: string, body: object) {
  const res = await api.post(url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

beforeAll(async () => {
  school = await newSchool(t.app, t.database, schoolName);
  api = client(t.app, school.adminToken);
  const mode = (name: string, kind: string) =>
    post('/payment_options', { name, kind, opening_balance: 0, opening_on: '2026-01-01', active: true });
  cash = await mode('Cash office', 'cash');
  bank = await mode('Stanbic Bank', 'bank');
  const uniforms = await post('/revenue_categories', { name: 'Uniform sales' });
  const food = await post('/expense_categories', { name: 'Food' });
  const scope = new SchoolScope(t.database.db, school.schoolId, { userId: school.adminId, name: 'Bursar' });
  const entry = (
    kind: string,
    id: number,
    date: string,
    memo: string,
    dr: string,
    cr: string,
    amount: number,
    reference?: string,
  ) =>
    postEntry(scope, {
      date,
      source: { kind, id },
      memo,
      reference,
      lines: [
        { account: dr, debit: amount },
        { account: cr, credit: amount },
      ],
    });
  await entry('fees_payment', 1, '2026-02-10', 'Receipt 1', `mode:${cash}`, 'fees_income', 500_000);
  await entry('fees_payment', 2, '2026-03-02', 'Receipt 2', `mode:${cash}`, 'fees_income', 300_000, 'SLIP-77');
  await entry('fees_payment', 3, '2026-03-05', 'Receipt 3', `mode:${cash}`, 'fees_income', 200_000);
  await entry('revenue', 1, '2026-03-06', 'Sweaters sold', `mode:${bank}`, `revenue:${uniforms}`, 120_000);
  await entry('expense', 1, '2026-03-07', 'Maize flour', `expense:${food}`, `mode:${cash}`, 80_000);
  await entry('transfer', 1, '2026-03-10', 'Banked', `mode:${bank}`, `mode:${cash}`, 100_000);
  await entry('expense', 2, '2026-03-12', 'Beans on credit', `expense:${food}`, 'suppliers_payable', 50_000);
  await reverseSource(scope, { kind: 'fees_payment', id: 3 }, { date: '2026-03-20', why: 'cheque bounced' });
  await entry('credit_cleared', 2, '2026-03-25', 'Beans paid', 'suppliers_payable', `mode:${bank}`, 50_000);
  await entry('fees_payment', 4, '2026-04-02', 'Receipt 4', `mode:${cash}`, 'fees_income', 150_000);
  const tb = await api.post('/account_analysis', march);
  cashAccount = tb.json().data.accounts.find((a: { name: string }) => a.name === 'Cash office').account_id;
});

describe('income statement', () => {
  it("shows March's income and expenses per account, the void netted out, and the surplus", async () => {
    const res = await api.post('/income_statement', march);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    expect(r.income.lines.map((l: { name: string; amount: number }) => [l.name, l.amount])).toEqual([
      ['Fees income', 300_000],
      ['Uniform sales', 120_000],
    ]);
    expect(r.income.total).toBe(420_000);
    expect(r.expenses.lines.map((l: { name: string; amount: number }) => [l.name, l.amount])).toEqual([
      ['Food', 130_000],
    ]);
    expect(r.expenses.total).toBe(130_000);
    expect(r.surplus).toBe(290_000);
  });

  it('a range with more expenses than income shows a deficit', async () => {
    const r = (await api.post('/income_statement', { from: '2026-03-07', to: '2026-03-12' })).json().data;
    expect([r.income.total, r.expenses.total, r.surplus]).toEqual([0, 130_000, -130_000]);
  });

  it('exports a spreadsheet with numbers as numbers, bold totals and a frozen header', async () => {
    const res = await api.post('/income_statement', { ...march, format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('income_statement.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toContainEqual(['', 'Total income', 420_000]);
    expect(rows).toContainEqual(['4000', 'Fees income', 300_000]);
    expect(rows).toContainEqual(['', 'Surplus', 290_000]);
    const total = sheet.getColumn(2).values.indexOf('Total income');
    expect(sheet.getRow(total).font?.bold).toBe(true);
    expect(sheet.getRow(total).getCell(3).numFmt).toBe('#,##0;(#,##0)');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 5 });
    expect(sheet.getRow(5).values).toEqual([undefined, 'Code', 'Account', 'Amount (UGX)']);
  });

  it("prints a PDF with the school's name, the period and the figures", async () => {
    const res = await api.post('/income_statement', { ...march, format: 'pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(res.rawPayload)).join('\n');
    expect(text).toContain(schoolName.toUpperCase());
    expect(text).toContain('1 Mar 2026 to 31 Mar 2026');
    expect(text).toContain('420,000');
    expect(text).toContain('290,000');
  });
});

describe('income and expenditure account', () => {
  it('shows February and March month by month, and the excess over both', async () => {
    const res = await api.post('/income_expenditure', { from: '2026-02-01', to: '2026-03-31' });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    expect(r.months).toEqual([
      { month: '2026-02', income: 500_000, expenses: 0, surplus: 500_000 },
      { month: '2026-03', income: 420_000, expenses: 130_000, surplus: 290_000 },
    ]);
    expect([r.income.total, r.expenses.total, r.surplus]).toEqual([920_000, 130_000, 790_000]);
    const xlsx = await api.post('/income_expenditure', { from: '2026-02-01', to: '2026-03-31', format: 'xlsx' });
    expect(xlsx.headers['content-disposition']).toContain('income_expenditure.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toContainEqual(['Feb 2026', 500_000, 0, 500_000]);
    expect(rows).toContainEqual(['Total', 920_000, 130_000, 790_000]);
    expect(rows).toContainEqual(['', 'Excess of income over expenditure', 790_000]);
  });
});

describe('cash flow', () => {
  it("shows each mode's opening, inflow, outflow and closing, and each activity; transfers net to zero", async () => {
    const res = await api.post('/cash_flow', march);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    const modes = r.modes.map((m: Record<string, unknown>) => [m.name, m.opening, m.inflow, m.outflow, m.closing]);
    expect(modes).toEqual([
      ['Cash office', 500_000, 300_000, 180_000, 620_000],
      ['Stanbic Bank', 0, 220_000, 50_000, 170_000],
    ]);
    expect(r.activities.map((a: Record<string, unknown>) => [a.activity, a.inflow, a.outflow, a.net])).toEqual([
      ['fees', 300_000, 0, 300_000],
      ['revenues', 120_000, 0, 120_000],
      ['expenses', 0, 80_000, -80_000],
      ['credits_cleared', 0, 50_000, -50_000],
      ['transfers', 100_000, 100_000, 0],
    ]);
    expect(r.total).toEqual({ opening: 500_000, inflow: 520_000, outflow: 230_000, net: 290_000, closing: 790_000 });
  });

  it('exports the three tables as a landscape PDF and a spreadsheet', async () => {
    const pdf = await api.post('/cash_flow', { ...march, format: 'pdf' });
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain('Transfers between modes');
    expect(text).toContain('790,000');
    const xlsx = await api.post('/cash_flow', { ...march, format: 'xlsx' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toContainEqual(['Total', 500_000, 520_000, 230_000, 290_000, 790_000]);
  });
});

describe('account analysis', () => {
  it("lists the cash account's March lines with the running balance from the opening balance", async () => {
    const res = await api.post('/account_analysis', { ...march, account_id: cashAccount });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    expect(r.kind).toBe('account');
    expect(r.opening).toBe(500_000);
    expect(r.lines.map((l: Record<string, unknown>) => [l.date, l.memo, l.debit, l.credit, l.balance])).toEqual([
      ['2026-03-02', 'Receipt 2', 300_000, 0, 800_000],
      ['2026-03-05', 'Receipt 3', 200_000, 0, 1_000_000],
      ['2026-03-07', 'Maize flour', 0, 80_000, 920_000],
      ['2026-03-10', 'Banked', 0, 100_000, 820_000],
      ['2026-03-20', 'Reversed: Receipt 3 (cheque bounced)', 0, 200_000, 620_000],
    ]);
    expect(r.lines[4].reversal).toBe(true);
    expect(r.lines.map((l: { reference: string | null }) => l.reference)).toEqual(['SLIP-77', null, null, null, null]);
    expect(r.total).toEqual({ debit: 500_000, credit: 380_000 });
    expect(r.closing).toBe(620_000);
  });

  it('exports the lines with dates as dates', async () => {
    const res = await api.post('/account_analysis', { ...march, account_id: cashAccount, format: 'xlsx' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const dates: unknown[] = [];
    sheet.eachRow((row) => {
      if (row.getCell(2).value === 'Maize flour' || row.getCell(3).value === 'SLIP-77')
        dates.push(row.getCell(1).value, row.getCell(5).value);
    });
    expect(dates).toEqual([new Date('2026-03-02T00:00:00Z'), null, new Date('2026-03-07T00:00:00Z'), 80_000]);
  });

  it('with no account, is the trial balance at the end of March: debits equal credits', async () => {
    const r = (await api.post('/account_analysis', march)).json().data;
    expect(r.kind).toBe('trial_balance');
    const shown = r.accounts.map((a: Record<string, unknown>) => [a.name, a.debit, a.credit]);
    expect(shown).toEqual([
      ['Cash office', 620_000, 0],
      ['Stanbic Bank', 170_000, 0],
      ['Suppliers payable', 0, 0],
      ['Fees income', 0, 800_000],
      ['Uniform sales', 0, 120_000],
      ['Food', 130_000, 0],
    ]);
    expect(r.total).toEqual({ period_debit: 1_100_000, period_credit: 1_100_000, debit: 920_000, credit: 920_000 });
  });

  it("answers 404 for another school's account and shows that school none of this journal", async () => {
    const other = await newSchool(t.app, t.database);
    const theirs = client(t.app, other.adminToken);
    const res = await theirs.post('/account_analysis', { ...march, account_id: cashAccount });
    expect(res.statusCode).toBe(404);
    expect((await theirs.post('/account_analysis', march)).json().data.accounts).toEqual([]);
    const statement = (await theirs.post('/income_statement', march)).json().data;
    expect([statement.income.total, statement.expenses.total]).toEqual([0, 0]);
    expect((await theirs.post('/cash_flow', march)).json().data.modes).toEqual([]);
  });
});

describe('who may ask, and what', () => {
  it('refuses each report to a user without its flag, and answers one with it', async () => {
    const revenueClerk = client(t.app, (await staffWith(t.app, t.database, school, ['revenue_report'])).token);
    for (const path of ['/income_statement', '/income_expenditure', '/cash_flow', '/account_analysis'])
      expect((await revenueClerk.post(path, march)).statusCode, path).toBe(403);
    const accountant = client(t.app, (await staffWith(t.app, t.database, school, ['income_expenditure_report'])).token);
    expect((await accountant.post('/income_statement', march)).json().data.surplus).toBe(290_000);
    expect((await accountant.post('/cash_flow', march)).statusCode).toBe(403);
    const cashier = client(t.app, (await staffWith(t.app, t.database, school, ['cash_flow_report'])).token);
    expect((await cashier.post('/cash_flow', march)).statusCode).toBe(200);
    const analyst = client(t.app, (await staffWith(t.app, t.database, school, ['account_analysis'])).token);
    expect((await analyst.post('/account_analysis', march)).statusCode).toBe(200);
  });

  it('answers 422 with the field to a bad date, an end before the start, or a bad format', async () => {
    const bad = await api.post('/income_statement', { from: '2026-02-30', to: '2026-03-31' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['from']);
    const backwards = await api.post('/cash_flow', { from: '2026-03-31', to: '2026-03-01' });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.to).toEqual(['The end date is before the start date']);
    expect((await api.post('/account_analysis', { ...march, format: 'csv' })).statusCode).toBe(422);
    expect((await api.post('/account_analysis', { ...march, account_id: 'cash' })).statusCode).toBe(422);
  });
});

describe('documents recorded through the app', () => {
  it('a revenue received shows in the income statement and the cash flow, and leaves both when voided', async () => {
    const other = await newSchool(t.app, t.database);
    const theirs = client(t.app, other.adminToken);
    const made = async (url: string, body: object) => {
      const res = await theirs.post(url, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as number;
    };
    const on = today();
    const mode = await made('/payment_options', {
      name: 'Farm cash box',
      kind: 'cash',
      opening_balance: 0,
      opening_on: '2026-01-01',
      active: true,
    });
    const sales = await made('/revenue_categories', { name: 'Farm sales' });
    const maize = await made('/revenue_sources', { name: 'Sale of maize', category_id: sales });
    const revenue = await made('/revenues', { source_id: maize, amount: 75_000, received_on: on, mode_id: mode });
    const range = { from: `${on.slice(0, 4)}-01-01`, to: on };
    const statement = (await theirs.post('/income_statement', range)).json().data;
    expect(statement.income.lines.map((l: { name: string; amount: number }) => [l.name, l.amount])).toEqual([
      ['Farm sales', 75_000],
    ]);
    const flow = (await theirs.post('/cash_flow', range)).json().data;
    expect(flow.activities).toEqual([{ activity: 'revenues', inflow: 75_000, outflow: 0, net: 75_000 }]);
    expect(flow.modes.map((m: { name: string; closing: number }) => [m.name, m.closing])).toEqual([
      ['Farm cash box', 75_000],
    ]);

    expect((await theirs.del(`/revenues/${revenue}?reason=${encodeURIComponent('Counted twice')}`)).statusCode).toBe(
      200,
    );
    const after = (await theirs.post('/income_statement', range)).json().data;
    expect([after.income.lines, after.surplus]).toEqual([[], 0]);
    const flowAfter = (await theirs.post('/cash_flow', range)).json().data;
    expect([flowAfter.activities, flowAfter.total.closing]).toEqual([[], 0]);
  });
});

describe('report periods: this term, last term and this financial year', () => {
  it('a term runs from the day after the term before it closed to its closing day (today while it lasts)', () => {
    const term2 = { year: 2026, term: 2, opensOn: '2026-05-25', closesOn: '2026-08-22' };
    expect(termPeriod(term2, { closesOn: '2026-05-01' }, '2026-11-29')).toEqual({
      from: '2026-05-02',
      to: '2026-08-22',
    });
    expect(termPeriod(term2, { closesOn: '2026-05-01' }, '2026-06-10')).toEqual({
      from: '2026-05-02',
      to: '2026-06-10',
    });
    expect(termBefore({ year: 2026, term: 1 })).toEqual({ year: 2025, term: 3 });
    expect(termBefore({ year: 2026, term: 3 })).toEqual({ year: 2026, term: 2 });
  });

  it("answers the school's periods, the Ministry's dates standing in for terms it never set, to report readers only", async () => {
    const details = (await api.get('/school_details')).json().data;
    const { id, logo_file_id: _, ...rest } = details;
    expect((await api.put(`/school/${id}`, { ...rest, current_year: 2026, current_term: 2 })).statusCode).toBe(200);
    expect(
      (await api.post('/fyear', { name: 'FY 2026', starts_on: '2026-01-01', ends_on: '2026-12-31' })).statusCode,
    ).toBeLessThan(300);
    const res = await api.get('/report_periods');
    expect(res.statusCode, res.body).toBe(200);
    const day = today();
    expect(res.json().data).toEqual([
      { key: 'this_term', name: 'Term 2 2026', from: '2026-05-02', to: day < '2026-08-22' ? day : '2026-08-22' },
      // Term 3 of 2025 closed on 5 Dec 2025 (the Ministry's calendar: the school never set 2025's terms).
      { key: 'last_term', name: 'Term 1 2026', from: '2025-12-06', to: '2026-05-01' },
      { key: 'this_financial_year', name: 'FY 2026', from: '2026-01-01', to: day < '2026-12-31' ? day : '2026-12-31' },
    ]);
    const cashier = client(t.app, (await staffWith(t.app, t.database, school, ['pay_fees'])).token);
    expect((await cashier.get('/report_periods')).statusCode).toBe(403);
    const bursar = client(t.app, (await staffWith(t.app, t.database, school, ['periodic_payment_report'])).token);
    expect((await bursar.get('/report_periods')).statusCode).toBe(200);
  });
});
