import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { admin, apiSignIn, bearer, collectPageErrors, seedSession } from '../support/session';
import { notice, unique } from '../support/ui';

type Row = Record<string, string>;

/** The downloaded template with its grey example row replaced by these rows (by heading). */
async function fillTemplate(template: string, rows: Row[], out: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(template);
  const sheet = workbook.worksheets[0]!;
  const headings = (sheet.getRow(1).values as (string | undefined)[]).map((h) => h ?? '');
  sheet.spliceRows(2, sheet.rowCount - 1);
  for (const row of rows) sheet.addRow(headings.map((h) => row[h] ?? null));
  await workbook.xlsx.writeFile(out);
}

test('students import from the template; a file with one bad row imports nothing and lists the row', async ({
  page,
  context,
  request,
}, testInfo) => {
  const session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
  const errors = collectPageErrors(page);
  const surname = unique('Imported');
  const student = (other: string, cls = 'S1'): Row => ({
    Surname: surname,
    'Other names': other,
    Gender: 'M',
    Class: cls,
    Stream: 'West',
    Section: 'Day',
    'Guardian name': `${surname} Senior`,
    'Guardian phone': '0772 000111',
  });
  const found = async () => {
    const reply = await request.get(`/api/students?search=${surname}`, { headers: bearer(session) });
    return ((await reply.json()) as { total: number }).total;
  };

  await page.goto('/data/imports');
  const card = page.locator('[data-import="students"]');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download the template' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('students-import.xlsx');
  const template = testInfo.outputPath('template.xlsx');
  await download.saveAs(template);

  // A file with one bad row: nothing is imported, and the row is named with its reason.
  const bad = testInfo.outputPath('bad.xlsx');
  await fillTemplate(template, [student('Brian'), student('Moses', 'S9')], bad);
  await card.locator('input[type="file"]').setInputFiles(bad);
  await card.getByRole('button', { name: 'Import' }).click();
  await expect(notice(page, 'Students Not Imported')).toBeVisible();
  const report = card.getByTestId('import-rejections');
  await expect(report.getByRole('row', { name: /^3 / })).toContainText('there is no class S9');
  await expect(report.getByRole('row')).toHaveCount(2);
  expect(await found()).toBe(0);

  // The same rows, mended: both are admitted.
  const good = testInfo.outputPath('good.xlsx');
  await fillTemplate(template, [student('Brian'), student('Moses')], good);
  await card.locator('input[type="file"]').setInputFiles(good);
  await card.getByRole('button', { name: 'Import' }).click();
  await expect(notice(page, 'Students Imported Successfully')).toBeVisible();
  await expect(card.getByRole('status')).toHaveText('2 rows imported.');
  await expect(card.getByTestId('import-rejections')).toHaveCount(0);
  expect(await found()).toBe(2);

  await page.goto('/students');
  await page.getByRole('textbox', { name: 'Search' }).fill(surname);
  await expect(page.getByRole('row', { name: new RegExp(surname) })).toHaveCount(2);
  expect(errors).toEqual([]);
});

test('balances brought forward import from the data imports screen; the student then shows the balance', async ({
  page,
  context,
  request,
}, testInfo) => {
  const session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
  const errors = collectPageErrors(page);
  const students = await request.get('/api/students?per_page=50', { headers: bearer(session) });
  const pupil = ((await students.json()) as { data: { id: number; admission_no: string }[] }).data.at(-1)!;

  await page.goto('/data/imports');
  const card = page.locator('[data-import="balances"]');
  await expect(card).toContainText('Balances brought forward');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download the template' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('previous-balances-import.xlsx');
  const template = testInfo.outputPath('balances-template.xlsx');
  await download.saveAs(template);
  const filled = testInfo.outputPath('balances.xlsx');
  await fillTemplate(template, [{ 'Admission No': pupil.admission_no, Amount: '87654', Note: 'Old books' }], filled);
  await card.locator('input[type="file"]').setInputFiles(filled);
  await card.getByRole('button', { name: 'Import' }).click();
  await expect(card.getByRole('status')).toHaveText('1 row imported.');

  const debts = await request.post('/api/previous_debts', {
    headers: bearer(session),
    data: { search: pupil.admission_no, per_page: 5 },
  });
  const rows = ((await debts.json()) as { data: { student_id: number; amount: number }[] }).data;
  expect(rows.find((d) => d.student_id === pupil.id)?.amount).toBe(87654);
  expect(errors).toEqual([]);
});
