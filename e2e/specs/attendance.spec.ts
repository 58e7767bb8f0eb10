import { type APIRequestContext, expect, test } from '@playwright/test';
import { admin, apiSignIn, bearer, collectPageErrors, type Session, seedSession } from '../support/session';
import { choose, unique } from '../support/ui';

// The gate keeper checks students in by typing (or scanning) admission numbers; a class's roll-call is taken.
test.describe.configure({ mode: 'serial' });

let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
});

async function post<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const reply = await request.post(`/api/${path}`, { headers: bearer(session), data });
  expect(reply.status(), path).toBe(200);
  return ((await reply.json()) as { data: T }).data;
}

/** A new S1 student, not yet through the gate today. */
async function newStudent(request: APIRequestContext, surname: string) {
  const classes = await request.get('/api/classes?per_page=50', { headers: bearer(session) });
  const s1 = ((await classes.json()) as { data: { id: number; name: string }[] }).data.find((c) => c.name === 'S1')!;
  return post<{ id: number; admission_no: string; surname: string; other_names: string }>(request, 'students', {
    surname,
    other_names: 'Gate',
    gender: 'F',
    class_id: s1.id,
    admitted_on: '2026-02-10',
  });
}

test('the gate checks two students in by admission number + Enter, clears the box, and refuses a repeat', async ({
  page,
  request,
}) => {
  const errors = collectPageErrors(page);
  const first = await newStudent(request, unique('Akiror'));
  const second = await newStudent(request, unique('Birungi'));

  await page.goto('/student/checkIn');
  await expect(page.getByTestId('page-title')).toHaveText('Student Check In');
  const box = page.getByTestId('gate-code');
  await expect(box).toBeFocused();
  const result = page.getByTestId('gate-result');

  await box.pressSequentially(first.admission_no);
  await box.press('Enter');
  await expect(result).toHaveAttribute('data-ok', 'true');
  await expect(result).toContainText(`${first.surname} Gate checked in at`);
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();

  await box.pressSequentially(second.admission_no);
  await box.press('Enter');
  await expect(result).toContainText(`${second.surname} Gate checked in at`);
  await expect(page.locator(`tr[data-number="${first.admission_no}"]`)).toHaveCount(1);
  await expect(page.locator(`tr[data-number="${second.admission_no}"]`)).toHaveCount(1);

  // The first student again: refused, saying when they came in.
  await box.pressSequentially(first.admission_no);
  await box.press('Enter');
  await expect(result).toHaveAttribute('data-ok', 'false');
  await expect(result).toContainText(`${first.surname} Gate already checked in today at`);
  await expect(box).toHaveValue('');
  expect(errors).toEqual([]);
});

test('a roll-call is taken with one student unticked, and its mark changed', async ({ page, request }) => {
  const errors = collectPageErrors(page);
  const category = unique('Night prep ');
  await post(request, 'rollcal/categories', { name: category });
  const absentee = await newStudent(request, unique('Chelangat'));
  const name = `${absentee.surname} Gate`;

  await page.goto('/rollcall/new');
  await expect(page.getByTestId('page-title')).toHaveText('Take Rollcall');
  await choose(page, page.getByRole('combobox', { name: 'Roll-call' }), category);
  await choose(page, page.getByRole('combobox', { name: 'Class', exact: true }), 'S1');
  const box = page.getByRole('checkbox', { name: `${name} present` });
  await expect(box).toBeChecked();
  await box.uncheck();
  await page.getByRole('button', { name: 'Save roll-call' }).click();
  await expect(page.getByTestId('rollcall-taken')).toContainText(`${category}, S1`);
  await expect(page.getByTestId('rollcall-counts')).toContainText('Absent 1');
  await page.getByRole('button', { name: `Change the mark of ${name}` }).click();
  await expect(page.getByTestId('rollcall-counts')).toContainText('Absent 0');

  await page.goto('/rollcall/report');
  await choose(page, page.getByRole('combobox', { name: 'Roll-call' }), category);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByTestId('rollcall-totals')).toContainText('1 roll-call:');
  expect(errors).toEqual([]);
});
