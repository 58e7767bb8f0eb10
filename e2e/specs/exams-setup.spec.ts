import { expect, test } from '@playwright/test';
import { admin, apiSignIn, bearer, collectPageErrors, getData, type Session, seedSession } from '../support/session';
import { choose, notice, unique } from '../support/ui';

// The Director of Studies changes a grade band and sees a mark's grade change; then sets this term's weights.
test.describe.configure({ mode: 'serial' });

let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
});

test('a changed O-Level band changes the grade shown for a mark; a band out of order is refused', async ({ page }) => {
  const errors = collectPageErrors(page);
  // Start from the default table whatever an earlier run left.
  expect((await page.request.delete('/api/grading/1', { headers: bearer(session) })).status()).toBe(200);
  await page.goto('/exams/grading');
  await expect(page.getByTestId('page-title')).toHaveText('Grading');
  await expect(page.getByTestId('reading')).toContainText('Grading as set by the school: D1 from 80');
  await page.getByRole('textbox', { name: 'Try a mark' }).fill('72');
  await expect(page.getByTestId('grade-olevel')).toContainText('C3');

  await page.getByRole('textbox', { name: 'Lowest mark of C3' }).fill('73');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Grading Saved Successfully')).toBeVisible();
  await expect(page.getByTestId('grade-olevel')).toContainText('C4');
  await expect(page.getByTestId('reading')).toContainText("(the school's own");

  // C4 may not start above C3: the field says why and nothing changes.
  await page.getByRole('textbox', { name: 'Lowest mark of C4' }).fill('80');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('C4 must start below C3 (73)')).toBeVisible();
  await expect(page.getByTestId('grade-olevel')).toContainText('C4');

  await page.getByRole('button', { name: 'Restore the default' }).click();
  await expect(page.getByTestId('grade-olevel')).toContainText('C3');
  await expect(page.getByTestId('reading')).toContainText('Grading as set by the school: D1 from 80');

  // The disputed principal cells are named with the reading in force.
  await page.getByRole('tab', { name: 'A-Level principal' }).click();
  await expect(page.getByTestId('reading')).toContainText("The school's grading table: 1-7 gives E");
  await expect(page.locator('[data-disputed]')).toHaveCount(4);
  expect(errors).toEqual([]);
});

test("this term's sets for S1: weights that do not total 100 are refused, then saved", async ({ page }) => {
  const errors = collectPageErrors(page);
  const { data: now } = await getData<{ year: number; term: number }>(page, session, 'current_settings');
  const names = [unique('Test A '), unique('Test B ')];
  for (const name of names) {
    const res = await page.request.post('/api/exam_sets', {
      headers: bearer(session),
      data: { name, year: now.year, term: now.term, max_mark: 100, curriculum: 'all', rank: 90 },
    });
    expect(res.status()).toBe(200);
  }
  await page.goto('/exams/considered/sets');
  await expect(page.getByTestId('missing-policy')).toContainText('Missing marks are');
  await choose(page, page.getByRole('combobox', { name: 'Class' }), 'S1');
  // Only this run's two sets count: whatever counted before is unticked first.
  await expect(page.getByRole('checkbox', { name: `${names[0]} counts` })).toBeVisible();
  const ticked = page.getByRole('checkbox', { checked: true });
  while ((await ticked.count()) > 0) await ticked.first().uncheck();
  for (const [name, weight] of [
    [names[0], '40'],
    [names[1], '50'],
  ]) {
    await page.getByRole('checkbox', { name: `${name} counts` }).check();
    await page.getByRole('textbox', { name: `Weight of ${name}` }).fill(weight);
  }
  await expect(page.getByTestId('weights-total')).toHaveText('90%');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'The weights total 90%; they must total 100%.')).toBeVisible();

  await page.getByRole('textbox', { name: `Weight of ${names[1]}` }).fill('60');
  await expect(page.getByTestId('weights-total')).toHaveText('100%');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Considered Sets Saved Successfully')).toBeVisible();
  await expect(page.getByTestId('considered-source')).toHaveText('This class has its own choice.');
  expect(errors).toEqual([]);
});

