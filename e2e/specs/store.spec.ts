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
