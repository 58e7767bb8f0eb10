import { expect, type Route, test } from '@playwright/test';
import { admin, apiSignIn, collectPageErrors, seedSession, uiSignIn } from '../support/session';

test('a theme and a layout switch change the page and survive a reload', async ({ page, context, request }) => {
  await seedSession(context, await apiSignIn(request, admin.username, admin.password));
  const errors = collectPageErrors(page);
  await page.goto('/dashboardv1');
  await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
  const header = page.locator('.app-header');
  const sidebar = page.locator('.app-sidebar');
  const before = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
  const wide = await sidebar.evaluate((el) => el.getBoundingClientRect().width);

  await page.getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('dialog', { name: 'Settings' });
  await panel.getByRole('button', { name: 'Theme C' }).click();
  await panel.getByRole('switch', { name: 'Collapsed', exact: true }).check();
  await panel.getByRole('switch', { name: 'Boxed' }).check();
  await page.keyboard.press('Escape');

  const check = async () => {
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'theme-c');
    await expect(page.locator('body')).toHaveClass(/\baside-collapsed\b/);
    await expect(page.locator('body')).toHaveClass(/\blayout-boxed\b/);
    expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(before);
    await expect.poll(() => sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThan(wide / 2);
    expect(await page.locator('.app-shell').evaluate((el) => getComputedStyle(el).maxWidth)).toBe('1200px');
  };
  await check();
  await page.reload();
  await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
  await check();

  // The panel's own open state is never saved.
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('somero.settings') ?? '{}'));
  expect(saved).toMatchObject({ theme: 'c', collapsed: true, boxed: true });
  expect(saved).not.toHaveProperty('sidebarOpen');
  expect(saved).not.toHaveProperty('horizontal');
  expect(errors).toEqual([]);
});

test('log out clears the session and goes to the sign-in screen', async ({ page }) => {
  const errors = collectPageErrors(page);
  await uiSignIn(page, admin.username, admin.password);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(
    await page.evaluate(() => [localStorage.getItem('somero.token'), localStorage.getItem('somero.user')]),
  ).toEqual([null, null]);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/login$/);
  expect(errors).toEqual([]);
});

test('lock holds across a reload and every screen until the password is given', async ({ page }) => {
  const errors = collectPageErrors(page);
  await uiSignIn(page, admin.username, admin.password);
  const locking = page.waitForResponse((r) => r.url().endsWith('/api/lock') && r.status() === 200);
  await page.getByRole('button', { name: 'Lock' }).click();
  await locking;
  await expect(page).toHaveURL(/\/lock$/);
  await page.reload();
  await expect(page.getByTestId('page-title')).toHaveText('Screen Locked');
  await page.goto('/users');
  await expect(page).toHaveURL(/\/lock$/);

  // The server holds the lock, not the browser: its token opens nothing, and a reload without the
  // browser's own flag still comes back to the lock screen.
  const token = await page.evaluate(() => localStorage.getItem('somero.token'));
  const refused = await page.request.get('/api/users', { headers: { Authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(423);
  for (const path of ['/lock', '/users']) {
    await page.evaluate(() => localStorage.removeItem('somero.locked'));
    await page.goto(path);
    await expect(page).toHaveURL(/\/lock$/);
    await expect(page.getByTestId('page-title')).toHaveText('Screen Locked');
  }

  await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/lock$/);

  await page.getByRole('textbox', { name: 'Password' }).fill(admin.password);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page).toHaveURL(/\/dashboardv1$/);
  await page.goto('/users');
  await expect(page.getByTestId('page-title')).toHaveText('Users');
  expect(errors).toEqual([]);
});

test('an unknown path lands on the dashboard; /login sends a signed-in user there too', async ({
  page,
  context,
  request,
}) => {
  await seedSession(context, await apiSignIn(request, admin.username, admin.password));
  await page.goto('/no/such/screen');
  await expect(page).toHaveURL(/\/dashboardv1$/);
  await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboardv1$/);
});

test('signed out, a main screen (even /streams) goes to the sign-in screen', async ({ page }) => {
  for (const path of ['/dashboardv1', '/streams', '/fees/payment/1']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('the header search finds a screen by title; Escape closes it', async ({ page, context, request }) => {
  await seedSession(context, await apiSignIn(request, admin.username, admin.password));
  await page.goto('/dashboardv1');
  await page.getByRole('button', { name: 'Search' }).click();
  const box = page.getByRole('combobox', { name: 'Search screens' });
  await box.fill('zzz');
  await page.keyboard.press('Escape');
  await expect(box).toHaveCount(0);
  await page.getByRole('button', { name: 'Search' }).click();
  await box.fill('user groups');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/user\/role$/);
  await expect(page.getByTestId('page-title')).toHaveText('User Groups');
});

test('a screen chunk that has not loaded in 120 s shows an error page with Retry', async ({
  page,
  context,
  request,
}) => {
  await seedSession(context, await apiSignIn(request, admin.username, admin.password));
  await page.clock.install();
  const heldRoutes: Route[] = [];
  let holding = true;
  const held = new Promise<void>((resolve) => {
    void page.route(/\/assets\/elearning-[^/]+\.js$/, (route) => {
      if (!holding) return route.continue();
      heldRoutes.push(route);
      resolve();
    });
  });
  // A lazy screen (E-Learning, shown to everyone): its chunks are held back.
  await page.goto('/e-learning');
  await held;
  await page.clock.fastForward(121_000);
  await expect(page.getByText('This screen is taking too long to load')).toBeVisible();
  holding = false;
  await Promise.all(heldRoutes.map((route) => route.continue()));
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('page-title')).toHaveText('E-Learning');
  await expect(page.locator('[data-screen-status="built"]')).toBeVisible();
});
