import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/open.js';
import { loginFailures } from '../db/schema.js';
import { TooManyAttempts } from './errors.js';

/**
 * Failed sign-ins are counted per user name and per address in the database, so the limit holds
 * across server processes. Within a 15-minute window a user name gets 5 failures, an address 100
 * (a whole school's office often shares one address, so that limit only stops guessing at scale).
 */
const windowMs = 15 * 60_000;
const limits = { user: 5, address: 100 } as const;

export const attemptKeys = (username: string, address: string) => ({
  user: `user:${username.trim().toLowerCase()}`,
  address: `address:${address}`,
});

export async function refuseIfLocked(db: Executor, keys: { user: string; address: string }) {
  const rows = await db
    .select()
    .from(loginFailures)
    .where(inArray(loginFailures.key, [keys.user, keys.address]));
  for (const row of rows) {
    const limit = row.key === keys.user ? limits.user : limits.address;
    const endsAt = row.firstAt.getTime() + windowMs;
    if (row.failures >= limit && endsAt > Date.now()) {
      const minutes = Math.max(1, Math.ceil((endsAt - Date.now()) / 60_000));
      throw new TooManyAttempts(
        `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
  }
}

export async function countFailure(db: Executor, keys: { user: string; address: string }) {
  const windowStart = new Date(Date.now() - windowMs);
  for (const key of [keys.user, keys.address]) {
    await db
      .insert(loginFailures)
      .values({ key, failures: 1, firstAt: new Date() })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`case when ${loginFailures.firstAt} < ${windowStart} then 1 else ${loginFailures.failures} + 1 end`,
          firstAt: sql`case when ${loginFailures.firstAt} < ${windowStart} then now() else ${loginFailures.firstAt} end`,
        },
      });
  }
}

export const clearFailures = (db: Executor, keys: { user: string }) =>
  db.delete(loginFailures).where(eq(loginFailures.key, keys.user));
