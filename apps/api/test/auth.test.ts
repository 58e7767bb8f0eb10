import type { AddressInfo } from 'node:net';
import { permissionFlags } from '@somero/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { forgetCallers } from '../src/core/auth.js';
import { now } from '../src/core/dates.js';
import { audits, authTokens } from '../src/db/schema.js';
import { bearer, login, newSchool, type TestSchool, unique, useTestApp } from './support.js';

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    hideSTARTTLS: true,
    onData(stream, _session, done) {
      let text = '';
      stream.on('data', (c: Buffer) => {
        text += c.toString();
      });
      stream.on('end', () => {
        received.push(text);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A random address per test, so limits counted in a shared PostgreSQL never meet another run's. */
const anAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  process.env.SMTP_TEST_URL = smtp.url;
});
afterAll(() => smtp.close());

const t = useTestApp({
  env: {
    get SMTP_URL() {
      return process.env.SMTP_TEST_URL;
    },
    PUBLIC_URL: 'https://school.example',
  } as NodeJS.ProcessEnv,
});

describe('sign-in', () => {
  let school: TestSchool;
  beforeAll(async () => {
    school = await newSchool(t.app, t.database);
  });

  it('answers { token, user } for the user name or the e-mail, and GET user answers the same user', async () => {
    for (const name of [
      school.adminUsername,
      `${school.adminUsername}@school.example`,
      school.adminUsername.toUpperCase(),
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: name, password: school.password },
      });
      expect(res.statusCode).toBe(200);
      const { token, user } = res.json();
      // The school, then 256 bits in base64url.
      expect(token).toMatch(new RegExp(`^${school.schoolId}\\.[\\w-]{43}$`));
      expect(user).toMatchObject({
        username: school.adminUsername,
        type: 0,
        school: { id: school.schoolId },
        permission: { role: null },
      });
      expect(Object.keys(user.permission.flags)).toHaveLength(permissionFlags.length);
      const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
      expect(me.json().data).toEqual(user);
    }
  });

  it('keeps only a hash of the token', async () => {
    const token = await login(t.app, school.adminUsername);
    const rows = await t.database.db.select().from(authTokens).where(eq(authTokens.userId, school.adminId));
    expect(rows.some((r) => token.endsWith(r.tokenHash))).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('a token opens its own school only: the same secret under another school, or without one, is unknown', async () => {
    const token = await login(t.app, school.adminUsername);
    const secret = token.slice(token.indexOf('.') + 1);
    for (const other of [`${school.schoolId + 1}.${secret}`, secret, `${school.schoolId}.`, `x.${secret}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(other) });
      expect(res.statusCode, other.slice(0, 12)).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('a sign-in after a correct one writes nothing the whole server shares, and the users list shows it as the last sign-in', async () => {
    const someone = await newSchool(t.app, t.database);
    // Its rows of the tables that belong to no school or are copied to every node of a cluster.
    const shared = async () =>
      await t.database.raw(
        `select (select json_agg(f order by key) from login_failures f where key like '%' || $1 || '%') as failures,
                (select json_agg(u order by id) from users u where school_id = $2) as users`,
        [someone.adminUsername.toLowerCase(), someone.schoolId],
      );
    await login(t.app, someone.adminUsername);
    const before = await shared();
    await login(t.app, someone.adminUsername);
    expect(await shared()).toEqual(before);
    const [newest] = await t.database.db
      .select({ at: authTokens.createdAt })
      .from(authTokens)
      .where(and(eq(authTokens.schoolId, someone.schoolId), eq(authTokens.userId, someone.adminId)))
      .orderBy(sql`${authTokens.createdAt} desc`)
      .limit(1);
    const list = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(someone.adminToken) });
    const me = list.json().data.find((u: { id: number }) => u.id === someone.adminId);
    expect(me.last_login_at).toBe(newest.at.toISOString());
  });

  it('refuses a wrong password or a disabled account with 202 and a message', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: school.adminUsername, password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(202);
    expect(wrong.json().message).toBe('Wrong user name or password.');
    const username = unique('gone');
    await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(school.adminToken),
      payload: { name: 'Former Bursar', username, type: 1, password: 'long-enough-1', active: false },
    });
    const disabled = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: 'long-enough-1' },
    });
    expect(disabled.statusCode).toBe(202);
    expect(disabled.json().message).toMatch(/disabled/);
  });

  it('limits failed attempts per user name with 429 saying when to try again', async () => {
    const s = await newSchool(t.app, t.database);
    const address = anAddress();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: address,
        payload: { username: s.adminUsername, password: 'guess-guess' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([202, 202, 202, 202, 202, 429]);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: address,
      payload: { username: s.adminUsername, password: s.password },
    });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/Try again in 15 minutes/);
  });

  it('logout revokes the token', async () => {
    const token = await login(t.app, school.adminUsername);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(school.adminToken) })).statusCode,
    ).toBe(200);
  });

  it('expires tokens, and slides the expiry forward when used', async () => {
    const token = await login(t.app, school.adminUsername);
    const [row] = await t.database.db.select().from(authTokens).orderBy(sql`${authTokens.id} desc`).limit(1);
    // Nearly expired: one use extends it to 30 days again.
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(now().getTime() + 60_000) })
      .where(eq(authTokens.id, row.id));
    forgetCallers(); // as if the cached sign-in had aged out
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(authTokens).where(eq(authTokens.id, row.id));
    expect(after.expiresAt.getTime()).toBeGreaterThan(now().getTime() + 29 * 86_400_000);
    // Past its expiry: refused.
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(now().getTime() - 1000) })
      .where(eq(authTokens.id, row.id));
    forgetCallers();
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('a disabled user’s tokens stop working at once', async () => {
    const username = unique('clerk');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(school.adminToken),
      payload: { name: 'Clerk', username, type: 1, password: 'long-enough-1' },
    });
    const token = await login(t.app, username, 'long-enough-1');
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode).toBe(200);
    const disabled = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${added.json().data.id}`,
      headers: bearer(school.adminToken),
      payload: { name: 'Clerk', username, type: 1, active: false },
    });
    expect(disabled.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode).toBe(401);
  });
});

describe('register, recover, unlock, change password, profile', () => {
  it('registers a school with its first administrator and the preset user groups, signed in', async () => {
    const username = unique('founder');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: anAddress(),
      payload: {
        school: 'St. Mary’s College Kisubi',
        name: 'Sr. Agnes Namutebi',
        username,
        email: `${username}@smack.example`,
        password: 'strong-pass-1',
      },
    });
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json();
    expect(user).toMatchObject({ type: 0, school: { name: 'St. Mary’s College Kisubi' } });
    const roles = await t.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(token) });
    expect(roles.json().data.map((r: { name: string }) => r.name)).toContain('Bursar');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: anAddress(),
      payload: { school: 'Another', name: 'Someone', username, email: 'other@x.example', password: 'strong-pass-1' },
    });
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toBe(`The user name ${username} is already taken`);
  });

  it('can be turned off with ALLOW_REGISTRATION=false', async () => {
    // A second app on the same database (a fresh database would cost a migration run).
    const off = await buildApp({ database: t.database, config: readConfig({ ALLOW_REGISTRATION: 'false' }) });
    const res = await off.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        school: 'Closed',
        name: 'Nobody',
        username: unique('x'),
        email: `${unique('x')}@x.example`,
        password: 'strong-pass-1',
      },
    });
    await off.close();
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toMatch(/turned off/);
  });

  it('e-mails a one-hour reset link over SMTP that works once', async () => {
    const school = await newSchool(t.app, t.database);
    const email = `${school.adminUsername}@school.example`;
    const before = smtp.received.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recover',
      remoteAddress: anAddress(),
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
    expect(smtp.received.length).toBe(before + 1);
    const mail = smtp.received.at(-1)!.replace(/=\r?\n/g, '');
    expect(mail).toContain(`To: ${email}`);
    const token = mail.match(
      /https:\/\/school\.example\/recover\?token=3D([\w-]+)|https:\/\/school\.example\/recover\?token=([\w-]+)/,
    )!;
    const secret = token[1] ?? token[2];
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset_password',
      payload: { token: secret, password: 'brand-new-pass' },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(school.adminToken) })).statusCode,
    ).toBe(401);
    await login(t.app, school.adminUsername, 'brand-new-pass');
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/reset_password',
      payload: { token: secret, password: 'another-pass-1' },
    });
    expect(twice.statusCode).toBe(202);
  });

  it('answers the same to an unknown e-mail and sends nothing', async () => {
    const before = smtp.received.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recover',
      remoteAddress: anAddress(),
      payload: { email: `${unique('nobody')}@nowhere.example` },
    });
    expect(res.statusCode).toBe(200);
    expect(smtp.received.length).toBe(before);
  });

  it('unlock checks the password of the signed-in user', async () => {
    const school = await newSchool(t.app, t.database);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/unlock',
      headers: bearer(school.adminToken),
      payload: { password: 'not-it' },
    });
    expect(wrong.statusCode).toBe(202);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/unlock',
      headers: bearer(school.adminToken),
      payload: { password: school.password },
    });
    expect(right.statusCode).toBe(200);
  });

  it('change_password needs the current one and signs out other sessions only', async () => {
    const school = await newSchool(t.app, t.database);
    const other = await login(t.app, school.adminUsername);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/change_password',
      headers: bearer(school.adminToken),
      payload: { current_password: 'wrong-one', password: 'changed-pass-1' },
    });
    expect(wrong.statusCode).toBe(202);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/change_password',
      headers: bearer(school.adminToken),
      payload: { current_password: school.password, password: 'changed-pass-1' },
    });
    expect(ok.json().message).toBe('Password Changed successfully');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(school.adminToken) })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(other) })).statusCode).toBe(401);
    await login(t.app, school.adminUsername, 'changed-pass-1');
  });

  it('profile updates name, e-mail and phone', async () => {
    const school = await newSchool(t.app, t.database);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile',
      headers: bearer(school.adminToken),
      payload: { name: 'Mr. Okello James', email: `${school.adminUsername}@new.example`, phone: '+256 772 123456' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Profile updated successfully');
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(school.adminToken) });
    expect(me.json().data).toMatchObject({ name: 'Mr. Okello James', phone: '+256772123456' });
  });
});

