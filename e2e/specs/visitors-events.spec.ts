import { type APIRequestContext, expect, test } from '@playwright/test';
import { kampalaDay } from '../support/dates';
import { admin, apiSignIn, bearer, collectPageErrors, type Session, seedSession } from '../support/session';
import { choose, notice, unique } from '../support/ui';

// The gate records a parent visiting a student, closes the visit when the parent leaves, and the visit
// shows on the student's profile; the secretary plans a meeting and records its minutes.
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
}

async function get<T>(request: APIRequestContext, path: string): Promise<T> {
  const reply = await request.get(`/api/${path}`, { headers: bearer(session) });
  expect(reply.status(), path).toBe(200);
  return ((await reply.json()) as { data: T }).data;
}

test('a visit to a student: recorded open, closed when the parent leaves, shown on the profile', async ({
  page,
  request,
}) => {
  const errors = collectPageErrors(page);
  const student = (await get<Student[]>(request, 'students?per_page=1&page=11'))[0]!;
  const visitor = unique('Mukasa Joseph ');

  await page.goto('/visitors');
  await expect(page.getByTestId('page-title')).toHaveText('Visitors Book');
  await page.getByRole('button', { name: 'Record visitor' }).click();
  const add = page.getByRole('dialog', { name: 'Record visitor' });
  await add.getByRole('textbox', { name: "Visitor's name" }).fill(visitor);
  await add.getByRole('textbox', { name: 'Phone' }).fill('12ab');
  await add.getByRole('textbox', { name: 'Purpose' }).fill('Brought pocket money');
  await add.getByRole('combobox', { name: 'Student', exact: true }).fill(student.admission_no);
  await page.getByRole('option', { name: new RegExp(student.admission_no) }).click();
  await choose(page, add.getByRole('combobox', { name: 'Relationship' }), 'Father');
  await add.getByRole('textbox', { name: 'Items brought for the student' }).fill('Sugar and soap');
  await add.getByRole('button', { name: 'Save visit' }).click();
  // The phone is refused with the app's one message; nothing is recorded.
  await expect(add.getByText('Enter a phone number such as 0772 123456')).toBeVisible();
  await add.getByRole('textbox', { name: 'Phone' }).fill('0772 123456');
  await add.getByRole('button', { name: 'Save visit' }).click();
  await expect(add).toHaveCount(0);
  await expect(notice(page, 'Visit Recorded Successfully')).toBeVisible();

  const row = page.locator('tr[data-visit]').filter({ hasText: visitor });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('0772 123456');
  await expect(row).toContainText(student.name);
  await expect(row.getByTestId('visit-status')).toHaveText('Still in');
  // Visitors still in are listed first.
  await expect(page.locator('tr[data-visit]').first()).toHaveAttribute('data-status', 'open');

  await row.getByRole('button', { name: /^Close the visit of/ }).click();
  const close = page.getByRole('dialog', { name: `${visitor} is leaving` });
  await close.getByRole('textbox', { name: 'Remarks' }).fill('Card returned');
  await close.getByRole('button', { name: 'Close visit' }).click();
  await expect(close).toHaveCount(0);
  await expect(row.getByTestId('visit-status')).toHaveText('Left');
  await expect(row).toContainText('0 min');
  await expect(row.getByRole('button', { name: /^Close the visit of/ })).toHaveCount(0);

  await page.goto(`/students/profile/${student.id}`);
  await page.getByRole('tab', { name: 'Visits' }).click();
  const visits = page.getByTestId('student-visits');
  const onProfile = visits.locator('tr[data-visit]').filter({ hasText: visitor });
  await expect(onProfile).toContainText('Sugar and soap');
  await expect(onProfile).toContainText('(Father)');
  await expect(onProfile.getByTestId('visit-status')).toHaveText('Left');

  await page.goto('/visitors/report');
  await page.getByRole('textbox', { name: 'From' }).fill(kampalaDay(0));
  await page.getByRole('textbox', { name: 'To' }).fill(kampalaDay(0));
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByTestId('by-whom').locator('tr[data-line="Students"]')).toBeVisible();
  await expect(page.getByTestId('by-purpose').locator('tr[data-line="Brought pocket money"]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print the book' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('an event planned, then its minutes recorded and printable', async ({ page }) => {
  const errors = collectPageErrors(page);
  const title = unique('Staff Meeting ');
  await page.goto('/events');
  await expect(page.getByTestId('page-title')).toHaveText('Events');
  await page.getByRole('button', { name: 'Add event' }).click();
  const add = page.getByRole('dialog', { name: 'Add event' });
  await add.getByRole('textbox', { name: 'Title' }).fill(title);
  await choose(page, add.getByRole('combobox', { name: 'Type' }), 'Staff meeting');
  await add.getByLabel('Date').fill(kampalaDay(-1));
  await add.getByLabel('Starts').fill('16:00');
  await add.getByLabel('Ends').fill('15:00');
  await add.getByRole('textbox', { name: 'Venue' }).fill('Staff Room');
  await add.getByRole('checkbox', { name: 'Staff' }).check();
  await add.getByRole('button', { name: 'Save event' }).click();
  await expect(add.getByText('The end is before the start')).toBeVisible();
  await add.getByLabel('Ends').fill('17:30');
  await add.getByRole('button', { name: 'Save event' }).click();
  await expect(add).toHaveCount(0);
  await expect(notice(page, 'Event Added Successfully')).toBeVisible();
  // Yesterday's meeting is among the past ones (the list opens on coming events, then past ones).
  await choose(page, page.getByRole('combobox', { name: 'Show' }), 'Past');

  const row = page.locator(`tr[data-event="${title}"]`);
  await expect(row).toContainText('16:00–17:30');
  await expect(row.getByTestId('minutes-state')).toHaveText('None yet');
  await row.getByRole('button', { name: `Minutes of ${title}` }).click();
  const minutes = page.getByRole('dialog', { name: `Minutes of ${title}` });
  await minutes.getByRole('textbox', { name: 'Present' }).fill('Mrs. Nakato (Head Teacher)\n34 teaching staff');
  await minutes.getByRole('textbox', { name: 'Agenda' }).fill('Exam timetable\nMarks entry');
  await minutes.getByRole('textbox', { name: 'Resolutions' }).fill('All marks entered by Friday');
  await minutes.getByRole('textbox', { name: 'Action points' }).fill('DOS to share the timetable — tomorrow');
  await minutes.getByRole('button', { name: 'Save minutes' }).click();
  await expect(minutes).toHaveCount(0);
  await expect(notice(page, 'Minutes Recorded Successfully')).toBeVisible();
  await expect(row.getByTestId('minutes-state')).toHaveText('Recorded');
  // An event with minutes is a record: it can be printed, not deleted.
  await expect(row.getByRole('button', { name: `Print the minutes of ${title}` })).toBeVisible();
  await expect(row.getByRole('button', { name: `Delete ${title}` })).toHaveCount(0);
  const pdf = await page.request.post('/api/minutes', {
    headers: bearer(session),
    data: { event_id: Number(await row.getAttribute('data-event-id')), format: 'pdf' },
  });
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect(errors).toEqual([]);
});
