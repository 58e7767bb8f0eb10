import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { SchoolScope } from '../src/core/scope.js';
import { trialBalance } from '../src/modules/journal/index.js';
import { pdfPages } from './pdf-text.js';
import { client, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { staffWith, useTestApp } from './support.js';

/** Payroll (issue 13 §1): a month prepared by Uganda's rules, paid from a mode, posted; advances recovered. */
const t = useTestApp();

describe('payroll', () => {
  let s: RegisterSchool;
  let cash: number;
  const ids: Record<string, number> = {};
  const ok = async (res: Promise<{ statusCode: number; body: string; json: () => Json }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data;
  };
  const balances = async () => {
    const scope = new SchoolScope(t.database.db, s.schoolId, { userId: null, name: 'Test' });
    return Object.fromEntries((await trialBalance(scope)).map((a) => [a.key, a.balance]));
  };

  beforeAll(async () => {
    s = await registerSchool(t.app, t.database);
    cash = (
      await ok(
        s.api.post('/payment_options', {
          name: 'Cash',
          kind: 'cash',
          opening_balance: 5_000_000,
          opening_on: '2026-01-01',
        }),
      )
    ).id;
    const member = async (name: string, initials: string, basic: number, active = true) =>
      (await ok(s.api.post('/staff', { name, initials, basic_salary: basic, active }))).id as number;
    ids.okello = await member('Okello James', 'OJ', 1_000_000);
    ids.nakato = await member('Nakato Sarah', 'NS', 300_000);
    ids.gone = await member('Former Teacher', 'FT', 800_000, false);
    ids.volunteer = await member('Volunteer', 'VO', 0);
    await ok(s.api.post('/staff_allowances', { staff_id: ids.okello, name: 'Housing', amount: 200_000, active: true }));
    await ok(
      s.api.post('/salary_deductions', { staff_id: ids.okello, name: 'Teachers SACCO', amount: 50_000, active: true }),
    );
  });

  it('pays an advance from a mode with consent and a plan; it is owed back', async () => {
    const noConsent = await s.api.post('/advances', {
      staff_id: ids.nakato,
      amount: 120_000,
      mode_id: cash,
      months: 3,
    });
    expect(noConsent.statusCode).toBe(422);
    const advance = await ok(
      s.api.post('/advances', {
        staff_id: ids.nakato,
        amount: 120_000,
        mode_id: cash,
        months: 3,
        consent: 'Signed advance form, 1 Sep 2026',
        given_on: '2026-09-01',
      }),
    );
    expect(advance).toMatchObject({ amount: 120_000, recovered: 0, outstanding: 120_000, status: 'valid' });
    ids.advance = advance.id;
    expect(await balances()).toMatchObject({ staff_advances: 120_000, [`mode:${cash}`]: 5_000_000 - 120_000 });
  });

  it("prepares September by Uganda's rules: PAYE on gross less LST, NSSF 5 % and 10 %, the LST instalment, deductions, the advance", async () => {
    const month = await ok(s.api.post('/salary_temp', { year: 2026, month: 9 }));
    const row = (id: number) => month.rows.find((r: Json) => r.staff_id === id);
    // Only active staff with a salary.
    expect(month.rows.map((r: Json) => r.staff_name)).toEqual(['Nakato Sarah', 'Okello James']);
    // 1,200,000 gross; LST 100,000 a year in four instalments from July: 25,000; PAYE on 1,175,000.
    expect(row(ids.okello)).toMatchObject({
      basic: 1_000_000,
      allowances: 200_000,
      gross: 1_200_000,
      lst: 25_000,
      paye: 254_500,
      nssf_employee: 60_000,
      nssf_employer: 120_000,
      others: 50_000,
      advance: 0,
      net: 810_500,
      prepared: true,
      paid: false,
    });
    // 300,000 gross; LST 10,000 a year: 2,500; PAYE 10 % of 297,500 over 235,000; the advance's 40,000.
    expect(row(ids.nakato)).toMatchObject({
      gross: 300_000,
      lst: 2_500,
      paye: 6_250,
      nssf_employee: 15_000,
      advance: 40_000,
      net: 236_250,
    });
    expect(month.totals).toMatchObject({ gross: 1_500_000, net: 1_046_750 });
  });

  it('takes the bursar’s change and works the taxes again; an advance larger than owed is refused', async () => {
    const month = (await ok(s.api.get('/salary_temp?year=2026&month=9'))).rows as Json[];
    const nakato = month.find((r) => r.staff_id === ids.nakato)!;
    const changed = await ok(s.api.put(`/salary_temp/${nakato.id}`, { advance: 60_000 }));
    expect(changed).toMatchObject({ advance: 60_000, net: 216_250, paye: 6_250 });
    const tooMuch = await s.api.put(`/salary_temp/${nakato.id}`, { advance: 130_000 });
    expect(tooMuch.statusCode).toBe(202);
    expect(tooMuch.json().message).toBe('Only UGX 120,000 of advances is owed.');
  });

  it('pays the month from Cash and posts it: salaries, employer NSSF, PAYE, NSSF, LST, SACCO, the advance, net', async () => {
    const paid = await ok(
      s.api.post('/pay_salary_all', { year: 2026, month: 9, mode_id: cash, paid_on: '2026-09-28' }),
    );
    expect(paid).toMatchObject({ paid: 2, totals: { gross: 1_500_000, net: 810_500 + 216_250 } });
    expect(await balances()).toMatchObject({
      salaries_expense: 1_500_000,
      employer_nssf_expense: 150_000,
      paye_payable: 260_750,
      nssf_payable: 60_000 + 120_000 + 15_000 + 30_000,
      lst_payable: 27_500,
      staff_deductions_payable: 50_000,
      staff_advances: 60_000,
      [`mode:${cash}`]: 5_000_000 - 120_000 - 1_026_750,
    });
    // Paying twice for the month is refused, all at once or one by one.
    const again = await s.api.post('/pay_salary_all', { year: 2026, month: 9, mode_id: cash });
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toBe('Nothing to pay for September 2026: prepare the month first.');
    const temps = (await ok(s.api.get('/salary_temp?year=2026&month=9'))).rows as Json[];
    expect(temps.every((r) => r.paid)).toBe(true);
    const one = await s.api.post('/salary_ledger', { temp_id: temps[0].id, mode_id: cash });
    expect(one.statusCode).toBe(202);
    expect(one.json().message).toBe('This salary is already paid for September 2026.');
    // A paid month is not changed.
    expect((await s.api.put(`/salary_temp/${temps[0].id}`, { others: 0 })).statusCode).toBe(409);
    // The statement of Cash shows each salary.
    const statement = await ok(s.api.get(`/payment_options/${cash}?from=2026-09-28&to=2026-09-28`));
    expect(statement.lines.map((l: Json) => [l.description, l.money_out]).sort()).toEqual([
      ['Salary of Nakato Sarah for September 2026', 216_250],
      ['Salary of Okello James for September 2026', 810_500],
    ]);
  });

  it("keeps each staff member's ledger: months paid and the advance still owed; an advance being recovered is not voided", async () => {
    const ledger = await ok(s.api.get(`/salary_ledger/${ids.nakato}`));
    expect(ledger.payments.map((p: Json) => [p.year, p.month, p.gross, p.advance, p.net])).toEqual([
      [2026, 9, 300_000, 60_000, 216_250],
    ]);
    expect(ledger.advance_outstanding).toBe(60_000);
    const voided = await s.api.del(`/advances/${ids.advance}?reason=${encodeURIComponent('Entered twice')}`);
    expect(voided.statusCode).toBe(202);
    expect(voided.json().message).toBe('UGX 60,000 of this advance is recovered by salaries: reverse those first.');
  });

  it('corrects an advance with a reason: its plan and reference change, its amount stays once recovered', async () => {
    const body = {
      amount: 120_000,
      mode_id: cash,
      months: 2,
      consent: 'Signed advance form, 1 Sep 2026',
      given_on: '2026-09-01',
      reference: 'ADV-7',
    };
    const noReason = await s.api.put(`/advances/${ids.advance}`, body);
    expect(noReason.statusCode).toBe(422);
    const changed = await ok(s.api.put(`/advances/${ids.advance}`, { ...body, reason: 'Two months agreed' }));
    expect(changed).toMatchObject({ months: 2, reference: 'ADV-7', outstanding: 60_000 });
    const [change] = await ok(s.api.get(`/advance_amendments/${ids.advance}`));
    expect(change).toMatchObject({ reason: 'Two months agreed', after: { months: 2, reference: 'ADV-7' } });
    // Reversed and posted again: what is owed back is unchanged.
    expect((await balances()).staff_advances).toBe(60_000);
    const bigger = await s.api.put(`/advances/${ids.advance}`, { ...body, amount: 200_000, reason: 'More given' });
    expect(bigger.statusCode).toBe(202);
    expect(bigger.json().message).toBe('UGX 60,000 of this advance is recovered: its amount stays.');
  });

  it('reverses a payment with a reason; the month may then be paid again, once', async () => {
    const [okello] = (await ok(
      s.api.post('/salary_payments', { year: 2026, month: 9, staff_id: ids.okello }),
    )) as Json[];
    const reversed = await ok(
      s.api.del(`/salary_ledger/${okello.id}?reason=${encodeURIComponent('Paid from the wrong mode')}`),
    );
    expect(reversed).toMatchObject({ status: 'void', void_reason: 'Paid from the wrong mode' });
    expect((await balances()).salaries_expense).toBe(300_000);
    const list = await s.api.post('/salary_payments', { year: 2026, month: 9 });
    expect(list.json().totals).toMatchObject({ gross: 300_000, net: 216_250 });
    const temps = (await ok(s.api.get('/salary_temp?year=2026&month=9'))).rows as Json[];
    const temp = temps.find((r) => r.staff_id === ids.okello)!;
    expect(temp.paid).toBe(false);
    const repaid = await ok(s.api.post('/salary_ledger', { temp_id: temp.id, mode_id: cash, paid_on: '2026-09-29' }));
    expect(repaid).toMatchObject({ status: 'valid', net: 810_500, paid_on: '2026-09-29' });
    expect((await balances()).salaries_expense).toBe(1_500_000);
  });

  it("prints the month's payslips and the PAYE, NSSF and bank sheets for the returns", async () => {
    const slips = await s.api.post('/salary_report', { year: 2026, month: 9, kind: 'payslips' });
    expect(slips.statusCode).toBe(200);
    expect(slips.headers['content-type']).toContain('application/pdf');
    const pages = await pdfPages(slips.rawPayload);
    // Two to an A4 page by default: both slips on one page.
    expect(pages).toHaveLength(1);
    const text = pages.join('\n');
    expect(text).toContain('PAYSLIP: SEPTEMBER 2026');
    expect(text).toContain('Okello James');
    expect(text).toContain('810,500');
    expect(text).toContain('Teachers SACCO');
    expect(text).toContain('Salary advance still owed: UGX 60,000');
    const sheet = async (kind: string) => {
      const res = await s.api.post('/salary_report', { year: 2026, month: 9, kind });
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = book.worksheets[0]!;
      return Array.from({ length: ws.rowCount }, (_, i) => (ws.getRow(i + 1).values as unknown[]).slice(1));
    };
    const paye = await sheet('paye');
    expect(paye.at(-1)).toEqual(['Total', undefined, 1_500_000, 27_500, 1_472_500, 260_750]);
    const nssf = await sheet('nssf');
    expect(nssf.at(-1)).toEqual(['Total', undefined, 1_500_000, 75_000, 150_000, 225_000]);
    // Only staff with a bank account are on the bank sheet: none here.
    expect((await sheet('bank')).at(-1)).toEqual(['Total', undefined, undefined, 0]);
  });

  it('prints four to a page when the school says so, each with the tax year to date (from July; a reversed payment left out)', async () => {
    await ok(s.api.post('/salary_temp', { year: 2026, month: 10 }));
    await ok(s.api.post('/pay_salary_all', { year: 2026, month: 10, mode_id: cash, paid_on: '2026-10-28' }));
    const paid = [
      ...((await ok(s.api.post('/salary_payments', { year: 2026, month: 9, staff_id: ids.okello }))) as Json[]),
      ...((await ok(s.api.post('/salary_payments', { year: 2026, month: 10, staff_id: ids.okello }))) as Json[]),
    ].filter((p) => p.status === 'valid');
    expect(paid).toHaveLength(2);
    const sum = (key: string) => paid.reduce((n, p) => n + (p[key] as number), 0);
    expect(sum('gross')).toBe(2_400_000);

    const details = (await s.api.get('/school_details')).json().data;
    expect(details.payslips_per_page).toBe(2);
    const { id, logo_file_id: _, ...rest } = details;
    const four = await s.api.put(`/school/${id}`, { ...rest, payslips_per_page: 4 });
    expect(four.statusCode, four.body).toBe(200);
    expect(four.json().data.payslips_per_page).toBe(4);
    // Three, or any other number, is not a choice.
    expect((await s.api.put(`/school/${id}`, { ...rest, payslips_per_page: 3 })).statusCode).toBe(422);

    const slips = await s.api.post('/salary_report', { year: 2026, month: 10, kind: 'payslips', staff_id: ids.okello });
    expect(slips.statusCode).toBe(200);
    const [page] = await pdfPages(slips.rawPayload);
    expect(page).toContain('PAYSLIP: OCTOBER 2026');
    expect(page).toContain('Year to date, from July 2026 (UGX)');
    const ytd = [sum('gross'), sum('paye'), sum('nssf_employee')].map((n) => n.toLocaleString('en-GB'));
    expect(page).toMatch(new RegExp(ytd.join('\\s*')));
  });

  it('keeps each flag to its own calls and each school to its own staff', async () => {
    const payer = client(t.app, (await staffWith(t.app, t.database, s, ['view_staff_payments'])).token);
    expect((await payer.get('/salary_temp?year=2026&month=9')).statusCode).toBe(200);
    expect((await payer.get('/advances')).statusCode).toBe(403);
    expect((await payer.get(`/salary_ledger/${ids.nakato}`)).statusCode).toBe(403);
    const other = await registerSchool(t.app, t.database);
    expect((await other.api.get(`/salary_ledger/${ids.nakato}`)).statusCode).toBe(404);
    expect((await other.api.del(`/advances/${ids.advance}?reason=Not%20ours`)).statusCode).toBe(404);
    const temps = (await ok(s.api.get('/salary_temp?year=2026&month=9'))).rows as Json[];
    expect((await other.api.post('/salary_ledger', { temp_id: temps[0].id, mode_id: cash })).statusCode).toBe(404);
  });
});
