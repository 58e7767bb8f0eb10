import { expect, type Page, test } from '@playwright/test';
import { dayFirst, kampalaDay } from '../support/dates';
import { plain, ugx } from '../support/money';
import { expectCategoriesAddUp, expectOneCategoryAsked, openStatement } from '../support/reports';
import { admin, apiSignIn, bearer, collectPageErrors, getData, type Session, seedSession } from '../support/session';
import { choose, exportedFileName, notice, totalsOf, unique } from '../support/ui';

// Expenses through their life: items in the cart, recorded from Cash, edited through the cart, voided,
// taken on credit and cleared, in the report and on the Cash statement.
test.describe.configure({ mode: 'serial' });

let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
});

const today = kampalaDay();

const category = unique('Kitchen stores ');
const flour = unique('Maize flour ');
const books = unique('Exercise books ');
const salt = unique('Salt ');
const supplier = unique('Kikuubo Traders ');
const flourCost = 12_500;
const booksUsual = 2_800;
const booksCost = 3_000;
const refPaid = unique('EX-CASH-');
const refVoid = unique('EX-VOID-');
const refCredit = unique('EX-CRED-');
const refCleared = unique('EX-CLR-');
/** The cart first: 3 bags of flour and 4 books at 3,000; edited to 5 bags. */
const firstTotal = 3 * flourCost + 4 * booksCost;
const editedTotal = 5 * flourCost + 4 * booksCost;
const voidedTotal = 1 * flourCost;
const creditTotal = 10 * booksUsual;

/** The valid total of every expense, as the API answers it. */
const validTotal = async (page: Page) =>
  (await getData<unknown[]>(page, session, 'expenses?per_page=1')).totals!.amount;
const owedTotal = async (page: Page) =>
  (await getData<unknown[]>(page, session, 'creditors?per_page=1')).totals!.amount;

/** Empty the admin's cart through the API, so a test starts from nothing. */
async function emptyCart(page: Page) {
  const cart = await getData<{ id: number }[]>(page, session, 'expense_cart');
  for (const line of cart.data) {
    const reply = await page.request.delete(`/api/expense_cart/${line.id}`, { headers: bearer(session) });
    expect(reply.status()).toBe(200);
  }
}

const expenseRows = (page: Page, reference: string) => page.locator('tr[data-expense]').filter({ hasText: reference });
const cartLine = (page: Page, item: string) => page.locator(`tr[data-cart-line="${item}"]`);

/** Put an item in the cart with the line form. */
async function addLine(page: Page, item: string, quantity: number, unitCost?: number) {
  const form = page.getByRole('form', { name: 'Add an item to the cart' });
  await choose(page, form.getByRole('combobox', { name: 'Item' }), item);
  await form.getByRole('textbox', { name: 'Quantity' }).fill(String(quantity));
  if (unitCost !== undefined) await form.getByRole('textbox', { name: 'Unit cost' }).fill(String(unitCost));
  await form.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartLine(page, item).first()).toBeVisible();
}

/** Record the cart from the record form; answers the reply's status and message. */
async function record(page: Page, button = 'Record expense') {
  const [reply] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/expenses') && r.request().method() === 'POST'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { status: reply.status(), message: ((await reply.json()) as { message?: string }).message ?? '' };
}

/** Today's movements of the Cash box. */
const cashStatement = (page: Page) => openStatement(page, session, 'Cash', today);

