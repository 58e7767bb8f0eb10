import { expect, test } from '@playwright/test';
import { plain } from '../support/money';
import { admin, apiSignIn, bearer, collectPageErrors, type Session, seedSession } from '../support/session';
import { choose, exportedFileName, notice, unique } from '../support/ui';

// A budget entered on the grid shows on the budget screen and in budget to actual; years refuse overlaps.
test.describe.configure({ mode: 'serial' });

let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
});

const category = unique('Sports and games ');
const amount = 2_400_000;

test('a budget entered on the grid shows on the budget screen and in budget to actual', async ({ page }) => {
  const errors = collectPageErrors(page);
  const made = await page.request.post('/api/expense_categories', {
    headers: bearer(session),
    data: { name: category },
  });
  expect(made.status()).toBe(200);

  await page.goto('/expenses/projection');
  await expect(page.getByTestId('page-title')).toHaveText('Expense Projections');
  const row = page.locator(`tr[data-line="${category}"]`);
  // Keyboard-friendly: type in the first amount, Enter moves down the grid to the next one.
  const before = (await page.getByTestId('grid-total').textContent()) ?? '';
  await choose(page, row.getByRole('combobox', { name: `Split of ${category}` }), 'Per month');
  const input = row.getByRole('textbox', { name: `Budget of ${category}` });
  await input.fill(String(amount));
  await input.press('Enter');
  const next = Number(await input.getAttribute('data-amount-row')) + 1;
  await expect(page.locator(`[data-amount-row="${next}"]`)).toBeFocused();
  await expect(page.getByTestId('grid-total')).not.toHaveText(before);
  await page.getByRole('button', { name: 'Save budget' }).click();
  await expect(notice(page, 'Expense budget saved')).toBeVisible();

  await page.goto('/expenses/budget');
  const shown = page.locator(`tr[data-line="${category}"]`);
  await expect(shown.getByTestId('line-budget')).toHaveText(plain(amount));
  await expect(shown).toContainText('Per month');
  await expect(shown).toContainText(`Jan: ${plain(200_000)}`);

  await page.goto('/reports/budgetToActualOutrun');
  await expect(page.getByTestId('outturn-span')).toContainText('1 Jan 2026 to 31 Dec 2026');
  const line = page.locator(`tr[data-line="${category}"]`);
  // Nothing spent on it yet: all of it is still in hand (variance in the school's favour), 0% used.
  await expect(line.locator('td')).toHaveText([category, plain(amount), '0', plain(amount), '0.0%']);
  // The USE capitation grant is budgeted like any other revenue.
  await expect(page.locator('tr[data-line="Government capitation (USE)"] td').nth(1)).toHaveText(plain(40_000_000));
  await expect(page.getByRole('img', { name: 'Budget and actual: Expenditure' })).toBeVisible();
  expect(await exportedFileName(page)).toBe('budget_to_actual_2026.xlsx');

  // A range in the year: term 1 of the monthly budget (Jan to Apr whole, 24 of 31 days of May).
  await page.getByLabel('From').fill('2026-01-01');
  await page.getByLabel('To').fill('2026-05-24');
  await expect(line.locator('td').nth(1)).toHaveText(plain(954_839));
  expect(errors).toEqual([]);
});

test('a financial year overlapping another is refused with the reason, and nothing is added', async ({ page }) => {
  await page.goto('/budget/fyear');
  await expect(page.locator('tr[data-year="2026"]')).toContainText('Current');
  await page.getByRole('button', { name: 'Add financial year' }).click();
  const add = page.getByRole('dialog', { name: 'Add financial year' });
  await add.getByRole('textbox', { name: 'Name' }).fill('2026/27');
  await add.getByLabel('Starts on').fill('2026-07-01');
  await add.getByLabel('Ends on').fill('2027-06-30');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'These dates overlap the financial year 2026 (1 Jan 2026 to 31 Dec 2026).')).toBeVisible();
  await expect(add).toBeVisible();
  await expect(page.locator('tr[data-year="2026/27"]')).toHaveCount(0);
  // The current year cannot be closed.
  await page.keyboard.press('Escape');
  await page.locator('tr[data-year="2026"]').getByRole('button', { name: 'Close year' }).click();
  await page.getByRole('dialog', { name: 'Close 2026' }).getByRole('button', { name: 'Close year' }).click();
  await expect(notice(page, 'make another year current before closing it')).toBeVisible();
  await expect(page.locator('tr[data-year="2026"]')).toContainText('Open');
});

test('a line split per term takes its own parts; the budget screen shows them', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/revenues/projection');
  const row = page.locator('tr[data-line="Government capitation (USE)"]');
  await row.getByRole('button', { name: 'Parts' }).click();
  const parts = page.getByRole('dialog', { name: 'Government capitation (USE): parts' });
  const term1 = parts.getByRole('textbox', { name: /^Term 1/ });
  await term1.fill('18000000');
  await term1.press('Enter');
  await expect(parts.getByRole('textbox', { name: /^Term 2/ })).toBeFocused();
  await parts.getByRole('textbox', { name: /^Term 2/ }).fill('12000000');
  await parts.getByRole('textbox', { name: /^Term 3/ }).fill('12000000');
  await expect(parts.getByTestId('parts-total')).toHaveText(`Budget for the year: UGX ${plain(42_000_000)}`);
  await parts.getByRole('button', { name: 'Use these parts' }).click();
  await expect(row.getByRole('textbox', { name: 'Budget of Government capitation (USE)' })).toHaveValue(
    `UGX ${plain(42_000_000)}`,
  );
  await page.getByRole('button', { name: 'Save budget' }).click();
  await expect(notice(page, 'Revenue budget saved')).toBeVisible();

  await page.goto('/revenues/budget');
  const shown = page.locator('tr[data-line="Government capitation (USE)"]');
  await expect(shown.getByTestId('line-budget')).toHaveText(plain(42_000_000));
  await expect(shown).toContainText(
    `Term 1: ${plain(18_000_000)} · Term 2: ${plain(12_000_000)} · Term 3: ${plain(12_000_000)}`,
  );
  expect(errors).toEqual([]);
});
