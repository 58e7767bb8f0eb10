import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ugx } from '../support/money';
import { admin, apiSignIn, bearer, collectPageErrors, type Session, seedSession } from '../support/session';
import { choose, go, notice, unique } from '../support/ui';

let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
});

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const reply =
    method === 'GET'
      ? await request.get(`/api/${path}`, { headers: bearer(session) })
      : await request.post(`/api/${path}`, { headers: bearer(session), data });
  expect(reply.status(), `${method} ${path}: ${await reply.text()}`).toBe(200);
  return ((await reply.json()) as { data: T }).data;
}

const currentTerm = (request: APIRequestContext) =>
  call<{ year: number; term: number }>(request, 'GET', 'current_settings');

interface StructureClass {
  class_name: string;
  day_total: number;
  boarding_total: number;
}
const structureOf = async (request: APIRequestContext, year: number, term: number) =>
  (await call<{ classes: StructureClass[] }>(request, 'POST', 'get_fees_structure', { year, term })).classes;

interface Student {
  id: number;
  name: string;
  admission_no: string;
}
const aStudent = async (request: APIRequestContext, search: string, index = 0) =>
  (await call<Student[]>(request, 'GET', `students?search=${encodeURIComponent(search)}&per_page=20`))[index]!;

/** Pick a student in the picker of a dialog by typing part of their name. */
async function pickStudent(page: Page, dialog: ReturnType<Page['getByRole']>, student: Student) {
  await dialog.getByRole('combobox', { name: 'Student' }).fill(student.admission_no);
  await page.getByRole('option', { name: new RegExp(student.name) }).click();
}

/** The downloaded template with its grey example row replaced by these rows (by heading). */
async function fillTemplate(template: string, rows: Record<string, string | number>[], out: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(template);
  const sheet = workbook.worksheets[0]!;
  const headings = (sheet.getRow(1).values as (string | undefined)[]).map((h) => h ?? '');
  sheet.spliceRows(2, sheet.rowCount - 1);
  for (const row of rows) sheet.addRow(headings.map((h) => row[h] ?? null));
  await workbook.xlsx.writeFile(out);
}

test('a fees category and a bursary category added show in their lists with the specification texts', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const name = unique('Library ');
  await page.goto('/fees/categories');
  for (const attempt of [1, 2]) {
    await page.getByRole('button', { name: 'Add Fees Category' }).click();
    const add = page.getByRole('dialog', { name: 'Add Fees Category' });
    await add.getByRole('textbox', { name: 'Category' }).fill(attempt === 1 ? name : name.toUpperCase());
    await add.getByRole('button', { name: 'Save' }).click();
    if (attempt === 1) {
      await expect(notice(page, 'Category added Successfully')).toBeVisible();
      await expect(add).toHaveCount(0);
    } else {
      // The same name again is refused (202), shown success-style as the specification says for fees.
      await expect(notice(page, /already exists/)).toBeVisible();
      await expect(notice(page, /already exists/)).toContainText('Successful');
      await add.getByRole('button', { name: 'Cancel' }).click();
    }
  }
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(1);

  const bursary = unique('Sports ');
  await go(page, '/bursary/categories');
  await page.getByRole('button', { name: 'Add Bursary Category' }).click();
  const add = page.getByRole('dialog', { name: 'Add Bursary Category' });
  await add.getByRole('textbox', { name: 'Bursary category' }).fill(bursary);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, `Bursary Category ${bursary} added Successfully`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(bursary) })).toHaveCount(1);
  expect(errors).toEqual([]);
});

