import { expect, test } from '@playwright/test';
import { testNow, thisYear } from '../support/dates';
import { admin, apiSignIn, collectPageErrors, getData, seedSession } from '../support/session';

// Issue 27 §5: every date a user reads or types is day first, whatever the browser's language. This
// browser speaks US English, which writes 1 May as 05/01/2026.
test.use({ locale: 'en-US' });

test.beforeEach(async ({ context, request }) => {
  await seedSession(context, await apiSignIn(request, admin.username, admin.password));
});

/** "2026-05-01" as this app writes it in a date box: "01/05/2026". */
const dayFirst = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

test('term dates show day first in a US English browser', async ({ page, request }) => {
  const errors = collectPageErrors(page);
  const session = await apiSignIn(request, admin.username, admin.password);
  const { data: terms } = await getData<{ term: number; year: number; opens_on: string; closes_on: string }[]>(
    page,
    session,
    'term_dates',
  );
  await page.goto('/term/dates');
  const term = terms.find((t) => t.term === 1) ?? terms[0];
  const form = page.getByRole('form', { name: `Term ${term.term}` }).first();
  await expect(form.getByLabel('Opens on')).toHaveValue(dayFirst(term.opens_on));
  await expect(form.getByLabel('Closes on')).toHaveValue(dayFirst(term.closes_on));
  expect(errors).toEqual([]);
});

test('a report’s dates are typed day first and its rows read "2 Jan 2026"', async ({ page }) => {
  const errors = collectPageErrors(page);
  const year = thisYear();
  await page.goto('/fees/reports/payments');
  // 2 January, written as Ugandans write it; a US reading would be 1 February.
  await page.getByLabel('From', { exact: true }).fill(`02/01/${year}`);
  await page.getByLabel('To', { exact: true }).fill(`31/12/${year}`);
  await page.getByLabel('To', { exact: true }).blur();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(`02/01/${year}`);
  const asked = page.waitForRequest((r) => r.url().includes('/api/fees_payments_report'));
  await page.getByRole('button', { name: 'Show' }).click();
  expect((await asked).postDataJSON()).toMatchObject({ from: `${year}-01-02`, to: `${year}-12-31` });
  const firstRow = page.getByTestId('payments-table').locator('tbody tr').first();
  await expect(firstRow).toContainText(new RegExp(`\\b\\d{1,2} [A-Z][a-z]{2} ${year}`));
  await expect(firstRow).not.toContainText(/\d{1,2}\/\d{1,2}\/\d{4}/);

  // A date that is no date says how to write one.
  await page.getByLabel('From', { exact: true }).fill('31/02/2026');
  await page.getByLabel('From', { exact: true }).blur();
  await expect(page.getByText('Write the date day first, as 23/11/2026')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the fees desk and the payments list: today’s date day first, a payment dated by the calendar', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const now = testNow();
  const today = `${String(now.getDate()).padStart(2, '0')}/${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
  await page.goto('/fees/pay');
  await expect(page.getByLabel('Date')).toHaveValue(today);

  await page.goto('/fees/payments');
  const from = page.getByLabel('From', { exact: true });
  await from.fill(`01/05/${now.getFullYear()}`);
  await from.blur();
  await expect(from).toHaveValue(`01/05/${now.getFullYear()}`);
  // The calendar button picks a day; the box shows it day first.
  await page.getByRole('button', { name: 'Calendar' }).first().click();
  await page.getByRole('button', { name: `23 May ${now.getFullYear()}` }).click();
  await expect(from).toHaveValue(`23/05/${now.getFullYear()}`);
  expect(errors).toEqual([]);
});
