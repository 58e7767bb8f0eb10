import { type APIRequestContext, expect, test } from '@playwright/test';
import { admin, apiSignIn, bearer, collectPageErrors, type Session, seedSession } from '../support/session';
import { unique } from '../support/ui';

// The store keeper ticks off what a student brought on the grid, from the keyboard; what was not
// brought last term shows as arrears, and bringing it clears them.
test.describe.configure({ mode: 'serial' });

let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
});

interface Grid {
  year: number;
  term: number;
  class_id: number;
  students: { id: number; name: string }[];
}
interface Cell {
  carried: number;
  required: number;
  brought: number;
  owed: number;
}

async function post<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const reply = await request.post(`/api/${path}`, { headers: bearer(session), data });
  expect(reply.status(), `${path}: ${await reply.text()}`).toBe(200);
  return ((await reply.json()) as { data: T }).data;
}

test('requirements collected on the grid from the keyboard clear last term’s arrears', async ({ page, request }) => {
  const errors = collectPageErrors(page);
  const classes = (await (await request.get('/api/classes?per_page=20', { headers: bearer(session) })).json()) as {
    data: { id: number; name: string }[];
  };
  const s2 = classes.data.find((c) => c.name === 'S2')!.id;
  const now = await post<Grid>(request, 'get/student/requirements', { class_id: s2 });
  const last = now.term === 1 ? { year: now.year - 1, term: 3 } : { year: now.year, term: now.term - 1 };
  const before = await post<Grid>(request, 'get/student/requirements', { class_id: s2, ...last });
  // A student of S2 in both terms, with items no other run has used.
  const student = now.students.find((s) => before.students.some((b) => b.id === s.id))!;
  const polish = unique('Shoe polish ');
  const slasher = unique('Slasher ');
  const line = { class_id: s2, section: 'all', entrants: 'all' };
  await post(request, 'student/requirements', { ...line, ...last, name: polish, quantity: 2, money_value: 3_000 });
  await post(request, 'student/requirements', { ...line, year: now.year, term: now.term, name: polish, quantity: 1 });
  await post(request, 'student/requirements', { ...line, year: now.year, term: now.term, name: slasher, quantity: 1 });

  await page.goto('/requirements/collection');
  await expect(page.getByTestId('page-title')).toHaveText('Collect Requirements');
  await page
    .getByLabel(/^Class/)
    .first()
    .click();
  await page.getByRole('option', { name: 'S2', exact: true }).click();
  await page.getByRole('textbox', { name: 'Student' }).fill(student.name);
  const row = page.locator(`tr[data-student="${student.name}"]`);
  await expect(row).toHaveCount(1);
  const polishCell = row.locator(`td[data-cell="${student.name}:${polish}"]`);
  // Last term's two, not brought, are carried into this term's one.
  await expect(polishCell).toContainText('2 from earlier terms');
  await expect(polishCell).toContainText('of 3');
  await expect(polishCell.getByTestId('owed')).toHaveText('owes 3');

  // One brought: Enter saves it (the only student); two still owed.
  const polishBox = page.getByRole('textbox', { name: `${student.name} ${polish}` });
  await polishBox.click();
  await polishBox.fill('1');
  await polishBox.press('Enter');
  await expect(polishCell.getByTestId('owed')).toHaveText('owes 2');

  // The rest, then → to the next item, where f fills all that is due.
  await polishBox.click();
  await polishBox.fill('3');
  await polishBox.press('ArrowRight');
  const slasherBox = page.getByRole('textbox', { name: `${student.name} ${slasher}` });
  await expect(slasherBox).toBeFocused();
  await expect(polishCell.getByTestId('owed')).toHaveText('✓');
  await slasherBox.press('f');
  await slasherBox.press('Enter');
  const slasherCell = row.locator(`td[data-cell="${student.name}:${slasher}"]`);
  await expect(slasherCell.getByTestId('owed')).toHaveText('✓');
  await expect(slasherBox).toHaveValue('1');

  // Saved, as the API reads it back.
  const saved = await post<{ students: { id: number; cells: Record<string, Cell> }[] }>(
    request,
    'get/student/requirements',
    { class_id: s2, search: student.name },
  );
  const cells = saved.students.find((s) => s.id === student.id)!.cells;
  expect(cells[polish.toLowerCase()]).toMatchObject({ carried: 2, required: 1, brought: 3, owed: 0 });
  expect(cells[slasher.toLowerCase()]).toMatchObject({ brought: 1, owed: 0 });

  // The arrears screen: two carried in, two cleared, none owed; the name opens the statement.
  await page.goto('/requirement/arrears');
  await expect(page.getByTestId('page-title')).toHaveText('Requirement Arrears');
  await page.getByRole('textbox', { name: 'Student' }).fill(student.name);
  const arrear = page.locator(`tr[data-line="${student.name}:${polish}"]`);
  await expect(arrear).toHaveCount(1);
  await expect(arrear.locator('td').nth(4)).toHaveText('2');
  await expect(arrear.locator('td').nth(5)).toHaveText('2');
  await expect(arrear.locator('td').nth(6)).toHaveText('0');
  // The totals line shows the server's totals over every page of the list (here the one student's lines).
  const totals = (
    (await (
      await request.post('/api/view/prev_requirements', { headers: bearer(session), data: { search: student.name } })
    ).json()) as { totals: { students: number; owed: number; money_owed: number } }
  ).totals;
  expect(totals.students).toBe(1);
  const n = (v: number) => v.toLocaleString('en-US');
  await expect(page.getByTestId('arrears-totals')).toHaveText(
    `1 student in the list owes ${n(totals.owed)} items in all (UGX ${n(totals.money_owed)} where money is accepted).`,
  );
  await arrear.getByRole('button', { name: student.name }).click();
  const statement = page.getByTestId('student-statement');
  await expect(statement).toContainText(`Term ${last.term} ${last.year}`);
  await expect(statement).toContainText(polish);
  expect(errors).toEqual([]);
});
