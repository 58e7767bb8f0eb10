import {
  completeFlags,
  isAdministratorType,
  permissionFlags,
  type SchoolStatus,
  type SignedInUser,
} from '@somero/contract';
import { and, eq, gt, isNull, max, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/open.js';
import { authTokens, passwordResets, roles, schools, users } from '../db/schema.js';
import { now as clockNow } from './dates.js';
import { hashSecret, newSecret } from './passwords.js';

/** The signed-in user of a request, found from its bearer token in one query. */
export interface Caller {
  tokenId: number;
  userId: number;
  schoolId: number;
  schoolName: string;
  name: string;
  username: string;
  email: string | null;
  phone: string | null;
  type: number;
  role: string | null;
  flags: Record<string, boolean>;
  /** The lock screen is on: only the calls marked `whileLocked` answer until the password is given. */
  locked: boolean;
  /** Whether the service lets the school's people in (`schools.status`), and why not. */
  schoolStatus: SchoolStatus;
  schoolStatusReason: string | null;
}

/** What a user of a school the service has suspended (or not yet approved) is told, at sign-in and on every call. */
export function schoolClosedMessage(school: { schoolStatus: SchoolStatus; schoolStatusReason: string | null }) {
  if (school.schoolStatus === 'pending')
    return 'Your school is registered and waiting for the service to approve it. You can sign in once it is approved.';
  const why = school.schoolStatusReason ? ` (${school.schoolStatusReason.replace(/\.$/, '')})` : '';
  return `Your school's use of Somero is suspended${why}. Nothing is deleted. Please contact the service that hosts Somero for your school.`;
}

const allFlags = Object.fromEntries(permissionFlags.map((f) => [f, true]));
const DAY = 86_400_000;

/**
 * A new session's token: `<school id>.<secret>`. Only the secret's hash is kept, beside the school, so
 * that a request's token is looked up among its own school's sessions (on a Citus cluster, on the one
 * node that holds the school; nothing of a sign-in is written to the tables every node holds).
 */
export async function issueToken(db: Executor, user: { id: number; schoolId: number }, days: number) {
  const { secret, hash } = newSecret();
  await db.insert(authTokens).values({
    schoolId: user.schoolId,
    userId: user.id,
    tokenHash: hash,
    expiresAt: new Date(clockNow().getTime() + days * DAY),
  });
  return `${user.schoolId}.${secret}`;
}

/** A token's school and its secret's hash; null for a token of another shape (one from before schools were named in them). */
function readToken(token: string) {
  const match = /^(\d{1,9})\.([A-Za-z0-9_-]{20,})$/.exec(token);
  return match ? { schoolId: Number(match[1]), hash: hashSecret(match[2]) } : null;
}

/**
 * When each of a school's users last signed in (their newest session's start), to left-join on school and user.
 * A join, not a subquery per user: on a Citus cluster users are on every node and sessions with their school.
 */
export const lastSignIns = (db: Executor, schoolId: number) =>
  db
    .select({
      schoolId: authTokens.schoolId,
      userId: authTokens.userId,
      at: max(authTokens.createdAt).as('last_sign_in'),
    })
    .from(authTokens)
    .where(eq(authTokens.schoolId, schoolId))
    .groupBy(authTokens.schoolId, authTokens.userId)
    .as('last_sign_ins');

/**
 * Signed-in users found in the last few seconds, by token hash. Every write to users, user groups or
 * sessions passes through SchoolScope.audit, which forgets that school's entries at once here and, at
 * commit, in every other server process (core/cache-news.ts); `cacheMs` bounds what a lost notice costs.
 */
const cacheMs = 5000;
const cacheLimit = 10_000;
const cache = new Map<string, { caller: Caller; tokenExpires: number; at: number }>();

export function forgetCallers(schoolId?: number) {
  if (schoolId === undefined) return cache.clear();
  for (const [key, entry] of cache) if (entry.caller.schoolId === schoolId) cache.delete(key);
}

/** Forgets the cached sessions of one user (after their tokens were revoked, locked or unlocked). */
export function forgetUser(userId: number) {
  for (const [key, entry] of cache) if (entry.caller.userId === userId) cache.delete(key);
}

/**
 * After a password change (by the user, an administrator or a reset link): every session of the user
 * ends except `keepTokenId` (the user's own session changing it), and every unused reset link dies.
 * Call it with the executor that wrote the password (inside its transaction, or after it); the
 * signed-in user cache of this process forgets the user, so the old sessions end here at once.
 */
export async function endOtherSessions(db: Executor, user: { id: number; schoolId: number }, keepTokenId?: number) {
  const userId = user.id;
  await db
    .update(authTokens)
    .set({ revokedAt: clockNow() })
    .where(
      and(
        eq(authTokens.schoolId, user.schoolId),
        eq(authTokens.userId, userId),
        isNull(authTokens.revokedAt),
        keepTokenId === undefined ? undefined : ne(authTokens.id, keepTokenId),
      ),
    );
  await db
    .update(passwordResets)
    .set({ usedAt: clockNow() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  forgetUser(userId);
}

/** Locks or unlocks one session; acts at once in this process (others hear of it through the audit row's news). */
export async function setSessionLocked(db: Executor, caller: Caller, locked: boolean) {
  await db
    .update(authTokens)
    .set({ lockedAt: locked ? sql`coalesce(${authTokens.lockedAt}, ${clockNow()})` : null })
    .where(and(eq(authTokens.schoolId, caller.schoolId), eq(authTokens.id, caller.tokenId)));
  forgetUser(caller.userId);
}

/**
 * Finds the caller for a bearer token, or null when it is unknown, revoked, expired or its user is
 * disabled. Expiry slides: a token used more than a day after it was last extended is extended again.
 */
export async function findCaller(db: Executor, token: string, days: number): Promise<Caller | null> {
  const read = readToken(token);
  if (!read) return null;
  const { hash } = read;
  const now = clockNow().getTime();
  const hit = cache.get(hash);
  if (hit && now - hit.at < cacheMs && hit.tokenExpires > now && hit.caller.schoolId === read.schoolId)
    return hit.caller;
  const found = await lookUpCaller(db, read.schoolId, hash, days);
  if (found) {
    if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value as string);
    cache.set(hash, { ...found, at: now });
  } else cache.delete(hash);
  return found?.caller ?? null;
}

async function lookUpCaller(db: Executor, schoolId: number, hash: string, days: number) {
  const [row] = await db
    .select({
      tokenId: authTokens.id,
      expiresAt: authTokens.expiresAt,
      lockedAt: authTokens.lockedAt,
      userId: users.id,
      schoolId: users.schoolId,
      schoolName: schools.name,
      schoolStatus: schools.status,
      schoolStatusReason: schools.statusReason,
      name: users.name,
      username: users.username,
      email: users.email,
      phone: users.phone,
      type: users.type,
      role: roles.name,
      roleFlags: roles.flags,
    })
    .from(authTokens)
    .innerJoin(users, and(eq(users.schoolId, authTokens.schoolId), eq(users.id, authTokens.userId)))
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(roles, and(eq(roles.schoolId, users.schoolId), eq(roles.id, users.roleId)))
    .where(
      and(
        eq(authTokens.schoolId, schoolId),
        eq(authTokens.tokenHash, hash),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, clockNow()),
        eq(users.active, true),
      ),
    )
    .limit(1);
  if (!row) return null;
  let tokenExpires = row.expiresAt.getTime();
  if (tokenExpires < clockNow().getTime() + (days - 1) * DAY) {
    tokenExpires = clockNow().getTime() + days * DAY;
    await db
      .update(authTokens)
      .set({ expiresAt: new Date(tokenExpires) })
      .where(and(eq(authTokens.schoolId, schoolId), eq(authTokens.id, row.tokenId)));
  }
  const { expiresAt: _expires, lockedAt, roleFlags, ...caller } = row;
  return {
    caller: {
      ...caller,
      flags: isAdministratorType(row.type) ? allFlags : (roleFlags ?? {}),
      locked: lockedAt !== null,
    },
    tokenExpires,
  };
}

/** The user as GET /user and POST /login answer it. */
export function signedInUser(caller: Omit<Caller, 'tokenId' | 'locked'>): SignedInUser {
  return {
    id: caller.userId,
    name: caller.name,
    username: caller.username,
    email: caller.email,
    phone: caller.phone,
    type: caller.type,
    school: { id: caller.schoolId, name: caller.schoolName },
    permission: { role: caller.role, flags: completeFlags(caller.flags) },
  };
}

export const bearerToken = (header: string | undefined) => {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match ? match[1] : null;
};
