import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetCallers } from '../src/core/auth.js';
import { authTokens } from '../src/db/schema.js';
import { bearer, login, newSchool, startTestApp, type TestSchool, unique, useTestApp } from './support.js';

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
      expect(token).toMatch(/^[\w-]{43}$/); // 256 bits, base64url
      expect(user).toMatchObject({
        username: school.adminUsername,
        type: 0,
        school: { id: school.schoolId },
        permission: { role: null },
      });
      expect(Object.keys(user.permission.flags)).toHaveLength(99);
      const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
      expect(me.json().data).toEqual(user);
    }
  });

  it('keeps only a hash of the token', async () => {
    const token = await login(t.app, school.adminUsername);
    const rows = await t.database.db.select().from(authTokens).where(eq(authTokens.userId, school.adminId));
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
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
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
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
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(authTokens.id, row.id));
    forgetCallers(); // as if the cached sign-in had aged out
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(authTokens).where(eq(authTokens.id, row.id));
    expect(after.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    // Past its expiry: refused.
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
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
      payload: { school: 'Another', name: 'Someone', username, email: 'other@x.example', password: 'strong-pass-1' },
    });
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toBe(`The user name ${username} is already taken`);
  });

  it('can be turned off with ALLOW_REGISTRATION=false', async () => {
    const off = await startTestApp({ env: { ALLOW_REGISTRATION: 'false' } });
    const res = await off.app.inject({
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
    await off.app.close();
    await off.database.close();
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toMatch(/turned off/);
  });

  it('e-mails a one-hour reset link over SMTP that works once', async () => {
    const school = await newSchool(t.app, t.database);
    const email = `${school.adminUsername}@school.example`;
    const before = smtp.received.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/recover', payload: { email } });
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
      payload: { email: 'nobody@nowhere.example' },
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
    expect(me.json().data).toMatchObject({ name: 'Mr. Okello James', phone: '+256 772 123456' });
  });
});
