import { expect, type Page, test } from '@playwright/test';
import { admin, apiSignIn, bearer, collectPageErrors, getData, type Session, seedSession } from '../support/session';
import { notice, unique } from '../support/ui';

// Issue 10 §5: a teacher enters a class's marks from the keyboard; each cell saved as it is left.
test.describe.configure({ mode: 'serial' });

let session: Session;
const sheet = { set: 0, cls: 0, subject: 0 };
const names = ['Abenaitwe Ruth', 'Bwire Samuel', 'Chandiru Grace'];

async function post(page: Page, path: string, data: object) {
  const reply = await page.request.post(`/api/${path}`, { headers: bearer(session), data });
  expect(reply.status(), `${path}: ${await reply.text()}`).toBe(200);
  return (await reply.json()).data as { id: number };
}

test.beforeEach(async ({ context, request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
});

test('a class of the old curriculum with a subject, an exam set out of 50 and three students', async ({ page }) => {
  const { data } = await getData<{ year: number; term: number }>(page, session, 'current_settings');
  const className = unique('O');
  sheet.cls = (await post(page, 'classes', { name: className, level: 'olevel', curriculum: 'old', rank: 50 })).id;
  sheet.subject = (
    await post(page, 'subjects', {
      name: unique('Geography '),
      code: unique('273-'),
      level: 'olevel',
      subject_group: 'humanity',
      compulsory: true,
    })
  ).id;
  sheet.set = (
    await post(page, 'exam_sets', {
      name: unique('MOT '),
      year: data.year,
      term: data.term,
      max_mark: 50,
      curriculum: 'all',
    })
  ).id;
  for (const name of names) {
    const [surname, other] = name.split(' ');
    await post(page, 'students', {
      surname,
      other_names: other,
      gender: 'F',
      class_id: sheet.cls,
      admitted_on: `${data.year}-02-10`,
    });
  }
});

const open = (page: Page) => page.goto(`/enter/exam?set=${sheet.set}&class=${sheet.cls}&subject=${sheet.subject}`);
const box = (page: Page, student: string) => page.getByRole('textbox', { name: new RegExp(`^${student} `) });
const cellOf = (page: Page, student: string) => page.locator('td[data-cell]').filter({ has: box(page, student) });

test('a column entered from the keyboard: grades as typed, each cell saved, still there after a reload', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await open(page);
  await expect(page.getByTestId('page-title')).toHaveText('Enter O Level Marks');
  await box(page, names[0]).click();
  await page.keyboard.type('45');
  await expect(cellOf(page, names[0]).getByTestId('grade')).toHaveText('D1'); // 90 %
  await page.keyboard.press('Enter');
  await expect(box(page, names[1])).toBeFocused();
  await page.keyboard.type('abs');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.type('20');
  await expect(cellOf(page, names[2]).getByTestId('grade')).toHaveText('P8'); // 40 %
  await page.keyboard.press('ArrowUp');
  await expect(box(page, names[1])).toBeFocused();
  for (const name of names) await expect(cellOf(page, name)).toHaveAttribute('data-state', 'saved');
  await expect(page.getByTestId('marks-progress')).toContainText('2 entered, 1 absent, 0 missing');

  await page.reload();
  await expect(box(page, names[0])).toHaveValue('45');
  await expect(box(page, names[1])).toHaveValue('abs');
  await expect(box(page, names[2])).toHaveValue('20');
  await expect(page.getByTestId('marks-progress')).toContainText('2 entered, 1 absent, 0 missing');
  expect(errors).toEqual([]);
});

test('a mark above the maximum shows the field message on its cell and is not saved', async ({ page }) => {
  await open(page);
  await box(page, names[2]).fill('51');
  await page.keyboard.press('Enter');
  const cell = cellOf(page, names[2]);
  await expect(cell).toHaveAttribute('data-state', 'error');
  await expect(cell.getByTestId('cell-error')).toHaveText(/^Chandiru Grace: the highest mark in MOT .+ is 50$/);
  await expect(notice(page, /the highest mark/)).toBeVisible();
  await page.reload();
  await expect(box(page, names[2])).toHaveValue('20');
});

