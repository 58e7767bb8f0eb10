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
