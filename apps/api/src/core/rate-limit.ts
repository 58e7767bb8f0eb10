import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/open.js';
import { loginFailures } from '../db/schema.js';
import { ago, now } from './dates.js';
import { TooManyAttempts } from './errors.js';

/**
 * Rate limits, counted in the database (`login_failures`: key, count, start of the window) so they
 * hold across server processes. A window starts with its first count and lasts `windowMs`.
 *
 * Sign-in (and lock-screen unlock) failures count per user name *and* address together (5 in 15
 * minutes), so failures from one address never lock out the user signing in from another. They also
 * count per address (100 in 15 minutes, high because a school's office shares one address), which
 * stops one address spraying guesses over many names. A blocked address still lets in a user who has
 * signed in correctly from that address in the last 90 days (a `known:` row, refreshed by a sign-in at
 * most once a day): other people's failures at the office do not lock out its own staff, while a sprayer
 * there learns nothing about names that never signed in from it, and each name keeps its 5 tries.
 * A correct sign-in writes here only when there is something to forget or to refresh: these rows belong
 * to no school, and on a Citus cluster every node holds them.
 */
const minute = 60_000;
const day = 1_440 * minute;

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

export interface SignInKeys {
  /** Failures of this user name from this address. */
  pair: Limit;
  /** Failures of any user name from this address. */
  address: Limit;
  /** A correct sign-in of this user name from this address (its window is how long it is remembered). */
  known: Limit;
}

export function signInKeys(username: string, address: string): SignInKeys {
  const name = username.trim().toLowerCase();
  return {
    pair: { key: `user:${name}|${address}`, max: 5, windowMs: 15 * minute },
    address: { key: `address:${address}`, max: 100, windowMs: 15 * minute },
    known: { key: `known:${name}|${address}`, max: 1, windowMs: 90 * day },
  };
}

/** Requests counted whether they succeed or not: new schools and reset links, per address (and e-mail). */
export const registerLimit = (address: string): Limit => ({
  key: `register:${address}`,
  max: 10,
  windowMs: 60 * minute,
});
export const recoverLimits = (address: string, email: string): Limit[] => [
  { key: `recover:${address}`, max: 10, windowMs: 60 * minute },
  // A mailbox gets at most 3 links an hour, whoever asks (the answer is the same whether it has an account).
  { key: `recover-email:${email.trim().toLowerCase()}`, max: 3, windowMs: 60 * minute },
];

const minutesLeft = (firstAt: Date, windowMs: number) =>
  Math.max(1, Math.ceil((firstAt.getTime() + windowMs - now().getTime()) / minute));
const tryAgain = (what: string, minutes: number) =>
  new TooManyAttempts(`${what} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
const tooManySignIns = 'Too many failed sign-in attempts.';

/** The counts a sign-in found before the password was checked (for `clearFailures`). */
export type SignInCounts = { key: string; failures: number; firstAt: Date }[];

/**
 * Refuses (429 with the minutes to wait) a sign-in or unlock whose user name has failed 5 times from
 * this address, or whose address has failed 100 times unless the user is known there. Answers the
 * counts it read.
 */
export async function refuseIfLocked(db: Executor, keys: SignInKeys): Promise<SignInCounts> {
  const rows = await db
    .select()
    .from(loginFailures)
    .where(inArray(loginFailures.key, [keys.pair.key, keys.address.key, keys.known.key]));
  const row = (limit: Limit) => {
    const found = rows.find((r) => r.key === limit.key);
    return found && found.firstAt.getTime() + limit.windowMs > now().getTime() ? found : undefined;
  };
  const pair = row(keys.pair);
  if (pair && pair.failures >= keys.pair.max)
    throw tryAgain(tooManySignIns, minutesLeft(pair.firstAt, keys.pair.windowMs));
  const address = row(keys.address);
  if (address && address.failures >= keys.address.max && !row(keys.known)) {
    throw tryAgain(tooManySignIns, minutesLeft(address.firstAt, keys.address.windowMs));
  }
  return rows;
}

/** Adds one to each limit's count (a new window when the last one is over); answers the new counts. */
async function count(db: Executor, limits: Limit[]) {
  const counted: { failures: number; firstAt: Date }[] = [];
  for (const { key, windowMs } of limits) {
    const windowStart = ago(windowMs);
    const [row] = await db
      .insert(loginFailures)
      .values({ key, failures: 1, firstAt: now() })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`case when ${loginFailures.firstAt} < ${windowStart} then 1 else ${loginFailures.failures} + 1 end`,
          firstAt: sql`case when ${loginFailures.firstAt} < ${windowStart} then ${now()} else ${loginFailures.firstAt} end`,
        },
      })
      .returning({ failures: loginFailures.failures, firstAt: loginFailures.firstAt });
    counted.push(row);
  }
  await pruneNow(db);
  return counted;
}

export const countFailure = (db: Executor, keys: SignInKeys) => count(db, [keys.pair, keys.address]);

/**
 * A correct password: this name's failures from this address are forgotten (when there were any) and the
 * address knows the name (written when it did not, or last did more than a day ago).
 */
export async function clearFailures(db: Executor, keys: SignInKeys, seen: SignInCounts) {
  if (seen.some((r) => r.key === keys.pair.key)) {
    await db.delete(loginFailures).where(eq(loginFailures.key, keys.pair.key));
  }
  const known = seen.find((r) => r.key === keys.known.key);
  if (known && known.firstAt.getTime() > ago(day).getTime()) return;
  await db
    .insert(loginFailures)
    .values({ key: keys.known.key, failures: 1, firstAt: now() })
    .onConflictDoUpdate({ target: loginFailures.key, set: { firstAt: now() } });
}

/**
 * Counts a request against each limit and refuses it (429) when one is over. The count is taken
 * first, in one statement per limit, so simultaneous requests cannot slip past it.
 */
export async function takeOrRefuse(db: Executor, limits: Limit[], what: string) {
  const counted = await count(db, limits);
  limits.forEach((limit, i) => {
    if (counted[i].failures > limit.max) throw tryAgain(what, minutesLeft(counted[i].firstAt, limit.windowMs));
  });
}

/** Rows whose window ended long ago go, at most once an hour per process. */
let prunedAt = 0;
async function pruneNow(db: Executor) {
  if (now().getTime() - prunedAt < 60 * minute) return;
  prunedAt = now().getTime();
  await db
    .delete(loginFailures)
    .where(
      and(
        lt(loginFailures.firstAt, ago(86_400_000)),
        sql`(${loginFailures.key} not like 'known:%' or ${loginFailures.firstAt} < ${ago(90 * 86_400_000)})`,
      ),
    );
}
