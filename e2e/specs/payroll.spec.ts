import { expect, test } from '@playwright/test';
import { testNow } from '../support/dates';
import { plain } from '../support/money';
import { admin, apiSignIn, bearer, collectPageErrors, type Session, seedSession } from '../support/session';
import { choose, notice } from '../support/ui';

// A month's salaries (issue 13 §1): prepared by Uganda's rules, paid from the bank in one go, then on
// the payments list and a staff member's ledger.
test.describe.configure({ mode: 'serial' });

let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
});

const now = testNow();
const year = now.getFullYear();
const month = now.getMonth() + 1;

test('the month is prepared and paid from the bank in one go', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/salary/temp');
  await page.getByRole('button', { name: 'Prepare the month' }).click();
  await expect(notice(page, 'Salaries prepared Successfully')).toBeVisible();
  const reply = await page.request.get(`/api/salary_temp?year=${year}&month=${month}`, { headers: bearer(session) });
  const month0 = (await reply.json()).data as {
    rows: { staff_name: string; net: number; paid: boolean }[];
    totals: { net: number };
  };
  expect(month0.rows.length).toBeGreaterThan(10);
  await expect(page.getByTestId('temp-net')).toHaveText(plain(month0.totals.net));
  const unpaid = month0.rows.filter((r) => !r.paid);
  // On a 1366 px screen every column shows, the status and the row's buttons included, with no scrolling.
  await page.setViewportSize({ width: 1366, height: 768 });
  const table = page.locator('table').first();
  const first = page.locator('tr[data-paid="false"]').first();
  // The panel around the table: what shows without scrolling it sideways.
  const tableRight = await table.evaluate(
    (el) => (el.closest('.mantine-Paper-root') as HTMLElement).getBoundingClientRect().right,
  );
  for (const cell of [first.getByTestId('temp-status'), first.getByRole('button', { name: 'Leave out' })]) {
    const box = await cell.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(tableRight);
  }
  await page.getByRole('button', { name: /^Pay all \d+ salaries$/ }).click();
  const dialog = page.getByRole('dialog');
  await choose(page, dialog.getByRole('combobox', { name: 'Payment mode' }), 'Stanbic Bank');
  await dialog.getByRole('button', { name: 'Pay' }).click();
  await expect(notice(page, 'Salaries Paid Successfully')).toBeVisible();
  await expect(page.locator('tr[data-paid="false"]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Pay all/ })).toBeDisabled();

  await page.goto('/salary/payments');
  await expect(page.getByTestId('payments-net')).toHaveText(plain(month0.totals.net));
  const someone = unpaid[0]!;
  await expect(page.locator(`tr[data-staff="${someone.staff_name}"]`).first()).toContainText(plain(someone.net));
  // The PAYE schedule for the return, named after the month.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'PAYE schedule' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`paye_${year}_${String(month).padStart(2, '0')}.xlsx`);
  // The demo school's staff each have a TIN, so the PAYE schedule has one on every line.
  const staff = (await (await page.request.get('/api/staff?per_page=200', { headers: bearer(session) })).json())
    .data as { name: string; email: string | null; tin: string | null }[];
  const demo = staff.filter((p) => p.email?.endsWith('@kampalahill.example'));
  expect(demo.length).toBeGreaterThan(10);
  expect(demo.filter((p) => !p.tin).map((p) => p.name)).toEqual([]);
  expect(errors).toEqual([]);
});

test("a staff member's ledger lists the months paid", async ({ page }) => {
  await page.goto('/salary/ledger');
  await choose(page, page.getByRole('combobox', { name: 'Staff member' }), 'Akello Grace');
  // The demo's advance to her is recovered 100,000 a month: September, October and now this month.
  await expect(page.locator('tr[data-status="valid"]').first()).toBeVisible();
  await expect(page.locator('tr[data-status="valid"]')).toHaveCount(3);
  await expect(page.getByTestId('advance-owed')).toHaveText('UGX 0');
});

test('an advance is paid with consent, corrected with a reason and voided', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/staff/advances');
  await page.getByRole('button', { name: 'New advance' }).click();
  let dialog = page.getByRole('dialog');
  await choose(page, dialog.getByRole('combobox', { name: 'Staff member' }), 'Tumusiime Edward');
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('300000');
  await choose(page, dialog.getByRole('combobox', { name: 'Payment mode' }), 'Cash');
  await dialog.getByRole('textbox', { name: 'Written consent' }).fill('Advance form 17, signed');
  await dialog.getByRole('button', { name: 'Pay advance' }).click();
  const row = page.locator('tr[data-staff="Tumusiime Edward"][data-status="valid"]');
  await expect(row).toContainText('300,000');

  // Spread over three months instead of one: the reason is asked for.
  await row.getByRole('button', { name: 'Correct' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Correct the advance to Tumusiime Edward');
  await dialog.getByRole('textbox', { name: 'Months to repay' }).fill('3');
  await dialog.getByRole('button', { name: 'Correct' }).click();
  await expect(dialog.getByText('Give the reason')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason for the correction' }).fill('He asked for three months');
  await dialog.getByRole('button', { name: 'Correct' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.locator('td').nth(4)).toHaveText('3');

  await row.getByRole('button', { name: 'Void' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill('Paid to the wrong person');
  await dialog.getByRole('button', { name: 'Void' }).click();
  await expect(page.locator('tr[data-staff="Tumusiime Edward"][data-status="void"]')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a user without the payroll flags is not shown the screens, and the API refuses them', async ({
  page,
  request,
}) => {
  const clerk = await apiSignIn(request, admin.username, admin.password);
  const role = await request.post('/api/roles', {
    headers: bearer(clerk),
    data: { name: `Storekeeper ${Date.now()}` },
  });
  const roleId = (await role.json()).data.id as number;
  await request.put(`/api/permissions/${roleId}`, {
    headers: bearer(clerk),
    data: { flags: { staff_navigation: true } },
  });
  const username = `store.${Date.now().toString(36)}`;
  await request.post('/api/users', {
    headers: bearer(clerk),
    data: {
      name: 'Store Keeper',
      username,
      email: null,
      phone: null,
      type: 2,
      role_id: roleId,
      active: true,
      password: 'store-pass-1',
    },
  });
  const keeper = await apiSignIn(request, username, 'store-pass-1');
  expect(
    (await request.get(`/api/salary_temp?year=${year}&month=${month}`, { headers: bearer(keeper) })).status(),
  ).toBe(403);
  expect((await request.get('/api/advances', { headers: bearer(keeper) })).status()).toBe(403);
  await page.context().clearCookies();
  await seedSession(page.context(), keeper);
  await page.goto('/salary/temp');
  await expect(page.locator('[data-screen-status="no-access"]')).toBeVisible();
});
