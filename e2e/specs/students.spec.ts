import { expect, test } from '@playwright/test';
import { admin, apiSignIn, collectPageErrors, seedSession } from '../support/session';
import { choose, go, notice, unique } from '../support/ui';

test.beforeEach(async ({ context, request }) => {
  await seedSession(context, await apiSignIn(request, admin.username, admin.password));
});

test('admit a student with a new guardian; find, edit, trash and restore them', async ({ page }) => {
  const errors = collectPageErrors(page);
  const surname = unique('Zawadi');
  const name = `${surname} Peace`;
  const digits = String(Date.now()).slice(-6);
  const phone = `+256 701 ${digits}`;

  await page.goto('/addstudent');
  await page.getByRole('textbox', { name: 'Surname' }).fill(surname);
  await page.getByRole('textbox', { name: 'Other names' }).fill('Peace');
  await choose(page, page.getByRole('combobox', { name: 'Gender' }), 'Female');
  await page.getByLabel('Date of birth').fill('2012-03-04');
  await choose(page, page.getByRole('combobox', { name: 'Class' }), 'S1');
  await choose(page, page.getByRole('combobox', { name: 'Stream' }), 'S1 East');
  await page.getByRole('textbox', { name: 'LIN' }).fill('LIN-2026-001');
  const guardian = page.getByRole('group', { name: 'Guardian 1' });
  await guardian.getByRole('textbox', { name: 'Name' }).fill(`${surname} Grace`);
  await choose(page, guardian.getByRole('combobox', { name: 'Relationship' }), 'Mother');
  await guardian.getByRole('textbox', { name: 'Phone' }).fill(phone);
  await page.getByRole('button', { name: 'Admit student' }).click();
  await expect(notice(page, 'Student Added Successfully')).toBeVisible();
  const done = page.getByRole('status').filter({ hasText: name });
  await expect(done).toContainText(/\d{4}\/\d{4}/);
  await page.getByRole('button', { name: 'Open profile' }).click();
  await expect(page).toHaveURL(/\/students\/profile\/\d+$/);
  const profileUrl = page.url();
  await expect(page.getByTestId('student-name')).toHaveText(name);
  await expect(page.getByText('S1 East')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`${surname} Grace`) })).toContainText(`0701 ${digits}`);

  // A sibling's admission: the same number typed again offers the guardian on record instead of a new one.
  await go(page, '/addstudent');
  const sibling = page.getByRole('group', { name: 'Guardian 1' });
  await sibling.getByRole('textbox', { name: 'Phone' }).fill(`0701${digits}`);
  await expect(sibling.getByRole('status')).toContainText(`Already on record: ${surname} Grace`);
  await sibling.getByRole('button', { name: 'use this guardian' }).click();
  await expect(sibling).toContainText(`${surname} Grace (Mother) · 0701 ${digits}`);
  await expect(sibling.getByRole('textbox', { name: 'Phone' })).toHaveCount(0);

  // The search screen finds them by the guardian's phone as people write it; the header box by name.
  await go(page, '/students/search');
  await page.getByRole('textbox', { name: 'Find a student' }).fill(`0701 ${digits}`);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await go(page, '/dashboardv1');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('combobox', { name: 'Search screens' }).fill(surname);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await expect(page).toHaveURL(profileUrl);

  // Edit: a new house.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await edit.getByRole('textbox', { name: 'House / residence' }).fill('Nile');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Student Details Updated Successfully')).toBeVisible();
  await expect(edit).toHaveCount(0);
  await expect(page.getByText('Nile', { exact: true })).toBeVisible();

  // Trash, then restore from the trash.
  await page.getByRole('button', { name: 'Move to trash' }).click();
  await page.getByRole('dialog', { name: 'Move to trash' }).getByRole('button', { name: 'Move to trash' }).click();
  await expect(notice(page, `Student ${name} deleted successfully`)).toBeVisible();
  await expect(page.getByTestId('student-status')).toHaveText('Trashed');
  await go(page, '/trashed/students');
  await page.getByRole('textbox', { name: 'Search' }).fill(surname);
  await page.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(notice(page, `Student ${name} restored to the register`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await page.goto(profileUrl);
  await expect(page.getByTestId('student-status')).toHaveText('Current');
  expect(errors).toEqual([]);
});

