import { expect, type Page, test } from '@playwright/test';
import { admin, collectPageErrors, uiSignIn } from '../support/session';

/** Content-Security-Policy violations a page reports (Chromium logs each as "Refused to …"). */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) seen.push(`${page.url()}: ${message.text()}`);
  });
  return seen;
}

test('the app works under its Content-Security-Policy, with no violations', async ({ page }) => {
  const violations = cspViolations(page);
  const errors = collectPageErrors(page);
  const sent: [url: string, encoding: string | undefined, bytes: number][] = [];
  page.on('response', (response) => {
    const headers = response.headers();
    if (/\.(js|css)$/.test(response.url()))
      sent.push([response.url(), headers['content-encoding'], Number(headers['content-length'])]);
  });

  const first = await page.goto('/login');
  expect(first?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await uiSignIn(page, admin.username, admin.password);
  await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
  // Mantine's injected styles apply: the settings panel (a portal with transitions) opens and themes.
  await page.getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('dialog', { name: 'Settings' });
  await panel.getByRole('button', { name: 'Theme C' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'theme-c');
  await page.keyboard.press('Escape');
  await page.goto('/students');
  await expect(page.getByTestId('page-title')).toHaveText('Students');
  await page.waitForLoadState('networkidle');

  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
  // Scripts and style sheets came compressed at build time (brotli: Chromium accepts it); only files
  // under 1 KB, not worth compressing, come as they are.
  expect(sent.filter(([, encoding]) => encoding === 'br').length).toBeGreaterThan(5);
  expect(sent.filter(([, encoding, bytes]) => encoding !== 'br' && !(bytes < 1024))).toEqual([]);
});

test('the API documentation works under its policy', async ({ page }) => {
  const violations = cspViolations(page);
  const errors = collectPageErrors(page);
  const reply = await page.goto('/api/docs');
  expect(reply?.headers()['content-security-policy']).toBeTruthy();
  await expect(page.locator('.opblock').first()).toBeVisible();
  await page.locator('.opblock-summary').first().click();
  await expect(page.locator('.opblock-body').first()).toBeVisible();
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
});