const get = (app: App, token: string, url = '/api/user') => app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (app: App, url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers, payload });

/** Asks for a reset link for `email` and answers its secret, read from the e-mail the SMTP server got. */
async function resetSecret(email: string) {
  const before = smtp.received.length;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/recover',
    remoteAddress: anAddress(),
    payload: { email },
  });
  expect(res.statusCode).toBe(200);
  expect(smtp.received.length).toBe(before + 1);
  const mail = smtp.received.at(-1)!.replace(/=\r?\n/g, '');
  return mail.match(/recover\?token=(?:3D)?([\w-]+)/)![1];
}
const reset = (secret: string, password: string) => post(t.app, '/api/reset_password', { token: secret, password });

describe('a changed password ends the other sessions and the reset links', () => {
  it('set by an administrator: every session of that user ends and its reset links die', async () => {
    const school = await newSchool(t.app, t.database);
    const username = unique('bursar');
    const email = `${username}@school.example`;
    const payload = { name: 'Bursar', username, email, type: 1, active: true };
    const added = await post(t.app, '/api/users', { ...payload, password: 'first-pass-1' }, bearer(school.adminToken));
    const id = added.json().data.id;
    const [one, two] = [await login(t.app, username, 'first-pass-1'), await login(t.app, username, 'first-pass-1')];
    expect((await get(t.app, one)).statusCode).toBe(200); // cached in this process: the change must still act
    const link = await resetSecret(email);
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}`,
      headers: bearer(school.adminToken),
      payload: { ...payload, password: 'set-by-admin-1' },
    });
    expect(set.statusCode).toBe(200);
    expect((await get(t.app, one)).statusCode).toBe(401);
    expect((await get(t.app, two)).statusCode).toBe(401);
    expect((await reset(link, 'sneaky-pass-1')).statusCode).toBe(202);
    await login(t.app, username, 'set-by-admin-1');
    // An edit without a password ends nothing.
    const kept = await login(t.app, username, 'set-by-admin-1');
    await t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: bearer(school.adminToken), payload });
    expect((await get(t.app, kept)).statusCode).toBe(200);
  });

  it('an administrator setting their own password on the users screen keeps only that session', async () => {
    const school = await newSchool(t.app, t.database);
    const other = await login(t.app, school.adminUsername);
    const payload = { name: 'Head Administrator', username: school.adminUsername, type: 1, active: true };
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${school.adminId}`,
      headers: bearer(school.adminToken),
      payload: { ...payload, email: `${school.adminUsername}@school.example`, password: 'my-own-pass-1' },
    });
    expect(set.statusCode).toBe(200);
    expect((await get(t.app, school.adminToken)).statusCode).toBe(200);
    expect((await get(t.app, other)).statusCode).toBe(401);
  });

  it('changed by the user: the other sessions end, this one stays, and older reset links die', async () => {
    const school = await newSchool(t.app, t.database);
    const other = await login(t.app, school.adminUsername);
    expect((await get(t.app, other)).statusCode).toBe(200);
    const link = await resetSecret(`${school.adminUsername}@school.example`);
    const changed = await post(
      t.app,
      '/api/change_password',
      { current_password: school.password, password: 'changed-pass-2' },
      bearer(school.adminToken),
    );
    expect(changed.statusCode).toBe(200);
    expect((await get(t.app, school.adminToken)).statusCode).toBe(200);
    expect((await get(t.app, other)).statusCode).toBe(401);
    expect((await reset(link, 'sneaky-pass-1')).statusCode).toBe(202);
    await login(t.app, school.adminUsername, 'changed-pass-2');
  });

  it('by a reset link: every session ends and every older link dies', async () => {
    const school = await newSchool(t.app, t.database);
    const email = `${school.adminUsername}@school.example`;
    expect((await get(t.app, school.adminToken)).statusCode).toBe(200);
    const older = await resetSecret(email);
    const newer = await resetSecret(email);
    expect((await reset(newer, 'from-the-link-1')).statusCode).toBe(200);
    expect((await get(t.app, school.adminToken)).statusCode).toBe(401);
    const late = await reset(older, 'from-old-link-1');
    expect(late.statusCode).toBe(202);
    expect(late.json().message).toMatch(/expired or was already used/);
    await login(t.app, school.adminUsername, 'from-the-link-1');
  });
});

