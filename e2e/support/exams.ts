import { expect, type Page } from '@playwright/test';
import { bearer, type Session } from './session';
import { choose } from './ui';

/** The school's current year and term. */
export async function currentTerm(page: Page, session: Session) {
  const reply = await page.request.get('/api/current_settings', { headers: bearer(session) });
  return ((await reply.json()) as { data: { year: number; term: number } }).data;
}

/** A class's id by its name. */
export async function classIdOf(page: Page, session: Session, name: string) {
  const reply = await page.request.get('/api/classes?per_page=100', { headers: bearer(session) });
  const rows = ((await reply.json()) as { data: { id: number; name: string }[] }).data;
  return rows.find((c) => c.name === name)?.id as number;
}

/** Opens a class-and-term screen, chooses a class (the current year and term are filled in) and shows it. */
export async function showClass(page: Page, path: string, className: string) {
  await page.goto(path);
  const bar = page.getByTestId('marksheet-filters');
  await expect(bar.getByRole('textbox', { name: 'Year' })).not.toHaveValue('');
  await choose(page, bar.getByRole('combobox', { name: 'Class' }), className);
  await bar.getByRole('button', { name: 'Show' }).click();
}
