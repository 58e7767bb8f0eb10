import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { admin, apiSignIn, bearer, collectPageErrors, type Session, seedSession } from '../support/session';
import { choose, exportedFileName, go, notice, unique } from '../support/ui';

interface Student {
  id: number;
  name: string;
  admission_no: string;
}

let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
});

/** The n-th current student (each test its own, so their balances do not mix). */
async function student(request: APIRequestContext, n: number): Promise<Student> {
  const reply = await request.get('/api/students?per_page=20', { headers: bearer(session) });
  const rows = ((await reply.json()) as { data: Student[] }).data;
  return rows[n]!;
}

async function modeId(request: APIRequestContext, name: string): Promise<number> {
  const reply = await request.get('/api/payment_options?per_page=50', { headers: bearer(session) });
  const rows = ((await reply.json()) as { data: { id: number; name: string }[] }).data;
  return rows.find((m) => m.name === name)!.id;
}

async function paymentsOf(request: APIRequestContext, id: number) {
  const reply = await request.post('/api/student_payments', { headers: bearer(session), data: { student_id: id } });
  return ((await reply.json()) as { data: { payments: { id: number; receipt_no: number; amount: number }[] } }).data
    .payments;
}

/** "UGX 1,250,000" → 1250000; "UGX 5,000 in credit" → -5000. */
function shillings(text: string | null): number {
  const value = Number((text ?? '').replace(/[^\d]/g, ''));
  return /in credit/.test(text ?? '') ? -value : value;
}

/** At the desk: type the admission number into the focused picker, take the first match with the keyboard. */
async function pickAtDesk(page: Page, s: Student) {
  const picker = page.getByRole('combobox', { name: 'Student' });
  await expect(picker).toBeFocused();
  await page.keyboard.type(s.admission_no);
  await expect(page.getByRole('option', { name: new RegExp(s.admission_no) })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('desk-student')).toContainText(s.name);
  await expect(page.getByTestId('desk-balance')).toHaveText(/UGX/);
  return shillings(await page.getByTestId('desk-balance').textContent());
}

