// A school's copy as an operator imports it (issue 38, points 3 and 5): it holds no password hash and no session;
// the import reads it as a stream within limits (a gzip bomb is refused in moments, in a few megabytes), says
// what is wrong with a damaged or tampered copy in a sentence (never a statement or a row), skips what is not the
// school's records, and the people imported set a new password before they sign in.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/open.js';
import {
  BackupRefused,
  exportSchool,
  firstPasswordLinks,
  type ImportLimits,
  importSchool,
} from '../src/modules/operations/index.js';
import { openTemplateDatabase } from './pglite-template.js';
import { admit, registerSchool } from './students-fixtures.js';
import { dropMadeDatabases, emptyPostgres, onPostgres, unique, useTestApp } from './support.js';

const t = useTestApp();
let work: string;
let target: Database;
let targetApp: App;
let school: Awaited<ReturnType<typeof registerSchool>>;
let copy: string;
/** The copy's lines, unpacked. */
let lines: string[];
const studentPassword = 'student-portal-pass-77';

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'somero-import-'));
  target = onPostgres
    ? await openDatabase({ databaseUrl: await emptyPostgres('school_import_'), dataDir: 'memory://' })
    : await openTemplateDatabase();
  targetApp = await buildApp({
    database: target,
    config: { ...readConfig({}), databaseUrl: undefined, jobsQueue: unique('import'), secretKey: t.config.secretKey },
  });
}, 120_000);

afterAll(async () => {
  await targetApp?.close();
  await target?.close();
  await dropMadeDatabases();
  if (work) await rm(work, { recursive: true, force: true });
});

/** A school with classes that promote to each other, a student with a portal account, exported. */
const made = async () => {
  if (copy) return;
  school = await registerSchool(t.app, t.database);
  const student = await admit(school);
  const account = await school.api.put(`/student_accounts/${student.id}`, { password: studentPassword });
  expect(account.statusCode, account.body).toBe(200);
  copy = path.join(work, 'school.json.gz');
  await exportSchool(t.database, t.config.fileStorage, school.schoolId, copy);
  lines = gunzipSync(await readFile(copy))
    .toString('utf8')
    .trimEnd()
    .split('\n');
};

/** The copy's lines changed by `change`, written as another file. */
async function tampered(name: string, change: (lines: string[]) => string[]) {
  await made();
  const file = path.join(work, name);
  await writeFile(file, gzipSync(`${change([...lines]).join('\n')}\n`));
  return file;
}

/** Each chunk line's rows of `table` changed by `change`. */
const rowsOf =
  (table: string, change: (row: Record<string, unknown>) => void) =>
  (all: string[]): string[] =>
    all.map((line, i) => {
      if (i === 0) return line;
      const chunk = JSON.parse(line);
      if (chunk.table === table) chunk.rows.forEach(change);
      return JSON.stringify(chunk);
    });

const schoolsOnTarget = async () =>
  ((await target.raw('select count(*)::int as n from schools')) as { n: number }[])[0]?.n;

/** The import's refusal, its sentence checked for anything a user should never read. */
async function refusal(file: string, limits?: Partial<ImportLimits>) {
  const logged: unknown[] = [];
  const error = await importSchool(target, { kind: 'database' }, file, {
    limits,
    log: (details) => logged.push(details),
  }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackupRefused);
  const message = (error as Error).message;
  expect(message).not.toMatch(/insert|select|params|query|json_populate|school_id|_fk\b|constraint|\$\d/i);
  expect(message).not.toContain('Nakato');
  expect(await schoolsOnTarget()).toBe(0);
  return { message, logged };
}