test('an expense category, an item under it, and a supplier are added', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/expenses/categories');
  await expect(page.getByTestId('page-title')).toHaveText('Expense Categories');
  await page.getByRole('button', { name: 'Add Expense Category' }).click();
  const add = page.getByRole('dialog', { name: 'Add Expense Category' });
  await add.getByRole('textbox', { name: 'Name' }).fill(category);
  await add.getByRole('textbox', { name: 'Description' }).fill('Food for the boarders');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toHaveCount(0);
  await expect(notice(page, 'Category added Successfully')).toBeVisible();
  const categories = page.locator('[data-resource="expense_categories"]');
  await expect(categories.getByRole('row', { name: new RegExp(category) })).toBeVisible();

  // The item list on the same screen: its form offers the new category.
  const items = page.locator('[data-resource="expense_items"]');
  await items.getByRole('button', { name: 'Add Expense Item' }).click();
  const addItem = page.getByRole('dialog', { name: 'Add Expense Item' });
  await addItem.getByRole('textbox', { name: 'Name' }).fill(flour);
  await choose(page, addItem.getByRole('combobox', { name: 'Category' }), category);
  await addItem.getByRole('textbox', { name: /^Unit/ }).fill('bag');
  await addItem.getByRole('textbox', { name: /^Usual unit cost/ }).fill(String(flourCost));
  await addItem.getByRole('button', { name: 'Save' }).click();
  await expect(addItem).toHaveCount(0);
  const row = items.getByRole('row', { name: new RegExp(flour) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(category);
  await expect(row).toContainText(plain(flourCost));
  // The second item the later tests use, through the API (the form is the same).
  const categoryId = (
    await getData<{ id: number; name: string }[]>(page, session, 'expense_categories?per_page=500')
  ).data.find((c) => c.name === category)!.id;
  const reply = await page.request.post('/api/expense_items', {
    headers: bearer(session),
    data: { name: books, category_id: categoryId, unit: 'dozen', unit_cost: booksUsual },
  });
  expect(reply.status(), await reply.text()).toBe(200);

  await page.goto('/suppliers');
  await expect(page.getByTestId('page-title')).toHaveText('Suppliers');
  await page.getByRole('button', { name: 'Add Supplier' }).click();
  const addSupplier = page.getByRole('dialog', { name: 'Add Supplier' });
  await addSupplier.getByRole('textbox', { name: 'Name' }).fill(supplier);
  await addSupplier.getByRole('textbox', { name: 'Phone' }).fill('0772 123456');
  await addSupplier.getByRole('button', { name: 'Save' }).click();
  await expect(addSupplier).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(supplier) })).toBeVisible();
  expect(errors).toEqual([]);
});

test('two lines in the cart: the usual unit cost is offered, the totals row is their sum; a new item added from the cart, its line taken out', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await emptyCart(page);
  await page.goto('/expenses/record');
  await expect(page.getByText('The cart is empty')).toBeVisible();

  // Picking the item offers its usual unit cost.
  const form = page.getByRole('form', { name: 'Add an item to the cart' });
  await choose(page, form.getByRole('combobox', { name: 'Item' }), flour);
  await expect(form.getByRole('textbox', { name: 'Unit cost' })).toHaveValue(ugx(flourCost));
  await form.getByRole('textbox', { name: 'Quantity' }).fill('3');
  await form.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartLine(page, flour)).toContainText(ugx(3 * flourCost));
  await expect(page.getByTestId('cart-total')).toHaveText(ugx(3 * flourCost));

  // Another item at a price other than its usual one.
  await addLine(page, books, 4, booksCost);
  await expect(cartLine(page, books)).toContainText(ugx(4 * booksCost));
  await expect(page.getByTestId('cart-total')).toHaveText(ugx(firstTotal));
  await expect(page.getByTestId('totals-row')).toContainText('2 lines');

  // An item bought for the first time is added from here and picked at once with its usual cost;
  // its line put in and taken out again: the total is back.
  await page.getByRole('button', { name: 'New item' }).click();
  const addItem = page.getByRole('dialog', { name: 'Add Expense Item' });
  await addItem.getByRole('textbox', { name: 'Name' }).fill(salt);
  await choose(page, addItem.getByRole('combobox', { name: 'Category' }), category);
  await addItem.getByRole('textbox', { name: /^Usual unit cost/ }).fill('1500');
  await addItem.getByRole('button', { name: 'Save' }).click();
  await expect(addItem).toHaveCount(0);
  await expect(form.getByRole('combobox', { name: 'Item' })).toHaveValue(salt);
  await expect(form.getByRole('textbox', { name: 'Unit cost' })).toHaveValue(ugx(1500));
  await expect(page.getByTestId('cart-total')).toHaveText(ugx(firstTotal));
  await form.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartLine(page, salt)).toContainText(ugx(1500));
  await expect(page.getByTestId('cart-total')).toHaveText(ugx(firstTotal + 1500));
  await cartLine(page, salt)
    .getByRole('button', { name: `Delete ${salt}` })
    .click();
  await expect(cartLine(page, salt)).toHaveCount(0);
  await expect(page.getByTestId('cart-total')).toHaveText(ugx(firstTotal));
  expect(errors).toEqual([]);
});

