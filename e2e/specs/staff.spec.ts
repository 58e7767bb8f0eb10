import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { admin, apiSignIn, collectPageErrors, seedSession } from '../support/session';
import { choose, notice, unique } from '../support/ui';

test('a profile opens from the staff list; a sign-in is created there; initials already held are refused', async ({
  page,
  context,
  request,
}) => {
  await seedSession(context, await apiSignIn(request, admin.username, admin.password));
  const errors = collectPageErrors(page);
  await page.goto('/staff');
  await page.getByRole('textbox', { name: 'Search staff' }).fill('Okello');
  await page.getByRole('link', { name: 'Okello Moses' }).click();
  await expect(page).toHaveURL(/\/staff\/profile\/\d+$/);
  await expect(page.getByTestId('staff-name')).toHaveText('Okello Moses');
  await expect(page.getByTestId('staff-details')).toContainText('Director of Studies');
  await expect(page.getByTestId('staff-details')).toContainText('UGX 1,600,000');
  // The demo gives every class a teaching load, Okello Moses among the teachers.
  await expect(page.getByTestId('teaching-load').getByRole('row')).not.toHaveCount(1);

  // A sign-in of his own, so he enters his own marks.
  const panel = page.getByTestId('staff-sign-in');
  await expect(panel).toContainText('Okello Moses has no sign-in');
  await panel.getByRole('button', { name: 'Create a sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a sign-in' });
  const username = unique('okello');
  await dialog.getByRole('textbox', { name: 'User name' }).fill(username);
  await dialog.locator('input[type="password"]').fill('chalk-and-board-7');
  await choose(page, dialog.getByRole('combobox', { name: 'User group' }), 'Teacher');
  await dialog.getByRole('button', { name: 'Create a sign-in' }).click();
  await expect(notice(page, `User ${username} added Successfully`)).toBeVisible();
  await expect(panel).toContainText(`Signs in as ${username}`);
  await expect(panel).toContainText('User group: Teacher');
  await expect(panel.getByRole('button', { name: 'Unlink' })).toBeVisible();
  await apiSignIn(request, username, 'chalk-and-board-7');

  // Initials print on marksheets: another's are refused, naming who holds them.
  await page.getByRole('button', { name: 'Edit details' }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('textbox', { name: 'Initials' }).fill('NH');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Initials NH are already used by Nabukenya Harriet')).toBeVisible();
  await expect(page.getByTestId('staff-details')).toContainText('OM');
  expect(errors).toEqual([]);
});

test('staff import from the /staff screen: a bad row imports nothing, the mended file imports all', async ({
  page,
  context,
  request,
}, testInfo) => {
  await seedSession(context, await apiSignIn(request, admin.username, admin.password));
  const errors = collectPageErrors(page);
  await page.goto('/staff');
  await page.getByRole('button', { name: 'Import staff' }).click();
  const card = page.locator('[data-import="staff"]');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download the template' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('staff-import.xlsx');
  const template = testInfo.outputPath('template.xlsx');
  await download.saveAs(template);

  const surname = unique('Imported');
  const fill = async (rows: Record<string, string>[], out: string) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(template);
    const sheet = workbook.worksheets[0]!;
    const headings = (sheet.getRow(1).values as (string | undefined)[]).map((h) => h ?? '');
    for (const row of rows) sheet.addRow(headings.map((h) => row[h] ?? null));
    await workbook.xlsx.writeFile(out);
    return out;
  };
  const one = { Name: `${surname} Ruth`, Initials: unique('R'), Position: 'Teacher', Phone: '0772 450001' };
  const two = { Name: `${surname} Paul`, Initials: unique('P'), Position: 'Chaplain', 'Basic salary': '900,000' };

  await card.locator('input[type="file"]').setInputFiles(await fill([one, two], testInfo.outputPath('bad.xlsx')));
  await card.getByRole('button', { name: 'Import' }).click();
  await expect(notice(page, 'Staff Not Imported')).toBeVisible();
  const report = card.getByTestId('import-rejections');
  await expect(report.getByRole('row', { name: /^3 / })).toContainText('Position: there is no position Chaplain');
  await expect(report.getByRole('row')).toHaveCount(2);

  const mended = { ...two, Position: 'Laboratory Technician' };
  await card.locator('input[type="file"]').setInputFiles(await fill([one, mended], testInfo.outputPath('good.xlsx')));
  await card.getByRole('button', { name: 'Import' }).click();
  await expect(notice(page, 'Staff Imported Successfully')).toBeVisible();
  await expect(card.getByRole('status')).toHaveText('2 rows imported.');
  await page.getByRole('textbox', { name: 'Search staff' }).fill(surname);
  await expect(page.getByRole('link', { name: new RegExp(surname) })).toHaveCount(2);
  await page.getByRole('link', { name: `${surname} Paul` }).click();
  await expect(page.getByTestId('staff-details')).toContainText('UGX 900,000');
  expect(errors).toEqual([]);
});
