import { expect, type Page, test } from '@playwright/test';
import { admin, apiSignIn, bearer, collectPageErrors, type Session, seedSession } from '../support/session';
import { choose, notice } from '../support/ui';

/** Issue 10 §3: optional subjects ticked from the keyboard, combinations given, considered papers refused. */
let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
});

async function classId(page: Page, name: string) {
  const reply = await page.request.get('/api/classes?per_page=100', { headers: bearer(session) });
  return ((await reply.json()).data as { id: number; name: string }[]).find((c) => c.name === name)?.id as number;
}

test('optional subjects are ticked from the keyboard and saved, on a phone', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/optional/subjects');
  await expect(page.getByText('Choose a class to tick who takes which optional subject.')).toBeVisible();
  await choose(page, page.getByRole('combobox', { name: 'Class' }), 'S1');
  const box = page.getByRole('checkbox').first();
  await expect(box).toBeVisible();
  const label = (await box.getAttribute('aria-label')) as string;
  const was = await box.isChecked();
  await box.focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('unsaved')).toHaveText('1 student changed, not saved yet');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('unsaved')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  // The server keeps it: a fresh page shows the tick as saved.
  await page.reload();
  await choose(page, page.getByRole('combobox', { name: 'Class' }), 'S1');
  const again = page.getByRole('checkbox', { name: label, exact: true });
  await expect(again).toBeChecked({ checked: !was });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide).toBeLessThanOrEqual(0);
  // Put the demo school back as it was.
  await again.focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('unsaved')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('an S5 student is given another combination, and it stays', async ({ page }) => {
  const s5 = await classId(page, 'S5');
  const before = (
    await (
      await page.request.post('/api/class_combinations', { headers: bearer(session), data: { class_id: s5 } })
    ).json()
  ).data as { id: number; name: string; combination_id: number | null }[];
  const student = before[0];
  await page.goto('/students/combination');
  await choose(page, page.getByRole('combobox', { name: 'Class' }), 'S5');
  const picker = page.getByRole('combobox', { name: `Combination: ${student.name}` });
  const row = page.locator(`[data-student="${student.name}"]`).first();
  const current = await picker.inputValue();
  const next = current === 'HEG' ? 'PCM' : 'HEG';
  await choose(page, picker, next);
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Combinations Saved Successfully')).toBeVisible();
  const after = (
    await (
      await page.request.post('/api/class_combinations', { headers: bearer(session), data: { class_id: s5 } })
    ).json()
  ).data as { id: number; combination_id: number | null }[];
  expect(after.find((s) => s.id === student.id)?.combination_id).not.toBe(student.combination_id);
  // Put it back through the API, as the demo school had it.
  await page.request.post('/api/assign_combinations', {
    headers: bearer(session),
    data: { choices: [{ student_id: student.id, combination_id: student.combination_id }] },
  });
});

test('considered papers: all count until chosen, and none at all is refused', async ({ page }) => {
  await page.goto('/considered/papers');
  await choose(page, page.getByRole('combobox', { name: 'Class' }), 'S6');
  const card = page
    .locator('[data-subject]')
    .filter({ has: page.getByRole('checkbox') })
    .first();
  await expect(card.getByTestId('considered-status')).toHaveText('No papers chosen: all papers count.');
  for (const box of await card.getByRole('checkbox').all()) await box.uncheck();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, /Choose at least one paper of .+ to count\./)).toBeVisible();
  await expect(card.getByTestId('considered-status')).toHaveText('No papers chosen: all papers count.');
});