test('the cart recorded as paid from Cash: the cart empties, the list shows it, and the total goes up by exactly it', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const before = await validTotal(page);
  await page.goto('/expenses/record');
  await expect(page.getByTestId('cart-total')).toHaveText(ugx(firstTotal));
  await expect(page.getByLabel('Date spent')).toHaveValue(dayFirst(today));
  await choose(page, page.getByRole('combobox', { name: 'Payment mode' }), 'Cash');
  await page.getByRole('textbox', { name: 'Reference' }).fill(refPaid);
  await page.getByRole('textbox', { name: 'Note' }).fill('Food for the week');
  const reply = await record(page);
  expect(reply.status).toBe(200);
  await expect(notice(page, reply.message)).toContainText('Successful');
  const recorded = page.getByTestId('expense-recorded');
  await expect(recorded).toContainText(reply.message);
  await expect(recorded).toContainText(ugx(firstTotal));
  await expect(page.getByText('The cart is empty')).toBeVisible();

  await recorded.getByRole('link', { name: 'View expenses' }).click();
  await expect(page).toHaveURL(/\/expenses\/view$/);
  const row = expenseRows(page, refPaid);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('expense-total')).toHaveText(ugx(firstTotal));
  await expect(row).toContainText('Cash');
  await expect(row).toContainText(`${flour} × 3 bag`);
  await expect(row).toContainText(`${books} × 4 dozen`);
  await expect(row.getByTestId('expense-status')).toHaveText('Valid');
  await expect(page.getByTestId('expenses-total')).toHaveText(ugx(before + firstTotal));

  // Filtered to the new category: only this expense, and the totals row is its total.
  await choose(page, page.getByRole('combobox', { name: 'Category' }), category);
  await expect(page.locator('tr[data-expense]')).toHaveCount(1);
  await expect(page.getByTestId('expenses-total')).toHaveText(ugx(firstTotal));
  await expect(page.getByTestId('totals-row')).toContainText('1 valid expense');
  expect(errors).toEqual([]);
});

test('an expense edited through the cart: the old one is Void ("Edited"), the new one valid with the new total', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const before = await validTotal(page);
  await page.goto('/expenses/view');
  await page.getByRole('textbox', { name: 'Search' }).fill(refPaid);
  await expect(page.locator('tr[data-expense]')).toHaveCount(1);
  await expenseRows(page, refPaid)
    .getByRole('button', { name: /^Edit / })
    .click();

  await expect(page).toHaveURL(/\/expenses\/record$/);
  await expect(page.getByTestId('editing-expense')).toContainText(ugx(firstTotal));
  await expect(page.getByTestId('cart-total')).toHaveText(ugx(firstTotal));
  await expect(page.getByRole('textbox', { name: 'Reference' })).toHaveValue(refPaid);
  await cartLine(page, flour)
    .getByRole('button', { name: `Edit ${flour}` })
    .click();
  const change = page.getByRole('dialog', { name: `Change ${flour}` });
  await change.getByRole('textbox', { name: 'Quantity' }).fill('5');
  await change.getByRole('button', { name: 'Save line' }).click();
  await expect(change).toHaveCount(0);
  await expect(page.getByTestId('cart-total')).toHaveText(ugx(editedTotal));

  const [reply] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/expenses') && r.method() === 'POST'),
    record(page, 'Record changed expense'),
  ]);
  const sent = reply.postDataJSON() as { replaces?: number; mode_id?: number };
  expect(sent.replaces).toBeGreaterThan(0);
  await expect(page.getByTestId('expense-recorded')).toContainText(ugx(editedTotal));
  await expect(page.getByTestId('editing-expense')).toHaveCount(0);

  await page.goto('/expenses/view');
  await page.getByRole('textbox', { name: 'Search' }).fill(refPaid);
  const rows = expenseRows(page, refPaid);
  await expect(rows).toHaveCount(2);
  const old = page.locator('tr[data-status="void"]').filter({ hasText: refPaid });
  await expect(old.getByTestId('expense-status')).toHaveText('Void');
  await expect(old.getByTestId('void-reason')).toContainText('Edited');
  await expect(old.getByTestId('expense-total')).toHaveText(ugx(firstTotal));
  const edited = page.locator('tr[data-status="valid"]').filter({ hasText: refPaid });
  await expect(edited.getByTestId('expense-total')).toHaveText(ugx(editedTotal));
  await expect(edited).toContainText(`${flour} × 5 bag`);
  await expect(edited).toContainText('Cash');
  // Only the edited one counts.
  await expect(page.getByTestId('expenses-total')).toHaveText(ugx(editedTotal));
  await page.getByRole('textbox', { name: 'Search' }).fill('');
  await expect(page.getByTestId('expenses-total')).toHaveText(ugx(before - firstTotal + editedTotal));
  expect(errors).toEqual([]);
});

