import { type APIRequestContext, expect, test } from '@playwright/test';
import { admin, apiSignIn, bearer, collectPageErrors, type Session, seedSession } from '../support/session';
import { choose, unique } from '../support/ui';

// The store keeper receives beans bought for cash, issues some to the kitchen, is refused an issue of
// more than is left (the balance is named), and sees the level and the item's log.
test.describe.configure({ mode: 'serial' });

let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
});

async function call<T>(request: APIRequestContext, method: 'get' | 'post', path: string, data?: object): Promise<T> {
  const reply = await request[method](`/api/${path}`, { headers: bearer(session), data });
  expect(reply.status(), path).toBe(200);
  return ((await reply.json()) as { data: T }).data;
}

test('stock received for cash, issued to the kitchen, an over-issue refused with the balance, the level and log', async ({
  page,
  request,
}) => {
  const errors = collectPageErrors(page);
  const units = await call<{ id: number; name: string }[]>(request, 'get', 'units?per_page=100');
  const kg = units.find((u) => u.name === 'Kilograms')!.id;
  const name = unique('Yellow beans ');
  await call(request, 'post', 'store_items', { name, unit_id: kg, reorder_level: 40 });

  // The demo store has items, one of them below its reorder level.
  await page.goto('/store/levels');
  await expect(page.getByTestId('page-title')).toHaveText('Stock Levels');
  await expect(page.locator('tr[data-item="Paraffin"]')).toHaveAttribute('data-below', 'true');

  await page.getByRole('button', { name: 'Receive stock' }).click();
  const receive = page.getByRole('dialog', { name: 'Receive stock' });
  // A paid requisition waits, so the dialog starts there: beans bought for cash now are "not bought through one".
  await expect(receive.getByRole('radio', { name: /Bought through a requisition or an expense/ })).toBeChecked();
  await receive.getByRole('radio', { name: /Not bought through one/ }).check();
  await choose(page, receive.getByRole('combobox', { name: 'Item' }), new RegExp(name));
  await receive.getByRole('textbox', { name: 'Quantity (kg)' }).fill('50');
  await receive.getByRole('textbox', { name: 'Unit cost' }).fill('3000');
  await expect(receive.getByTestId('receive-total')).toHaveText('Total cost: UGX 150,000');
  await choose(page, receive.getByRole('combobox', { name: 'Payment' }), 'Paid now from a payment mode');
  await choose(page, receive.getByRole('combobox', { name: 'Paid from' }), 'Cash');
  await receive.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(receive).toBeHidden();
  const row = page.locator(`tr[data-item="${name}"]`);
  await expect(row).toContainText('50 kg');
  await expect(row).toContainText('UGX 150,000');
  await expect(row).not.toHaveAttribute('data-below', 'true');

  await page.goto('/store/issued');
  await expect(page.getByTestId('page-title')).toHaveText('Issued Items');
  const issueOnce = async (quantity: string) => {
    await page.getByRole('button', { name: 'Issue items' }).click();
    const issue = page.getByRole('dialog', { name: 'Issue items' });
    await choose(page, issue.getByRole('combobox', { name: 'Item' }), new RegExp(name));
    await issue.getByRole('textbox', { name: 'Quantity (kg)' }).fill(quantity);
    await issue.getByRole('button', { name: 'Issue', exact: true }).click();
    return issue;
  };
  const first = await issueOnce('20');
  await expect(first).toBeHidden();
  await expect(page.locator('tbody tr').filter({ hasText: name })).toContainText('To the kitchen');
  await expect(page.locator('tbody tr').filter({ hasText: name })).toContainText('UGX 60,000');

  // 40 kg asked, 30 kg held: refused, the balance named, nothing issued.
  const second = await issueOnce('40');
  await expect(second.getByTestId('store-refusal')).toHaveText(
    `Only 30 kg of ${name} is in store, not enough to issue 40 kg.`,
  );
  await second.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('tbody tr').filter({ hasText: name })).toHaveCount(1);

  await page.goto('/store/levels');
  await expect(row).toContainText('30 kg');
  await expect(row).toContainText('UGX 90,000');
  // Below 40 kg now: highlighted.
  await expect(row).toHaveAttribute('data-below', 'true');
  await row.getByRole('link', { name }).click();
  await expect(page.getByTestId('page-title')).toHaveText('Item Log');
  await expect(page.getByTestId('log-balance')).toHaveText('30 kg');
  const lines = page.locator('tbody tr[data-movement]');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('Received');
  await expect(lines.nth(0)).toContainText('paid from Cash');
  await expect(lines.nth(1)).toContainText('Issued');
  await expect(lines.nth(1).locator('td').nth(5)).toHaveText('30');
  expect(errors).toEqual([]);
});

