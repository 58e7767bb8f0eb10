import { expect, type Page, test } from '@playwright/test';
import { dayFirst, kampalaDay } from '../support/dates';
import { plain, ugx } from '../support/money';
import { expectCategoriesAddUp, expectOneCategoryAsked, openStatement } from '../support/reports';
import { admin, apiSignIn, bearer, collectPageErrors, getData, type Session, seedSession } from '../support/session';
import { choose, exportedFileName, go, noNotice, notice, totalsOf, unique } from '../support/ui';

// One revenue goes through its life: recorded, amended, reported, on its mode's statement, voided.
test.describe.configure({ mode: 'serial' });

let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
});

const today = kampalaDay();
const tomorrow = kampalaDay(1);

const category = unique('Uniform sales ');
const source = unique('Sweater sales ');
const reference = unique('RV-E2E-');
const first = 345_000;
const amended = 350_000;

/** The valid total of every revenue, as the API answers it. */
const validTotal = async (page: Page) =>
  (await getData<unknown[]>(page, session, 'revenues?per_page=1')).totals!.amount;

const revenueRow = (page: Page) => page.locator('tr[data-revenue]').filter({ hasText: reference });

test('a revenue category and a source under it, added with no success notice', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/revenues/categories');
  await expect(page.getByTestId('page-title')).toHaveText('Revenue Categories');
  await page.getByRole('button', { name: 'Add Revenue Category' }).click();
  const add = page.getByRole('dialog', { name: 'Add Revenue Category' });
  await add.getByRole('textbox', { name: 'Name' }).fill(category);
  await add.getByRole('textbox', { name: 'Description' }).fill('School uniforms sold to parents');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(category) })).toBeVisible();
  await noNotice(page);

  await go(page, '/revenues/sources');
  await page.getByRole('button', { name: 'Add Revenue Source' }).click();
  const addSource = page.getByRole('dialog', { name: 'Add Revenue Source' });
  await choose(page, addSource.getByRole('combobox', { name: 'Category' }), category);
  await addSource.getByRole('textbox', { name: 'Name' }).fill(source);
  await addSource.getByRole('button', { name: 'Save' }).click();
  await expect(addSource).toHaveCount(0);
  const row = page.getByRole('row', { name: new RegExp(source) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(category);
  await noNotice(page);
  expect(errors).toEqual([]);
});

test('a revenue recorded shows in the list and the valid total goes up by its amount, with no notice', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const before = await validTotal(page);
  await page.goto('/revenues/view');
  await expect(page.getByTestId('revenues-total')).toHaveText(ugx(before));

  await page.getByRole('button', { name: 'Add revenue' }).click();
  const add = page.getByRole('dialog', { name: 'Add revenue' });
  await expect(add.getByLabel('Date received')).toHaveValue(dayFirst(today));
  await choose(page, add.getByRole('combobox', { name: 'Source' }), source);
  await add.getByRole('textbox', { name: 'Amount' }).fill(String(first));
  await choose(page, add.getByRole('combobox', { name: 'Payment mode' }), 'Cash');
  await add.getByRole('textbox', { name: 'Received from' }).fill('Parents of S2 East');
  await add.getByRole('textbox', { name: 'Reference' }).fill(reference);
  await add.getByRole('textbox', { name: 'Description' }).fill('Twelve sweaters');
  await add.getByRole('button', { name: 'Save revenue' }).click();
  await expect(add).toHaveCount(0);

  const row = revenueRow(page);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(ugx(first));
  await expect(row).toContainText(category);
  await expect(row).toContainText('Cash');
  await expect(row).toContainText('Parents of S2 East');
  await expect(row).toContainText('Valid');
  await expect(page.getByTestId('revenues-total')).toHaveText(ugx(before + first));
  await noNotice(page);

  // Filtered to the new category: only this revenue, and the total is its amount.
  await choose(page, page.getByRole('combobox', { name: 'Category' }), category);
  await expect(page.locator('tr[data-revenue]')).toHaveCount(1);
  await expect(page.getByTestId('revenues-total')).toHaveText(ugx(first));
  await expect(page.getByTestId('totals-row')).toContainText('1 valid revenue');
  expect(errors).toEqual([]);
});

