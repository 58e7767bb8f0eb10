import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { kampalaDay } from '../support/dates';
import { plain, ugx } from '../support/money';
import { openStatement } from '../support/reports';
import { admin, apiSignIn, bearer, collectPageErrors, type Session, seedSession } from '../support/session';
import { choose, notice, unique } from '../support/ui';

// A requisition from the cart to paid (issue 12 §2): the bursar raises it, the admin checks it, the head
// teacher approves it, the bursar pays it from Cash; it is then on Cash's statement as an expense.
test.describe.configure({ mode: 'serial' });

const today = kampalaDay();
const title = unique('Food for the mid-term break ');
const reference = unique('PV-');
const total = 4 * 310_000 + 2 * 140_000;
const suffix = Date.now().toString(36);
const password = 'requisition-pass-1';
let bursar: Session;
let head: Session;
let adminSession: Session;

/** A user in a new group holding these flags. */
async function userWith(request: APIRequestContext, name: string, flags: Record<string, boolean>) {
  const headers = bearer(adminSession);
  const role = await request.post('/api/roles', { headers, data: { name: `${name} ${suffix}` } });
  expect(role.status()).toBe(200);
  const roleId = ((await role.json()) as { data: { id: number } }).data.id;
  expect((await request.put(`/api/permissions/${roleId}`, { headers, data: { flags } })).status()).toBe(200);
  const username = `${name.toLowerCase().replace(/\W/g, '')}.${suffix}`;
  const made = await request.post('/api/users', {
    headers,
    data: { name, username, email: null, phone: null, type: 2, role_id: roleId, active: true, password },
  });
  expect(made.status(), await made.text()).toBe(200);
  return apiSignIn(request, username, password);
}

/** A page signed in as `session`, in a context of its own. */
async function pageAs(browser: Browser, session: Session) {
  const context = await browser.newContext();
  await seedSession(context, session);
  return context.newPage();
}

const row = (page: Page) => page.locator('tr[data-requisition]').filter({ hasText: title });

test.beforeAll(async ({ request }) => {
  adminSession = await apiSignIn(request, admin.username, admin.password);
  bursar = await userWith(request, 'Bursar Akello', {
    expenses_navigation: true,
    add_expenses: true,
    view_expenses: true,
    view_payment_modes: true,
  });
  head = await userWith(request, 'Head Teacher Okello', { expenses_navigation: true, view_expenses: true });
});