test('what students brought this term is received into the store in one step', async ({ page, request }) => {
  const errors = collectPageErrors(page);
  type Waiting = { rows: { item: string; to_receive: number; store_item_id: number | null }[] };
  const before = await call<Waiting>(request, 'get', 'requirements_in_store');
  const paper = before.rows.find((r) => r.item === 'Toilet paper')!;
  expect(paper.to_receive).toBeGreaterThan(0);
  const level = async () =>
    (await call<{ items: { id: number; balance: number }[] }>(request, 'get', 'store_level')).items.find(
      (i) => i.id === paper.store_item_id,
    )!.balance;
  const held = await level();

  await page.goto('/store/levels');
  await page.getByRole('button', { name: "Students' requirements" }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('tr[data-item="Toilet paper"]')).toContainText(paper.to_receive.toLocaleString('en-GB'));
  await dialog.getByRole('button', { name: /^Receive \d+ items? into the store$/ }).click();
  await expect(page.getByText("Students' requirements received into the store")).toBeVisible();
  expect(await level()).toBe(held + paper.to_receive);
  const after = await call<Waiting>(request, 'get', 'requirements_in_store');
  expect(after.rows.find((r) => r.item === 'Toilet paper')!.to_receive).toBe(0);
  expect(errors).toEqual([]);
});

test('the store keeper links a requirement to a store item of another name, and the link is kept', async ({
  page,
  request,
}) => {
  const errors = collectPageErrors(page);
  type Waiting = { rows: { item: string; store_item_id: number | null; store_item: string | null; linked: boolean }[] };
  const before = await call<Waiting>(request, 'get', 'requirements_in_store');
  const unmatched = before.rows.find((r) => r.store_item_id === null);
  expect(unmatched, 'a demo requirement with no store item of its name').toBeDefined();
  const items = await call<{ items: { id: number; name: string }[] }>(request, 'get', 'store_choices');
  const target = items.items[0];

  await page.goto('/store/levels');
  await page.getByRole('button', { name: "Students' requirements" }).click();
  const dialog = page.getByRole('dialog');
  const select = dialog.getByRole('combobox', { name: `Store item for ${unmatched!.item}` });
  await expect(select).toHaveAttribute('placeholder', 'Choose its store item');
  await choose(page, select, target.name);
  await expect(select).toHaveValue(target.name);
  await expect
    .poll(async () =>
      (await call<Waiting>(request, 'get', 'requirements_in_store')).rows.find((r) => r.item === unmatched!.item),
    )
    .toMatchObject({ store_item_id: target.id, store_item: target.name, linked: true });
  // Kept: opened again, the requirement still shows its store item.
  await page.reload();
  await page.getByRole('button', { name: "Students' requirements" }).click();
  await expect(
    page.getByRole('dialog').getByRole('combobox', { name: `Store item for ${unmatched!.item}` }),
  ).toHaveValue(target.name);
  expect(errors).toEqual([]);
});