test('a revenue amended needs a reason, and the total follows the new amount', async ({ page }) => {
  const errors = collectPageErrors(page);
  const before = await validTotal(page);
  await page.goto('/revenues/view');
  // Found by its reference.
  await page.getByRole('textbox', { name: 'Search' }).fill(reference);
  await expect(page.locator('tr[data-revenue]')).toHaveCount(1);
  const row = revenueRow(page);
  await row.getByRole('button', { name: /^Edit / }).click();
  const amend = page.getByRole('dialog', { name: 'Amend revenue' });
  await expect(amend.getByRole('textbox', { name: 'Amount' })).toHaveValue(ugx(first));
  await amend.getByRole('textbox', { name: 'Amount' }).fill(String(amended));
  await amend.getByRole('button', { name: 'Save amendment' }).click();
  // No reason: refused, the field says why, and nothing changed.
  await expect(amend.getByText('Give the reason')).toBeVisible();
  await expect(row).toContainText(ugx(first));

  await amend.getByRole('textbox', { name: 'Reason' }).fill('Two more sweaters were paid for');
  await amend.getByRole('button', { name: 'Save amendment' }).click();
  await expect(amend).toHaveCount(0);
  await expect(row).toContainText(ugx(amended));
  await expect(page.getByTestId('revenues-total')).toHaveText(ugx(amended));
  await expect(row.getByTestId('revenue-amended')).toHaveText('Amended');
  await expect(row.getByTestId('revenue-amended')).toHaveAttribute('title', 'Two more sweaters were paid for');
  // Opened again, the revenue shows what it was and became, who and why.
  await row.getByRole('button', { name: /^Edit / }).click();
  const history = page.getByRole('dialog', { name: 'Amend revenue' }).getByTestId('amendments');
  await expect(history).toContainText(`Amount: ${ugx(first)} → ${ugx(amended)}`);
  await expect(history).toContainText('Two more sweaters were paid for');
  await page.getByRole('dialog', { name: 'Amend revenue' }).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill('');
  await expect(page.getByTestId('revenues-total')).toHaveText(ugx(before - first + amended));
  // Only the 422's notice of the reasonless try showed; the amendment itself shows none.
  await expect(notice(page, 'Successful')).toHaveCount(0);
  expect(errors).toEqual([]);
});

interface Report {
  categories: { category_name: string; amount: number; count: number; sources: { source_name: string }[] }[];
  modes: { mode_name: string; amount: number }[];
  total: { count: number; amount: number };
}

test('the revenue report shows the revenue under its category and source, and its totals add up', async ({ page }) => {
  const errors = collectPageErrors(page);
  const from = `${today.slice(0, 7)}-01`;
  const reply = await page.request.post('/api/revenue_report', { data: { from, to: today }, headers: bearer(session) });
  expect(reply.status()).toBe(200);
  const api = ((await reply.json()) as { data: Report }).data;

  await page.goto('/reports/revenues');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(dayFirst(from));
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(dayFirst(today));
  const panel = page.getByTestId(`report-category-${category}`);
  await expect(panel.getByRole('heading')).toHaveText(category);
  const line = panel.locator(`tr[data-source="${source}"]`);
  await expect(line.locator('td')).toHaveText([source, '1', plain(amended)]);
  expect(await totalsOf(panel)).toEqual(['Total', '1', plain(amended)]);
  await expect(page.getByTestId(`bar-${category}`)).toHaveText(ugx(amended));

  // Every category's total adds up to the report's total, and so do the modes; both agree with the API.
  await expectCategoriesAddUp(page, api);
  await expect(page.getByTestId('report-total')).toContainText(ugx(api.total.amount));

  // One category asked: only it.
  await expectOneCategoryAsked(page, category, amended);

  expect(await exportedFileName(page)).toMatch(/\.xlsx$/);
  expect(errors).toEqual([]);
});

