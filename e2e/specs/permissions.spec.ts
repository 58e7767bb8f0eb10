import { expect, test } from '@playwright/test';
import { admin, apiSignIn, bearer, collectPageErrors, seedSession, uiSignIn } from '../support/session';

/** The screens every signed-in user sees (spec 1 §6), in the School Life group and More Features. */
const forEveryone = [
  '/term/dates',
  '/staff/resources',
  '/e-learning',
  '/departments',
  '/department/reports',
  '/data/imports',
];

test('a user group with a few flags sees only those menu items, and the API refuses the rest', async ({
  page,
  request,
}) => {
  const adminSession = await apiSignIn(request, admin.username, admin.password);
  const headers = bearer(adminSession);
  const suffix = Date.now().toString(36);

  const role = await request.post('/api/roles', {
    headers,
    data: { name: `Clerk ${suffix}`, description: 'Suppliers and the audit trail only' },
  });
  expect(role.status()).toBe(200);
  const roleId = ((await role.json()) as { data: { id: number } }).data.id;

  const flags = await request.put(`/api/permissions/${roleId}`, {
    headers,
    data: { flags: { expenses_navigation: true, view_suppliers: true, view_audits: true } },
  });
  expect(flags.status()).toBe(200);

  const username = `clerk.${suffix}`;
  const password = 'clerk-pass-123';
  const user = await request.post('/api/users', {
    headers,
    data: { name: 'Grace Clerk', username, email: null, phone: null, type: 2, role_id: roleId, active: true, password },
  });
  expect(user.status()).toBe(200);

  // The API refuses what the group does not hold, and serves what it does.
  const clerk = await apiSignIn(request, username, password);
  expect((await request.get('/api/users', { headers: bearer(clerk) })).status()).toBe(403);
  expect((await request.get('/api/roles', { headers: bearer(clerk) })).status()).toBe(403);
  expect((await request.get('/api/permissions', { headers: bearer(clerk) })).status()).toBe(403);
  expect((await request.post('/api/dashboard', { headers: bearer(clerk), data: {} })).status()).toBe(403);
  expect((await request.post('/api/audits', { headers: bearer(clerk), data: { page: 1, per_page: 5 } })).status()).toBe(
    200,
  );

  // The browser: no dashboard figures (and no call for them), only the granted menu items.
  const errors = collectPageErrors(page);
  const dashboardCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/dashboard')) dashboardCalls.push(r.url());
  });
  await uiSignIn(page, username, password);
  await expect(page.getByTestId('dashboard-no-figures')).toBeVisible();
  await expect(page.getByTestId('user-role')).toHaveText(`Clerk ${suffix}`);
  expect(dashboardCalls).toEqual([]);

  const groups = page.locator('nav.sidebar > .nav-group:not(.nav-group-narrow)');
  await expect(groups).toHaveCount(2);
  expect(await groups.evaluateAll((els) => els.map((e) => e.getAttribute('data-group')))).toEqual([
    'expenses',
    'general',
  ]);
  const sidebarLinks = await page
    .locator('nav.sidebar > .nav-group:not(.nav-group-narrow) a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(sidebarLinks.sort()).toEqual(['/suppliers', ...forEveryone].sort());

  await page.getByRole('button', { name: 'More Features' }).click();
  const moreItems = page.getByRole('menu').getByRole('menuitem');
  await expect(moreItems).toHaveCount(7);
  expect(await moreItems.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
    '/audits',
    '/term/dates',
    '/staff/resources',
    '/e-learning',
    '/departments',
    '/department/reports',
    '/data/imports',
  ]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Finance Reports' })).toHaveCount(0);

  // A screen outside the group: its title, and a plain "no access".
  await page.goto('/users');
  await expect(page.getByTestId('page-title')).toHaveText('Users');
  await expect(page.locator('[data-screen-status="no-access"]')).toBeVisible();
  // A granted one opens.
  await page.goto('/audits');
  await expect(page.getByTestId('page-title')).toHaveText('Audit Trail');
  await expect(page.locator('[data-screen-status="no-access"]')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a staff user managing users and permissions is offered only what they may grant', async ({ page, request }) => {
  const headers = bearer(await apiSignIn(request, admin.username, admin.password));
  const suffix = Date.now().toString(36);
  const group = async (name: string, flags: Record<string, boolean>) => {
    const role = await request.post('/api/roles', { headers, data: { name: `${name} ${suffix}` } });
    expect(role.status()).toBe(200);
    const id = ((await role.json()) as { data: { id: number } }).data.id;
    expect((await request.put(`/api/permissions/${id}`, { headers, data: { flags } })).status()).toBe(200);
    return `${name} ${suffix}`;
  };
  const managers = await group('Managers', { view_users: true, manage_permissions: true, pay_fees: true });
  const cashiers = await group('Cashiers', { pay_fees: true });
  const bursars = await group('Bursars', { pay_fees: true, view_fees_payments: true });
  const roles = (await (await request.get('/api/roles', { headers })).json()) as {
    data: { id: number; name: string }[];
  };
  const username = `manager.${suffix}`;
  const password = 'manager-pass-1';
  const made = await request.post('/api/users', {
    headers,
    data: {
      name: `Manager ${suffix}`,
      username,
      type: 2,
      role_id: roles.data.find((r) => r.name === managers)?.id,
      active: true,
      password,
    },
  });
  expect(made.status()).toBe(200);

  const errors = collectPageErrors(page);
  await seedSession(page.context(), await apiSignIn(request, username, password));
  await page.goto('/users');
  // Administrators are not theirs to edit; a new user is a staff user in a group within their flags.
  await page.getByRole('textbox', { name: 'Search by name, user name or e-mail' }).fill(admin.username);
  const adminRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: admin.username, exact: true }) });
  await expect(adminRow).toHaveCount(1);
  await expect(adminRow.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add user' }).click();
  const form = page.getByRole('dialog', { name: 'Add user' });
  await expect(form.getByRole('combobox', { name: 'Type' })).toBeDisabled();
  await expect(form.getByRole('combobox', { name: 'Type' })).toHaveValue('Staff');
  await form.getByRole('combobox', { name: 'User group' }).click();
  await expect(page.getByRole('option', { name: cashiers })).toBeVisible();
  await expect(page.getByRole('option', { name: managers })).toBeVisible();
  await expect(page.getByRole('option', { name: bursars })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: 'Cancel' }).click();

  // Permissions: their own group is not offered, and flags they do not hold cannot be switched on.
  await page.goto('/user/permissions');
  await expect(page.getByText('You can grant only the permissions you hold yourself')).toBeVisible();
  await page.getByRole('combobox', { name: 'User group' }).click();
  await expect(page.getByRole('option', { name: managers })).toHaveCount(0);
  await page.getByRole('option', { name: cashiers }).click();
  await expect(page.locator('[data-flag="pay_fees"]')).toBeEnabled();
  await expect(page.locator('[data-flag="view_users"]')).toBeEnabled();
  await expect(page.locator('[data-flag="view_fees_payments"]')).toBeDisabled();
  await expect(page.locator('[data-flag="view_audits"]')).toBeDisabled();
  expect(errors).toEqual([]);
});
