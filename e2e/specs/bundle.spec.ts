import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { admin, apiSignIn, seedSession } from '../support/session';

const budget = 250 * 1024;

/** Sum of the gzip sizes of every script the page loads. */
function watchScripts(page: Page) {
  const sizes: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' || response.url().endsWith('.js')) {
      sizes.push(
        response.body().then(
          (body) => gzipSync(body).length,
          () => 0,
        ),
      );
    }
  });
  return async () => (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
}

test('the JavaScript for /login and /dashboardv1 stays under 250 KB gzipped', async ({ browser, request }) => {
  const signedOut = await browser.newContext();
  const login = await signedOut.newPage();
  const loginTotal = watchScripts(login);
  await login.goto('/login');
  await expect(login.getByTestId('page-title')).toHaveText('Sign In');
  await login.waitForLoadState('networkidle');
  const loginBytes = await loginTotal();
  await signedOut.close();

  const signedIn = await browser.newContext();
  await seedSession(signedIn, await apiSignIn(request, admin.username, admin.password));
  const dashboard = await signedIn.newPage();
  const dashboardTotal = watchScripts(dashboard);
  await dashboard.goto('/dashboardv1');
  await expect(dashboard.getByTestId('dashboard-figures')).toBeVisible();
  await dashboard.waitForLoadState('networkidle');
  const dashboardBytes = await dashboardTotal();
  await signedIn.close();

  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`gzipped JS: /login ${kb(loginBytes)}, /dashboardv1 ${kb(dashboardBytes)}`);
  test.info().annotations.push({
    type: 'gzipped JS',
    description: `/login ${kb(loginBytes)}, /dashboardv1 ${kb(dashboardBytes)}`,
  });
  expect(loginBytes).toBeLessThan(budget);
  expect(dashboardBytes).toBeLessThan(budget);
});
