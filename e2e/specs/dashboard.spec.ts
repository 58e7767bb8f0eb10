import { expect, test } from '@playwright/test';
import { admin, apiSignIn, bearer, collectPageErrors, seedSession, uiSignIn } from '../support/session';

// The head teacher's and bursar's morning view: each area's tile with its figure, each only to those who hold its flag.
const everyTile = [
  'collected',
  'term_collection',
  'debt_classes',
  'attendance',
  'sickbay',
  'requisitions',
  'store',
  'events',
  'school',
  'sms',
  'admin',
];

test('the administrator sees every tile with a figure, each linking to its screen', async ({ page, request }) => {
  const errors = collectPageErrors(page);
  await seedSession(page.context(), await apiSignIn(request, admin.username, admin.password));
  await page.goto('/dashboardv1');
  const grid = page.getByTestId('dashboard-figures');
  await expect(grid).toBeVisible();
  for (const name of everyTile) {
    const tile = grid.locator(`[data-tile="${name}"]`);
    await expect(tile, name).toBeVisible();
    await expect(tile, name).toContainText(/\d/);
  }
  await expect(grid.locator('[data-tile="collected"]')).toContainText(/UGX \d{1,3}(,\d{3})*/);
  await expect(grid.locator('[data-tile="store"] a')).toHaveAttribute('href', '/store/levels');
  await grid.locator('[data-tile="sickbay"] a').click();
  await expect(page).toHaveURL(/\/student\/medication$/);
  // The horizontal layout shows the same tiles.
  await page.goto('/dashboardh');
  await expect(page.getByTestId('dashboard-figures').locator('[data-tile="events"]')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a nurse sees the sick bay tile and not the fees; a phone-sized window has one column', async ({
  page,
  request,
}) => {
  const headers = bearer(await apiSignIn(request, admin.username, admin.password));
  const suffix = Date.now().toString(36);
  const role = await request.post('/api/roles', {
    headers,
    data: { name: `Nurse ${suffix}`, description: 'Sick bay' },
  });
  const roleId = ((await role.json()) as { data: { id: number } }).data.id;
  await request.put(`/api/permissions/${roleId}`, {
    headers,
    data: { flags: { view_dashboard: true, manage_medication_center: true } },
  });
  const username = `nurse.${suffix}`;
  const password = 'nurse-pass-123';
  const user = await request.post('/api/users', {
    headers,
    data: { name: 'Ruth Nurse', username, email: null, phone: null, type: 2, role_id: roleId, active: true, password },
  });
  expect(user.status()).toBe(200);
  await page.setViewportSize({ width: 390, height: 800 });
  await uiSignIn(page, username, password);
  const grid = page.getByTestId('dashboard-figures');
  await expect(grid.locator('[data-tile="sickbay"]')).toBeVisible();
  await expect(grid.locator('[data-tile="school"]')).toBeVisible();
  for (const name of [
    'collected',
    'term_collection',
    'requisitions',
    'store',
    'events',
    'attendance',
    'sms',
    'admin',
  ]) {
    await expect(grid.locator(`[data-tile="${name}"]`), name).toHaveCount(0);
  }
  const boxes = await grid.locator('.figure-tile').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().x));
  expect(new Set(boxes).size).toBe(1);
});

test("the head teacher sees the term's exams: marks by class, candidates, report cards, linking to Missing Marks", async ({
  page,
  request,
}) => {
  const errors = collectPageErrors(page);
  const session = await apiSignIn(request, admin.username, admin.password);
  // The administrator: the exams section with a row per class, linking to Missing Marks, and the recent activity.
  await seedSession(page.context(), session);
  await page.goto('/dashboardv1');
  const exams = page.locator('[data-tile="academic"]');
  await expect(exams).toContainText(/Exams this term: \w+/);
  await expect(exams.getByTestId('marks-by-class').locator('tbody tr').first()).toContainText(/S1/);
  await expect(exams.getByTestId('candidate-results').first()).toContainText(/S4 in .*Result 1\s*\d+/s);
  await expect(exams).toContainText(/Withheld for fees\s*\d+/);
  await expect(page.getByTestId('recent-activity')).toBeVisible();
  await exams.getByRole('link', { name: 'Missing marks' }).click();
  await expect(page).toHaveURL(/\/missing\/marks$/);
  expect(errors).toEqual([]);
});

