import { expect, test } from '@playwright/test';
import { localDate, testNow } from '../support/dates';
import { admin, apiSignIn, bearer, collectPageErrors, type Session, seedSession } from '../support/session';
import { choose, go, notice } from '../support/ui';

/** One blue pixel: a real PNG the server can check and resize. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
});

test('the student list exports the filtered students as students.xlsx', async ({ page }) => {
  await page.goto('/students');
  await choose(page, page.getByRole('combobox', { name: 'Class' }), 'S3');
  await expect(page.getByText('Showing 1–50 of 105')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('students.xlsx');
});

test('bulk edit saves a changed cell, and a clash names the row without saving anything', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/students/edit');
  await choose(page, page.getByRole('combobox', { name: 'Class' }), 'S2');
  await choose(page, page.getByRole('combobox', { name: 'Stream' }), 'S2 West');
  const rows = page.locator('tr[data-student]');
  await expect(rows.first()).toBeVisible();
  const house = rows.nth(0).getByRole('textbox', { name: /^House of / });
  await house.fill('Kagera');
  await page.getByRole('button', { name: 'Save all changes (1)' }).click();
  await expect(notice(page, 'Student Details Updated Successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save all changes (0)' })).toBeDisabled();
  await expect(house).toHaveValue('Kagera');

  // The second student's payment code given to the first: refused, and nothing changes.
  const taken = await rows
    .nth(1)
    .getByRole('textbox', { name: /^Payment code of / })
    .inputValue();
  const code = rows.nth(0).getByRole('textbox', { name: /^Payment code of / });
  const before = await code.inputValue();
  await code.fill(taken);
  await rows
    .nth(0)
    .getByRole('textbox', { name: /^House of / })
    .fill('Victoria');
  await page.getByRole('button', { name: 'Save all changes (1)' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Nothing was saved' })).toContainText(taken);
  await page.reload();
  await choose(page, page.getByRole('combobox', { name: 'Class' }), 'S2');
  await choose(page, page.getByRole('combobox', { name: 'Stream' }), 'S2 West');
  await expect(rows.nth(0).getByRole('textbox', { name: /^Payment code of / })).toHaveValue(before);
  await expect(rows.nth(0).getByRole('textbox', { name: /^House of / })).toHaveValue('Kagera');
  expect(errors).toEqual([]);
});

test('a pass out issued with the student picker, marked returned, printed and deleted', async ({ page }) => {
  const errors = collectPageErrors(page);
  const tomorrow = new Date(testNow().getTime() + 24 * 3600 * 1000);
  await page.goto('/student/passouts');
  await page.getByRole('button', { name: 'Issue a pass out' }).click();
  const form = page.getByRole('dialog', { name: 'Issue a pass out' });
  await form.getByRole('combobox', { name: 'Student' }).fill('Achieng');
  await page.getByRole('option').first().click();
  const student = (await form.getByRole('combobox', { name: 'Student' }).inputValue()).split(' · ')[0]!;
  await choose(page, form.getByRole('combobox', { name: 'Type' }), 'Medical');
  await form.getByRole('textbox', { name: 'Reason' }).fill('Dental appointment at Mulago');
  await form.getByLabel('Expected return').fill(`${localDate(tomorrow)}T17:00`);
  await form.getByRole('textbox', { name: 'Authorised by' }).fill('Deputy Head Teacher');
  await form.getByRole('button', { name: 'Issue a pass out' }).click();
  await expect(notice(page, 'Pass Out added Successfully')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`${student}.*Dental appointment`) });
  await expect(row).toContainText('Out');

  await row.getByRole('button', { name: /^Mark pass \d+ returned$/ }).click();
  await expect(notice(page, 'Pass Out updated Successfully')).toBeVisible();
  await expect(row).toContainText('Returned');

  const popup = page.waitForEvent('popup');
  await row.getByRole('button', { name: /^Print pass \d+$/ }).click();
  await expect.poll(async () => (await popup).url()).toMatch(/^blob:/);

  await row.getByRole('button', { name: /^Delete pass \d+$/ }).click();
  await page.getByRole('dialog', { name: 'Delete pass out' }).getByRole('button', { name: 'Delete' }).click();
  await expect(notice(page, 'Pass Out deleted Successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('ID cards of a stream open as a PDF to print', async ({ page }) => {
  await page.goto('/student/idcards');
  await choose(page, page.getByRole('combobox', { name: 'Class' }), 'S4');
  await choose(page, page.getByRole('combobox', { name: 'Stream' }), 'S4 East');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Print ID cards' }).click();
  await expect.poll(async () => (await popup).url()).toMatch(/^blob:/);
});

test('photos named by admission number are stored; others are listed with the reason', async ({ page, request }) => {
  const reply = await request.get('/api/students?per_page=1&class_id=3', { headers: bearer(session) });
  const [first] = ((await reply.json()) as { data: { id: number; admission_no: string }[] }).data;
  const filename = `${first!.admission_no.replace('/', '-')}.png`;
  await page.goto('/student/photos');
  await page.locator('input[type="file"]').setInputFiles([
    { name: filename, mimeType: 'image/png', buffer: png },
    { name: '1999-0001.png', mimeType: 'image/png', buffer: png },
  ]);
  await page.getByRole('button', { name: 'Upload 2 photos' }).click();
  await expect(notice(page, 'Photo uploaded successfully')).toBeVisible();
  await expect(page.getByText('Stored: 1', { exact: true })).toBeVisible();
  await expect(page.getByTestId('photos-unmatched')).toContainText('1999-0001.png');
  await go(page, `/students/profile/${first!.id}`);
  await expect(page.getByTestId('student-photo')).toBeVisible();
});

test('a student portal account: password set, then switched off', async ({ page }) => {
  await page.goto('/student/accounts');
  await page.getByRole('textbox', { name: 'Search' }).fill('Akello Prossy');
  const row = page.getByRole('row', { name: /Akello Prossy/ }).first();
  await expect(row).toContainText('None');
  await row.getByRole('button', { name: 'Set the password of Akello Prossy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Portal password of Akello Prossy' });
  await dialog.getByLabel('New password').fill('prossy-2026');
  await dialog.getByRole('button', { name: 'Set password' }).click();
  await expect(notice(page, 'Student Password Changed Successfully')).toBeVisible();
  await expect(row).toContainText('On');
  await row.getByRole('button', { name: 'Switch off the account of Akello Prossy' }).click();
  await expect(notice(page, 'Account changed Successfully')).toBeVisible();
  await expect(row).toContainText('Off');
});
