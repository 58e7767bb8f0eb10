import * as calls from '@somero/contract';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import {
  type Caller,
  endOtherSessions,
  findCaller,
  forgetUser,
  issueToken,
  schoolClosedMessage,
  setSessionLocked,
  signedInUser,
} from '../../core/auth.js';
import { now } from '../../core/dates.js';
import { againIfGivenUp, HttpError, Refusal } from '../../core/errors.js';
import { checkPassword, hashPassword, hashSecret, newSecret } from '../../core/passwords.js';
import {
  clearFailures,
  countFailure,
  recoverLimits,
  refuseIfLocked,
  registerLimit,
  signInKeys,
  takeOrRefuse,
} from '../../core/rate-limit.js';
import { SchoolScope } from '../../core/scope.js';
import { authTokens, passwordResets, schools, users } from '../../db/schema.js';
import type { ModuleContext } from '../module.js';
import { createSchool, refuseTakenLogin } from '../users/index.js';

const wrongCredentials = 'Wrong user name or password.';

export function authRoutes({ serve, database, config, mailer }: ModuleContext) {
  const { db } = database;

  /**
   * Signs a user in: a new session and an audit row, in one transaction, both the school's own rows (the
   * session's start is the user's last sign-in). One the database gives up (a deadlock) is made again.
   */
  async function signIn(user: { id: number; schoolId: number; name: string }) {
    const token = await againIfGivenUp(() =>
      db.transaction(async (tx) => {
        const secret = await issueToken(tx, user, config.tokenDays);
        await new SchoolScope(tx, user.schoolId, { userId: user.id, name: user.name }).audit({
          action: 'login',
          module: 'auth',
          entity: 'users',
          entityId: user.id,
        });
        return secret;
      }),
    );
    const caller = await findCaller(db, token, config.tokenDays);
    if (!caller) throw new Error('a token just issued was not found');
    return { token, user: signedInUser(caller) };
  }

  serve(calls.login, async ({ input, req }) => {
    const keys = signInKeys(input.username, req.ip);
    const counts = await refuseIfLocked(db, keys);
    const name = input.username.toLowerCase();
    const [found] = await db
      .select({ user: users, schoolStatus: schools.status, schoolStatusReason: schools.statusReason })
      .from(users)
      .innerJoin(schools, eq(schools.id, users.schoolId))
      .where(or(eq(sql`lower(${users.username})`, name), eq(sql`lower(${users.email})`, name)))
      .limit(1);
    const user = found?.user;
    if (!user || !(await checkPassword(user.passwordHash, input.password))) {
      await countFailure(db, keys);
      throw new Refusal(wrongCredentials);
    }
    if (!user.active) throw new Refusal('This account is disabled. Ask an administrator of your school.');
    // The right password of a school the service suspended, or has not yet approved: said plainly.
    if (found.schoolStatus !== 'active') throw new Refusal(schoolClosedMessage(found));
    await clearFailures(db, keys, counts);
    return signIn(user);
  });

  serve(calls.currentUser, ({ caller }) => ({ data: signedInUser(caller) }));

  serve(calls.logout, async ({ caller, scope }) => {
    await scope.transaction(async (s) => {
      await s.db
        .update(authTokens)
        .set({ revokedAt: now() })
        .where(and(eq(authTokens.schoolId, caller.schoolId), eq(authTokens.id, caller.tokenId)));
      await s.audit({ action: 'logout', module: 'auth', entity: 'users', entityId: caller.userId });
    });
    return { data: null, message: 'Signed out' };
  });

  serve(calls.register, async ({ input, req }) => {
    if (!config.allowRegistration) throw new Refusal('Registration of new schools is turned off on this server.');
    await takeOrRefuse(db, [registerLimit(req.ip)], 'Too many registrations from this address.');
    await refuseTakenLogin(db, input.username, input.email);
    const { owner } = await createSchool(db, {
      school: input.school,
      name: input.name,
      username: input.username,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      status: config.schoolsNeedApproval ? 'pending' : 'active',
    });
    if (config.schoolsNeedApproval)
      throw new Refusal(
        `${input.school} is registered. The service approves each new school before its first sign-in: you can sign in as ${input.username} once it is approved.`,
      );
    return { ...(await signIn(owner)), message: `${input.school} is registered. Welcome!` };
  });

  serve(calls.recover, async ({ input, req }) => {
    await takeOrRefuse(db, recoverLimits(req.ip, input.email), 'Too many reset requests.');
    const [user] = await db
      .select({ id: users.id, schoolId: users.schoolId, name: users.name, email: users.email, school: schools.name })
      .from(users)
      .innerJoin(schools, eq(schools.id, users.schoolId))
      .where(and(eq(sql`lower(${users.email})`, input.email.toLowerCase()), eq(users.active, true)))
      .limit(1);
    if (user?.email) {
      const { secret, hash } = newSecret();
      await db.transaction(async (tx) => {
        await tx.insert(passwordResets).values({
          schoolId: user.schoolId,
          userId: user.id,
          tokenHash: hash,
          expiresAt: new Date(now().getTime() + 3_600_000),
        });
        await new SchoolScope(tx, user.schoolId, { userId: null, name: null }).audit({
          action: 'password_reset_requested',
          module: 'auth',
          entity: 'users',
          entityId: user.id,
          after: { address: req.ip },
        });
      });
      const link = `${config.publicUrl}/recover?token=${secret}`;
      await mailer.send({
        to: user.email,
        subject: 'Reset your Somero password',
        text: `Hello ${user.name},\n\nSomeone asked to reset your password for ${user.school} on Somero.\nOpen this link within one hour to choose a new password:\n\n${link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.\n`,
      });
    }
    // The same answer either way, so the form does not tell who has an account.
    return {
      data: null,
      message: 'If that e-mail belongs to an account, a reset link is on its way. It works for one hour.',
    };
  });

  serve(calls.resetPassword, async ({ input }) => {
    const hash = hashSecret(input.token);
    const [reset] = await db
      .select()
      .from(passwordResets)
      .where(
        and(eq(passwordResets.tokenHash, hash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now())),
      )
      .limit(1);
    const usedUp = 'This reset link has expired or was already used. Ask for a new one.';
    if (!reset) throw new Refusal(usedUp);
    const passwordHash = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      // Taken once: of two uses at the same moment only one changes the password.
      const [taken] = await tx
        .update(passwordResets)
        .set({ usedAt: now() })
        .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
        .returning({ id: passwordResets.id });
      if (!taken) throw new Refusal(usedUp);
      // Every session of the user ends and every other reset link dies.
      await tx.update(users).set({ passwordHash }).where(eq(users.id, reset.userId));
      await endOtherSessions(tx, { id: reset.userId, schoolId: reset.schoolId });
      await new SchoolScope(tx, reset.schoolId, { userId: reset.userId, name: null }).audit({
        action: 'password_reset',
        module: 'auth',
        entity: 'users',
        entityId: reset.userId,
      });
    });
    forgetUser(reset.userId);
    return { data: null, message: 'Your password is changed. Sign in with the new one.' };
  });

  async function passwordOf(userId: number) {
    const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
    if (!row) throw new HttpError(401, 'Please sign in again.');
    return row.passwordHash;
  }

  /** Locks or unlocks the caller's session with its audit row, in one transaction. */
  async function lockSession(scope: SchoolScope, caller: Caller, locked: boolean) {
    await scope.transaction(async (s) => {
      await setSessionLocked(s.db, caller, locked);
      await s.audit({ action: locked ? 'lock' : 'unlock', module: 'auth', entity: 'users', entityId: caller.userId });
    });
    // Forgotten again once committed, so no request in between keeps the old state cached.
    forgetUser(caller.userId);
  }

  serve(calls.lock, async ({ caller, scope }) => {
    await lockSession(scope, caller, true);
    return { data: null };
  });

  serve(
    calls.unlock,
    async ({ input, caller, req, scope }) => {
      const keys = signInKeys(caller.username, req.ip);
      const counts = await refuseIfLocked(db, keys);
      if (!(await checkPassword(await passwordOf(caller.userId), input.password))) {
        await countFailure(db, keys);
        throw new Refusal('Wrong password.');
      }
      await clearFailures(db, keys, counts);
      await lockSession(scope, caller, false);
      return { data: null };
    },
    { apart: 'a wrong password is counted against the sign-in limits although the unlock is refused' },
  );

  serve(calls.changePassword, async ({ input, caller, scope }) => {
    if (!(await checkPassword(await passwordOf(caller.userId), input.current_password))) {
      throw new Refusal('The current password is wrong.');
    }
    const passwordHash = await hashPassword(input.password);
    await scope.transaction(async (s) => {
      await s.db
        .update(users)
        .set({ passwordHash })
        .where(s.mine(users, eq(users.id, caller.userId)));
      // Other sessions of this user end and reset links die; this session goes on.
      await endOtherSessions(s.db, { id: caller.userId, schoolId: caller.schoolId }, caller.tokenId);
      await s.audit({ action: 'password_change', module: 'auth', entity: 'users', entityId: caller.userId });
    });
    forgetUser(caller.userId);
    return { data: null, message: 'Password Changed successfully' };
  });

  serve(calls.profile, async ({ input, caller, scope }) => {
    if (input.email) await refuseTakenLogin(db, caller.username, input.email, caller.userId);
    await scope
      .table(users, 'users')
      .update(caller.userId, { name: input.name, email: input.email ?? null, phone: input.phone ?? null }, 'profile');
    return {
      data: signedInUser({ ...caller, name: input.name, email: input.email ?? null, phone: input.phone ?? null }),
      message: 'Profile updated successfully',
    };
  });
}
