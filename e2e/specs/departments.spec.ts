import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { admin, apiSignIn, collectPageErrors, seedSession } from '../support/session';
import { choose, notice, unique } from '../support/ui';

// A file shared in the Download Center and downloaded as it went up; a department report written and reviewed.
test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ context, request }) => {
  await seedSession(context, await apiSignIn(request, admin.username, admin.password));
});

const circular = unique('Circular: visiting day ');
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('a circular uploaded to the Download Center downloads with its name and the same bytes', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/staff/resources');
  await expect(page.getByTestId('page-title')).toHaveText('Download Center');
  // The demo school's shared files.
  await expect(page.locator('tr[data-resource]')).toHaveCount(3);

  await page.getByRole('button', { name: 'Share a file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share a file' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(circular);
  await choose(page, dialog.getByRole('combobox', { name: 'Category' }), 'Circular');
  // A program named like a PDF is refused by its content.
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'visiting-day.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('MZ\x90\x00 not a pdf'),
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toContainText('visiting-day.pdf: This file is a program; programs cannot be shared');

  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'visiting-day.pdf', mimeType: 'application/pdf', buffer: pdf });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(notice(page, 'File shared')).toBeVisible();
  const row = page.locator('tr[data-resource]').filter({ hasText: circular });
  await expect(row).toContainText('Circular');
  await expect(row).toContainText('visiting-day.pdf');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Download ${circular}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('visiting-day.pdf');
  expect(Buffer.compare(await readFile(await download.path()), pdf)).toBe(0);
  expect(errors).toEqual([]);
});

const title = unique('Mathematics: mock results ');

test('a head of department writes a report and the head teacher reviews it; then it cannot be edited', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/department/reports');
  await expect(page.getByTestId('page-title')).toHaveText('Department Reports');
  await expect(page.locator('tr[data-status="reviewed"]')).toHaveCount(1);

  await page.getByRole('button', { name: 'Write a report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write a report' });
  await choose(page, dialog.getByRole('combobox', { name: 'Department' }), 'Mathematics');
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Report' }).fill('S4 mock results are better than last year.');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'mock-results.pdf', mimeType: 'application/pdf', buffer: pdf });
  await dialog.getByRole('button', { name: 'Submit report' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(notice(page, 'Report added')).toBeVisible();

  const row = page.locator('tr[data-report]').filter({ hasText: title });
  await expect(row.getByTestId('report-status')).toHaveText('Added');
  await expect(row).toContainText('mock-results.pdf');
  await expect(row.getByRole('button', { name: `Edit ${title}` })).toBeVisible();

  await row.getByRole('button', { name: `Review ${title}` }).click();
  const review = page.getByRole('dialog', { name: `Review: ${title}` });
  await review.getByRole('textbox', { name: "Head teacher's remark" }).fill('Well done; keep the revision classes.');
  await review.getByRole('button', { name: 'Review' }).click();
  await expect(review).toHaveCount(0);
  await expect(notice(page, 'Report reviewed')).toBeVisible();
  await expect(row.getByTestId('report-status')).toHaveText('Reviewed');
  await expect(row).toContainText('Well done; keep the revision classes.');
  await expect(row.getByRole('button', { name: `Edit ${title}` })).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Review ${title}` })).toHaveCount(0);
  expect(errors).toEqual([]);
});
