import { expect, test } from '@playwright/test';
import { ugx } from '../support/money';
import { admin, apiSignIn, bearer, collectPageErrors, type Session, seedSession } from '../support/session';
import { choose, go, unique } from '../support/ui';

// An asset goes from declaration to the register: a location, a category with its rate, an item, a
// purchase paid from a mode (each unit tagged), the register's book values, and the sticker sheet.
test.describe.configure({ mode: 'serial' });

let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
});

const location = unique('Library ');
const category = unique('Furniture ');
const code = `E${Date.now().toString(36).slice(-5)}`.toUpperCase();
const item = unique('Reading table ');
const reference = unique('INV-');
const unitCost = 250_000;

test('a location, a category with its depreciation rate, and an item under it', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/asset/locations');
  await expect(page.getByTestId('page-title')).toHaveText('Asset Locations');
  await page.getByRole('button', { name: 'Add Asset Location' }).click();
  const addLocation = page.getByRole('dialog', { name: 'Add Asset Location' });
  await addLocation.getByRole('textbox', { name: 'Name' }).fill(location);
  await addLocation.getByRole('button', { name: 'Save' }).click();
  await expect(addLocation).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(location) })).toBeVisible();

  await go(page, '/asset/categories');
  await page.getByRole('button', { name: 'Add Asset Category' }).click();
  const addCategory = page.getByRole('dialog', { name: 'Add Asset Category' });
  await addCategory.getByRole('textbox', { name: 'Name' }).fill(category);
  await addCategory.getByRole('textbox', { name: /Tag code/ }).fill(code);
  await addCategory.getByRole('textbox', { name: /Depreciation rate/ }).fill('20');
  await addCategory.getByRole('button', { name: 'Save' }).click();
  await expect(addCategory).toHaveCount(0);
  const row = page.getByRole('row', { name: new RegExp(category) });
  await expect(row).toContainText(code);
  await expect(row).toContainText('20');

  await page.getByRole('button', { name: 'Add Asset Item' }).click();
  const addItem = page.getByRole('dialog', { name: 'Add Asset Item' });
  await addItem.getByRole('textbox', { name: 'Name' }).fill(item);
  await choose(page, addItem.getByRole('combobox', { name: 'Category' }), category);
  await addItem.getByRole('button', { name: 'Save' }).click();
  await expect(addItem).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(item) })).toContainText(category);
  expect(errors).toEqual([]);
});

test('on credit without a supplier is refused and nothing is recorded', async ({ page, request }) => {
  const errors = collectPageErrors(page);
  const count = async () =>
    (
      (await (await request.get('/api/asset_purchases?per_page=1', { headers: bearer(session) })).json()) as {
        total: number;
      }
    ).total;
  const before = await count();
  await page.goto('/asset/purchases');
  await page.getByRole('button', { name: 'Record purchase' }).click();
  const add = page.getByRole('dialog', { name: 'Record purchase' });
  await choose(page, add.getByRole('combobox', { name: 'Item' }), item);
  await add.getByRole('textbox', { name: 'Unit cost' }).fill(String(unitCost));
  await choose(page, add.getByRole('combobox', { name: 'Location' }), location);
  await add.getByText('On credit from a supplier').click();
  await add.getByRole('button', { name: 'Save purchase' }).click();
  await expect(add.getByText('Choose the supplier who gave it on credit')).toBeVisible();
  await expect(add).toBeVisible();
  expect(await count()).toBe(before);
  expect(errors).toEqual([]);
});

test('a purchase paid from a mode tags each unit, shows in the register at cost, and prints its labels', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/asset/purchases');
  await page.getByRole('button', { name: 'Record purchase' }).click();
  const add = page.getByRole('dialog', { name: 'Record purchase' });
  await choose(page, add.getByRole('combobox', { name: 'Item' }), item);
  await add.getByRole('textbox', { name: 'Quantity' }).fill('3');
  await add.getByRole('textbox', { name: 'Unit cost' }).fill(String(unitCost));
  await expect(add.getByText(`Total ${ugx(3 * unitCost)}`)).toBeVisible();
  await choose(page, add.getByRole('combobox', { name: 'Location' }), location);
  await choose(page, add.getByRole('combobox', { name: 'Payment mode' }), 'Cash');
  await add.getByRole('textbox', { name: 'Reference' }).fill(reference);
  await add.getByRole('button', { name: 'Save purchase' }).click();
  await expect(add).toHaveCount(0);

  // Straight to its labels: three tags under the category's code, numbered from 0001.
  await expect(page).toHaveURL(/\/asset\/labels\/\d+$/);
  await expect(page.getByTestId('page-title')).toHaveText('Asset Labels');
  const tags = page.locator('tr[data-tag]');
  await expect(tags).toHaveCount(3);
  const names = await tags.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-tag')));
  expect(names.map((n) => n?.replace(/^[A-Z0-9]+\//, ''))).toEqual([`${code}/0001`, `${code}/0002`, `${code}/0003`]);

  const [sheet] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/asset_labels') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Print all labels' }).click(),
  ]);
  expect(sheet.status()).toBe(200);
  expect(sheet.headers()['content-type']).toContain('application/pdf');

  // In the register, bought today: no month held yet, so each is at its cost.
  await go(page, '/asset/register');
  await choose(page, page.getByRole('combobox', { name: 'Category' }), category);
  await expect(page.locator('tr[data-tag]')).toHaveCount(3);
  const first = page.locator(`tr[data-tag="${names[0]}"]`);
  await expect(first).toContainText(item);
  await expect(first).toContainText(location);
  await expect(first).toContainText('20%');
  await expect(first.getByTestId('book-value')).toHaveText(ugx(unitCost));
  await expect(page.getByTestId('register-book-value')).toHaveText(ugx(3 * unitCost));

  // And in the purchases list, paid from Cash.
  await go(page, '/asset/purchases');
  await page.getByRole('textbox', { name: 'Search' }).fill(reference);
  const purchase = page.locator('tr[data-purchase]');
  await expect(purchase).toHaveCount(1);
  await expect(purchase).toContainText(ugx(3 * unitCost));
  await expect(purchase).toContainText('Cash');
  expect(errors).toEqual([]);
});