describe('sign-in limits', () => {
  const signIn = (app: App, username: string, password: string, from: { remoteAddress?: string; xff?: string }) =>
    app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: from.remoteAddress,
      headers: from.xff ? { 'x-forwarded-for': from.xff } : {},
      payload: { username, password },
    });

  it('failures from one address never lock out the user signing in from another', async () => {
    const school = await newSchool(t.app, t.database);
    const [a, b] = [anAddress(), anAddress()];
    for (let i = 0; i < 5; i++) {
      expect((await signIn(t.app, school.adminUsername, 'guess-guess', { remoteAddress: a })).statusCode).toBe(202);
    }
    expect((await signIn(t.app, school.adminUsername, school.password, { remoteAddress: a })).statusCode).toBe(429);
    expect((await signIn(t.app, school.adminUsername, school.password, { remoteAddress: b })).statusCode).toBe(200);
    // A wrong password from b counts for b only; a stays blocked.
    expect((await signIn(t.app, school.adminUsername, 'guess-guess', { remoteAddress: b })).statusCode).toBe(202);
    expect((await signIn(t.app, school.adminUsername, school.password, { remoteAddress: a })).statusCode).toBe(429);
  });

  it('with TRUST_PROXY=true the address is the one the proxy forwarded, not one the client wrote', async () => {
    const proxied = await buildApp({ database: t.database, config: { ...t.config, trustProxy: 1 } });
    try {
      const school = await newSchool(proxied, t.database);
      const proxy = anAddress();
      const [a, b] = [anAddress(), anAddress()];
      for (let i = 0; i < 5; i++) {
        // The client wrote a different address each time; the proxy appended the real one.
        const from = { remoteAddress: proxy, xff: `${anAddress()}, ${a}` };
        expect((await signIn(proxied, school.adminUsername, 'guess-guess', from)).statusCode).toBe(202);
      }
      expect(
        (await signIn(proxied, school.adminUsername, school.password, { remoteAddress: proxy, xff: a })).statusCode,
      ).toBe(429);
      expect(
        (await signIn(proxied, school.adminUsername, school.password, { remoteAddress: proxy, xff: b })).statusCode,
      ).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('an address spraying many names is stopped, but not a user who signed in from it before', async () => {
    const school = await newSchool(t.app, t.database);
    const newcomer = await newSchool(t.app, t.database); // never signed in from the office
    const office = anAddress();
    expect((await signIn(t.app, school.adminUsername, school.password, { remoteAddress: office })).statusCode).toBe(
      200,
    );
    for (let i = 0; i < 100; i++) {
      const res = await signIn(t.app, unique('name'), 'Password1', { remoteAddress: office });
      expect(res.statusCode).toBe(202);
    }
    const stopped = await signIn(t.app, unique('name'), 'Password1', { remoteAddress: office });
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().message).toMatch(/Try again in 1\d minutes/);
    expect((await signIn(t.app, newcomer.adminUsername, newcomer.password, { remoteAddress: office })).statusCode).toBe(
      429,
    );
    expect((await signIn(t.app, school.adminUsername, school.password, { remoteAddress: office })).statusCode).toBe(
      200,
    );
    // Elsewhere the newcomer is not held up.
    expect(
      (await signIn(t.app, newcomer.adminUsername, newcomer.password, { remoteAddress: anAddress() })).statusCode,
    ).toBe(200);
  });

  it('limits registrations per address', async () => {
    const school = await newSchool(t.app, t.database);
    const from = anAddress();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: from,
        // A taken user name: refused at once, but still counted.
        payload: {
          school: 'Spam',
          name: 'Spammer',
          username: school.adminUsername,
          email: `${unique('s')}@x.example`,
          password: 'strong-pass-1',
        },
      });
      codes.push(res.statusCode);
      if (i === 10)
        expect(res.json().message).toMatch(/Too many registrations from this address\. Try again in \d+ minutes/);
    }
    expect(codes).toEqual([...Array(10).fill(202), 429]);
  });

  it('limits reset requests per e-mail and per address', async () => {
    const email = `${unique('target')}@nowhere.example`;
    const perEmail: number[] = [];
    for (let i = 0; i < 4; i++) {
      perEmail.push(
        (await t.app.inject({ method: 'POST', url: '/api/recover', remoteAddress: anAddress(), payload: { email } }))
          .statusCode,
      );
    }
    expect(perEmail).toEqual([200, 200, 200, 429]);
    const from = anAddress();
    const perAddress: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/recover',
        remoteAddress: from,
        payload: { email: `${unique('who')}@nowhere.example` },
      });
      perAddress.push(res.statusCode);
      if (i === 10) expect(res.json().message).toMatch(/Too many reset requests\. Try again in \d+ minutes/);
    }
    expect(perAddress).toEqual([...Array(10).fill(200), 429]);
  });
});

