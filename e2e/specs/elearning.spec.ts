import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { admin, apiSignIn, bearer, collectPageErrors, type Session, seedSession } from '../support/session';
import { choose, notice, unique } from '../support/ui';

// A teacher adds S4 Chemistry notes with a PDF as a draft and publishes them; another teacher finds them by class.
test.describe.configure({ mode: 'serial' });

const title = unique('S4 Chemistry: the mole concept ');
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A teacher's sign-in (a user group with no flags: E-Learning is for everyone). */
async function teacher(request: APIRequestContext, name: string): Promise<Session> {
  const headers = bearer(await apiSignIn(request, admin.username, admin.password));
  const role = await request.post('/api/roles', { headers, data: { name: unique(`${name} group `), description: '' } });
  expect(role.status()).toBe(200);
  const username = unique(name.toLowerCase().replace(/\W+/g, ''));
  const password = 'teacher-pass-123';
  const user = await request.post('/api/users', {
    headers,
    data: {
      name,
      username,
      email: null,
      phone: null,
      type: 2,
      role_id: ((await role.json()) as { data: { id: number } }).data.id,
      active: true,
      password,
    },
  });
  expect(user.status()).toBe(200);
  return apiSignIn(request, username, password);
}

let okello: Session;
let nakato: Session;
test.beforeAll(async ({ request }) => {
  okello = await teacher(request, 'Okello Peter');
  nakato = await teacher(request, 'Nakato Sarah');
});

test('a teacher adds notes with a PDF as a draft, then publishes them', async ({ page, context }) => {
  await seedSession(context, okello);
  const errors = collectPageErrors(page);
  await page.goto('/e-learning');
  await expect(page.getByTestId('page-title')).toHaveText('E-Learning');
  // The demo school's published resources show to every teacher.
  await expect(page.locator('tr[data-resource]').filter({ hasText: 'NCDC e-learning portal' })).toHaveCount(1);

  await page.getByRole('button', { name: 'Add a resource' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a resource' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await choose(page, dialog.getByRole('combobox', { name: 'Class' }), 'S4');
  await choose(page, dialog.getByRole('combobox', { name: 'Subject' }), 'Chemistry');
  await dialog.getByRole('textbox', { name: 'Notes or description' }).fill('Moles, molar mass and reacting masses.');
  // A link that is not a web address is refused on its field.
  await dialog.getByRole('textbox', { name: 'Web link' }).fill('javascript:alert(1)');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'the-mole.pdf', mimeType: 'application/pdf', buffer: pdf });
  await dialog.getByRole('button', { name: 'Save as draft' }).click();
  await expect(dialog).toContainText('Enter a web address starting with http:// or https://');
  await dialog.getByRole('textbox', { name: 'Web link' }).fill('');
  await dialog.getByRole('button', { name: 'Save as draft' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(notice(page, /Saved as a draft/)).toBeVisible();

  const row = page.locator('tr[data-resource]').filter({ hasText: title });
  await expect(row.getByTestId('resource-status')).toHaveText('Draft');
  await expect(row).toContainText('the-mole.pdf');
  await expect(row).toContainText('Chemistry');
  await row.getByRole('button', { name: `Publish ${title}` }).click();
  await expect(notice(page, /Published/)).toBeVisible();
  await expect(row.getByTestId('resource-status')).toHaveText('Published');
  await expect(row.getByRole('button', { name: `Withdraw ${title}` })).toBeVisible();
  expect(errors).toEqual([]);
});

test('another teacher sees the published notes, filters by class and downloads the PDF', async ({ page, context }) => {
  await seedSession(context, nakato);
  const errors = collectPageErrors(page);
  await page.goto('/e-learning');
  const row = page.locator('tr[data-resource]').filter({ hasText: title });
  await expect(row.getByTestId('resource-status')).toHaveText('Published');
  // Not theirs: no publish, edit or delete.
  await expect(row.getByRole('button', { name: `Withdraw ${title}` })).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Edit ${title}` })).toHaveCount(0);
  // The demo's drafts belong to others: not listed.
  await expect(page.locator('tr[data-status="draft"]')).toHaveCount(0);

  const filter = page.getByRole('combobox', { name: 'Class' });
  await choose(page, filter, 'S2');
  await expect(page.locator('tr[data-resource]').first()).toContainText('S2');
  await expect(row).toHaveCount(0);
  await choose(page, filter, 'S4');
  await expect(row).toHaveCount(1);
  const classes = await page.locator('tr[data-resource] td:nth-child(3)').allTextContents();
  expect(classes.every((c) => c.startsWith('S4'))).toBe(true);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download the-mole.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('the-mole.pdf');
  expect(Buffer.compare(await readFile(await download.path()), pdf)).toBe(0);
  expect(errors).toEqual([]);
});