test('the bursar puts what is needed in the requisition cart and submits it', async ({ browser }) => {
  const page = await pageAs(browser, bursar);
  const errors = collectPageErrors(page);
  await page.goto('/new/requisition');
  const form = page.getByRole('form', { name: 'Add an item to the cart' });
  for (const [item, quantity] of [
    ['Beans', 4],
    ['Cooking oil', 2],
  ] as const) {
    await choose(page, form.getByRole('combobox', { name: 'Item' }), item);
    await form.getByRole('textbox', { name: 'Quantity' }).fill(String(quantity));
    await form.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.locator(`tr[data-cart-line="${item}"]`)).toBeVisible();
  }
  await expect(page.getByTestId('cart-total')).toHaveText(ugx(total));
  await page.getByRole('textbox', { name: 'What it is for' }).fill(title);
  await page.getByRole('button', { name: 'Submit requisition' }).click();
  await expect(page.getByTestId('requisition-submitted')).toContainText(`of ${ugx(total)} submitted`);
  await expect(page.getByText('The requisition cart is empty')).toBeVisible();

  // The one who raised it may not check it: no Check button (the server refuses it too, in the API tests).
  await page.goto('/requisitions/view');
  await expect(row(page).getByTestId('requisition-status')).toHaveText('Submitted');
  await expect(row(page).getByRole('button', { name: /^Edit Requisition/ })).toBeVisible();
  await expect(row(page).getByRole('button', { name: /^Check Requisition/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the admin checks it and the head teacher approves it', async ({ browser }) => {
  const page = await pageAs(browser, adminSession);
  await page.goto('/requisitions/view');
  await row(page)
    .getByRole('button', { name: /^Check Requisition/ })
    .click();
  await expect(notice(page, 'Requisition Checked Successfully')).toBeVisible();
  await expect(row(page).getByTestId('requisition-status')).toHaveText('Checked');
  await expect(row(page)).toContainText('Checked by School Administrator');
  // The one who checked it may not approve it: no Approve button for them.
  await expect(row(page).getByRole('button', { name: /^Reject Requisition/ })).toBeVisible();
  await expect(row(page).getByRole('button', { name: /^Approve Requisition/ })).toHaveCount(0);

  const headPage = await pageAs(browser, head);
  await headPage.goto('/requisitions/view');
  // The head teacher sees no raising or paying: those are the bursar's.
  await expect(headPage.getByRole('link', { name: 'New requisition' })).toHaveCount(0);
  await headPage.getByLabel('Waiting for a step').check();
  await row(headPage)
    .getByRole('button', { name: /^Approve Requisition/ })
    .click();
  await expect(notice(headPage, 'Expense Requisition approved Successfully')).toBeVisible();
  await expect(row(headPage).getByTestId('requisition-status')).toHaveText('Approved');
  await expect(row(headPage)).toContainText('Approved by Head Teacher Okello');
});

/** Today's spending on food in the income statement, as the API answers it. */
async function foodToday(request: APIRequestContext) {
  const reply = await request.post('/api/income_statement', {
    headers: bearer(adminSession),
    data: { from: today, to: today },
  });
  expect(reply.status()).toBe(200);
  const data = (await reply.json()) as { data: { expenses: { lines: { name: string; amount: number }[] } } };
  return data.data.expenses.lines.find((l) => l.name === 'Food')?.amount ?? 0;
}

test('the bursar pays it from Cash: an expense on the Cash statement and in the income statement', async ({
  browser,
  request,
}) => {
  const foodBefore = await foodToday(request);
  const page = await pageAs(browser, bursar);
  await page.goto('/requisitions/view');
  await row(page)
    .getByRole('button', { name: /^Pay Requisition/ })
    .click();
  const dialog = page.getByRole('dialog');
  await choose(page, dialog.getByRole('combobox', { name: 'Payment mode' }), 'Cash');
  await dialog.getByRole('textbox', { name: 'Reference' }).fill(reference);
  await dialog.getByRole('button', { name: 'Pay' }).click();
  await expect(notice(page, 'Expense Requisition Paid Successfully')).toBeVisible();
  await expect(row(page).getByTestId('requisition-status')).toHaveText('Paid');
  await expect(row(page).getByRole('button')).toHaveCount(0);

  const adminPage = await pageAs(browser, adminSession);
  await openStatement(adminPage, adminSession, 'Cash', today);
  const line = adminPage.getByRole('row').filter({ hasText: reference });
  await expect(line).toContainText(title);
  await expect(line).toContainText(ugx(total));

  // The income statement of today: food spending up by the requisition's total.
  expect(await foodToday(request)).toBe(foodBefore + total);
  await adminPage.goto('/income/statement');
  await adminPage.getByLabel('From', { exact: true }).fill(today);
  await adminPage.getByLabel('To', { exact: true }).fill(today);
  await adminPage.getByRole('button', { name: 'Show' }).click();
  await expect(adminPage.getByTestId('report-period')).toContainText(' to ');
  await expect(adminPage.getByTestId('expenses-section').locator('tr[data-account="Food"]')).toContainText(
    plain(foodBefore + total),
  );
});

test('a line far above the usual price asks to confirm: chalk at 35,000 a box against about 6,000', async ({
  browser,
}) => {
  const page = await pageAs(browser, bursar);
  await page.goto('/new/requisition');
  const form = page.getByRole('form', { name: 'Add an item to the cart' });
  await choose(page, form.getByRole('combobox', { name: 'Item' }), 'Chalk');
  // A quantity left empty says so as it is left, before anything is sent, and stops saying so once typed.
  const quantity = form.getByRole('textbox', { name: 'Quantity' });
  await quantity.clear();
  await quantity.press('Tab');
  await expect(form.getByText('Enter the quantity')).toBeVisible();
  await quantity.fill('10');
  await expect(form.getByText('Enter the quantity')).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Unit cost' }).fill('35000');
  const add = () => form.getByRole('button', { name: 'Add to cart' }).click();
  await add();
  const question = page.getByRole('dialog', { name: 'Price far above the usual' });
  await expect(question).toContainText('Chalk at UGX 35,000 a box is more than 2 times the usual price of UGX 6,');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('tr[data-cart-line="Chalk"]')).toHaveCount(0);
  await add();
  await question.getByRole('button', { name: 'Yes, this price' }).click();
  await expect(page.locator('tr[data-cart-line="Chalk"]')).toContainText('350,000');
});
