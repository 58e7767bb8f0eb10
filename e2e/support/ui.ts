import { expect, type Locator, type Page } from '@playwright/test';

/** A notice ("Successful" / "Error Occurred") holding this text. */
export const notice = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

/** Open a Mantine select and click one of its options. */
export async function choose(page: Page, select: Locator, option: string | RegExp) {
  await expect(select).toBeEnabled();
  await select.click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

/** A name no earlier run or test has used. */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}`;

/** No "Successful" or "Error Occurred" notice shows. */
export const noNotice = (page: Page) => expect(page.locator('.mantine-Notification-root')).toHaveCount(0);

/** The cells of a table's totals row inside `panel`. */
export const totalsOf = async (panel: Locator) =>
  (await panel.getByTestId('totals-row').locator('td').allInnerTexts()).map((c) => c.trim());

/** Click the screen's Export button; answers the spreadsheet's suggested file name. */
export async function exportedFileName(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  return download.suggestedFilename();
}

/**
 * Open another screen as the app's own links do, without loading the app again (about a second less
 * than `page.goto` each time); the first screen of a page is loaded. A screen opened this way may show
 * what the app had fetched before while it fetches again: assert with waiting expectations after it.
 */
export async function go(page: Page, path: string) {
  if (page.url() === 'about:blank') {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
