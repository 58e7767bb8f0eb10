import { expect, type Page } from '@playwright/test';
import { kampalaDay } from './dates';
import { num, ugx } from './money';
import { getData, type Session } from './session';
import { choose, totalsOf } from './ui';

/**
 * A per-category report (revenues, expenses) adds up: every category's totals row to the report's total,
 * and the rows and totals row of the by-mode table too; all agree with the API's `total`.
 */
export async function expectCategoriesAddUp(page: Page, api: { categories: unknown[]; total: { amount: number } }) {
  const categoryTotals = await page
    .locator('[data-testid^="report-category-"]')
    .evaluateAll((panels) =>
      panels.map((p) => p.querySelector('[data-testid="totals-row"] td:last-child')?.textContent ?? ''),
    );
  expect(categoryTotals).toHaveLength(api.categories.length);
  expect(categoryTotals.reduce((s, text) => s + num(text), 0)).toBe(api.total.amount);
  const modes = page.getByTestId('report-modes');
  const modeRows = await modes.locator('tbody tr td:nth-child(3)').allInnerTexts();
  expect(modeRows.reduce((s, text) => s + num(text), 0)).toBe(api.total.amount);
  expect(num((await totalsOf(modes))[2]!)).toBe(api.total.amount);
}

/** A per-category report asked for one category: only its panel shows, and the summary gives `amount`. */
export async function expectOneCategoryAsked(page: Page, category: string, amount: number) {
  await choose(page, page.getByRole('combobox', { name: 'Category' }), category);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.locator('[data-testid^="report-category-"]')).toHaveCount(1);
  await expect(page.getByTestId('report-total')).toContainText(ugx(amount));
}

/** The statement of one payment mode (e.g. Cash) for one day, shown. */
export async function openStatement(page: Page, session: Session, modeName: string, day: string) {
  const modes = await getData<{ id: number; name: string }[]>(page, session, 'payment_options?per_page=100');
  const mode = modes.data.find((m) => m.name === modeName);
  expect(mode, modeName).toBeTruthy();
  await page.goto(`/statement/${mode!.id}`);
  await expect(page.getByTestId('mode-name')).toHaveText(modeName);
  await page.getByLabel('From', { exact: true }).fill(day);
  // To Uganda's today as well: a correction is posted on the server's day, which is a day ahead of a UTC
  // test machine from 21:00 to midnight.
  const uganda = kampalaDay();
  await page.getByLabel('To', { exact: true }).fill(uganda > day ? uganda : day);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('heading', { name: /^Movements from/ })).toBeVisible();
}
