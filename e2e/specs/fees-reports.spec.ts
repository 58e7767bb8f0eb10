import { createServer } from 'node:http';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { allows, resourceByPath } from '@somero/contract';
import { dayFirst, kampalaDay, thisYear } from '../support/dates';
import { num, plain } from '../support/money';
import { admin, apiSignIn, bearer, collectPageErrors, type Session, seedSession } from '../support/session';
import { choose, exportedFileName, go, notice, totalsOf } from '../support/ui';

let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
});

interface Shown {
  headers: string[];
  rows: string[][];
  totals: string[];
}

/** The headings, body rows and totals row of the one table inside `panel`, once its totals row shows. */
async function readTable(panel: Locator): Promise<Shown> {
  await expect(panel.getByTestId('totals-row')).toBeVisible();
  const headers = (await panel.locator('thead th').allInnerTexts()).map((h) => h.trim());
  const rows = await panel
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));
  const totals = await totalsOf(panel);
  return { headers, rows, totals };
}

const column = (shown: Shown, header: string) => {
  const i = shown.headers.indexOf(header);
  expect(i, `column ${header} in ${shown.headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return i;
};
const sumOf = (shown: Shown, header: string) => {
  const i = column(shown, header);
  return shown.rows.reduce((sum, r) => sum + num(r[i] ?? '0'), 0);
};
const totalOf = (shown: Shown, header: string) => num(shown.totals[column(shown, header)] ?? '');

async function post<T>(page: Page, path: string, data: object): Promise<T> {
  const reply = await page.request.post(`/api/${path}`, { data, headers: bearer(session) });
  expect(reply.status(), path).toBe(200);
  return ((await reply.json()) as { data: T }).data;
}

interface SummaryReply {
  groups: { class_id: number; class_name: string; stream_name: string | null; balance: number; expected: number }[];
  totals: { expected: number; paid: number; balance: number };
  defaulters: { student_id: number; balance: number }[];
  defaulters_count: number;
  defaulters_total: number;
}

test('fees summary: the totals row adds up, a class agrees with the API, defaulters shrink as the threshold rises', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const api = await post<SummaryReply>(page, 'fees_summaryq', { min_balance: 0 });
  await page.goto('/fees/summary');
  const groups = page.getByTestId('summary-groups');
  const all = await readTable(groups);
  expect(all.rows.length).toBe(api.groups.length);
  for (const h of ['Expected (UGX)', 'Paid (UGX)', 'Balance (UGX)']) expect(totalOf(all, h)).toBe(sumOf(all, h));
  expect(totalOf(all, 'Expected (UGX)')).toBe(api.totals.expected);
  expect(totalOf(all, 'Balance (UGX)')).toBe(api.totals.balance);
  expect(totalOf(all, 'Expected (UGX)')).toBeGreaterThan(0);

  // One class: its rows on screen add up to what the API answers for that class.
  const s3 = api.groups.filter((g) => g.class_name === 'S3');
  const s3Balance = s3.reduce((sum, g) => sum + g.balance, 0);
  await choose(page, page.getByRole('combobox', { name: 'Class' }), 'S3');
  await expect(groups.locator('tbody tr[data-group]')).toHaveCount(s3.length);
  await expect(groups.locator('tbody tr[data-group]').first()).toHaveAttribute('data-group', /^S3/);
  const s3Shown = await readTable(groups);
  expect(totalOf(s3Shown, 'Balance (UGX)')).toBe(s3Balance);
  expect(sumOf(s3Shown, 'Balance (UGX)')).toBe(s3Balance);
  await expect(page.getByTestId('bar-S3')).toHaveText(plain(s3Balance));

  // Defaulters of S3: more than nothing, then more than 500,000.
  const s3Id = s3[0]!.class_id;
  const owing = await post<SummaryReply>(page, 'fees_summaryq', { class_id: s3Id, min_balance: 0 });
  const owingMuch = await post<SummaryReply>(page, 'fees_summaryq', { class_id: s3Id, min_balance: 500_000 });
  const heading = page.getByTestId('defaulters').getByRole('heading');
  await expect(heading).toHaveText(`${owing.defaulters_count} defaulters owing more than UGX 0`);
  await page.getByRole('textbox', { name: 'Owing more than' }).fill('500000');
  await expect(heading).toHaveText(`${owingMuch.defaulters_count} defaulters owing more than UGX 500,000`);
  expect(owingMuch.defaulters_count).toBeLessThan(owing.defaulters_count);
  const defaulters = await readTable(page.getByTestId('defaulters'));
  const owingColumn = column(defaulters, 'Owing (UGX)');
  for (const row of defaulters.rows) expect(num(row[owingColumn]!)).toBeGreaterThan(500_000);
  expect(totalOf(defaulters, 'Owing (UGX)')).toBe(owingMuch.defaulters_total);

  // Each defaulter links to the ledger.
  const first = owingMuch.defaulters[0]!;
  await expect(page.getByTestId('defaulters').getByRole('link').first()).toHaveAttribute(
    'href',
    new RegExp(`^/student/ledger/${first.student_id}/`),
  );

  expect(await exportedFileName(page)).toBe('fees_summary.xlsx');
  expect(errors).toEqual([]);
});

test('the periodic report and the payments report give the same total for the same range', async ({ page }) => {
  const errors = collectPageErrors(page);
  const from = `${thisYear()}-01-01`;
  const to = kampalaDay();
  const api = await post<{ totals: { amount: number; count: number } }>(page, 'fees_payments_report', { from, to });
  expect(api.totals.amount).toBeGreaterThan(0);

  await page.goto('/fees/reports/payments');
  await page.getByLabel('From', { exact: true }).fill(from);
  await page.getByLabel('To', { exact: true }).fill(to);
  await page.getByRole('button', { name: 'Show' }).click();
  const payments = page.getByTestId('payments-table');
  await expect(payments.getByTestId('totals-row')).toContainText(
    `${api.totals.count.toLocaleString('en-GB')} payments`,
  );
  const paymentsShown = await readTable(payments);
  expect(totalOf(paymentsShown, 'Amount (UGX)')).toBe(api.totals.amount);
  expect(await exportedFileName(page)).toBe('fees_payments_report.xlsx');

  await go(page, '/fees/reports/periodic');
  await page.getByLabel('From', { exact: true }).fill(from);
  await page.getByLabel('To', { exact: true }).fill(to);
  await page.getByRole('button', { name: 'Show' }).click();
  const periodic = page.getByTestId('periodic-table');
  const months = await readTable(periodic);
  expect(totalOf(months, 'Total (UGX)')).toBe(api.totals.amount);
  expect(sumOf(months, 'Total (UGX)')).toBe(api.totals.amount);
  expect(totalOf(months, 'Payments')).toBe(api.totals.count);
  // Each mode's column adds up to its total, and the modes to the whole.
  const modes = months.headers.slice(2, -2);
  expect(modes.length).toBeGreaterThan(0);
  expect(modes.reduce((s, m) => s + totalOf(months, m), 0)).toBe(api.totals.amount);
  for (const m of modes) expect(totalOf(months, m)).toBe(sumOf(months, m));

  // Per week: different rows, the same total.
  await page.getByText('Week', { exact: true }).click();
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(periodic.locator('thead th').first()).toHaveText('Week');
  const weeks = await readTable(periodic);
  expect(weeks.rows.length).toBeGreaterThan(months.rows.length);
  expect(totalOf(weeks, 'Total (UGX)')).toBe(api.totals.amount);
  await expect(page.getByRole('img', { name: 'Collected per period' }).locator('[data-bar]')).toHaveCount(
    weeks.rows.length,
  );

  // Per day: the same total again; more than 92 days are too many bars, and the chart says so.
  await page.getByText('Day', { exact: true }).click();
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(periodic.locator('thead th').first()).toHaveText('Day');
  const days = await readTable(periodic);
  expect(totalOf(days, 'Total (UGX)')).toBe(api.totals.amount);
  if (days.rows.length > 92) await expect(page.getByText(/periods are too many for a chart/)).toBeVisible();
  else
    await expect(page.getByRole('img', { name: 'Collected per period' }).locator('[data-bar]')).toHaveCount(
      days.rows.length,
    );
  expect(errors).toEqual([]);
});

test('the category summary adds up and shows collected against expected', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/fees/reports/summary');
  const shown = await readTable(page.getByTestId('category-table'));
  for (const h of ['Expected (UGX)', 'Collected (UGX)', 'Outstanding (UGX)'])
    expect(totalOf(shown, h)).toBe(sumOf(shown, h));
  const tuition = shown.rows.find((r) => r[0] === 'Tuition')!;
  await expect(page.getByTestId('bar-Tuition')).toHaveText(`${tuition[2]} / ${tuition[1]}`);
  expect(await exportedFileName(page)).toBe('fees_category_summary.xlsx');
  expect(errors).toEqual([]);
});

test('the custom report shows only the chosen columns and filters by amount', async ({ page }) => {
  await page.goto('/fees/reports/custom/payments');
  await page.getByRole('textbox', { name: 'Amount from' }).fill('400000');
  await page.getByText('Reference', { exact: true }).click();
  await page.getByRole('button', { name: 'Show' }).click();
  const table = page.getByTestId('payments-table');
  await expect(table.locator('thead th')).toContainText(['Receipt', 'Date', 'Student', 'Class', 'Amount (UGX)']);
  await expect(table.locator('thead th').filter({ hasText: 'Reference' })).toHaveCount(1);
  const shown = await readTable(table);
  const amount = column(shown, 'Amount (UGX)');
  expect(shown.rows.length).toBeGreaterThan(0);
  for (const r of shown.rows) expect(num(r[amount]!)).toBeGreaterThanOrEqual(400_000);
});

// A whole class's notes (one page per student owing) are the API's subject (fees-reports-balances.test.ts,
// "prints one demand-note page per student owing"): here the class is asked with a threshold nobody
// reaches, and the PDF opens for one chosen student.
test("demand notes: a class where nobody owes that much is refused; a chosen student's open as a PDF", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/fees/demand');
  await choose(page, page.getByRole('combobox', { name: 'Class' }), 'S4');
  // Nobody owes a hundred million: the server's refusal shows, and no window opens.
  await page.getByRole('textbox', { name: 'Owing more than' }).fill('100000000');
  await page.getByRole('button', { name: 'Print demand notes' }).click();
  await expect(notice(page, 'No student owes more than the amount chosen')).toContainText('Error Occurred');

  await page.getByText('Chosen students', { exact: true }).click();
  await page.getByRole('combobox', { name: 'Student' }).fill('Achieng');
  await page.getByRole('option').first().click();
  await expect(page.getByTestId('students-chosen')).toContainText('Achieng');
  await page.getByRole('textbox', { name: 'Owing more than' }).fill('0');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Print demand notes' }).click();
  await expect.poll(async () => (await popup).url()).toMatch(/^blob:/);
  expect(errors).toEqual([]);
});

test('online payments: check, match a waiting one (it moves to the processed list), reject another', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/pending/online/payments');
  const pending = page.getByTestId('pending-table');
  await expect(pending.getByText('No online payments are waiting.')).toBeVisible();
  await page.getByRole('button', { name: 'Check for new online payments' }).click();
  // The demo's simulator: three payments for known payment codes (receipted), one for a code nobody has.
  await expect(notice(page, '4 new online payments received, 3 receipted')).toBeVisible();
  const rows = pending.locator('tbody tr[data-receipt]');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('UNKNOWN PAYER');
  const receipt = (await rows.first().getAttribute('data-receipt'))!;

  await page.getByRole('button', { name: `Match ${receipt} to a student` }).click();
  const dialog = page.getByRole('dialog', { name: 'Match an online payment to a student' });
  await dialog.getByRole('combobox', { name: 'Student' }).fill('Achieng');
  await page.getByRole('option').first().click();
  const student = (await dialog.getByRole('combobox', { name: 'Student' }).inputValue()).split(' · ')[0]!;
  await dialog.getByRole('button', { name: 'Match and receipt' }).click();
  await expect(notice(page, 'Online payment matched and receipted')).toBeVisible();
  await expect(rows).toHaveCount(0);

  await go(page, '/online/payments');
  // Up to tomorrow: the server counts days in Kampala time, which may be ahead of the test machine's.
  await page.getByLabel('To', { exact: true }).fill(kampalaDay(1));
  await page.getByRole('button', { name: 'Show' }).click();
  const processed = page.getByTestId('online-table').locator(`tr[data-receipt="${receipt}"]`);
  await expect(processed).toBeVisible();
  // Receipted to the student chosen, whatever name the payer wrote.
  await expect(processed).toContainText('UNKNOWN PAYER');
  await expect(processed.getByRole('link', { name: student })).toHaveAttribute('href', /^\/student\/ledger\/\d+\//);
  // Four processed: the three the check receipted and the one matched by hand.
  await expect(page.getByTestId('online-table').locator('tbody tr[data-receipt]')).toHaveCount(4);
  const online = await readTable(page.getByTestId('online-table'));
  expect(totalOf(online, 'Amount (UGX)')).toBe(sumOf(online, 'Amount (UGX)'));
  expect(totalOf(online, 'Amount (UGX)')).toBeGreaterThan(0);
  // A range with no online payments in it.
  await page.getByLabel('From', { exact: true }).fill('2025-01-01');
  await page.getByLabel('To', { exact: true }).fill('2025-01-31');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByTestId('online-table').getByText('No online payments in this range.')).toBeVisible();

  await go(page, '/pending/online/payments');
  await page.getByRole('button', { name: 'Check for new online payments' }).click();
  await expect(rows).toHaveCount(1);
  const second = (await rows.first().getAttribute('data-receipt'))!;
  await page.getByRole('button', { name: `Reject ${second}` }).click();
  const reject = page.getByRole('dialog', { name: 'Reject an online payment' });
  await reject.getByRole('textbox', { name: 'Reason' }).fill('Paid to the wrong school; refunded by SchoolPay');
  await reject.getByRole('button', { name: 'Reject payment' }).click();
  await expect(notice(page, 'Online payment set aside')).toBeVisible();
  await expect(rows).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('"check for new online payments" shows "No New Payments Received" when the provider has nothing new', async ({
  page,
}) => {
  // A SchoolPay-style provider on loopback with no transactions: the real pull, over HTTP, at the
  // server's SCHOOLPAY_URL (playwright.config.ts: the port of this spec's server + 1000).
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ returnCode: 0, returnMessage: 'SUCCESS', transactions: [] }));
  });
  await new Promise<void>((resolve) =>
    server.listen(Number(new URL(test.info().project.use.baseURL ?? '').port) + 1000, '127.0.0.1', resolve),
  );
  const gateway = (enabled: boolean) =>
    page.request.put('/api/payment_gateway', {
      headers: bearer(session),
      data: { school_code: 'E2E-EMPTY', api_password: 'e2e-secret', enabled },
    });
  try {
    // The bursar enters the school's SchoolPay account on the screen.
    await page.goto('/pending/online/payments');
    await page.getByRole('button', { name: 'SchoolPay account' }).click();
    const dialog = page.getByRole('dialog', { name: 'SchoolPay account' });
    await dialog.getByRole('textbox', { name: 'School code' }).fill('E2E-EMPTY');
    await dialog.getByLabel('API password').fill('e2e-secret');
    await expect(dialog.getByRole('textbox', { name: 'Provider address' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(notice(page, 'SchoolPay account saved')).toBeVisible();
    // Opened again: the password is kept without being shown, and the webhook address is given.
    await page.getByRole('button', { name: 'SchoolPay account' }).click();
    await expect(dialog.getByText('A password is saved. Leave this empty to keep it.')).toBeVisible();
    await expect(dialog.getByLabel('API password')).toHaveValue('');
    await expect(dialog).toContainText('/api/');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Check for new online payments' }).click();
    await expect(notice(page, 'No New Payments Received')).toBeVisible();
    await expect(notice(page, 'No New Payments Received')).toContainText('Error Occurred');
  } finally {
    // Back to the demo's simulator for later runs.
    await gateway(false);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('a user group with only the payments report flag gets the report, without the payment mode filter', async ({
  browser,
  request,
}) => {
  const headers = bearer(session);
  const suffix = Date.now().toString(36);
  const role = await request.post('/api/roles', {
    headers,
    data: { name: `Auditor ${suffix}`, description: 'Reads payments' },
  });
  expect(role.status()).toBe(200);
  const roleId = ((await role.json()) as { data: { id: number } }).data.id;
  const flags = await request.put(`/api/permissions/${roleId}`, {
    headers,
    data: { flags: { fees_payment_report: true } },
  });
  expect(flags.status()).toBe(200);
  const username = `auditor.${suffix}`;
  const password = 'auditor-pass-123';
  const user = await request.post('/api/users', {
    headers,
    data: {
      name: 'Peter Auditor',
      username,
      email: null,
      phone: null,
      type: 2,
      role_id: roleId,
      active: true,
      password,
    },
  });
  expect(user.status()).toBe(200);

  const context = await browser.newContext();
  await seedSession(context, await apiSignIn(request, username, password));
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto('/fees/reports/payments');
  await page.getByLabel('From', { exact: true }).fill(`${thisYear()}-01-01`);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByTestId('payments-table').getByTestId('totals-row')).toContainText('payments');
  await expect(page.getByRole('combobox', { name: 'Class' })).toBeVisible();
  // The mode filter follows the payment modes' declared read access: this group may not list them.
  const modes = resourceByPath('payment_options')!;
  expect(allows({ type: 2, flags: { fees_payment_report: true } }, modes.read)).toBe(false);
  await expect(page.getByRole('combobox', { name: 'Payment mode' })).toHaveCount(0);
  // The other reports are not his.
  await page.goto('/fees/summary');
  await expect(page.locator('[data-screen-status="no-access"]')).toBeVisible();
  await expect(page.getByTestId('summary-groups')).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('the payments report offers this term, last term and this financial year; choosing last term changes its dates and figures', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  type Period = { key: string; name: string; from: string; to: string };
  const reply = await page.request.get('/api/report_periods', { headers: bearer(session) });
  expect(reply.status()).toBe(200);
  const periods = ((await reply.json()) as { data: Period[] }).data;
  const period = (key: string) => periods.find((p) => p.key === key)!;
  const thisTerm = period('this_term');
  const lastTerm = period('last_term');
  expect(periods.map((p) => p.key)).toEqual(['this_term', 'last_term', 'this_financial_year']);
  const totals = (p: Period) =>
    post<{ totals: { amount: number; count: number } }>(page, 'fees_payments_report', { from: p.from, to: p.to });
  const [now, before] = [await totals(thisTerm), await totals(lastTerm)];
  // The demo has payments in both terms, and they differ.
  expect(before.totals.count).toBeGreaterThan(0);
  expect(before.totals.amount).not.toBe(now.totals.amount);

  await page.goto('/fees/reports/payments');
  const choosePeriod = (p: Period, label: string) =>
    choose(page, page.getByRole('combobox', { name: 'Period' }), `${label} (${p.name})`);
  const payments = page.getByTestId('payments-table');
  await choosePeriod(thisTerm, 'This term');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(dayFirst(thisTerm.from));
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(dayFirst(thisTerm.to));
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(payments.getByTestId('totals-row')).toContainText(
    `${now.totals.count.toLocaleString('en-GB')} payments`,
  );
  expect(totalOf(await readTable(payments), 'Amount (UGX)')).toBe(now.totals.amount);

  // Last term: the dates move to it and the figures are its own.
  await choosePeriod(lastTerm, 'Last term');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(dayFirst(lastTerm.from));
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(dayFirst(lastTerm.to));
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(payments.getByTestId('totals-row')).toContainText(
    `${before.totals.count.toLocaleString('en-GB')} payments`,
  );
  expect(totalOf(await readTable(payments), 'Amount (UGX)')).toBe(before.totals.amount);
  // The choices name this financial year too.
  await page.getByRole('combobox', { name: 'Period' }).click();
  await expect(
    page.getByRole('option', { name: `This financial year (${period('this_financial_year').name})` }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  expect(errors).toEqual([]);
});
