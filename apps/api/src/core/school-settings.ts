import { schoolSettings } from '@somero/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/open.js';

export type SchoolSettingsRow = typeof schoolSettings.$inferSelect;

/**
 * A school's settings row as this process saw it in the last few seconds: for what runs on every
 * request of a busy path (the payment desk asks whether to send an SMS receipt). Every write to
 * `school_settings` passes through SchoolScope.audit, which forgets the school's entry at once; another
 * server process sees a change within `cacheMs`.
 */
const cacheMs = 5000;
const cache = new Map<number, { row: SchoolSettingsRow | null; at: number }>();

export async function cachedSchoolSettings(db: Executor, schoolId: number): Promise<SchoolSettingsRow | null> {
  const hit = cache.get(schoolId);
  if (hit && Date.now() - hit.at < cacheMs) return hit.row;
  const [row] = await db.select().from(schoolSettings).where(eq(schoolSettings.schoolId, schoolId));
  cache.set(schoolId, { row: row ?? null, at: Date.now() });
  return row ?? null;
}

export function forgetSchoolSettings(schoolId?: number) {
  if (schoolId === undefined) cache.clear();
  else cache.delete(schoolId);
}
