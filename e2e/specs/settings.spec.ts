import { expect, test } from '@playwright/test';
import { admin, apiSignIn, collectPageErrors, seedSession } from '../support/session';
import { choose, notice, unique } from '../support/ui';

/** A small PNG (one blue pixel): enough for the server to check, resize and store as the logo. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test.beforeEach(async ({ context, request }) => {
  await seedSession(context, await apiSignIn(request, admin.username, admin.password));
});

test('a guardian added, edited and deleted through the generic list', async ({ page }) => {
  const errors = collectPageErrors(page);
  const name = unique('Kato Guardian ');
  await page.goto('/guardians');
  await page.getByRole('button', { name: 'Add Guardian' }).click();
  const add = page.getByRole('dialog', { name: 'Add Guardian' });
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('Enter the name')).toBeVisible();

  await add.getByRole('textbox', { name: 'Name' }).fill(name);
  await choose(page, add.getByRole('combobox', { name: 'Relationship' }), 'Uncle');
  await add.getByRole('textbox', { name: 'Phone', exact: true }).fill('+256 752 123456');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, `Guardian ${name} added Successfully`)).toBeVisible();
  await expect(add).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Search guardians' }).fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Uncle');
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Guardian' });
  // A required field cleared says so as it is left, before anything is sent, and stops once filled again.
  const editName = edit.getByRole('textbox', { name: 'Name' });
  await editName.fill('');
  await editName.press('Tab');
  await expect(edit.getByText('Enter the name')).toBeVisible();
  await editName.fill(name);
  await expect(edit.getByText('Enter the name')).toHaveCount(0);
  await edit.getByRole('textbox', { name: 'Occupation' }).fill('Boda boda rider');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, `Guardian ${name} updated Successfully`)).toBeVisible();
  await expect(row).toContainText('Boda boda rider');

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Delete Guardian' }).getByRole('button', { name: 'Delete' }).click();
  await expect(notice(page, `Guardian ${name} deleted Successfully`)).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a stream added on /streams; the same again is refused in a success-style notice', async ({ page }) => {
  const errors = collectPageErrors(page);
  const stream = unique('South');
  const streams = page.locator('[data-resource="streams"]');
  await page.goto('/streams');
  for (const attempt of [1, 2]) {
    await streams.getByRole('button', { name: 'Add Stream' }).click();
    const add = page.getByRole('dialog', { name: 'Add Stream' });
    await choose(page, add.getByRole('combobox', { name: 'Class', exact: true }), 'S3');
    await add.getByRole('textbox', { name: 'Stream' }).fill(stream);
    await add.getByRole('button', { name: 'Save' }).click();
    if (attempt === 1) {
      await expect(notice(page, `Stream ${stream} added successfully`)).toBeVisible();
      await expect(add).toHaveCount(0);
    } else {
      const refusal = notice(page, `Stream ${stream} already exists`);
      await expect(refusal).toBeVisible();
      await expect(refusal).toContainText('Successful');
      await add.getByRole('button', { name: 'Cancel' }).click();
    }
  }
  await streams.getByRole('textbox', { name: 'Search streams' }).fill(stream);
  await expect(streams.getByRole('row', { name: new RegExp(`^S3 ${stream}`) })).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('the school settings saved, and the uploaded logo shown in the header', async ({ page }) => {
  const errors = collectPageErrors(page);
  const motto = unique('Light and Service ');
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'School details' });
  const schoolName = form.getByRole('textbox', { name: 'School name' });
  const named = await schoolName.inputValue();
  await schoolName.fill('');
  await schoolName.press('Tab');
  await expect(form.getByText('Enter the school name')).toBeVisible();
  await schoolName.fill(named);
  await expect(form.getByText('Enter the school name')).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Motto' }).fill(motto);
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(notice(page, 'School details saved')).toBeVisible();
  await page.reload();
  await expect(form.getByRole('textbox', { name: 'Motto' })).toHaveValue(motto);

  await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(notice(page, 'Logo uploaded')).toBeVisible();
  await expect(page.getByTestId('settings-logo')).toBeVisible();
  await expect(page.getByTestId('brand-logo')).toBeVisible();
  await page.goto('/dashboardv1');
  await expect(page.getByTestId('brand-logo')).toBeVisible();
  expect(errors).toEqual([]);
});

test('term dates: a term that overlaps another is refused with the reason', async ({ page }) => {
  await page.goto('/term/dates');
  const term2 = page.getByRole('form', { name: 'Term 2' });
  await term2.getByLabel('Opens on').fill('20/04/2026'); // typed day first
  await term2.getByRole('button', { name: 'Save term 2' }).click();
  await expect(term2.getByRole('alert')).toContainText('would overlap Term 1 2026');
  await expect(notice(page, 'would overlap')).toBeVisible();
});
