// Integration secrets at rest (README, "Secrets"): the fees provider's API password and the mail server's password
// are kept sealed with the server's key, in the database and in a school's copy of its records; a server with
// another key reads them as not set (the school types them again); a new key is rolled in with the old one kept
// for reading, and the start seals everything again with the new one.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { keyFileOf, resealSecrets, secretsToTypeAgain, serverSecretKeys, useSecretKeys } from '../src/core/secrets.js';
import { exportSchool } from '../src/modules/operations/school-export.js';
import { registerSchool } from './students-fixtures.js';
import { unique, useTestApp } from './support.js';

const t = useTestApp({ env: { MAIL_ALLOW_PRIVATE_HOSTS: '127.0.0.1' } });
const work = await mkdtemp(path.join(tmpdir(), 'somero-secrets-'));
afterAll(() => rm(work, { recursive: true, force: true }));

const providerPassword = 'provider-api-password-4417';
const mailPassword = 'mail-server-password-9902';

/** A school with both secrets saved through the API. */
async function schoolWithSecrets() {
  const s = await registerSchool(t.app, t.database);
  const gateway = await s.api.put('/payment_gateway', { school_code: unique('SC'), api_password: providerPassword });
  expect(gateway.statusCode, gateway.body).toBe(200);
  const mail = await s.api.put('/email_settings', {
    host: '127.0.0.1',
    port: 2525,
    secure: false,
    username: 'bursar',
    password: mailPassword,
    from_address: 'bursar@school.example',
  });
  expect(mail.statusCode, mail.body).toBe(200);
  return s;
}

/** Both secrets as the database keeps them. */
const stored = async (schoolId: number) =>
  (await t.database.raw(
    `select (select api_password from payment_gateways where school_id = $1) as provider,
            (select password from email_accounts where school_id = $1) as mail`,
    [schoolId],
  )) as { provider: string; mail: string }[];

/** Whether each screen says a password is kept. */
const kept = async (s: Awaited<ReturnType<typeof registerSchool>>) => [
  (await s.api.get('/payment_gateway')).json().data.has_password,
  (await s.api.get('/email_settings')).json().data.has_password,
];

describe('secrets at rest', () => {
  it('are kept sealed, never as typed, and read back for use', async () => {
    const s = await schoolWithSecrets();
    const [row] = await stored(s.schoolId);
    for (const value of [row.provider, row.mail]) expect(value).toMatch(/^sealed:v1:[0-9a-f]{12}:/);
    expect(JSON.stringify(row)).not.toContain(providerPassword);
    expect(JSON.stringify(row)).not.toContain(mailPassword);
    expect(await kept(s)).toEqual([true, true]);
    // The audit trail says a password was changed, never which.
    const trail = JSON.stringify(
      await t.database.raw('select before, after from audits where school_id = $1', [s.schoolId]),
    );
    expect(trail).not.toContain(providerPassword);
    expect(trail).not.toContain(mailPassword);
  });

  it("a school's copy of its records holds them sealed; a server with another key reads them as not set", async () => {
    const s = await schoolWithSecrets();
    const file = path.join(work, `${s.schoolId}.json.gz`);
    await exportSchool(t.database, t.config.fileStorage, s.schoolId, file);
    const copy = gunzipSync(await readFile(file)).toString('utf8');
    expect(copy).not.toContain(providerPassword);
    expect(copy).not.toContain(mailPassword);
    expect(copy).toContain('sealed:v1:');

    // Another server (its own key) on the same records: nothing opens, both screens ask for the password again.
    const other = await buildApp({
      database: t.database,
      config: { ...t.config, secretKey: 'another server’s key, 32 characters and more', secretKeysOld: [] },
    });
    try {
      const token = (
        await other.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: s.adminUsername, password: s.password },
        })
      ).json().token;
      const shown = async (url: string) =>
        (await other.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).json().data;
      expect([
        (await shown('/api/payment_gateway')).has_password,
        (await shown('/api/email_settings')).has_password,
      ]).toEqual([false, false]);
      // What an import on that server says to type again.
      expect(await secretsToTypeAgain(t.database.db, s.schoolId)).toEqual([
        'the mail server’s password (E-mail settings)',
        'the API password of online fees payments (Fees, Online payments)',
      ]);
    } finally {
      await other.close();
      useSecretKeys(() => serverSecretKeys(t.config));
    }
  });

  it('a new key is rolled in: the old one still opens, the start seals all again with the new, then the old can go', async () => {
    const s = await schoolWithSecrets();
    const oldKey = t.config.secretKey as string;
    const newKey = `rolled in on ${unique('')}, 32 characters and more`;
    // Restarted with SECRET_KEY=new and SECRET_KEY_OLD=old.
    useSecretKeys(() => serverSecretKeys({ ...t.config, secretKey: newKey, secretKeysOld: [oldKey] }));
    expect(await kept(s)).toEqual([true, true]);
    const before = (await stored(s.schoolId))[0];
    expect(await resealSecrets(t.database.db, s.schoolId)).toBe(2);
    const after = (await stored(s.schoolId))[0];
    expect(after.provider).not.toBe(before.provider);
    expect(after.provider.split(':')[2]).not.toBe(before.provider.split(':')[2]);
    // Sealed again, nothing more to do.
    const [newOnly] = serverSecretKeys({ ...t.config, secretKey: newKey, secretKeysOld: [] });
    expect(after.provider.split(':')[2]).toBe(newOnly.id);
    expect(after.mail.split(':')[2]).toBe(newOnly.id);
    useSecretKeys(() => serverSecretKeys(t.config));
  });

  it('a secret kept in plain text by an earlier release reads as it was and is sealed at the next start', async () => {
    const s = await schoolWithSecrets();
    await t.database.raw('update payment_gateways set api_password = $2 where school_id = $1', [
      s.schoolId,
      'typed-long-ago',
    ]);
    expect((await kept(s))[0]).toBe(true);
    expect(await resealSecrets(t.database.db, s.schoolId)).toBe(1);
    const [row] = await stored(s.schoolId);
    expect(row.provider).toMatch(/^sealed:v1:/);
  });
});

describe('the server’s key', () => {
  it('SECRET_KEY of fewer than 32 characters is refused at start, saying how to make one', () => {
    expect(() => readConfig({ SECRET_KEY: 'short' })).toThrow(/SECRET_KEY must be at least 32 characters/);
  });

  it('without SECRET_KEY, one is made beside the data folder on the first start and read from there after', async () => {
    const dataDir = path.join(work, 'data');
    const config = { ...readConfig({ DATA_DIR: dataDir }), secretKeysOld: [] };
    const [first] = serverSecretKeys(config);
    const [again] = serverSecretKeys(config);
    expect(again.id).toBe(first.id);
    expect(keyFileOf(dataDir)).toBe(`${dataDir}-secret.key`);
    expect((await readFile(keyFileOf(dataDir), 'utf8')).trim().length).toBeGreaterThanOrEqual(32);
  });
});
