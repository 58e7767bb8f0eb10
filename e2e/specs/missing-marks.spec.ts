import { expect, test } from '@playwright/test';
import { admin, apiSignIn, bearer, collectPageErrors, type Session, seedSession } from '../support/session';
import { choose } from '../support/ui';

/** Issue 10 §6: the Director of Studies chases the demo school's missing marks, teacher by teacher. */
let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
});

const summary = (page: import('@playwright/test').Page) => page.getByTestId('missing-summary');
/** The whole school's missing marks read every class's marksheet: seconds on a busy machine. */
const wholeSchool = { timeout: 30_000 };
const count = (text: string, what: string) => Number(new RegExp(`([\\d,]+) ${what}`).exec(text)?.[1].replace(/,/g, ''));

test('the whole school by teacher: the same counts as the server, most missing first', async ({ page }) => {
  const errors = collectPageErrors(page);
  const reply = await page.request.post('/api/missing/marks', { headers: bearer(session), data: {} });
  expect(reply.status()).toBe(200);
  const { data } = await reply.json();
  await page.goto('/missing/marks');
  await expect(summary(page)).toContainText(/^EOT, term \d \d{4}: /, wholeSchool);
  const text = (await summary(page).textContent()) ?? '';
  expect(count(text, 'marks missing')).toBe(data.totals.missing);
  expect(count(text, 'absent')).toBe(data.totals.absent);
  expect(data.totals.missing).toBeGreaterThan(0);
  const cards = page.locator('[data-teacher]');
  await expect(cards).toHaveCount(data.teachers.length);
  await expect(cards.first()).toHaveAttribute('data-teacher', data.teachers[0].teacher);
  await expect(cards.first().getByTestId('teacher-missing')).toHaveText(`${data.teachers[0].missing} missing`);

  // Another set: BOT has its own gaps.
  await choose(page, page.getByRole('combobox', { name: 'Exam set' }), 'BOT');
  await expect(summary(page)).toContainText(/^BOT, term/);
  expect(errors).toEqual([]);
});

test('one O-Level class names the students each teacher still owes, and fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/class/missing/marks');
  await expect(page.getByText('Choose a class to see whose marks are missing.')).toBeVisible();
  await choose(page, page.getByRole('combobox', { name: 'Class' }), 'S2');
  await expect(summary(page)).toContainText(/^EOT, term/);
  // S2 has a teacher who has not handed in a stream's column: their card names the students.
  const owed = page
    .locator('[data-line]')
    .filter({ hasText: /\d+ missing/ })
    .first();
  await expect(owed).toContainText(/^S2 \w+ · /);
  await expect(owed).toContainText(/\(\d{4}\/\d{4}\)/);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide).toBeLessThanOrEqual(0);
});

test('an A-Level class is chased per paper', async ({ page }) => {
  await page.goto('/alevel/missing/marks');
  await choose(page, page.getByRole('combobox', { name: 'Class' }), 'S5');
  await expect(summary(page)).toContainText(/^EOT, term/);
  await expect(page.locator('[data-line*="Paper"]').first()).toBeVisible();
  // O-Level classes are not offered here.
  await page.getByRole('combobox', { name: 'Class' }).click();
  await expect(page.getByRole('option', { name: 'S1', exact: true })).toHaveCount(0);
});

test('a Mock set for S4 and S6 is chased in those classes only, and is not offered for S2', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/missing/marks');
  await expect(summary(page)).toContainText(/^EOT, term/, wholeSchool);
  await choose(page, page.getByRole('combobox', { name: 'Exam set' }), 'Mock');
  await expect(summary(page)).toContainText(/^Mock, term \d \d{4}: /, wholeSchool);
  const reply = await page.request.post('/api/missing/marks', {
    headers: bearer(session),
    data: { exam_set_id: await mockId(page) },
  });
  const { data } = await reply.json();
  // Nobody has entered Mock marks yet: every S4 and S6 taker is missing, and no other class.
  expect(count((await summary(page).textContent()) ?? '', 'marks missing')).toBe(data.totals.missing);
  expect(data.totals.entered).toBe(0);
  const places = await page.locator('[data-line]').evaluateAll((els) => els.map((e) => e.getAttribute('data-line')));
  expect(places.length).toBeGreaterThan(0);
  expect(places.every((p) => /^S[46] /.test(p ?? ''))).toBe(true);

  // S2 does not sit it: its own page offers only the sets it sits.
  await page.goto('/class/missing/marks');
  await choose(page, page.getByRole('combobox', { name: 'Class' }), 'S2');
  await expect(summary(page)).toContainText(/^EOT, term/);
  await page.getByRole('combobox', { name: 'Exam set' }).click();
  await expect(page.getByRole('option', { name: 'BOT', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Mock', exact: true })).toHaveCount(0);
  expect(errors).toEqual([]);
});

async function mockId(page: import('@playwright/test').Page) {
  const reply = await page.request.get('/api/exam_sets?per_page=100', { headers: bearer(session) });
  const rows = ((await reply.json()) as { data: { id: number; name: string }[] }).data;
  return rows.find((s) => s.name === 'Mock')?.id;
}
