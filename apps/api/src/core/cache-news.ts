import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/open.js';
import { forgetCallers } from './auth.js';
import { forgetSchoolSettings } from './school-settings.js';

/**
 * Several server processes on one PostgreSQL each keep the signed-in users and the school settings they
 * saw in the last few seconds. A write that changes them (a user, a user group, a sign-out, a lock, a
 * password, the school or its settings) forgets them here at once and tells every process on this
 * channel when its transaction commits (PostgreSQL's NOTIFY), so a flag taken away is gone everywhere.
 */
export const cacheChannel = 'somero_cache';
export type CacheNews = 'callers' | 'settings';

function forget(news: readonly CacheNews[], schoolId: number) {
  if (news.includes('callers')) forgetCallers(schoolId);
  if (news.includes('settings')) forgetSchoolSettings(schoolId);
}

/** Forgets a school's cached sign-ins or settings in this process now, and in every other one at commit. */
export async function announce(db: Executor, schoolId: number, news: readonly CacheNews[]) {
  forget(news, schoolId);
  await db.execute(sql`select pg_notify(${cacheChannel}, ${`${news.join(',')}:${schoolId}`})`);
}

/** "callers,settings:12" as sent by `announce`; anything else is ignored. */
export function hear(payload: string) {
  const match = /^([a-z,]+):(\d+)$/.exec(payload);
  if (!match) return;
  const news = (match[1] as string).split(',').filter((n): n is CacheNews => n === 'callers' || n === 'settings');
  forget(news, Number(match[2]));
}

/**
 * Listens for other processes' news (PostgreSQL only: the embedded database has one process). While
 * the listening connection is lost, nothing is cached: every cache is emptied when it drops and again
 * when it is back. Answers the stop.
 */
export async function listenForCacheNews(database: Database, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  if (!database.listen) return async () => {};
  return database.listen(cacheChannel, hear, () => {
    log.warn("The database connection that hears other servers' changes was lost: caches emptied, reconnecting");
    forgetCallers();
    forgetSchoolSettings();
  });
}