test("the payment mode's statement shows the revenue as a Revenue line", async ({ page }) => {
  const errors = collectPageErrors(page);
  // Today only: the cash box has many fees payments this term, a page of them at a time.
  await openStatement(page, session, 'Cash', today);
  const lines = page.locator('tr[data-kind="revenue"]').filter({ hasText: reference });
  // Recorded, then corrected today: the first amount is reversed and the corrected one posted.
  const posted = lines.and(page.locator('[data-reversal="false"]'));
  await expect(posted).toHaveCount(2);
  await expect(posted.last()).toContainText('Revenue');
  await expect(posted.last()).toContainText(ugx(amended));
  await expect(lines.and(page.locator('[data-reversal="true"]'))).toContainText('Revenue (reversed)');
  expect(errors).toEqual([]);
});

test('a revenue voided with a reason stays listed as Void and leaves the total', async ({ page }) => {
  const errors = collectPageErrors(page);
  const before = await validTotal(page);
  await page.goto('/revenues/view');
  await expect(page.getByTestId('revenues-total')).toHaveText(ugx(before));
  const row = revenueRow(page);
  await row.getByRole('button', { name: /^Void / }).click();
  const dialog = page.getByRole('dialog', { name: /^Void / });
  await expect(dialog).toContainText(ugx(amended));
  await expect(dialog.getByRole('button', { name: 'Void revenue' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Recorded twice by mistake');
  await dialog.getByRole('button', { name: 'Void revenue' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('revenue-status')).toHaveText('Void');
  await expect(row.getByTestId('revenue-status')).toHaveAttribute('title', 'Recorded twice by mistake');
  await expect(row.getByRole('button', { name: /^Void / })).toHaveCount(0);
  await expect(page.getByTestId('revenues-total')).toHaveText(ugx(before - amended));
  await noNotice(page);

  // Void ones only: it is there; valid ones only: it is not.
  await choose(page, page.getByRole('combobox', { name: 'Status' }), 'Void');
  await expect(row).toHaveCount(1);
  await choose(page, page.getByRole('combobox', { name: 'Status' }), 'Valid');
  await expect(page.locator('tr[data-revenue]').first()).toBeVisible();
  await expect(row).toHaveCount(0);

  // It leaves the report; on the mode's statement of today, all it brought in went out again.
  await go(page, '/reports/revenues');
  await expect(page.getByTestId('report-total')).toBeVisible();
  await expect(page.getByTestId(`report-category-${category}`)).toHaveCount(0);
  await openStatement(page, session, 'Cash', today);
  const lines = page.locator('tr[data-kind="revenue"]').filter({ hasText: reference });
  await expect(lines.and(page.locator('[data-reversal="false"]'))).toHaveCount(2);
  await expect(lines.and(page.locator('[data-reversal="true"]'))).toHaveCount(2);
  await expect(lines.last()).toContainText('Recorded twice by mistake');
  expect(errors).toEqual([]);
});

test("a refused revenue (an amount of 0, a date after today) shows the server's message and adds nothing", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const before = await validTotal(page);
  await page.goto('/revenues/view');
  await expect(page.getByTestId('revenues-total')).toHaveText(ugx(before));
  await page.getByRole('button', { name: 'Add revenue' }).click();
  const add = page.getByRole('dialog', { name: 'Add revenue' });
  await choose(page, add.getByRole('combobox', { name: 'Source' }), source);
  await add.getByRole('textbox', { name: 'Amount' }).fill('0');
  await choose(page, add.getByRole('combobox', { name: 'Payment mode' }), 'Cash');

  const save = async () => {
    const [reply] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/revenues') && r.request().method() === 'POST'),
      add.getByRole('button', { name: 'Save revenue' }).click(),
    ]);
    // A business refusal: 202 with the message, shown as an error notice; the form stays open.
    expect(reply.status()).toBe(202);
    const { message } = (await reply.json()) as { message: string };
    await expect(notice(page, message)).toBeVisible();
    await expect(notice(page, message)).toContainText('Error Occurred');
    await expect(add).toBeVisible();
    return message;
  };
  expect(await save()).toMatch(/amount/i);

  await add.getByRole('textbox', { name: 'Amount' }).fill('50000');
  await add.getByLabel('Date received').fill(tomorrow);
  expect(await save()).toMatch(/future/i);

  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('revenues-total')).toHaveText(ugx(before));
  expect(await validTotal(page)).toBe(before);
  expect(errors).toEqual([]);
});