test('a teacher signing in sees their own classes and the marks they owe, and no audit trail', async ({
  page,
  request,
}) => {
  const errors = collectPageErrors(page);
  const headers = bearer(await apiSignIn(request, admin.username, admin.password));
  // A teacher of the demo gets a Teacher sign-in (one no other spec signs in as: staff.spec.ts gives Okello
  // Moses his own, on whichever server).
  const suffix = Date.now().toString(36);
  const roles = (await (await request.get('/api/roles', { headers })).json()) as {
    data: { id: number; name: string }[];
  };
  const teacherRole = roles.data.find((r) => r.name === 'Teacher');
  expect(teacherRole).toBeTruthy();
  const staff = (await (await request.get('/api/staff?per_page=100&search=Wasswa', { headers })).json()) as {
    data: { id: number; user_id: number | null }[];
  };
  const member = staff.data.find((m) => m.user_id === null);
  expect(member).toBeTruthy();
  const username = `teacher.${suffix}`;
  const password = 'teacher-pass-123';
  const linked = await request.post(`/api/staff_sign_in/${member?.id}`, {
    headers,
    data: { username, password, role_id: teacherRole?.id },
  });
  expect(linked.status(), await linked.text()).toBe(200);
  await uiSignIn(page, username, password);
  const mine = page.locator('[data-tile="teaching"]');
  await expect(mine).toContainText(/My classes: marks for \w+/);
  await expect(mine).toContainText(/S\d.* · /);
  await expect(page.locator('[data-tile="academic"]')).toHaveCount(0);
  await expect(page.getByTestId('recent-activity')).toHaveCount(0);
  await expect(page.getByText('Recent activity')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("the term's collection shows its two parts, paid before the term opened and during it, adding up to the headline; the owing tile counts students", async ({
  page,
  request,
}) => {
  const errors = collectPageErrors(page);
  const session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(page.context(), session);
  const reply = await request.post('/api/dashboard', { headers: bearer(session), data: {} });
  expect(reply.status()).toBe(200);
  const { fees } = (
    (await reply.json()) as {
      data: {
        fees: {
          term_collected: number;
          term_opens_on: string | null;
          paid_before_opening: number;
          students_owing: number;
          weeks: { amount: number }[];
        };
      };
    }
  ).data;
  const ugx = (n: number) => `UGX ${n.toLocaleString('en-GB')}`;
  // The demo has holiday payments made before the term opened (issue 27 §1).
  expect(fees.paid_before_opening).toBeGreaterThan(0);
  expect(fees.term_opens_on).toBeTruthy();
  const opens = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${fees.term_opens_on}T00:00:00Z`),
  );

  await page.goto('/dashboardv1');
  const tile = page.locator('[data-tile="term_collection"]');
  await expect(tile.getByTestId('term-collected')).toHaveText(ugx(fees.term_collected));
  // The two parts, worded as a head teacher reads them, add up to the collected figure.
  await expect(tile).toContainText(`Paid before ${opens}`);
  await expect(tile).toContainText('Paid during term');
  await expect(tile.getByTestId('paid-before')).toHaveText(ugx(fees.paid_before_opening));
  await expect(tile.getByTestId('paid-during')).toHaveText(ugx(fees.term_collected - fees.paid_before_opening));
  // The bars (before it opened, then a bar a week) add up to the same headline.
  await expect(tile.getByRole('img', { name: 'Collected this term: before it opened, then by week' })).toBeVisible();
  const bars = await tile.locator('[data-testid^="bar-"]').allInnerTexts();
  expect(bars.length).toBe(fees.weeks.length + 1);
  expect(bars.reduce((sum, b) => sum + Number(b.replace(/[^\d]/g, '')), 0)).toBe(fees.term_collected);
  await expect(tile.getByTestId('tile-counts')).toContainText('The Fees collection summary gives the same figures');

  // The debt tile's big number is the count of students owing, and says so.
  const owing = page.locator('[data-tile="debt_classes"]');
  await expect(owing.getByTestId('students-owing')).toHaveText(
    `${fees.students_owing.toLocaleString('en-GB')} students owing`,
  );
  await expect(owing).toContainText(/\(\d[\d,]* owing\)/);
  await expect(owing.getByTestId('tile-counts')).toContainText('Current students whose whole balance');
  expect(errors).toEqual([]);
});
