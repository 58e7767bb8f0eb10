import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { admin, apiSignIn, seedSession } from '../support/session';

const budget = 250 * 1024;
/** What the dashboard loads after its figures show (the exams tiles and the latest changes, chunks of their own). */
const afterBudget = 16 * 1024;

/** The gzip sizes of the scripts the page has loaded so far, each time it is asked, largest first in the log. */
function watchScripts(page: Page) {
  const sizes: Promise<[string, number]>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' || response.url().endsWith('.js')) {
      const file = new URL(response.url()).pathname.split('/').pop() ?? '';
      sizes.push(
        response.body().then(
          (body) => [file, gzipSync(body).length],
          () => [file, 0],
        ),
      );
    }
  });
  return async (name: string) => {
    const all = (await Promise.all(sizes)).sort((a, b) => b[1] - a[1]);
    // The largest scripts, so a budget overrun says where to look.
    console.log(
      `${name}: ${all
        .slice(0, 12)
        .map(([f, n]) => `${f} ${(n / 1024).toFixed(1)}`)
        .join(', ')}`,
    );
    return all.reduce((sum, [, n]) => sum + n, 0);
  };
}

test('the JavaScript for /login and for /dashboardv1’s figures stays under 250 KB gzipped', async ({
  browser,
  request,
}) => {
  const signedOut = await browser.newContext();
  const login = await signedOut.newPage();
  const loginScripts = watchScripts(login);
  await login.goto('/login');
  await expect(login.getByTestId('page-title')).toHaveText('Sign In');
  await login.waitForLoadState('networkidle');
  const loginBytes = await loginScripts('/login');
  await signedOut.close();

  const signedIn = await browser.newContext();
  await seedSession(signedIn, await apiSignIn(request, admin.username, admin.password));
  const dashboard = await signedIn.newPage();
  const dashboardScripts = watchScripts(dashboard);
  // The figures' call is held: when the screen asks for them, every script the figures need has run (a
  // module runs after all it imports), and nothing loaded after the figures has been asked for yet.
  let asked!: () => void;
  const figuresAsked = new Promise<void>((resolve) => {
    asked = resolve;
  });
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await dashboard.route('**/api/dashboard', async (route) => {
    asked();
    await held;
    await route.continue();
  });
  await dashboard.goto('/dashboardv1');
  await figuresAsked;
  const figuresBytes = await dashboardScripts('/dashboardv1 before its figures');
  release();
  await expect(dashboard.getByTestId('dashboard-figures')).toBeVisible();
  await expect(dashboard.locator('[data-tile="academic"]')).toBeVisible();
  await expect(dashboard.getByTestId('recent-activity')).toBeVisible();
  await dashboard.waitForLoadState('networkidle');
  const allBytes = await dashboardScripts('/dashboardv1 with every tile');
  await signedIn.close();

  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const figures = `/login ${kb(loginBytes)}, /dashboardv1 ${kb(figuresBytes)} (${kb(allBytes)} with the tiles loaded after its figures)`;
  console.log(`gzipped JS: ${figures}`);
  test.info().annotations.push({ type: 'gzipped JS', description: figures });
  expect(loginBytes).toBeLessThan(budget);
  expect(figuresBytes).toBeLessThan(budget);
  expect(allBytes - figuresBytes).toBeGreaterThan(0);
  expect(allBytes - figuresBytes).toBeLessThan(afterBudget);
});
