import { expect, test } from '@playwright/test';
import { admin, apiSignIn, bearer, collectPageErrors, seedSession, uiSignIn } from '../support/session';

// The head teacher's and bursar's morning view: each area's tile with its figure, each only to those who hold its flag.
const everyTile = [
  'collected',
  'term_collection',
  'debt_classes',
  'attendance',
  'sickbay',
  'requisitions',
  'store',
  'events',
  'school',
  'sms',
  'admin',
];

test('the administrator sees every tile with a figure, each linking to its screen', async ({ page, request }) => {
  const errors = collectPageErrors(page);
  await seedSession(page.context(), await apiSignIn(request, admin.username, admin.password));
  await page.goto('/dashboardv1');
  const grid = page.getByTestId('dashboard-figures');
  await expect(grid).toBeVisible();
  for (const name of everyTile) {
    const tile = grid.locator(`[data-tile="${name}"]`);
    await expect(tile, name).toBeVisible();
    await expect(tile, name).toContainText(/\d/);
  }
  await expect(grid.locator('[data-tile="collected"]')).toContainText(/UGX \d{1,3}(,\d{3})*/);
  await expect(grid.locator('[data-tile="store"] a')).toHaveAttribute('href', '/store/levels');
  await grid.locator('[data-tile="sickbay"] a').click();
  await expect(page).toHaveURL(/\/student\/medication$/);
  // The horizontal layout shows the same tiles.
  await page.goto('/dashboardh');
  await expect(page.getByTestId('dashboard-figures').locator('[data-tile="events"]')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a nurse sees the sick bay tile and not the fees; a phone-sized window has one column', async ({
  page,
  request,
}) => {
  const headers = bearer(await apiSignIn(request, admin.username, admin.password));
  const suffix = Date.now().toString(36);
  const role = await request.post('/api/roles', {
    headers,
    data: { name: `Nurse ${suffix}`, description: 'Sick bay' },
  });
  const roleId = ((await role.json()) as { data: { id: number } }).data.id;
  await request.put(`/api/permissions/${roleId}`, {
    headers,
    data: { flags: { view_dashboard: true, manage_medication_center: true } },
  });
  const username = `nurse.${suffix}`;
  const password = 'nurse-pass-123';
  const user = await request.post('/api/users', {
    headers,
    data: { name: 'Ruth Nurse', username, email: null, phone: null, type: 2, role_id: roleId, active: true, password },
  });
  expect(user.status()).toBe(200);
  await page.setViewportSize({ width: 390, height: 800 });
  await uiSignIn(page, username, password);
  const grid = page.getByTestId('dashboard-figures');
  await expect(grid.locator('[data-tile="sickbay"]')).toBeVisible();
  await expect(grid.locator('[data-tile="school"]')).toBeVisible();
  for (const name of [
    'collected',
    'term_collection',
    'requisitions',
    'store',
    'events',
    'attendance',
    'sms',
    'admin',
  ]) {
    await expect(grid.locator(`[data-tile="${name}"]`), name).toHaveCount(0);
  }
  const boxes = await grid.locator('.figure-tile').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().x));
  expect(new Set(boxes).size).toBe(1);
});
