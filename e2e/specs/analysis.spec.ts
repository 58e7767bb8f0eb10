import { expect, test } from '@playwright/test';
import { classIdOf, currentTerm, showClass } from '../support/exams';
import { admin, apiSignIn, bearer, collectPageErrors, type Session, seedSession } from '../support/session';
import { choose } from '../support/ui';

// The head teacher reads the analyses at the staff meeting: charts over tables, and the spreadsheet.
let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
});

test('A Level points: students by total points as a chart and a table that add up to the class', async ({ page }) => {
  const errors = collectPageErrors(page);
  const now = await currentTerm(page, session);
  const reply = await page.request.post('/api/alevel_points_analysis', {
    headers: bearer(session),
    data: { year: now.year, term: now.term, class_id: await classIdOf(page, session, 'S6') },
  });
  expect(reply.status()).toBe(200);
  const analysis = (await reply.json()).data as {
    tables: { key: string; rows: { points?: string; total: number }[] }[];
  };
  const byPoints = analysis.tables.find((t) => t.key === 'points')?.rows ?? [];
  const withResults = byPoints.reduce((n, r) => n + r.total, 0);

  await showClass(page, '/alevel/points/analysis', 'S6');
  const part = page.getByTestId('analysis-points');
  await expect(part.getByRole('img', { name: 'Chart: Students by total points' })).toBeVisible();
  await expect(part.locator('tbody tr')).toHaveCount(21);
  await expect(page.getByTestId('marksheet-readings')).toContainText(`Students with results: ${withResults}`);
  const index = byPoints.findIndex((r) => r.total > 0);
  const top = byPoints[index] as { points: string; total: number };
  const first = part.locator('tbody tr').nth(index);
  await expect(first.locator('td').first()).toHaveText(top.points);
  await expect(first.locator('td').last()).not.toHaveText('0');
  await expect(first).toContainText(String(top.total));

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Points analysis - S6 Term ${now.term} ${now.year}.xlsx`);
  expect(errors).toEqual([]);
});

test("set analysis: one set's grades per subject against the set before, once a set is chosen", async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/exam/set/analysis');
  const bar = page.getByTestId('marksheet-filters');
  await expect(bar.getByRole('textbox', { name: 'Year' })).not.toHaveValue('');
  // Only O Level classes are offered here.
  await bar.getByRole('combobox', { name: 'Class' }).click();
  await expect(page.getByRole('option', { name: 'S2', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'S5', exact: true })).toHaveCount(0);
  await page.getByRole('option', { name: 'S2', exact: true }).click();
  await bar.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('Choose the exam set to analyse.')).toBeVisible();
  await choose(page, page.getByRole('combobox', { name: 'Exam set' }), 'MOT');
  const subjects = page.getByTestId('analysis-subjects');
  await expect(subjects.locator('thead')).toContainText('BOT mean');
  await expect(page.getByTestId('marksheet-readings')).toContainText('against BOT, the set before it');
  await expect(page.getByTestId('analysis-streams')).toContainText('Whole class');
  expect(errors).toEqual([]);
});