test('the desk: a student found by admission number with the keyboard pays; the receipt opens and the balance drops', async ({
  page,
  request,
}) => {
  const errors = collectPageErrors(page);
  const s = await student(request, 0);
  const before = (await paymentsOf(request, s.id)).length;
  await page.goto('/fees/pay');
  const balance = await pickAtDesk(page, s);

  // Keyboard only: Tab to the amount; the mode (the cash box) and today's date are already filled.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Amount')).toBeFocused();
  await page.keyboard.type('75000');
  await expect(page.getByRole('combobox', { name: 'Payment mode' })).toHaveValue('Cash');
  await expect(page.getByLabel('Date')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/); // day first
  await page.getByRole('textbox', { name: 'Reference' }).fill(unique('SLIP-'));
  await page.getByRole('textbox', { name: 'Paid by' }).fill('Mother');
  const popup = page.waitForEvent('popup');
  await page.keyboard.press('Enter');
  await expect(notice(page, 'Payment added Successfully')).toBeVisible();
  await expect.poll(async () => (await popup).url()).toMatch(/^blob:/);

  // The form is ready for the next student; the last payment shows with the balance after it.
  await expect(page.getByRole('combobox', { name: 'Student' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Student' })).toBeFocused();
  await expect(page.getByTestId('desk-last')).toContainText(/Receipt \d+: .* paid UGX 75,000/);
  await expect(page.getByTestId('desk-last-balance')).toContainText('Balance now');
  expect(shillings(await page.getByTestId('desk-last-balance').textContent())).toBe(balance - 75_000);
  expect(await paymentsOf(request, s.id)).toHaveLength(before + 1);

  // The same student again: the desk's balance has dropped by the amount.
  await page.getByRole('combobox', { name: 'Student' }).click();
  expect(await pickAtDesk(page, s)).toBe(balance - 75_000);
  expect(errors).toEqual([]);
});

/** A current student admitted through the API (S1), for tests that need a name of their own. */
async function admitted(request: APIRequestContext, surname: string, otherNames: string): Promise<Student> {
  const headers = bearer(session);
  const classes = (
    (await (await request.get('/api/classes?per_page=50', { headers })).json()) as {
      data: { id: number; name: string }[];
    }
  ).data;
  const reply = await request.post('/api/students', {
    headers,
    data: {
      surname,
      other_names: otherNames,
      gender: 'M',
      class_id: classes.find((c) => c.name === 'S1')!.id,
      admitted_on: '2026-02-10',
    },
  });
  expect(reply.status(), await reply.text()).toBe(200);
  return ((await reply.json()) as { data: Student }).data;
}

test('Enter right after more typing takes a student of the text in the box, never of the search before', async ({
  page,
  request,
}) => {
  await admitted(request, 'Ahimbisibwe', 'Aaron Hassan');
  await admitted(request, 'Ahimbisibwe', 'Timothy');
  const headers = bearer(session);
  const found = async (text: string) =>
    (
      (await (
        await request.get(`/api/students?per_page=15&search=${encodeURIComponent(text)}`, { headers })
      ).json()) as {
        data: Student[];
      }
    ).data;
  const [before] = await found('ahimbisibwe');
  const [meant] = await found('ahimbisibwe tim');
  expect(before!.name).not.toMatch(/tim/i);

  await page.goto('/fees/pay');
  const picker = page.getByRole('combobox', { name: 'Student' });
  await expect(picker).toBeFocused();
  // The server answers slowly, as on a school's connection: a search for the text after "ahimbisibwe " is
  // answered only once Enter has been pressed, so it is still unanswered at Enter whatever the machine's speed.
  let enterPressed = () => {};
  let answerNewer = Promise.resolve();
  const holdNewerSearches = () => {
    answerNewer = new Promise<void>((resolve) => {
      enterPressed = resolve;
    });
  };
  await page.route(
    (url) => url.pathname === '/api/students' && (url.searchParams.get('search') ?? '').startsWith('ahimbisibwe '),
    async (route) => {
      await answerNewer;
      await route.continue();
    },
  );
  holdNewerSearches();
  await page.keyboard.type('ahimbisibwe');
  await expect(page.getByRole('option').first()).toContainText(before!.name);
  // More letters, then the keys that take the first row, while the newer search is unanswered.
  await page.keyboard.type(' tim');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  enterPressed();
  await expect(page.getByTestId('desk-student')).toBeVisible();
  await expect(page.getByTestId('desk-student')).toContainText(meant!.name);
  await expect(picker).toHaveValue(new RegExp(meant!.admission_no));

  // Enter alone, straight after the letters, waits for their results in the same way.
  holdNewerSearches();
  await page.goto('/fees/pay');
  await expect(picker).toBeFocused();
  await page.keyboard.type('ahimbisibwe');
  await expect(page.getByRole('option').first()).toContainText(before!.name);
  await page.keyboard.type(' tim');
  await page.keyboard.press('Enter');
  enterPressed();
  await expect(page.getByTestId('desk-student')).toContainText(meant!.name);
});

test('an amount far above the balance asks first; mobile money needs a reference, and one already used is refused', async ({
  page,
  request,
}) => {
  const errors = collectPageErrors(page);
  const s = await student(request, 6);
  const before = (await paymentsOf(request, s.id)).length;
  await page.goto('/fees/pay');
  await pickAtDesk(page, s);
  await page.keyboard.press('Tab');
  await page.keyboard.type('99000000');
  await page.keyboard.press('Enter');
  const question = page.getByTestId('desk-confirm');
  await expect(question).toContainText('UGX 99,000,000 is far above the balance');
  expect(await paymentsOf(request, s.id)).toHaveLength(before);
  // Changing the amount withdraws the question; the same amount again asks again.
  await page.getByRole('textbox', { name: 'Amount' }).fill('99000001');
  await expect(question).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Amount' }).fill('99000000');
  await page.getByRole('button', { name: 'Save payment' }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Confirm and save' }).click();
  await expect(notice(page, 'Payment added Successfully')).toBeVisible();
  await expect(page.getByTestId('desk-last')).toContainText('UGX 99,000,000');
  expect(await paymentsOf(request, s.id)).toHaveLength(before + 1);

  // Mobile money: the reference is asked for, and a transaction id already on a receipt is refused.
  const other = await student(request, 7);
  const mobile = await modeId(request, 'MTN Mobile Money');
  const taken = (
    (await (
      await request.post('/api/view_fees_payments', {
        headers: bearer(session),
        data: { mode_id: mobile, status: 'valid', per_page: 1 },
      })
    ).json()) as { data: { receipt_no: number; reference: string }[] }
  ).data[0]!;
  await pickAtDesk(page, other);
  await page.getByRole('textbox', { name: 'Amount' }).fill('20000');
  await choose(page, page.getByRole('combobox', { name: 'Payment mode' }), 'MTN Mobile Money');
  await page.getByRole('button', { name: 'Save payment' }).click();
  await expect(page.getByRole('textbox', { name: 'Reference' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter the reference (bank slip or transaction id)').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Reference' }).fill(` ${taken.reference} `);
  await page.getByRole('button', { name: 'Save payment' }).click();
  await expect(notice(page, `Reference ${taken.reference} is already on receipt ${taken.receipt_no}.`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Reference' }).fill(unique('MP'));
  await page.getByRole('button', { name: 'Save payment' }).click();
  await expect(page.getByTestId('desk-last')).toContainText(/Receipt \d+: .* paid UGX 20,000/);
  expect(errors).toEqual([]);
});

test('a double click, and a retry after a lost reply, each make one payment', async ({ page, request }) => {
  const s = await student(request, 1);
  const before = (await paymentsOf(request, s.id)).length;
  await page.goto('/fees/pay');
  await pickAtDesk(page, s);
  await page.getByLabel('Amount').fill('10000');
  await page.getByRole('button', { name: 'Save payment' }).dblclick();
  await expect(notice(page, 'Payment added Successfully').first()).toBeVisible();
  await expect(page.getByTestId('desk-last')).toContainText('UGX 10,000');
  expect(await paymentsOf(request, s.id)).toHaveLength(before + 1);

  // The server takes the payment but the reply is lost: the bursar saves again with the same form.
  let lost = false;
  await page.route('**/api/fees_payments', async (route) => {
    if (lost) return route.continue();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('combobox', { name: 'Student' }).click();
  await pickAtDesk(page, s);
  await page.getByLabel('Amount').fill('20000');
  await page.getByRole('button', { name: 'Save payment' }).click();
  await expect(notice(page, 'Error adding a payment')).toBeVisible();
  expect(await paymentsOf(request, s.id)).toHaveLength(before + 2);
  await page.getByRole('button', { name: 'Save payment' }).click();
  await expect(notice(page, 'Payment added Successfully')).toBeVisible();
  const after = await paymentsOf(request, s.id);
  expect(after).toHaveLength(before + 2);
  expect(after[0]!.amount).toBe(20_000);

  // Lost again, but this time the bursar corrects the amount before saving: that is another payment,
  // not swallowed by the first one's key.
  lost = false;
  await page.getByRole('combobox', { name: 'Student' }).click();
  await pickAtDesk(page, s);
  await page.getByLabel('Amount').fill('30000');
  await page.getByRole('button', { name: 'Save payment' }).click();
  await expect(notice(page, 'Error adding a payment')).toBeVisible();
  await page.getByLabel('Amount').fill('35000');
  await page.getByRole('button', { name: 'Save payment' }).click();
  await expect(page.getByTestId('desk-last')).toContainText('UGX 35,000');
  const amounts = (await paymentsOf(request, s.id)).map((p) => p.amount);
  expect(amounts).toHaveLength(before + 4);
  expect(amounts.slice(0, 2)).toEqual([35_000, 30_000]);
});

test('payments list totals and its export; a void with a reason stays listed as void and the ledger balance goes back up', async ({
  page,
  request,
}) => {
  const errors = collectPageErrors(page);
  const s = await student(request, 2);
  const cash = await modeId(request, 'Cash');
  const tag = unique('E2E-V');
  const ids: number[] = [];
  for (const [amount, n] of [
    [20_000, 1],
    [30_000, 2],
  ] as const) {
    const reply = await request.post('/api/fees_payments', {
      headers: bearer(session),
      data: { student_id: s.id, amount, mode_id: cash, reference: `${tag}-${n}` },
    });
    ids.push(((await reply.json()) as { data: number }).data);
  }

  await page.goto('/fees/payments');
  await page.getByRole('textbox', { name: 'Search' }).fill(tag);
  const rows = page.locator('tbody tr[data-receipt]');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('totals-row')).toContainText('2 valid payments');
  await expect(page.getByTestId('payments-total')).toHaveText('UGX 50,000');
  expect(await exportedFileName(page)).toBe('fees_summary.xlsx');

  await go(page, `/student/ledger/${s.id}/${encodeURIComponent(s.name)}`);
  await expect(page.getByTestId('ledger-student')).toHaveText(s.name);
  const balance = shillings(await page.getByTestId('ledger-balance').textContent());

  await go(page, `/fees/payment/${ids[1]}`);
  await expect(page.getByTestId('payment-amount')).toHaveText('UGX 30,000');
  await page.getByRole('button', { name: 'Void', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Void receipt \d+$/ });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Entered twice');
  await dialog.getByRole('button', { name: 'Void payment' }).click();
  await expect(notice(page, 'Payment deleted Successfully')).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Void');
  await expect(page.getByTestId('payment-void')).toContainText('Entered twice');
  await expect(page.getByRole('button', { name: 'Void', exact: true })).toHaveCount(0);

  await page.goto('/fees/payments');
  await page.getByRole('textbox', { name: 'Search' }).fill(tag);
  await expect(rows).toHaveCount(2);
  await expect(page.locator('tbody tr[data-status="void"]')).toHaveCount(1);
  await expect(page.getByTestId('totals-row')).toContainText('1 valid payment');
  await expect(page.getByTestId('payments-total')).toHaveText('UGX 20,000');

  await page.goto(`/student/ledger/${s.id}/${encodeURIComponent(s.name)}`);
  await expect(page.getByTestId('ledger-balance')).toHaveText(/UGX/);
  expect(shillings(await page.getByTestId('ledger-balance').textContent())).toBe(balance + 30_000);
  await expect(page.locator('tr[data-kind="reversal"]').filter({ hasText: 'Entered twice' })).toHaveCount(1);
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Full ledger (PDF)' }).click();
  await expect.poll(async () => (await popup).url()).toMatch(/^blob:/);

  // From the profile's fees tab to the student's payments, where both receipts are listed.
  await go(page, `/students/profile/${s.id}`);
  await page.getByRole('tab', { name: 'Fees' }).click();
  await page.getByRole('link', { name: 'Payments and receipts' }).click();
  await expect(page).toHaveURL(new RegExp(`/students/payment/${s.id}$`));
  await expect(page.getByTestId('student-name')).toHaveText(s.name);
  await expect(page.locator('tbody tr[data-status="void"]')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('an amendment with a reason changes the amount; the receipt is found by number and reprinted', async ({
  page,
  request,
}) => {
  const s = await student(request, 3);
  const cash = await modeId(request, 'Cash');
  const reply = await request.post('/api/fees_payments', {
    headers: bearer(session),
    data: { student_id: s.id, amount: 45_000, mode_id: cash },
  });
  const id = ((await reply.json()) as { data: number }).data;

  await page.goto(`/fees/payment/${id}`);
  const receipt = Number((await page.getByTestId('payment-receipt').textContent())?.replace(/\D/g, ''));
  await page.getByRole('button', { name: 'Amend', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Amend receipt ${receipt}` });
  await dialog.getByLabel('Amount').fill('54000');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Figures swapped on the slip');
  await dialog.getByRole('button', { name: 'Save amendment' }).click();
  await expect(notice(page, 'Payment updated Successfully')).toBeVisible();
  await expect(page.getByTestId('payment-amount')).toHaveText('UGX 54,000');
  // The original stays readable: the history says what it was, what it became and why.
  const history = page.getByTestId('amendments');
  await expect(history).toContainText('Amount: UGX 45,000 → UGX 54,000');
  await expect(history).toContainText('Figures swapped on the slip');

  await go(page, '/search/receipt');
  await page.getByRole('textbox', { name: 'Receipt' }).fill(String(receipt));
  await page.keyboard.press('Enter');
  const row = page.locator(`tbody tr[data-receipt="${receipt}"]`);
  await expect(row).toContainText(s.name);
  await expect(row).toContainText('UGX 54,000');
  const popup = page.waitForEvent('popup');
  await row.getByRole('button', { name: `Print receipt ${receipt}` }).click();
  await expect.poll(async () => (await popup).url()).toMatch(/^blob:/);

  await go(page, '/fees/receipts');
  await expect(page.locator('tbody tr[data-receipt]').first()).toHaveAttribute('data-receipt', /\d+/);
  const newest = Number(await page.locator('tbody tr[data-receipt]').first().getAttribute('data-receipt'));
  expect(newest).toBeGreaterThanOrEqual(receipt);
});

test("an old student's payment gets a receipt; the server's refusal shows as a success-style notice", async ({
  page,
  request,
}) => {
  const name = unique('Okello Leaver ');
  const created = await request.post('/api/old_students', {
    headers: bearer(session),
    data: { name, admission_no: unique('OLD/'), class_left: 'S4', year_left: 2023, debt: 180_000 },
  });
  expect(created.status()).toBe(200);

  await page.goto('/old/students/receipts');
  await page.getByRole('button', { name: 'Record a payment' }).click();
  const form = page.getByRole('dialog', { name: 'Record a payment' });
  await form.getByRole('combobox', { name: 'Old student' }).fill(name);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await expect(form.getByTestId('old-debt')).toContainText('UGX 180,000');
  await form.getByLabel('Amount').fill('0');
  await form.getByRole('button', { name: 'Save payment' }).click();
  const refusal = notice(page, 'Enter an amount above zero');
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('Successful');

  await form.getByLabel('Amount').fill('60000');
  const popup = page.waitForEvent('popup');
  await form.getByRole('button', { name: 'Save payment' }).click();
  await expect(notice(page, 'Payment recorded Successfully')).toBeVisible();
  await expect.poll(async () => (await popup).url()).toMatch(/^blob:/);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('UGX 60,000');
  await expect(row).toContainText('Valid');
  const receipt = await row.getAttribute('data-receipt');

  await row.getByRole('button', { name: `Edit Receipt ${receipt}` }).click();
  const amend = page.getByRole('dialog', { name: `Amend receipt ${receipt}` });
  await amend.getByLabel('Amount').fill('65000');
  await amend.getByRole('textbox', { name: 'Reason' }).fill('Counted again');
  await amend.getByRole('button', { name: 'Save amendment' }).click();
  await expect(notice(page, 'Payment updated Successfully')).toBeVisible();
  await expect(row).toContainText('UGX 65,000');

  await row.getByRole('button', { name: `Void receipt ${receipt}` }).click();
  const dialog = page.getByRole('dialog', { name: `Void receipt ${receipt}` });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Cheque bounced');
  await dialog.getByRole('button', { name: 'Void payment' }).click();
  await expect(notice(page, 'Payment deleted Successfully')).toBeVisible();
  await expect(row).toContainText('Void');
  await expect(row.getByRole('button', { name: `Void receipt ${receipt}` })).toHaveCount(0);
});

/** A staff user in a new user group holding just these flags; answers a signed-in browser context's session. */
async function staffWith(request: APIRequestContext, group: string, flags: Record<string, boolean>) {
  const headers = bearer(session);
  const suffix = Date.now().toString(36);
  const role = await request.post('/api/roles', { headers, data: { name: `${group} ${suffix}`, description: group } });
  const roleId = ((await role.json()) as { data: { id: number } }).data.id;
  expect((await request.put(`/api/permissions/${roleId}`, { headers, data: { flags } })).status()).toBe(200);
  const username = `${group.toLowerCase()}.${suffix}`;
  const password = `${group.toLowerCase()}-pass-123`;
  const user = await request.post('/api/users', {
    headers,
    data: {
      name: `Opio ${group}`,
      username,
      email: null,
      phone: null,
      type: 2,
      role_id: roleId,
      active: true,
      password,
    },
  });
  expect(user.status()).toBe(200);
  return apiSignIn(request, username, password);
}

test('a user group that may view payments but not take them corrects them on the payment screen, and has no desk', async ({
  browser,
  request,
}) => {
  const headers = bearer(session);
  const auditor = await staffWith(request, 'Auditor', {
    fees_navigation: true,
    view_fees_payments: true,
    view_fees_receipt: true,
    view_students: true,
  });
  const s = await student(request, 4);
  const cash = await modeId(request, 'Cash');
  const paid = await request.post('/api/fees_payments', {
    headers,
    data: { student_id: s.id, amount: 15_000, mode_id: cash },
  });
  const id = ((await paid.json()) as { data: number }).data;

  const context = await browser.newContext();
  await seedSession(context, auditor);
  const page = await context.newPage();
  await page.goto(`/fees/payment/${id}`);
  await expect(page.getByTestId('payment-amount')).toHaveText('UGX 15,000');
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  // Amend and void are offered on /fees/payment/{id}, whose flag is view_fees_payments (issue 9 §1).
  await expect(page.getByRole('button', { name: 'Amend', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Void', exact: true })).toBeVisible();
  await go(page, '/fees/pay');
  await expect(page.locator('[data-screen-status="no-access"]')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Student' })).toHaveCount(0);
  await context.close();
});

test('a cashier whose group holds only pay_fees finds the student, sees the balance, pays and prints', async ({
  browser,
  request,
}) => {
  const cashier = await staffWith(request, 'Cashier', { fees_navigation: true, pay_fees: true });
  const s = await student(request, 5);
  const context = await browser.newContext();
  await seedSession(context, cashier);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto('/fees/pay');
  const balance = await pickAtDesk(page, s);
  await page.keyboard.press('Tab');
  await page.keyboard.type('12000');
  await expect(page.getByRole('combobox', { name: 'Payment mode' })).toHaveValue('Cash');
  const popup = page.waitForEvent('popup');
  await page.keyboard.press('Enter');
  await expect(notice(page, 'Payment added Successfully')).toBeVisible();
  await expect.poll(async () => (await popup).url()).toMatch(/^blob:/);
  await expect(page.getByTestId('desk-last')).toContainText(/Receipt \d+: .* paid UGX 12,000/);
  expect(shillings(await page.getByTestId('desk-last-balance').textContent())).toBe(balance - 12_000);
  expect(errors).toEqual([]);
  await context.close();
});