test('report settings: cards of students owing above a threshold are withheld; the choice is kept', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/report/setting');
  await expect(page.getByTestId('page-title')).toHaveText('Report Settings');
  const withhold = page.getByRole('switch', { name: 'Withhold the cards of students who owe fees' });
  const above = page.getByRole('textbox', { name: 'Withhold when the balance is above' });
  await expect(page.getByRole('switch', { name: 'Class positions on new-curriculum cards' })).not.toBeChecked();
  if (!(await withhold.isChecked())) await withhold.click();
  await above.fill('150000');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Report Settings Saved Successfully')).toBeVisible();
  await page.reload();
  await expect(withhold).toBeChecked();
  await expect(above).toHaveValue('UGX 150,000');
  const saved = await getData<{ withhold_above: number }>(page, session, 'report_settings');
  expect(saved.data.withhold_above).toBe(150_000);
  expect(errors).toEqual([]);
});

test('an exam set for chosen classes starts at the current term; term 5 is refused on the field, not saved as 3', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const { data: now } = await getData<{ year: number; term: number }>(page, session, 'current_settings');
  await page.goto('/exam/sets');
  await page.getByRole('button', { name: 'Add Exam Set' }).click();
  const form = page.getByRole('dialog');
  await expect(form.getByRole('textbox', { name: 'Year' })).toHaveValue(String(now.year));
  await expect(form.getByRole('textbox', { name: 'Term' })).toHaveValue(String(now.term));
  const name = unique('Mock exam ');
  await form.getByRole('textbox', { name: 'Exam set' }).fill(name);
  const forClasses = form.getByLabel('For classes');
  await expect(forClasses).toHaveAttribute('placeholder', 'All classes');
  await forClasses.click();
  await page.getByRole('option', { name: 'S4', exact: true }).click();
  await page.getByRole('option', { name: 'S6', exact: true }).click();
  await form.getByRole('textbox', { name: 'Term' }).fill('5');
  await form.getByRole('textbox', { name: 'Exam set' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Term must be at most 3')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Term' })).toHaveValue('5');
  await form.getByRole('textbox', { name: 'Term' }).fill(String(now.term));
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Exam Set Saved Successfully')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search exam sets' }).fill(name);
  await expect(page.locator('tbody tr').filter({ hasText: name })).toContainText('S4, S6');
  expect(errors).toEqual([]);
});

test("changing S4's curriculum says which marks leave its marksheets and asks; confirmed, it can be changed back", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/curriculum');
  const s4 = page.getByRole('combobox', { name: 'Curriculum of S4' });
  await expect(s4).toHaveValue(/new lower secondary/i);
  await choose(page, s4, /old/i);
  await page.getByRole('button', { name: 'Save curriculum' }).click();
  const question = page.getByRole('dialog', { name: 'What changing the curriculum does' });
  await expect(question).toContainText(
    /S4 moves from the new lower secondary curriculum to the old O Level curriculum/,
  );
  await expect(question).toContainText(/[\d,]+ marks of BOT, MOT and EOT entered in new curriculum subjects/);
  await expect(question).toContainText('They are kept, not deleted: changing S4 back shows them again.');
  // Cancelled, nothing changes on the server.
  await question.getByRole('button', { name: 'Cancel' }).click();
  const rows = await getData<{ name: string; curriculum: string }[]>(page, session, 'curriculum');
  expect(rows.data.find((c) => c.name === 'S4')?.curriculum).toBe('new');
  await page.getByRole('button', { name: 'Save curriculum' }).click();
  await question.getByRole('button', { name: 'Change the curriculum' }).click();
  await expect(notice(page, 'Curriculum saved')).toBeVisible();
  // Back to the new curriculum: its marks show again.
  await choose(page, s4, /new lower secondary/i);
  await page.getByRole('button', { name: 'Save curriculum' }).click();
  await expect(question).toContainText(
    /[\d,]+ marks of BOT, MOT and EOT entered earlier in new curriculum subjects show again/,
  );
  await question.getByRole('button', { name: 'Change the curriculum' }).click();
  await expect(question).toBeHidden();
  const back = await getData<{ name: string; curriculum: string }[]>(page, session, 'curriculum');
  expect(back.data.find((c) => c.name === 'S4')?.curriculum).toBe('new');
  expect(errors).toEqual([]);
});
