import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { kampalaDay } from '../support/dates';
import { plain, ugx } from '../support/money';
import { admin, apiSignIn, bearer, collectPageErrors, type Session, seedSession, uiSignIn } from '../support/session';
import { choose, totalsOf, unique } from '../support/ui';

// The finance reports read the journal: the screens show what the API answers for this year so far,
// export it as a spreadsheet, and stay shut to a user whose group lacks the flag.
test.describe.configure({ mode: 'serial' });

let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
});

const today = kampalaDay();
const yearToDate = { from: `${today.slice(0, 4)}-01-01`, to: today };

/** The workbook the screen's Export button saves, and its suggested name. */
async function exported(page: import('@playwright/test').Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  const path = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(path);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: download.suggestedFilename(), rows };
}

test("the income statement shows the journal's income, expenses and surplus, and exports them", async ({ page }) => {
  const errors = collectPageErrors(page);
  // A revenue received today, under a category of its own: its account shows with its amount.
  const headers = bearer(session);
  const made = async (path: string, data: object) => {
    const res = await page.request.post(`/api/${path}`, { headers, data });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { data: { id: number } }).data.id;
  };
  const category = unique('Bus hire ');
  const categoryId = await made('revenue_categories', { name: category });
  const source = await made('revenue_sources', { name: unique('Trip '), category_id: categoryId });
  const modes = (await (await page.request.get('/api/payment_options?per_page=50', { headers })).json()) as {
    data: { id: number; name: string }[];
  };
  const cash = modes.data.find((m) => m.name === 'Cash')!;
  await made('revenues', { source_id: source, amount: 345_000, received_on: today, mode_id: cash.id });
  const reply = await page.request.post('/api/income_statement', { headers: bearer(session), data: yearToDate });
  expect(reply.status()).toBe(200);
  const api = (await reply.json()).data as {
    income: { lines: { name: string; amount: number }[]; total: number };
    expenses: { lines: { name: string; amount: number }[]; total: number };
    surplus: number;
  };

  await page.goto('/income/statement');
  await expect(page.getByTestId('page-title')).toHaveText('Income Statement');
  await expect(page.getByTestId('report-period')).toHaveText(/^1 Jan \d{4} to \d{1,2} \w{3} \d{4}$/);
  await expect(page.getByTestId('total-income')).toHaveText(ugx(api.income.total));
  await expect(page.getByTestId('total-expenses')).toHaveText(ugx(api.expenses.total));
  await expect(page.getByTestId('surplus')).toHaveText(ugx(api.surplus));
  const income = page.getByTestId('income-section');
  await expect(income.locator('tr[data-account]')).toHaveCount(api.income.lines.length);
  for (const line of api.income.lines)
    await expect(income.locator(`tr[data-account="${line.name}"]`)).toContainText(plain(line.amount));
  expect(api.income.lines.find((l) => l.name === category)?.amount).toBe(345_000);
  await expect(income.locator(`tr[data-account="${category}"]`)).toContainText('345,000');
  expect((await totalsOf(income)).at(-1)).toBe(plain(api.income.total));

  const sheet = await exported(page);
  expect(sheet.name).toBe('income_statement.xlsx');
  expect(sheet.rows[0]).toEqual(['Income Statement']);
  expect(sheet.rows).toContainEqual(['', 'Total income', api.income.total]);
  expect(sheet.rows).toContainEqual(['', api.surplus < 0 ? 'Deficit' : 'Surplus', api.surplus]);
  expect(errors).toEqual([]);
});