describe('the lock screen, enforced by the server', () => {
  it('a locked session answers 423 to everything but unlock and logout, until the password is given', async () => {
    const school = await newSchool(t.app, t.database);
    const token = school.adminToken;
    const other = await login(t.app, school.adminUsername);
    expect((await get(t.app, token)).statusCode).toBe(200); // cached: the lock must act at once all the same
    expect((await post(t.app, '/api/lock', {}, bearer(token))).statusCode).toBe(200);

    const me = await get(t.app, token);
    expect(me.statusCode).toBe(423);
    expect(me.json()).toEqual({ message: 'This session is locked. Give your password to unlock it.', locked: true });
    expect((await get(t.app, token, '/api/users')).statusCode).toBe(423);
    const change = await post(
      t.app,
      '/api/change_password',
      { current_password: school.password, password: 'while-locked-1' },
      bearer(token),
    );
    expect(change.statusCode).toBe(423);
    expect((await post(t.app, '/api/lock', {}, bearer(token))).statusCode).toBe(200); // locking again is harmless
    // Only this session is locked.
    expect((await get(t.app, other)).statusCode).toBe(200);

    const wrong = await post(t.app, '/api/unlock', { password: 'not-it-at-all' }, bearer(token));
    expect(wrong.statusCode).toBe(202);
    expect(wrong.json().message).toBe('Wrong password.');
    expect((await get(t.app, token)).statusCode).toBe(423);

    const right = await post(t.app, '/api/unlock', { password: school.password }, bearer(token));
    expect(right.statusCode).toBe(200);
    expect((await get(t.app, token)).statusCode).toBe(200);
    expect((await get(t.app, token, '/api/users')).statusCode).toBe(200);

    // Each lock and the unlock that worked left an audit row naming the user; the wrong password none.
    const trail = await t.database.db
      .select({ action: audits.action, module: audits.module, entity: audits.entity, entityId: audits.entityId })
      .from(audits)
      .where(and(eq(audits.schoolId, school.schoolId), inArray(audits.action, ['lock', 'unlock'])))
      .orderBy(audits.id);
    const row = (action: string) => ({ action, module: 'auth', entity: 'users', entityId: String(school.adminId) });
    expect(trail).toEqual([row('lock'), row('lock'), row('unlock')]);
  });

  it('a locked session can sign out', async () => {
    const school = await newSchool(t.app, t.database);
    expect((await post(t.app, '/api/lock', {}, bearer(school.adminToken))).statusCode).toBe(200);
    expect((await post(t.app, '/api/logout', {}, bearer(school.adminToken))).statusCode).toBe(200);
    expect((await get(t.app, school.adminToken)).statusCode).toBe(401);
    const after = await post(t.app, '/api/unlock', { password: school.password }, bearer(school.adminToken));
    expect(after.statusCode).toBe(401);
  });

  it('the lock is kept in the database, not only in this process', async () => {
    const school = await newSchool(t.app, t.database);
    await post(t.app, '/api/lock', {}, bearer(school.adminToken));
    const another = await buildApp({ database: t.database, config: t.config });
    try {
      forgetCallers();
      expect((await get(another, school.adminToken)).statusCode).toBe(423);
    } finally {
      await another.close();
    }
  });
});