test("a breakdown line added, then changed, moves the class's day total on /fees/structure", async ({
  page,
  request,
}) => {
  const errors = collectPageErrors(page);
  const { year, term } = await currentTerm(request);
  const category = unique('Computer ');
  await call(request, 'POST', 'fees_categories', { name: category, rank: 9 });
  const before = (await structureOf(request, year, term)).find((c) => c.class_name === 'S1')!;

  await page.goto('/fees/structure');
  const s1 = page.locator('tr[data-class="S1"]');
  await expect(s1).toContainText(ugx(before.day_total));

  await go(page, '/fees/breakdowns');
  await page.getByRole('button', { name: 'Add Fees Breakdown' }).click();
  const add = page.getByRole('dialog', { name: 'Add Fees Breakdown' });
  await add.getByRole('textbox', { name: 'Year' }).fill(String(year));
  await add.getByRole('textbox', { name: 'Term' }).fill(String(term));
  await choose(page, add.getByRole('combobox', { name: 'Class' }), 'S1');
  await choose(page, add.getByRole('combobox', { name: 'Category' }), category);
  await choose(page, add.getByRole('combobox', { name: 'Section' }), 'Day');
  await choose(page, add.getByRole('combobox', { name: 'Nationality' }), 'All students');
  await choose(page, add.getByRole('combobox', { name: 'Who pays' }), 'All students');
  await add.getByRole('textbox', { name: 'Amount (UGX)' }).fill('25000');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Fees breakdown added Successfully')).toBeVisible();

  await page.goto('/fees/structure');
  await expect(s1).toContainText(ugx(before.day_total + 25_000));
  await expect(s1).toContainText(`${category} 25,000 day`);
  // A boarding student does not pay a day line.
  await expect(s1).toContainText(ugx(before.boarding_total));

  // The line's amount changed on /fees/breakdowns changes the total again.
  await page.goto('/fees/breakdowns');
  await choose(page, page.getByRole('combobox', { name: 'Category' }), category);
  const line = page.getByRole('row', { name: /25,000/ });
  await expect(line).toHaveCount(1);
  await line.getByRole('button', { name: /^Edit / }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Fees Breakdown' });
  await edit.getByRole('textbox', { name: 'Amount (UGX)' }).fill('40000');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await page.goto('/fees/structure');
  await expect(s1).toContainText(ugx(before.day_total + 40_000));
  expect(errors).toEqual([]);
});

test("a term's structure copied to a term without one; copying there again is refused", async ({ page, request }) => {
  const errors = collectPageErrors(page);
  const { year, term } = await currentTerm(request);
  const from = await structureOf(request, year, term);
  const target = year + 3;
  expect(await structureOf(request, target, 1)).toEqual([]);

  await page.goto('/fees/structure');
  await expect(page.locator('tr[data-class]')).toHaveCount(from.length);
  for (const attempt of [1, 2]) {
    await page.getByRole('button', { name: 'Copy to another term' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy the fees structure' });
    await expect(dialog).toContainText(`Every line of Term ${term} ${year}`);
    await dialog.getByRole('textbox', { name: 'To year' }).fill(String(target));
    await choose(page, dialog.getByRole('combobox', { name: 'To term' }), 'Term 1');
    await dialog.getByRole('button', { name: `Copy to Term 1 ${target}` }).click();
    if (attempt === 1) {
      await expect(notice(page, `copied to Term 1 ${target}`)).toBeVisible();
      await expect(dialog).toHaveCount(0);
      // The screen now shows the new term, with the same totals per class.
      await expect(page.getByRole('textbox', { name: 'Year' })).toHaveValue(String(target));
      for (const c of from.slice(0, 3))
        await expect(page.locator(`tr[data-class="${c.class_name}"]`)).toContainText(ugx(c.day_total));
      // Back to the current term for the second attempt.
      await page.getByRole('textbox', { name: 'Year' }).fill(String(year));
      await choose(page, page.getByRole('combobox', { name: 'Term', exact: true }), `Term ${term}`);
    } else {
      await expect(notice(page, `Term 1 ${target} already has a fees structure`)).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
  }
  const copied = await structureOf(request, target, 1);
  expect(copied.map((c) => [c.class_name, c.day_total, c.boarding_total])).toEqual(
    from.map((c) => [c.class_name, c.day_total, c.boarding_total]),
  );
  expect(errors).toEqual([]);
});

test('a percentage bursary given shows in the list with the terms it applies to, then is removed', async ({
  page,
  request,
}) => {
  const errors = collectPageErrors(page);
  const { year, term } = await currentTerm(request);
  const category = unique('Academic ');
  await call(request, 'POST', 'bursary_categories', { name: category });
  const student = await aStudent(request, 'a', 3);

  await page.goto('/fees/bursaries');
  await page.getByRole('button', { name: 'Give a bursary' }).click();
  const add = page.getByRole('dialog', { name: 'Give a bursary' });
  await pickStudent(page, add, student);
  await choose(page, add.getByRole('combobox', { name: 'Bursary category' }), category);
  // A field left empty says so as it is left, in the contract's words, before anything is sent.
  await add.getByRole('textbox', { name: 'Amount per term' }).focus();
  await page.keyboard.press('Tab');
  await expect(add.getByText('Enter the amount')).toBeVisible();
  await add.getByText('Percentage', { exact: true }).click();
  await add.getByRole('textbox', { name: 'Percentage' }).fill('25');
  await choose(page, add.getByRole('combobox', { name: 'Of fees category' }), 'Tuition');
  await add.getByRole('checkbox', { name: 'Every term until removed' }).check();
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Bursary added Successfully')).toBeVisible();
  await expect(add).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Search' }).fill(student.admission_no);
  const row = page.getByRole('row', { name: new RegExp(student.name) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('25% of Tuition');
  await expect(row).toContainText(`Term ${term} ${year} onwards`);
  await expect(row).toContainText(category);

  // It starts this term, so removing it takes it away altogether.
  await row.getByRole('button', { name: `Delete ${student.name}` }).click();
  await page.getByRole('dialog', { name: 'Remove bursary' }).getByRole('button', { name: 'Remove bursary' }).click();
  await expect(notice(page, 'Bursary removed Successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('an addition entered and one imported from the template; a deduction entered', async ({
  page,
  request,
}, testInfo) => {
  const errors = collectPageErrors(page);
  const { year, term } = await currentTerm(request);
  const student = await aStudent(request, 'e', 2);
  const other = await aStudent(request, 'a', 1);
  const trip = unique('Trip to Jinja ');

  await page.goto('/fees/additions');
  await expect(page.getByRole('textbox', { name: 'Year' })).toHaveValue(String(year));
  await page.getByRole('button', { name: 'Add a fee' }).click();
  const add = page.getByRole('dialog', { name: 'Add a fee' });
  await pickStudent(page, add, student);
  await add.getByRole('textbox', { name: 'Description' }).fill(trip);
  await add.getByRole('textbox', { name: 'Amount (UGX)' }).fill('45000');
  await choose(page, add.getByRole('combobox', { name: 'Category' }), 'Development');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, `Fees Addition ${trip} added Successfully`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(trip) });
  await expect(row).toContainText(student.name);
  await expect(row).toContainText('Development');
  await expect(row).toContainText(ugx(45_000));

  // The import: the template downloaded from the screen, filled in, uploaded.
  const bus = unique('Bus fare ');
  await page.getByRole('button', { name: 'Import from Excel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import fees additions' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download the template' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('fees-additions-import.xlsx');
  const template = testInfo.outputPath('additions.xlsx');
  await download.saveAs(template);
  const filled = testInfo.outputPath('additions-filled.xlsx');
  await fillTemplate(
    template,
    [{ 'Admission No': other.admission_no, Description: bus, Amount: 60000, Year: year, Term: term }],
    filled,
  );
  await dialog.locator('input[type="file"]').setInputFiles(filled);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(notice(page, 'Fees Additions Imported Successfully')).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText('1 row imported.');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(bus) })).toContainText(other.name);

  const discount = unique('Staff child ');
  await go(page, '/fees/deductions');
  await page.getByRole('button', { name: 'Add a deduction' }).click();
  const ded = page.getByRole('dialog', { name: 'Add a deduction' });
  await pickStudent(page, ded, student);
  await ded.getByRole('textbox', { name: 'Description' }).fill(discount);
  await ded.getByRole('textbox', { name: 'Amount (UGX)' }).fill('100000');
  await ded.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, `Fees Deduction ${discount} added Successfully`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(discount) })).toContainText(ugx(100_000));
  // Both reach the student's ledger.
  const ledger = await call<{ lines: { description: string; amount: number }[] }>(
    request,
    'GET',
    `fees_ledger/${student.id}`,
  );
  expect(ledger.lines.map((l) => l.description).join('\n')).toContain(trip);
  expect(ledger.lines.map((l) => l.description).join('\n')).toContain(discount);
  expect(errors).toEqual([]);
});

test('previous debts saved from the class grid show in the list of balances', async ({ page, request }) => {
  const errors = collectPageErrors(page);
  await page.goto('/fees/previous/debts');
  await page.getByRole('tab', { name: 'Class grid' }).click();
  await choose(page, page.getByRole('combobox', { name: 'Class' }), 'S2');
  const rows = page.locator('tr[data-student]');
  await expect(rows.first()).toBeVisible();
  const first = (await rows.nth(0).getAttribute('data-student'))!;
  const second = (await rows.nth(1).getAttribute('data-student'))!;
  await page.getByRole('textbox', { name: `Balance of ${first}` }).fill('123456');
  await page.getByRole('textbox', { name: `Balance of ${second}` }).fill('-20000');
  await page.getByRole('button', { name: 'Save changes (2)' }).click();
  await expect(notice(page, 'Changes Saved Successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes (0)' })).toBeDisabled();

  await page.getByRole('tab', { name: 'Students with a balance' }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(first);
  await expect(page.getByRole('row', { name: new RegExp(first) })).toContainText(ugx(123_456));
  await page.getByRole('textbox', { name: 'Search' }).fill(second);
  await expect(page.getByRole('row', { name: new RegExp(second) })).toContainText('UGX -20,000');

  // One student entered on their own.
  const student = await aStudent(request, 'n', 3);
  await page.getByRole('button', { name: 'Enter a balance' }).click();
  const add = page.getByRole('dialog', { name: 'Enter a balance' });
  await pickStudent(page, add, student);
  await add.getByRole('textbox', { name: 'Balance brought forward (UGX)' }).fill('75000');
  await add.getByRole('textbox', { name: 'Note' }).fill('From the 2025 cash book');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toHaveCount(0);
  // The grid's notice may still be showing: the newest one is this save's.
  await expect(notice(page, 'Changes Saved Successfully').last()).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(student.admission_no);
  await expect(page.getByRole('row', { name: new RegExp(student.name) })).toContainText(ugx(75_000));
  expect(errors).toEqual([]);
});

interface Statement {
  opening_balance: number;
  lines: { money_in: number; money_out: number; balance: number; description: string }[];
  total_in: number;
  total_out: number;
  closing_balance: number;
}

test("a mode's statement shows the running balance and totals; a transfer moves money out of it", async ({
  page,
  request,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/settings/modes');
  const bank = page.locator('tr[data-mode="Stanbic Bank"]');
  await expect(bank).toContainText(ugx(12_500_000));
  await expect(bank).toContainText('Bank account');
  await bank.getByRole('link', { name: 'Stanbic Bank', exact: true }).click();
  await expect(page).toHaveURL(/\/statement\/\d+$/);
  const id = Number(page.url().split('/').pop());
  const before = await call<Statement>(request, 'GET', `payment_options/${id}`);
  expect(before.lines.length).toBeGreaterThan(0);

  await expect(page.getByTestId('mode-name')).toHaveText('Stanbic Bank');
  await expect(page.getByTestId('opening-balance')).toHaveText(ugx(12_500_000));
  await expect(page.getByTestId('total-in')).toHaveText(ugx(before.total_in));
  await expect(page.getByTestId('closing-balance')).toHaveText(ugx(before.closing_balance));
  expect(before.closing_balance).toBe(before.opening_balance + before.total_in - before.total_out);
  // The running balance: the first line is the opening balance plus what came in.
  const first = page.locator('tbody tr').first();
  await expect(first).toContainText(ugx(before.opening_balance + before.lines[0]!.money_in));
  await expect(page.getByTestId('totals-row').first()).toContainText(ugx(before.closing_balance));

  const reference = unique('DEP-');
  await page.getByRole('button', { name: 'Transfer money' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transfer money' });
  await choose(page, dialog.getByRole('combobox', { name: 'To' }), 'Cash');
  await dialog.getByRole('textbox', { name: 'Amount (UGX)' }).fill('500000');
  await dialog.getByRole('textbox', { name: 'Reference' }).fill(reference);
  await dialog.getByRole('button', { name: 'Record transfer' }).click();
  await expect(notice(page, 'Transfer recorded Successfully')).toBeVisible();
  await expect(page.getByTestId('total-out')).toHaveText(ugx(before.total_out + 500_000));
  await expect(page.getByTestId('closing-balance')).toHaveText(ugx(before.closing_balance - 500_000));
  const transfer = page.locator(`tr[data-transfer="${reference}"]`);
  await expect(transfer).toContainText('Cash');
  await expect(transfer).toContainText('Valid');

  // Voided with a reason: it stays listed as void and the balance comes back.
  await transfer.getByRole('button', { name: 'Void' }).click();
  const voiding = page.getByRole('dialog', { name: 'Void a transfer' });
  await voiding.getByRole('textbox', { name: 'Reason' }).fill('Entered on the wrong account');
  await voiding.getByRole('button', { name: 'Void' }).click();
  await expect(notice(page, 'Transfer deleted Successfully')).toBeVisible();
  await expect(transfer.getByRole('button', { name: 'Void' })).toHaveCount(0);
  await expect(transfer).toContainText('Void');
  await expect(page.getByTestId('closing-balance')).toHaveText(ugx(before.closing_balance));
  expect(errors).toEqual([]);
});

test('a payment mode added with only its name, kind and date opens at nothing, with an empty statement', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const name = unique('Centenary Bank ');
  await page.goto('/settings/modes');
  await page.getByRole('button', { name: 'Add a payment mode' }).click();
  const add = page.getByRole('dialog', { name: 'Add Payment Mode' });
  await add.getByRole('textbox', { name: 'Name' }).fill(name);
  await choose(page, add.getByRole('combobox', { name: 'Kind' }), 'Bank account');
  await add.getByLabel('Opening date').fill('2026-01-01');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, `Payment Mode ${name} added Successfully`)).toBeVisible();
  const row = page.locator(`tr[data-mode="${name}"]`);
  await expect(row).toContainText(ugx(0));
  // The form started from the columns' defaults: a new mode is in use.
  await expect(row).toContainText('Yes');
  await row.getByRole('link', { name: `Statement of ${name}` }).click();
  await expect(page.getByTestId('mode-name')).toHaveText(name);
  await expect(page.getByTestId('closing-balance')).toHaveText(ugx(0));
  await expect(page.getByText('No money moved in these dates.')).toBeVisible();
  await page.getByRole('link', { name: 'All payment modes' }).click();
  await expect(page).toHaveURL(/\/settings\/modes$/);
  expect(errors).toEqual([]);
});
