import { type APIRequestContext, expect, test } from '@playwright/test';
import { kampalaDay } from '../support/dates';
import { admin, apiSignIn, bearer, collectPageErrors, type Session, seedSession } from '../support/session';
import { choose, notice, unique } from '../support/ui';

// The nurse records a student's visit, closes it when the student goes home, and sees it in the reports.
test.describe.configure({ mode: 'serial' });

let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
});

interface Student {
  id: number;
  name: string;
  admission_no: string;
  class_name: string;
}
interface Line {
  label: string;
  count: number;
}

const today = kampalaDay(0);
const drugs = unique('Coartem 4 tabs, batch ');

async function post<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const reply = await request.post(`/api/${path}`, { headers: bearer(session), data });
  expect(reply.status(), path).toBe(200);
  return ((await reply.json()) as { data: T }).data;
}

/** Today's visits of a class, as the report API counts them. */
async function classCount(request: APIRequestContext, className: string) {
  const report = await post<{ by_class: Line[] }>(request, 'medication_report', { from: today, to: today });
  return report.by_class.find((l) => l.label === className)?.count ?? 0;
}

test('a visit recorded for a student, refused at 55 °C, closed as sent home, counted in the reports', async ({
  page,
  request,
}) => {
  const errors = collectPageErrors(page);
  const reply = await request.get('/api/students?per_page=1&page=7', { headers: bearer(session) });
  const student = ((await reply.json()) as { data: Student[] }).data[0]!;
  const before = await classCount(request, student.class_name);

  await page.goto('/student/medication');
  await expect(page.getByTestId('page-title')).toHaveText('Student Sick Bay');
  await page.getByRole('button', { name: 'Record visit' }).click();
  const add = page.getByRole('dialog', { name: 'Record visit' });
  await add.getByRole('combobox', { name: 'Student' }).fill(student.admission_no);
  await page.getByRole('option', { name: new RegExp(student.admission_no) }).click();
  await choose(page, add.getByRole('combobox', { name: 'Problem' }), 'Malaria');
  await add.getByRole('textbox', { name: 'Temperature (°C)' }).fill('55');
  await add.getByRole('textbox', { name: 'Drugs given' }).fill(drugs);
  // The temperature's message shows as soon as the field is left, before anything is sent.
  await expect(add.getByText('Enter a temperature from 34.0 to 43.0 °C')).toBeVisible();
  await add.getByRole('button', { name: 'Save visit' }).click();
  // The server refuses a temperature no patient has; the field says why and nothing is recorded.
  await expect(add.getByText('Enter a temperature from 34.0 to 43.0 °C')).toBeVisible();
  await add.getByRole('textbox', { name: 'Temperature (°C)' }).fill('38.4');
  await add.getByRole('button', { name: 'Save visit' }).click();
  await expect(add).toHaveCount(0);
  await expect(notice(page, 'Visit recorded')).toBeVisible();

  const row = page.locator('tr[data-visit]').filter({ hasText: drugs });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(student.name);
  await expect(row).toContainText('Malaria');
  await expect(row).toContainText('38.4 °C');
  await expect(row.getByTestId('visit-status')).toHaveText('Added');

  await row.getByRole('button', { name: /^Close the visit of/ }).click();
  const close = page.getByRole('dialog', { name: /^Close the visit of/ });
  await choose(page, close.getByRole('combobox', { name: 'Went' }), 'Sent home');
  await close.getByRole('button', { name: 'Close visit' }).click();
  await expect(close).toHaveCount(0);
  await expect(row.getByTestId('visit-status')).toHaveText('Closed');
  await expect(row).toContainText('Sent home');
  // A closed visit is no longer changed or closed again.
  await expect(row.getByRole('button', { name: /^Close the visit of/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Edit/ })).toHaveCount(0);

  expect(await classCount(request, student.class_name)).toBe(before + 1);
  await page.goto('/medication/report');
  await page.getByRole('textbox', { name: 'From' }).fill(today);
  await page.getByRole('textbox', { name: 'To' }).fill(today);
  await page.getByRole('button', { name: 'Show' }).click();
  const byClass = page.getByTestId('by-class').locator(`tr[data-line="${student.class_name}"]`);
  await expect(byClass).toContainText(String(before + 1));
  await expect(page.getByTestId('by-problem').locator('tr[data-line="Malaria"]')).toBeVisible();
  await expect(page.getByTestId('by-class').getByRole('img')).toBeVisible();

  await page.goto('/medication/periodic');
  await page.getByRole('textbox', { name: 'From' }).fill(today);
  await page.getByRole('textbox', { name: 'To' }).fill(today);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.locator('tr[data-period]')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('a class teacher without manage_medication_center cannot open the sick bay', async ({ browser, request }) => {
  const headers = bearer(session);
  const suffix = Date.now().toString(36);
  const role = await request.post('/api/roles', {
    headers,
    data: { name: `Teachers ${suffix}`, description: 'Teachers' },
  });
  const roleId = ((await role.json()) as { data: { id: number } }).data.id;
  const flags = { students_navigation: true, view_students: true };
  expect((await request.put(`/api/permissions/${roleId}`, { headers, data: { flags } })).status()).toBe(200);
  const username = `teacher.${suffix}`;
  const user = await request.post('/api/users', {
    headers,
    data: {
      name: 'Okot Teacher',
      username,
      email: null,
      phone: null,
      type: 2,
      role_id: roleId,
      active: true,
      password: 'teacher-pass-123',
    },
  });
  expect(user.status()).toBe(200);
  const teacher = await apiSignIn(request, username, 'teacher-pass-123');
  // The API gives the teacher who came, when and why, never the drugs.
  const seen = await request.post('/api/view_medication', { headers: bearer(teacher), data: { search: '' } });
  expect(seen.status()).toBe(200);
  expect(JSON.stringify(await seen.json())).not.toContain(drugs);
  const context = await browser.newContext();
  await seedSession(context, teacher);
  const page = await context.newPage();
  await page.goto('/student/medication');
  await expect(page.locator('[data-screen-status="no-access"]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record visit' })).toHaveCount(0);
  await context.close();
});
