import { expect, test } from '@playwright/test';
import { classIdOf, currentTerm, showClass } from '../support/exams';
import { admin, apiSignIn, bearer, collectPageErrors, type Session, seedSession } from '../support/session';
import { choose, notice } from '../support/ui';

let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
});

test('a term whose sets are not chosen yet is refused in the school’s words, on screen and on download', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const now = await currentTerm(page, session);
  // A term of next year: no considered sets there, whatever the demo holds.
  await page.goto('/new/marksheet100');
  const bar = page.getByTestId('marksheet-filters');
  await expect(bar.getByRole('textbox', { name: 'Year' })).toHaveValue(String(now.year));
  await bar.getByRole('textbox', { name: 'Year' }).fill(String(now.year + 1));
  await choose(page, bar.getByRole('combobox', { name: 'Class' }), 'S1');
  await bar.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByTestId('marksheet-refusal')).toContainText('choose the considered sets');
  await page.getByRole('button', { name: 'Download' }).click();
  await expect(notice(page, /choose the considered sets/)).toBeVisible();
  // The O-Level screen offers only old-curriculum classes, the A-Level screen only S5 and S6.
  await page.goto('/view/alevel/marksheet');
  await page.getByTestId('marksheet-filters').getByRole('combobox', { name: 'Class' }).click();
  await expect(page.getByRole('option')).toHaveText(['S5', 'S6']);
  expect(errors).toEqual([]);
});

test('the new-curriculum marksheet shows the class with the rules in force and downloads as xlsx', async ({ page }) => {
  const errors = collectPageErrors(page);
  const now = await currentTerm(page, session);
  const probe = await page.request.post('/api/new_curriculum_marksheet', {
    headers: bearer(session),
    data: { year: now.year, term: now.term, class_id: await classIdOf(page, session, 'S1') },
  });
  // The demo school has this term's considered sets (BOT 20, MOT 30, EOT 50) and marks.
  expect(probe.status(), await probe.text()).toBe(200);
  const sheet = (await probe.json()).data as { students: { name: string }[]; readings: string[] };

  await showClass(page, '/new/marksheet100', 'S1');
  const readings = page.getByTestId('marksheet-readings');
  await expect(readings).toContainText(`S1 Term ${now.term} ${now.year}`);
  await expect(readings).toContainText('Considered sets:');
  await expect(readings).toContainText('The new curriculum does not rank');
  await expect(page.locator('tbody tr')).toHaveCount(sheet.students.length);
  await expect(page.locator('tbody tr').first()).toContainText(sheet.students[0]?.name ?? '');
  await expect(page.locator('thead th', { hasText: 'Position' })).toHaveCount(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`S1 Term ${now.term} ${now.year} marksheet.xlsx`);
  expect(errors).toEqual([]);
});
