import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { admin, apiSignIn, getData, type Session, seedSession } from '../support/session';

// Issue 27 §6: readable on a cheap screen in a bright office. axe-core's WCAG 2 A and AA rules on each
// area's main screen, in the default theme: no serious or critical violation (colour contrast, unnamed
// buttons, broken list markup…). One visit per area, a test each.
let session: Session;

test.beforeEach(async ({ context, request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
});

/**
 * The serious and critical violations of the page as it stands, one line each, for a readable failure. The
 * shell (header, menu) is the same on every screen: the dashboard's test reads the whole page, the others only
 * the screen's own part, which is where they differ (and a third of the time axe takes).
 */
async function seriousViolations(page: Page, whole = false) {
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const { violations } = await (whole ? axe : axe.include('.app-main')).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary ?? ''}`));
}

async function visit(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page.getByTestId('page-title')).toHaveText(title);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
}

/** The marks grid of the demo school's first exam set, for S1 and its English. */
async function marksGrid(page: Page) {
  const sets = await getData<{ id: number }[]>(page, session, 'exam_sets');
  const classes = await getData<{ id: number; name: string }[]>(page, session, 'classes');
  const subjects = await getData<{ id: number; name: string; level: string }[]>(page, session, 'subjects?per_page=100');
  const s1 = classes.data.find((c) => c.name === 'S1');
  const english = subjects.data.find((s) => s.level === 'nlsc' && s.name === 'English');
  return `/enter/exam/new?set=${sets.data[0]?.id}&class=${s1?.id}&subject=${english?.id}`;
}

const screens: [area: string, path: string, title: string][] = [
  ['dashboard', '/dashboardv1', 'Dashboard'],
  ['students', '/students', 'Students'],
  ['fees desk', '/fees/pay', 'Pay Fees'],
  ['fees reports', '/fees/reports/payments', 'Fees Payments Report'],
  ['finance reports', '/income/statement', 'Income Statement'],
  ['requisitions', '/requisitions/view', 'Requisitions'],
  ['payroll', '/salary/payments', 'Salary Payments'],
  ['store', '/store/levels', 'Stock Levels'],
  ['notifications', '/notification/sms', 'Send SMS'],
  ['report cards', '/exams/reports', 'O Level Report Cards'],
  ['settings', '/settings', 'School Settings'],
  ['term dates', '/term/dates', 'Term Dates'],
];

for (const [area, path, title] of screens) {
  test(`${area}: no serious or critical WCAG 2 A/AA violation`, async ({ page }) => {
    await visit(page, path, title);
    expect(await seriousViolations(page, path === '/dashboardv1')).toEqual([]);
  });
}

test('marks entry: the grid has no serious or critical WCAG 2 A/AA violation', async ({ page }) => {
  // A class's grid is the longest page axe reads (40 s on a busy two-core machine).
  test.setTimeout(120_000);
  await visit(page, await marksGrid(page), 'Enter New Curriculum Marks');
  await expect(page.getByTestId('marks-grid')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