test('a student with no surname is not admitted and the field says why', async ({ page }) => {
  await page.goto('/addstudent');
  // Cleared and left, the field says why before anything is sent, in the contract's words.
  const surname = page.getByRole('textbox', { name: 'Surname' });
  await surname.fill('Okello');
  await surname.fill('');
  await expect(page.getByText('Enter the surname')).toHaveCount(0);
  await surname.press('Tab');
  await expect(page.getByText('Enter the surname')).toBeVisible();
  await page.getByRole('textbox', { name: 'Other names' }).fill('Nobody');
  await page.getByRole('button', { name: 'Admit student' }).click();
  await expect(notice(page, 'Error Occurred')).toBeVisible();
  await expect(page.getByText('Enter the surname')).toBeVisible();
});

test('promote S5 to S6 with one repeater; the summary counts follow', async ({ page }) => {
  const errors = collectPageErrors(page);
  const total = async (cls: string) => Number(await page.getByTestId(`bar-${cls}`).textContent());
  await page.goto('/students/summary');
  await expect(page.getByTestId('bar-S5')).toBeVisible();
  const [s5, s6] = [await total('S5'), await total('S6')];
  expect(s5).toBeGreaterThan(1);

  await go(page, '/students/migrate');
  await choose(page, page.getByRole('combobox', { name: 'Class to migrate' }), 'S5');
  await expect(page.getByTestId('migration-route')).toContainText('S5');
  await expect(page.getByTestId('migration-route')).toContainText('S6');
  // Those the year's report cards advise to repeat start ticked, and the screen says so; untick them all
  // and keep one repeater of the director of studies' own choosing.
  await expect(page.getByRole('columnheader', { name: "Year's report card" })).toBeVisible();
  const ticked = page.getByRole('checkbox', { name: /repeats$/, checked: true });
  const advised = await ticked.count();
  if (advised > 0) await expect(page.getByTestId('advised-to-repeat')).toContainText(`${advised} advised to repeat`);
  for (let left = advised; left > 0; left--) await ticked.first().uncheck();
  await expect(ticked).toHaveCount(0);
  await page
    .getByRole('checkbox', { name: /repeats$/ })
    .first()
    .check();
  await expect(page.getByRole('heading', { name: `${s5 - 1} students move from S5 to S6; 1 repeat S5` })).toBeVisible();
  await page.getByRole('button', { name: 'Migrate' }).click();
  // The preview says what will happen before anything moves.
  const dialog = page.getByRole('dialog', { name: /^Migrate students/ });
  await expect(dialog.getByTestId('migration-preview')).toContainText(`${s5 - 1} students move from S5 to S6`);
  await expect(dialog).toContainText('1 repeat S5');
  await dialog.getByRole('button', { name: /^Migrate/ }).click();
  await expect(notice(page, 'Students Migrated Successfully')).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`${s5 - 1} promoted, 0 left school, 1 repeating`);

  await page.goto('/students/summary');
  await expect(page.getByTestId('bar-S5')).toHaveText('1');
  await expect(page.getByTestId('bar-S6')).toHaveText(String(s6 + s5 - 1));
  expect(errors).toEqual([]);
});

test('leaving S6: the preview shows the leavers and the debts they carry, and nothing moves on cancel', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/students/migrate');
  await choose(page, page.getByRole('combobox', { name: 'Class to migrate' }), 'S6');
  await expect(page.getByTestId('migration-route')).toContainText('Leave school');
  await page.getByRole('button', { name: 'Migrate' }).click();
  const preview = page.getByRole('dialog', { name: /^Migrate students/ }).getByTestId('migration-preview');
  await expect(preview).toContainText(/\d+ students leave S6 and become old students/, { timeout: 60_000 });
  await expect(preview).toContainText(/owe UGX [\d,]+ in all/);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 1000 ? 768 : 844 });
    await page.screenshot({ path: `test-results/migrate-preview-${width}.png` });
  }
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(preview).toBeHidden();
  expect(errors).toEqual([]);
});

test('a new filter or search takes the list back to its first page', async ({ page }) => {
  await page.goto('/students');
  const showing = page.getByText(/^Showing \d+–\d+ of \d+$/);
  await expect(showing).toHaveText(/^Showing 1–50 of \d+$/);
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(showing).toHaveText(/^Showing 51–100 of \d+$/);

  await choose(page, page.getByRole('combobox', { name: 'Gender' }), 'Female');
  await expect(showing).toHaveText(/^Showing 1–50 of \d+$/);
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(showing).toHaveText(/^Showing 51–100 of \d+$/);

  await page.getByRole('textbox', { name: 'Search' }).fill('a');
  await expect(showing).toHaveText(/^Showing 1–\d+ of \d+$/);
  await expect(showing).not.toHaveText(/^Showing 51–/);
});
