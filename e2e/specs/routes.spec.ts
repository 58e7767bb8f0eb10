import { expect, test } from '@playwright/test';
import { routeHref, type ScreenRoute, screenRoutes } from '@somero/contract';
import { admin, apiSignIn, collectPageErrors, seedSession } from '../support/session';

/** Detail routes get a made-up id and name: the screen must still show its title. */
const href = (route: ScreenRoute) => routeHref(route.path, { id: 1, name: 'x' });

/** Screens built so far; every other route must say plainly that it is planned. */
const built = new Set([
  '/dashboardv1',
  '/dashboardh',
  '/users',
  '/user/role',
  '/user/permissions',
  '/user/profile',
  '/audits',
]);

const signedOutScreens = screenRoutes.filter((r) => r.area === 'public' && r.path !== '/lock');
const mainScreens = screenRoutes.filter((r) => r.area !== 'public');
const byArea = new Map<string, ScreenRoute[]>();
for (const route of mainScreens) byArea.set(route.area, [...(byArea.get(route.area) ?? []), route]);

test('the route table has all 186 screens', () => {
  expect(screenRoutes).toHaveLength(186);
  expect(signedOutScreens.length + mainScreens.length + 1).toBe(186);
});

test('public screens show their title, signed out', async ({ page }) => {
  const errors = collectPageErrors(page);
  for (const route of signedOutScreens) {
    await page.goto(href(route));
    await expect(page.getByTestId('page-title'), route.path).toHaveText(route.title);
    await expect(page).toHaveTitle(`${route.title} · Somero`);
  }
  expect(errors).toEqual([]);
});

for (const [area, routes] of byArea) {
  test(`${area} screens show their title, signed in as the demo admin`, async ({ page, context, request }) => {
    await seedSession(context, await apiSignIn(request, admin.username, admin.password));
    const errors = collectPageErrors(page);
    for (const route of routes) {
      await page.goto(href(route));
      await expect(page, route.path).toHaveURL(new RegExp(`${href(route).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      await expect(page.getByTestId('page-title'), route.path).toHaveText(route.title);
      await expect(page).toHaveTitle(`${route.title} · Somero`);
      if (!built.has(route.path))
        await expect(page.locator('[data-screen-status="planned"]'), route.path).toBeVisible();
    }
    expect(errors).toEqual([]);
  });
}

test('/lock shows its title signed in, and unlocks', async ({ page, context, request }) => {
  await seedSession(context, await apiSignIn(request, admin.username, admin.password));
  const errors = collectPageErrors(page);
  const lock = screenRoutes.find((r) => r.path === '/lock')!;
  await page.goto('/lock');
  await expect(page.getByTestId('page-title')).toHaveText(lock.title);
  await expect(page).toHaveTitle(`${lock.title} · Somero`);
  await page.getByRole('textbox', { name: 'Password' }).fill(admin.password);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page).toHaveURL(/\/dashboardv1$/);
  expect(errors).toEqual([]);
});
