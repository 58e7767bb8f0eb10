import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { admin, apiSignIn, getData, seedSession } from '../support/session';

// Issue 27 §6: no serious or critical WCAG 2 A/AA violation. Each area's main screen is read by axe as the
// walk over every screen passes it (routes.spec.ts, `axeScreens`); the marks grid, which no route opens
// without its choices, is read here.
test('marks entry: the grid has no serious or critical WCAG 2 A/AA violation', async ({ page, context, request }) => {
  const session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
  const sets = await getData<{ id: number }[]>(page, session, 'exam_sets');
  const classes = await getData<{ id: number; name: string }[]>(page, session, 'classes');
  const streams = await getData<{ id: number; name: string; class_id: number }[]>(
    page,
    session,
    'streams?per_page=100',
  );
  const subjects = await getData<{ id: number; name: string; level: string }[]>(page, session, 'subjects?per_page=100');
  const s1 = classes.data.find((c) => c.name === 'S1');
  const east = streams.data.find((s) => s.class_id === s1?.id && s.name === 'East');
  const english = subjects.data.find((s) => s.level === 'nlsc' && s.name === 'English');
  // One stream's grid: the same markup as the class's, a third of the rows for axe to read.
  await page.goto(`/enter/exam/new?set=${sets.data[0]?.id}&class=${s1?.id}&stream=${east?.id}&subject=${english?.id}`);
  await expect(page.getByTestId('page-title')).toHaveText('Enter New Curriculum Marks');
  await expect(page.getByTestId('marks-grid')).toBeVisible();
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