test('the Cash statement shows the edited expense going out, and the one it replaced going out and back', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await cashStatement(page);
  const lines = page.locator('tr[data-kind="expense"]').filter({ hasText: refPaid });
  const out = lines.and(page.locator('[data-reversal="false"]'));
  const back = lines.and(page.locator('[data-reversal="true"]'));
  await expect(out).toHaveCount(2);
  await expect(out.first()).toContainText(ugx(firstTotal));
  await expect(out.last()).toContainText(ugx(editedTotal));
  await expect(back).toHaveCount(1);
  await expect(back).toContainText('Expense (reversed)');
  await expect(back).toContainText(ugx(firstTotal));
  expect(errors).toEqual([]);
});

test('an expense amended with a reason, then voided with a reason: Void badge, total down by it', async ({ page }) => {
  const errors = collectPageErrors(page);
  // Recorded through the API: recording from the cart is the subject of the tests above.
  await emptyCart(page);
  const named = async (path: string, name: string) =>
    (await getData<{ id: number; name: string }[]>(page, session, path)).data.find((r) => r.name === name)!.id;
  const post = async (path: string, data: unknown) => {
    const reply = await page.request.post(`/api/${path}`, { headers: bearer(session), data });
    expect(reply.status(), await reply.text()).toBe(200);
  };
  await post('expense_cart', {
    item_id: await named('expense_items?per_page=500', flour),
    quantity: 1,
    unit_cost: flourCost,
  });
  await post('expenses', {
    spent_on: today,
    mode_id: await named('payment_options?per_page=50', 'Cash'),
    reference: refVoid,
  });

  const before = await validTotal(page);
  await page.goto('/expenses/view');
  await expect(page.getByTestId('expenses-total')).toHaveText(ugx(before));
  const row = expenseRows(page, refVoid);
  await row.getByRole('button', { name: /^Amend / }).click();
  const amend = page.getByRole('dialog', { name: /^Amend the expense/ });
  await choose(page, amend.getByRole('combobox', { name: 'Supplier' }), supplier);
  await amend.getByRole('textbox', { name: 'Note' }).fill('Bought at the market');
  await amend.getByRole('textbox', { name: 'Reason' }).fill('The supplier was left out');
  await amend.getByRole('button', { name: 'Save amendment' }).click();
  await expect(amend).toHaveCount(0);
  await expect(row).toContainText(supplier);
  await expect(row.getByTestId('expense-amended')).toHaveAttribute('title', 'The supplier was left out');

  await row.getByRole('button', { name: /^Void / }).click();
  const dialog = page.getByRole('dialog', { name: /^Void the expense/ });
  await expect(dialog).toContainText(ugx(voidedTotal));
  await expect(dialog.getByRole('button', { name: 'Void expense' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Recorded twice by mistake');
  await dialog.getByRole('button', { name: 'Void expense' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('expense-status')).toHaveText('Void');
  await expect(row.getByTestId('void-reason')).toHaveText('Recorded twice by mistake');
  await expect(row.getByRole('button', { name: /^Void / })).toHaveCount(0);
  await expect(page.getByTestId('expenses-total')).toHaveText(ugx(before - voidedTotal));

  await choose(page, page.getByRole('combobox', { name: 'Status' }), 'Void');
  await expect(row).toHaveCount(1);
  await choose(page, page.getByRole('combobox', { name: 'Status' }), 'Valid');
  await expect(page.locator('tr[data-expense]').first()).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("refusals show the server's message: an empty cart, on credit without a supplier", async ({ page }) => {
  const errors = collectPageErrors(page);
  const before = await validTotal(page);
  await emptyCart(page);
  await page.goto('/expenses/record');
  await expect(page.getByText('The cart is empty')).toBeVisible();
  await choose(page, page.getByRole('combobox', { name: 'Payment mode' }), 'Cash');
  const empty = await record(page);
  expect(empty.status).toBe(202);
  expect(empty.message).toMatch(/empty/i);
  await expect(notice(page, empty.message)).toContainText('Error Occurred');

  await addLine(page, books, 10);
  await expect(page.getByTestId('cart-total')).toHaveText(ugx(creditTotal));
  await page
    .locator('label')
    .filter({ hasText: /^On credit$/ })
    .click();
  await expect(page.getByRole('combobox', { name: 'Payment mode' })).toHaveCount(0);
  const noSupplier = await record(page);
  expect(noSupplier.status).toBe(202);
  expect(noSupplier.message).toMatch(/supplier/i);
  await expect(notice(page, noSupplier.message)).toContainText('Error Occurred');
  // Nothing was recorded, and the cart still holds the line.
  await expect(page.getByTestId('cart-total')).toHaveText(ugx(creditTotal));
  await expect(page.getByTestId('expense-recorded')).toHaveCount(0);
  expect(await validTotal(page)).toBe(before);
  expect(errors).toEqual([]);
});

test('an expense on credit from a supplier shows on Creditors; cleared from Cash it leaves the list', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const owedBefore = await owedTotal(page);
  await page.goto('/expenses/record');
  // The line the refusal left in the cart.
  await expect(page.getByTestId('cart-total')).toHaveText(ugx(creditTotal));
  await page
    .locator('label')
    .filter({ hasText: /^On credit$/ })
    .click();
  await choose(page, page.getByRole('combobox', { name: 'Supplier' }), supplier);
  await page.getByRole('textbox', { name: 'Reference' }).fill(refCredit);
  expect((await record(page)).status).toBe(200);
  await expect(page.getByTestId('expense-recorded')).toContainText(ugx(creditTotal));

  await page.goto('/expenses/creditors');
  await expect(page.getByTestId('creditors-total')).toHaveText(ugx(owedBefore + creditTotal));
  const row = expenseRows(page, refCredit);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(supplier);
  await expect(row).toContainText(ugx(creditTotal));

  await row.getByRole('button', { name: /^Clear / }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Pay ${supplier}`) });
  await choose(page, dialog.getByRole('combobox', { name: 'Payment mode' }), 'Cash');
  await expect(dialog.getByLabel('Date paid')).toHaveValue(dayFirst(today));
  await dialog.getByRole('textbox', { name: 'Reference' }).fill(refCleared);
  await dialog.getByRole('button', { name: 'Clear' }).click();
  await expect(notice(page, 'Credit cleared Successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0);
  // What was owed before (no totals row when nothing is).
  if (owedBefore === 0) await expect(page.getByText('No unpaid credit.')).toBeVisible();
  else await expect(page.getByTestId('creditors-total')).toHaveText(ugx(owedBefore));

  // The expenses list shows it on credit, paid from Cash today.
  await page.goto('/expenses/view');
  const listed = expenseRows(page, refCredit);
  await expect(listed.getByTestId('expense-credit')).toHaveText('On credit');
  await expect(listed).toContainText('Paid from Cash');

  // On the Cash statement it is a "Credit paid" line.
  await cashStatement(page);
  const line = page.locator('tr[data-kind="credit_cleared"]').filter({ hasText: refCleared });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Credit paid');
  await expect(line).toContainText(ugx(creditTotal));
  expect(errors).toEqual([]);
});

interface Report {
  categories: { category_name: string; amount: number; count: number; items: { item_name: string }[] }[];
  modes: { mode_name: string; amount: number }[];
  credit_owed: { count: number; amount: number };
  total: { count: number; amount: number };
}

test('the expenditure report shows the amounts by category and item, and they add up', async ({ page }) => {
  const errors = collectPageErrors(page);
  const from = `${today.slice(0, 7)}-01`;
  const reply = await page.request.post('/api/expenditure_report', {
    data: { from, to: today },
    headers: bearer(session),
  });
  expect(reply.status()).toBe(200);
  const api = ((await reply.json()) as { data: Report }).data;

  await page.goto('/reports/expenses');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(dayFirst(from));
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(dayFirst(today));
  const panel = page.getByTestId(`report-category-${category}`);
  await expect(panel.getByRole('heading')).toHaveText(category);
  // Flour: the edited expense's 5 bags (the replaced and the voided ones are out); books: 4 + 10.
  await expect(panel.locator(`tr[data-item="${flour}"] td`)).toHaveText([flour, '5', '1', plain(5 * flourCost)]);
  await expect(panel.locator(`tr[data-item="${books}"] td`)).toHaveText([
    books,
    '14',
    '2',
    plain(4 * booksCost + creditTotal),
  ]);
  const categoryTotal = editedTotal + creditTotal;
  expect(await totalsOf(panel)).toEqual(['Total', '', '3', plain(categoryTotal)]);
  await expect(page.getByTestId(`bar-${category}`)).toHaveText(ugx(categoryTotal));

  // Every category adds up to the report's total, and so do the modes with the credit still owed.
  await expectCategoriesAddUp(page, api);
  await expect(page.getByTestId('credit-owed')).toHaveText(ugx(api.credit_owed.amount));
  await expect(page.getByTestId('report-total')).toContainText(ugx(api.total.amount));

  // One category asked: only it.
  await expectOneCategoryAsked(page, category, categoryTotal);

  expect(await exportedFileName(page)).toMatch(/\.xlsx$/);
  expect(errors).toEqual([]);
});
