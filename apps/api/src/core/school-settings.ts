import { schoolSettings } from '@somero/contract';
import { eq } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/open.js';
import { now } from './dates.js';

export type SchoolSettingsRow = typeof schoolSettings.$inferSelect;

/**
 * A school's settings row as this process saw it in the last few seconds: for what runs on every
 * request of a busy path (the payment desk asks whether to send an SMS receipt). Every write to
 * `school_settings` passes through SchoolScope.audit, which forgets the school's entry at once here and,
 * at commit, in every other server process (core/cache-news.ts). Kept per database (tests open many in one process);
 * inside a transaction the row is read afresh.
 */
const cacheMs = 5000;
type Cache = Map<number, { row: SchoolSettingsRow | null; at: number }>;
const byDatabase = new WeakMap<Executor, Cache>();
const caches = new Set<Cache>();

export async function cachedSchoolSettings(db: Executor, schoolId: number): Promise<SchoolSettingsRow | null> {
  const read = async () => (await db.select().from(schoolSettings).where(eq(schoolSettings.schoolId, schoolId)))[0];
  if (db instanceof PgTransaction) return (await read()) ?? null;
  let cache = byDatabase.get(db);
  if (!cache) {
    cache = new Map();
    byDatabase.set(db, cache);
    caches.add(cache);
  }
  const hit = cache.get(schoolId);
  if (hit && now().getTime() - hit.at < cacheMs) return hit.row;
  const row = (await read()) ?? null;
  cache.set(schoolId, { row, at: now().getTime() });
  return row;
}

export function forgetSchoolSettings(schoolId?: number) {
  for (const cache of caches) {
    if (schoolId === undefined) cache.clear();
    else cache.delete(schoolId);
  }
}
