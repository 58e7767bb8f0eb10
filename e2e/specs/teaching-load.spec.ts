import { expect, test } from '@playwright/test';
import { classIdOf } from '../support/exams';
import { admin, apiSignIn, bearer, collectPageErrors, type Session, seedSession } from '../support/session';
import { choose, notice } from '../support/ui';

/**
 * Issue 25 §1: the teaching load as a class's grid, filled from the keyboard by a director of studies,
 * "copy from last term", and a subject of another level refused with the reason.
 */
let session: Session;
test.beforeEach(async ({ request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
});

test('a director of studies fills the teaching load grid from the keyboard, copies last term and is told why a subject is refused', async ({
  page,
  context,
  request,
}) => {
  const errors = collectPageErrors(page);
  // A user of the school's Director of Studies group (its preset holds the teaching load's flag).
  const roles = (await (await request.get('/api/roles', { headers: bearer(session) })).json()).data as {
    id: number;
    name: string;
  }[];
  const username = `dos.${Date.now().toString(36)}`;
  const made = await request.post('/api/users', {
    headers: bearer(session),
    data: {
      name: 'Grace Director',
      username,
      email: null,
      phone: null,
      type: 2,
      role_id: roles.find((r) => r.name === 'Director of Studies')?.id,
      active: true,
      password: 'dos-pass-1234',
    },
  });
  expect(made.status()).toBe(200);
  const dos = await apiSignIn(request, username, 'dos-pass-1234');
  await seedSession(context, dos);

  await page.goto('/staff/subjects');
  await choose(page, page.getByRole('combobox', { name: 'Class' }).first(), 'S2');
  const grid = page.getByTestId('load-grid');
  const english = (column: string) =>
    grid.getByRole('combobox', { name: new RegExp(`^English · 112 · .*, ${column}$`) });

  // Two stream cells from the keyboard: type part of a name, Enter saves, Tab goes to the next cell.
  await english('East').focus();
  await page.keyboard.type('Akello');
  await expect(page.getByRole('option', { name: /^Akello Grace/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(english('East')).toHaveValue(/^Akello Grace/);
  await expect(english('East').locator('xpath=ancestor::td').getByRole('img', { name: 'Saved' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(english('North')).toBeFocused();
  await page.keyboard.type('Auma');
  await expect(page.getByRole('option', { name: 'Auma Stella (AS)' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(english('North').locator('xpath=ancestor::td').getByRole('img', { name: 'Saved' })).toBeVisible();

  // Emptied by mistake, the class's English comes back with "Copy from last term"; the streams keep theirs.
  const teacher = await english('All streams').inputValue();
  await english('All streams').focus();
  await page.keyboard.type('No teacher');
  await expect(page.getByRole('option', { name: 'No teacher' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(english('All streams')).toHaveValue('');
  await page.getByRole('button', { name: 'Copy from last term' }).click();
  await expect(notice(page, /Copied \d+ teaching load rows? from Term \d \d{4}/)).toBeVisible();
  await expect(english('All streams')).toHaveValue(teacher);
  await expect(english('East')).toHaveValue(/^Akello Grace/);

  // The single-row form: an A-Level Mathematics chosen before the class is refused, saying why.
  await page.getByRole('button', { name: 'Add Teaching Load' }).click();
  const form = page.getByRole('dialog');
  await choose(page, form.getByRole('combobox', { name: 'Teacher' }), 'Akello Grace');
  await choose(page, form.getByRole('combobox', { name: 'Subject' }), 'Mathematics · P425 · A level');
  await choose(page, form.getByRole('combobox', { name: 'Class' }), 'S2');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    notice(page, 'Mathematics (A level) is not taught in S2, which follows the new lower secondary curriculum.'),
  ).toBeVisible();

  // The demo school as it was: the two stream cells emptied again.
  const s2 = await classIdOf(page, session, 'S2');
  const grid2 = (
    await (await request.get(`/api/teaching_load_grid?class_id=${s2}`, { headers: bearer(session) })).json()
  ).data as { streams: { id: number; name: string }[]; rows: { subject_id: number; subject: string }[] };
  const englishId = grid2.rows.find((r) => r.subject.startsWith('English · 112'))?.subject_id;
  for (const stream of grid2.streams.filter((s) => s.name === 'East' || s.name === 'North')) {
    const reply = await request.post('/api/set_teaching_load', {
      headers: bearer(session),
      data: { class_id: s2, stream_id: stream.id, subject_id: englishId, staff_id: null },
    });
    expect(reply.status()).toBe(200);
  }
  expect(errors).toEqual([]);
});