test('a mark that is not a whole number is refused and shows no grade', async ({ page }) => {
  await open(page);
  const cell = cellOf(page, names[2]);
  await expect(cell.getByTestId('grade')).toHaveText('P8'); // the saved 20 of 50
  await box(page, names[2]).fill('33.5');
  // Not a mark that can be saved: no grade while it is typed, nor once the school refused it.
  await expect(cell.getByTestId('grade')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(cell).toHaveAttribute('data-state', 'error');
  await expect(cell.getByTestId('cell-error')).toHaveText('Chandiru Grace: a mark is a whole number');
  await expect(cell.getByTestId('grade')).toHaveCount(0);
  // Corrected, the grade is back as it is typed, and the mark is saved when left.
  await box(page, names[2]).fill('34');
  await expect(cell.getByTestId('grade')).toHaveText('C4'); // 68 %
  await page.keyboard.press('Enter');
  await expect(cell).toHaveAttribute('data-state', 'saved');
  await page.reload();
  await expect(box(page, names[2])).toHaveValue('34');
  await box(page, names[2]).fill('20');
  await page.keyboard.press('Enter');
  await expect(cellOf(page, names[2])).toHaveAttribute('data-state', 'saved');
});

test('a column pasted from a spreadsheet fills down from the focused cell', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page);
  await box(page, names[0]).click();
  await page.evaluate(() => navigator.clipboard.writeText('30\n31\n32\n'));
  await page.keyboard.press('Control+V');
  for (const [i, name] of names.entries()) {
    await expect(box(page, name)).toHaveValue(String(30 + i));
    await expect(cellOf(page, name)).toHaveAttribute('data-state', 'saved');
  }
  await expect(notice(page, 'Marks Saved Successfully')).toBeVisible();
});

test('on a phone: one class, one subject', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page);
  const first = box(page, names[0]);
  await expect(first).toBeVisible();
  await expect(cellOf(page, names[0]).getByTestId('grade')).toBeVisible();
  const grid = await page.getByTestId('marks-grid').boundingBox();
  expect(grid?.width ?? 0).toBeLessThanOrEqual(390);
  // The mark is on the screen beside the name, not off to the right.
  const mark = await first.boundingBox();
  const name = await page.getByRole('cell', { name: new RegExp(`^${names[0]}`) }).boundingBox();
  expect(mark && name && mark.x >= name.x + name.width - 1).toBe(true);
  expect((mark?.x ?? 0) + (mark?.width ?? 999)).toBeLessThanOrEqual(390);
  await first.fill('38');
  await page.keyboard.press('Enter');
  await expect(cellOf(page, names[0])).toHaveAttribute('data-state', 'saved');
  await expect(cellOf(page, names[0]).getByTestId('grade')).toHaveText('D2'); // 76 %
});

test('a teacher signs in as themselves and enters only their teaching load; a reader sees marks only', async ({
  page,
  browser,
}) => {
  // The admin makes a staff member with this class's subject on their load and a Teacher sign-in.
  const member = await post(page, 'staff', {
    name: unique('Namutebi Agnes '),
    initials: unique('N').toUpperCase(),
    gender: 'Female',
  });
  await post(page, 'staff_subjects', { staff_id: member.id, subject_id: sheet.subject, class_id: sheet.cls });
  const roles = (await (await page.request.get('/api/roles', { headers: bearer(session) })).json()).data as {
    id: number;
    name: string;
  }[];
  const teacherRole = roles.find((r) => r.name === 'Teacher') as { id: number };
  const username = unique('namutebi');
  await post(page, `staff_sign_in/${member.id}`, { username, password: 'teacher-pass-2026', role_id: teacherRole.id });

  const context = await browser.newContext();
  const teacher = await apiSignIn(context.request, username, 'teacher-pass-2026');
  await seedSession(context, teacher);
  const own = await context.newPage();
  const errors = collectPageErrors(own);
  await own.goto(`/enter/staff_marks?set=${sheet.set}`);
  await expect(own.getByTestId('page-title')).toHaveText('Enter My Marks');
  // Only the class of the teaching load is offered, then only its subject.
  await own.getByRole('combobox', { name: 'Class' }).click();
  await expect(own.getByRole('option')).toHaveCount(1);
  await own.getByRole('option').first().click();
  await own.getByRole('combobox', { name: 'Subject' }).click();
  await expect(own.getByRole('option')).toHaveCount(1);
  await own.getByRole('option').first().click();
  const first = own.getByRole('textbox', { name: new RegExp(`^${names[0]} `) });
  await first.fill('44');
  await own.keyboard.press('Enter');
  await expect(own.locator('td[data-cell]').filter({ has: first })).toHaveAttribute('data-state', 'saved');
  expect(errors).toEqual([]);
  await context.close();

  // /view/exam/marks shows the same column, read only.
  await page.goto(`/view/exam/marks?set=${sheet.set}&class=${sheet.cls}&subject=${sheet.subject}`);
  await expect(page.getByText('View only')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`^${names[0]} .* 44 D1$`) })).toBeVisible();
  await expect(page.getByRole('textbox', { name: new RegExp(`^${names[0]} `) })).not.toBeEditable();
});
