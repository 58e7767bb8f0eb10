import { expect, test } from '@playwright/test';
import { admin, apiSignIn, collectPageErrors, seedSession } from '../support/session';
import { notice } from '../support/ui';

// A school's own server (one school): its administrator takes a backup and downloads it to keep away
// from the school. This half's server holds only the demo school and takes none on a schedule.
test('an administrator backs up now, sees it kept, and downloads the latest', async ({ page, context, request }) => {
  await seedSession(context, await apiSignIn(request, admin.username, admin.password));
  const errors = collectPageErrors(page);
  await page.goto('/settings');
  const card = page.getByTestId('backups');
  await expect(card.getByRole('heading', { name: 'Backups' })).toBeVisible();
  await expect(card).toContainText('No backups are taken on a schedule on this server');
  await expect(card.getByText('No backups yet.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Download latest' })).toBeDisabled();

  await card.getByRole('button', { name: 'Back up now' }).click();
  await expect(notice(page, 'Backing up: the list shows it when it is done.')).toBeVisible();
  const row = card.getByRole('row').nth(1);
  await expect(row).toContainText('By hand');
  // Taken while the server serves; the list looks again until it is kept.
  await expect(row).toContainText('Kept', { timeout: 60_000 });
  await expect(row).toContainText(/\d+\.\d MB/);
  await expect(row).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}/);

  // The backup holds every record: the password is asked again, and a wrong one is said on the field.
  await card.getByRole('button', { name: 'Download latest' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download the latest backup' });
  await expect(dialog).toContainText('Give your password again to download it');
  await dialog.getByLabel('Your password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Download latest' }).click();
  await expect(dialog.getByText('That password is not right')).toBeVisible();

  await dialog.getByLabel('Your password').fill(admin.password);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download latest' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^somero-backup-\d{4}-\d\d-\d\d-\d{4}-\d+\.tar$/);
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
});