test('account analysis opens on the trial balance, whose debits equal its credits, and a row opens its account', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const reply = await page.request.post('/api/account_analysis', { headers: bearer(session), data: yearToDate });
  const api = (await reply.json()).data as {
    accounts: { account_id: number; name: string; debit: number; credit: number }[];
    total: { debit: number; credit: number };
  };
  expect(api.total.debit).toBe(api.total.credit);

  await page.goto('/reports/account/analysis');
  await expect(page.getByTestId('page-title')).toHaveText('Account Analysis');
  const trial = page.getByTestId('trial-balance');
  await expect(trial.locator('tr[data-account]')).toHaveCount(api.accounts.length);
  // The demo school's documents are in the journal: the trial balance has their accounts.
  expect(api.accounts.length).toBeGreaterThan(3);
  const totals = await totalsOf(trial);
  expect(totals.slice(-2)).toEqual([plain(api.total.debit), plain(api.total.credit)]);

  // The first account's lines, from its opening balance to its closing balance.
  const first = api.accounts[0]!;
  const lines = await page.request.post('/api/account_analysis', {
    headers: bearer(session),
    data: { ...yearToDate, account_id: first.account_id },
  });
  const asked = (await lines.json()).data as { opening: number; closing: number; lines: unknown[] };
  await trial.locator(`tr[data-account="${first.name}"]`).click();
  await expect(page.getByTestId('opening-balance')).toHaveText(ugx(asked.opening));
  await expect(page.getByTestId('closing-balance')).toHaveText(ugx(asked.closing));
  await expect(page.getByTestId('account-lines').locator('tr[data-memo]')).toHaveCount(asked.lines.length);
  const sheet = await exported(page);
  expect(sheet.name).toMatch(/^account_[\d-]+\.xlsx$/);
  const closing = sheet.rows.find((r) => r[1] === 'Totals and closing balance');
  expect(closing?.[5]).toBe(asked.closing);
  expect(errors).toEqual([]);
});

test('a user whose group lacks the flag is refused the reports, in the browser and by the API', async ({
  browser,
  request,
}) => {
  const headers = bearer(session);
  const suffix = Date.now().toString(36);
  const role = await request.post('/api/roles', { headers, data: { name: `Revenue clerk ${suffix}` } });
  const roleId = ((await role.json()) as { data: { id: number } }).data.id;
  await request.put(`/api/permissions/${roleId}`, { headers, data: { flags: { revenue_report: true } } });
  const username = `revclerk.${suffix}`;
  const password = 'clerk-pass-123';
  const user = await request.post('/api/users', {
    headers,
    data: { name: 'Ruth Clerk', username, email: null, phone: null, type: 2, role_id: roleId, active: true, password },
  });
  expect(user.status()).toBe(200);
  const clerk = await apiSignIn(request, username, password);
  for (const call of ['income_statement', 'income_expenditure', 'cash_flow', 'account_analysis'])
    expect((await request.post(`/api/${call}`, { headers: bearer(clerk), data: yearToDate })).status(), call).toBe(403);

  // A browser of the clerk's own (this file's pages carry the administrator's session).
  const own = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await own.newPage();
  await uiSignIn(page, username, password);
  for (const path of ['/income/statement', '/reports/account/analysis']) {
    await page.goto(path);
    await expect(page.locator('[data-screen-status="no-access"]')).toBeVisible();
    await expect(page.getByTestId('total-income')).toHaveCount(0);
  }
  await own.close();
});

test('the income statement offers last term: its dates and figures replace the year to date', async ({ page }) => {
  const errors = collectPageErrors(page);
  type Period = { key: string; name: string; from: string; to: string };
  const headers = bearer(session);
  const periods = ((await (await page.request.get('/api/report_periods', { headers })).json()) as { data: Period[] })
    .data;
  const last = periods.find((p) => p.key === 'last_term')!;
  const statement = async (range: { from: string; to: string }) =>
    (
      (await (await page.request.post('/api/income_statement', { headers, data: range })).json()) as {
        data: { income: { total: number }; expenses: { total: number } };
      }
    ).data;
  const [lastTerm, year] = [await statement(last), await statement(yearToDate)];
  expect(lastTerm.income.total).toBeGreaterThan(0);
  expect(lastTerm.income.total).not.toBe(year.income.total);
  const day = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

  await page.goto('/income/statement');
  await expect(page.getByTestId('total-income')).toHaveText(ugx(year.income.total));
  await choose(page, page.getByRole('combobox', { name: 'Period' }), `Last term (${last.name})`);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByTestId('report-period')).toHaveText(`${day(last.from)} to ${day(last.to)}`);
  await expect(page.getByTestId('total-income')).toHaveText(ugx(lastTerm.income.total));
  await expect(page.getByTestId('total-expenses')).toHaveText(ugx(lastTerm.expenses.total));
  expect(errors).toEqual([]);
});
