import { expect, type Page, test } from '@playwright/test';
import { admin, apiSignIn, collectPageErrors, seedSession } from '../support/session';
import { go } from '../support/ui';

const notice = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test.describe('signed in as the demo admin', () => {
  test.beforeEach(async ({ context, request }) => {
    await seedSession(context, await apiSignIn(request, admin.username, admin.password));
  });

  test('users: field errors, add, search, edit, delete', async ({ page }) => {
    const errors = collectPageErrors(page);
    const suffix = Date.now().toString(36);
    await page.goto('/users');
    await page.getByRole('button', { name: 'Add user' }).click();
    const form = page.getByRole('dialog', { name: 'Add user' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(notice(page, 'Error Occurred')).toBeVisible();
    await expect(form.getByText('Enter the name')).toBeVisible();

    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Okello Peter');
    await form.getByRole('textbox', { name: 'User name', exact: true }).fill(`okello.${suffix}`);
    await form.getByRole('textbox', { name: 'E-mail' }).fill(`okello.${suffix}@example.org`);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('okello-pass-1');
    await form.getByRole('combobox', { name: 'User group' }).click();
    await page.getByRole('option', { name: 'Bursar', exact: true }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(notice(page, 'User added Successfully')).toBeVisible();
    await expect(form).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Search by name, user name or e-mail' }).fill(suffix);
    const row = page.getByRole('row', { name: /Okello Peter/ });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Bursar');

    await row.getByRole('button', { name: 'Edit Okello Peter' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user' });
    await edit.getByRole('textbox', { name: 'Phone' }).fill('+256 700 000001');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(notice(page, 'User updated Successfully')).toBeVisible();
    await expect(row).toContainText('0700 000001'); // phones are shown as 07…

    await row.getByRole('button', { name: 'Delete Okello Peter' }).click();
    await page.getByRole('dialog', { name: 'Delete user' }).getByRole('button', { name: 'Delete' }).click();
    await expect(notice(page, 'User deleted Successfully')).toBeVisible();
    await expect(page.getByRole('row', { name: /Okello Peter/ })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('user groups and their permissions', async ({ page }) => {
    const errors = collectPageErrors(page);
    const name = `Librarian ${Date.now().toString(36)}`;
    await page.goto('/user/role');
    await page.getByRole('button', { name: 'Add user group' }).click();
    const form = page.getByRole('dialog', { name: 'Add user group' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(notice(page, 'User Group added Successfully')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('0');

    await go(page, '/user/permissions');
    await page.getByRole('combobox', { name: 'User group' }).click();
    await page.getByRole('option', { name }).click();
    const events = page
      .getByRole('heading', { name: /^Events/ })
      .locator('xpath=ancestor::div[contains(@class,"mantine-Paper-root")][1]');
    await events.getByRole('button', { name: 'All' }).click();
    await expect(events.getByRole('switch')).toHaveCount(3);
    for (const toggle of await events.getByRole('switch').all()) await expect(toggle).toBeChecked();
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(notice(page, 'Permissions Saved Successfully')).toBeVisible();

    await page.goto('/user/role');
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('3');
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog', { name: 'Delete user group' }).getByRole('button', { name: 'Delete' }).click();
    await expect(notice(page, 'User Group deleted Successfully')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('profile and the audit trail', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto('/user/profile');
    await page.getByRole('textbox', { name: 'Phone' }).fill('+256 772 123456');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(notice(page, 'Profile updated successfully')).toBeVisible();

    await go(page, '/audits');
    await page.getByRole('textbox', { name: 'Module' }).fill('users');
    await page.getByRole('button', { name: 'Filter' }).click();
    const first = page.getByRole('button', { name: 'Show before and after' }).first();
    await first.click();
    await expect(page.getByText('Before', { exact: true })).toBeVisible();
    await expect(page.getByText('After', { exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test('register a school, then signed in to it', async ({ page }) => {
  const errors = collectPageErrors(page);
  const suffix = Date.now().toString(36);
  await page.goto('/register');
  // Left empty, a field says what it needs before anything is sent.
  await page.getByRole('textbox', { name: 'School name' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByText('Enter the school name')).toBeVisible();
  await page.getByRole('textbox', { name: 'School name' }).fill(`Gulu High ${suffix}`);
  await expect(page.getByText('Enter the school name')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Your name' }).fill('Akello Ruth');
  await page.getByRole('textbox', { name: 'User name' }).fill(`akello.${suffix}`);
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(`akello.${suffix}@example.org`);
  await page.getByRole('textbox', { name: 'Password' }).fill('akello-pass-1');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/dashboardv1$/);
  await expect(page.locator('.app-footer')).toContainText(`Gulu High ${suffix}`);
  expect(errors).toEqual([]);
});

test('recover: asks the e-mail; a reset link shows the new-password form', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/recover');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('nobody@example.org');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('reset link');

  await page.goto('/recover?token=not-a-real-token-123');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('new-pass-123');
  await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('new-pass-123');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('expired');
  expect(errors).toEqual([]);
});

test('a wrong password shows the server message on the sign-in screen', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'User name' }).fill('nobody-here');
  await page.getByRole('textbox', { name: 'Password' }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('form-error')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