test('goods bought through a paid requisition are received against it, partly then the rest, never paid again', async ({
  page,
  request,
}) => {
  const errors = collectPageErrors(page);
  type Level = { items: { name: string; balance: number; value: number }[] };
  const held = async (item: string) =>
    (await call<Level>(request, 'get', 'store_level')).items.find((i) => i.name === item)!;
  const chalkBefore = await held('Chalk');
  const paperBefore = await held('Photocopy paper');
  type Expenses = { data: unknown[]; total: number };
  const expensesBefore = (
    (await (await request.get('/api/expenses?per_page=1', { headers: bearer(session) })).json()) as Expenses
  ).total;

  // The bursar's list: the requisition paid last week is in store, yesterday's waits for the store.
  await page.goto('/requisitions/view');
  const received = page.locator('tr[data-requisition]').filter({ hasText: 'Chalk for the new term' });
  await expect(received.getByTestId('store-received')).toHaveAttribute('data-state', 'all');
  await expect(received.getByTestId('store-received')).toContainText('In store');
  await expect(received.getByTestId('store-received')).toContainText('Chalk: 10 of 10 box');
  const waiting = page
    .locator('tr[data-requisition]')
    .filter({ hasText: 'Chalk and paper for the end-of-term examinations' });
  await expect(waiting.getByTestId('store-received')).toHaveAttribute('data-state', 'none');
  await expect(waiting.getByTestId('store-received')).toContainText('Not in store yet');

  await page.goto('/store/levels');
  await page.getByRole('button', { name: 'Receive stock' }).click();
  const dialog = page.getByRole('dialog', { name: 'Receive stock' });
  await expect(dialog.getByRole('radio', { name: /Bought through a requisition or an expense/ })).toBeChecked();
  // Nothing to pay: no payment choice.
  await expect(dialog.getByRole('combobox', { name: 'Payment' })).toHaveCount(0);
  const pick = () =>
    choose(
      page,
      dialog.getByRole('combobox', { name: 'Requisition or expense' }),
      /^Requisition \d+ · Chalk and paper for the end-of-term examinations/,
    );
  await pick();
  const chalk = dialog.locator('[data-line="Chalk"]');
  await expect(chalk.getByTestId('line-figures')).toHaveText('Bought 15, received 0 · UGX 6,000 each');
  await dialog.getByRole('textbox', { name: 'Chalk: arrived now (box)' }).fill('10');
  await dialog.getByRole('textbox', { name: 'Photocopy paper: arrived now (ream)' }).fill('0');
  await dialog.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(dialog).toBeHidden();
  expect((await held('Chalk')).balance).toBe(chalkBefore.balance + 10);
  expect((await held('Chalk')).value).toBe(chalkBefore.value + 60_000);

  // The rest: one box more than is left is refused with the figures.
  await page.getByRole('button', { name: 'Receive stock' }).click();
  await pick();
  await expect(chalk.getByTestId('line-figures')).toHaveText('Bought 15, received 10 · UGX 6,000 each');
  await dialog.getByRole('textbox', { name: 'Chalk: arrived now (box)' }).fill('6');
  await dialog.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(dialog.getByTestId('store-refusal')).toHaveText(
    /^Only 5 boxes of Chalk are left to receive on requisition \d+ \(15 bought, 10 received\), not 6 boxes\.$/,
  );
  await dialog.getByRole('textbox', { name: 'Chalk: arrived now (box)' }).fill('5');
  await dialog.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(dialog).toBeHidden();
  expect((await held('Chalk')).balance).toBe(chalkBefore.balance + 15);
  expect((await held('Photocopy paper')).balance).toBe(paperBefore.balance + 25);
  // No second expense.
  expect(
    ((await (await request.get('/api/expenses?per_page=1', { headers: bearer(session) })).json()) as Expenses).total,
  ).toBe(expensesBefore);

  await page.goto('/requisitions/view');
  await expect(waiting.getByTestId('store-received')).toHaveAttribute('data-state', 'all');
  await expect(waiting.getByTestId('store-received')).toContainText('Chalk: 15 of 15 box');
  expect(errors).toEqual([]);
});