describe("a school's copy", () => {
  it('holds no password hash, no known password and no session', async () => {
    await made();
    const text = lines.join('\n');
    expect(text).not.toMatch(/\$argon2|"\$2[aby]?\$/);
    expect(text).not.toContain(school.password);
    expect(text).not.toContain(studentPassword);
    expect(text).not.toContain('password_hash');
    const tables = new Set(lines.slice(1).map((l) => JSON.parse(l).table));
    for (const session of ['auth_tokens', 'password_resets', 'school_backups', 'login_failures', 'server_backups'])
      expect(tables.has(session), session).toBe(false);
    expect(tables.has('users')).toBe(true);
    expect(tables.has('student_accounts')).toBe(true);
  }, 120_000);
});

describe('an import', () => {
  it('refuses a gzip bomb (1 GB unpacked from about 1 MB) in moments, without using much memory', async () => {
    await made();
    // The copy's real manifest, then a record that never ends: gzip members of 16 MB of one letter, 64 times.
    const block = gzipSync(Buffer.alloc(16 * 1024 * 1024, 'A'), { level: 9 });
    const file = path.join(work, 'bomb.json.gz');
    await writeFile(
      file,
      Buffer.concat([
        gzipSync(`${lines[0]}\n{"table":"students","rows":[{"surname":"`),
        ...Array.from({ length: 64 }, () => block),
      ]),
    );
    expect((await readFile(file)).length).toBeLessThan(2 * 1024 * 1024);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const started = performance.now();
    const cpu = process.cpuUsage();
    try {
      const { message } = await refusal(file);
      expect(message).toMatch(/^The copy holds a part larger than 64 MB, more than any school's records make/);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    // The processor's time, which a busy machine does not stretch: about a tenth of a second to unpack the 64 MB
    // it reads before it refuses (all of it would take seconds); the wall clock only bounds a stuck read.
    const { user, system } = process.cpuUsage(cpu);
    expect((user + system) / 1e6).toBeLessThan(3);
    expect(performance.now() - started).toBeLessThan(30_000);
    expect((peak - before) / 1024 / 1024).toBeLessThan(100);
  }, 60_000);

  it('refuses a copy past the unpacked size or the records of one kind it is allowed, in words', async () => {
    const file = await tampered('limits.json.gz', (all) => all);
    const size = await refusal(file, { maxBytes: 1024 });
    expect(size.message).toBe(
      "The copy unpacks to more than 1 KB, this server's limit for an import (IMPORT_MAX_MB). Nothing was written.",
    );
    const rows = await refusal(file, { maxRows: 2 });
    expect(rows.message).toMatch(
      /^The copy holds more than 2 [a-z' ]+, this server's limit of records of one kind for an import \(IMPORT_MAX_ROWS\)\. Nothing was written\.$/,
    );
  }, 60_000);

  it('says in a sentence what is wrong with a damaged or tampered copy, the details only in the log', async () => {
    const missingClass = await tampered(
      'no-class.json.gz',
      rowsOf('students', (row) => {
        row.class_id = 987_654_321;
      }),
    );
    const { message, logged } = await refusal(missingClass);
    expect(message).toBe('The copy is damaged: a student refers to a class that is not in it. Nothing was written.');
    // What the database said went to the log.
    expect(JSON.stringify(logged)).toMatch(/table/);

    const newer = await tampered('newer.json.gz', (all) => {
      const manifest = JSON.parse(all[0] as string);
      manifest.schema += 86_400_000;
      return [JSON.stringify(manifest), ...all.slice(1)];
    });
    expect((await refusal(newer)).message).toMatch(/^This copy was made by a newer version of Somero: /);

    const cut = await tampered('cut.json.gz', (all) => all.filter((l) => !l.startsWith('{"table":"streams"')));
    expect((await refusal(cut)).message).toMatch(/^The copy is damaged: it holds 0 streams where its list says \d+\./);

    const garbled = await tampered('garbled.json.gz', (all) => [...all.slice(0, 3), '{"table":"students","rows":[{']);
    expect((await refusal(garbled)).message).toBe(
      'The copy is damaged: its line 4 cannot be read. Nothing was written.',
    );

    const truncated = path.join(work, 'truncated.json.gz');
    const whole = await readFile(copy);
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    expect((await refusal(truncated)).message).toMatch(/is damaged or cut short: /);

    const notOurs = path.join(work, 'not-ours.json.gz');
    await writeFile(notOurs, gzipSync('{"hello":"world"}\n'));
    expect((await refusal(notOurs)).message).toMatch(/is not a Somero school copy/);
  }, 120_000);

  it("skips sessions and a server's tables in a copy, and its people set a new password before they sign in", async () => {
    const file = await tampered('with-sessions.json.gz', (all) => [
      ...all,
      JSON.stringify({
        table: 'auth_tokens',
        rows: [{ id: 1, school_id: school.schoolId, user_id: school.adminId, token_hash: 'planted' }],
      }),
      JSON.stringify({ table: 'login_failures', rows: [{ key: 'planted', failures: 99, first_at: '2026-01-01' }] }),
      JSON.stringify({ table: 'server_backups', rows: [{ id: 77, kind: 'manual', status: 'done' }] }),
    ]);
    const imported = await importSchool(target, { kind: 'database' }, file);
    expect(imported.skipped).toEqual(['auth_tokens', 'login_failures', 'server_backups']);
    const count = async (sql: string) => ((await target.raw(sql)) as { n: number }[])[0]?.n;
    expect(await count('select count(*)::int as n from auth_tokens')).toBe(0);
    expect(await count(`select count(*)::int as n from login_failures where key = 'planted'`)).toBe(0);
    expect(await count('select count(*)::int as n from server_backups')).toBe(0);
    // The classes' promotions (rows of one table referring to each other) came in whole.
    expect(
      await count(
        `select count(*)::int as n from classes where school_id = ${imported.schoolId} and promotes_to_id is not null`,
      ),
    ).toBe(4);

    // Nobody signs in with the password of the old server.
    const signIn = (password: string) =>
      targetApp.inject({ method: 'POST', url: '/api/login', payload: { username: school.adminUsername, password } });
    const old = await signIn(school.password);
    expect(old.statusCode).toBe(202);
    expect(old.json().message).toBe('Wrong user name or password.');
    expect(imported.users.map((u) => [u.username, u.administrator])).toEqual([[school.adminUsername, true]]);

    // The administrator sets one with the link the import gives, then signs in with it.
    const [link] = await firstPasswordLinks(target, imported.schoolId, [imported.users[0]?.id as number], 'http://x');
    const token = new URL(link?.link as string).searchParams.get('token');
    const reset = await targetApp.inject({
      method: 'POST',
      url: '/api/reset_password',
      payload: { token, password: 'a-new-password-1' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signIn(school.password)).statusCode).toBe(202);
    const signedIn = await signIn('a-new-password-1');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user.school.name).toBe(imported.manifest.school.name);
  }, 120_000);
});
