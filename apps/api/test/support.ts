import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { moneyAmendments, type PermissionFlag } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type App, type AppOptions, buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import type { Mail, Mailer } from '../src/core/mail.js';
import { hashPassword } from '../src/core/passwords.js';
import { type Database, openDatabase } from '../src/db/open.js';
import { roles, users } from '../src/db/schema.js';
import { presetFlags } from '../src/modules/users/presets.js';
import { createSchool } from '../src/modules/users/school.js';
import { openTemplateDatabase } from './pglite-template.js';
import { testClockStart, testClockStartedAt } from './test-clock.js';

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** The tests' PostgreSQL is a Citus coordinator, its school tables distributed (`npm run test:citus`). */
export const onCitus = process.env.SOMERO_CITUS === '1';

/**
 * A fresh app per test file: in-memory PGlite, or the PostgreSQL of TEST_DATABASE_URL. `env` is the
 * server's environment; a function is read when the app starts (e.g. the SCHOOLPAY_URL of a fake
 * provider started by an earlier beforeAll).
 */
export async function startTestApp(
  options: Partial<AppOptions> & { env?: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv) } = {},
) {
  const database: Database = process.env.TEST_DATABASE_URL
    ? await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: 'memory://' })
    : await openTemplateDatabase();
  const { env, ...appOptions } = options;
  const config = {
    ...readConfig({ ...(typeof env === 'function' ? env() : env) }),
    databaseUrl: process.env.TEST_DATABASE_URL,
    // Test files share one PostgreSQL database: each app takes only its own queued work.
    jobsQueue: unique('test'),
    // One key for every test app (not a key file beside the repository's data folder).
    secretKey: 'the tests’ own secret key, 32 characters and more',
    clockStart: new Date(testClockStart),
    clockStartedAt: new Date(testClockStartedAt),
  };
  // A backup a generic test starts (POST backups) goes to a folder of the app's own, removed after.
  config.backups = { ...config.backups, dir: path.join(tmpdir(), unique('somero-test-backups-')) };
  const app = await buildApp({ database, config, ...appOptions });
  return { app, database, config };
}

/**
 * An empty database of its own on the tests' PostgreSQL server (TEST_DATABASE_URL), for what needs one
 * (a backup restored, an upgrade, a school moved); answers its address. `dropMadeDatabases` drops them.
 */
const madeDatabases: string[] = [];
export async function emptyPostgres(prefix: string): Promise<string> {
  const name = unique(prefix);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  madeDatabases.push(name);
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
}
export async function dropMadeDatabases() {
  if (!madeDatabases.length) return;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  for (const name of madeDatabases.splice(0)) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

/** Unique names: on PostgreSQL every test file shares one database. */
export const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

export interface TestSchool {
  schoolId: number;
  adminToken: string;
  adminId: number;
  adminUsername: string;
  password: string;
}

const password = 'correct-horse-9';
let cachedHash: string | undefined;
const passwordHash = async () => {
  cachedHash ??= await hashPassword(password);
  return cachedHash;
};

export async function login(app: App, username: string, pass = password) {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password: pass } });
  if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

/** A school with an administrator, signed in. */
export async function newSchool(app: App, database: Database, name = unique('School ')): Promise<TestSchool> {
  const adminUsername = unique('admin');
  const { school, owner } = await createSchool(database.db, {
    school: name,
    name: 'Head Administrator',
    username: adminUsername,
    email: `${adminUsername}@school.example`,
    passwordHash: await passwordHash(),
  });
  return {
    schoolId: school.id,
    adminId: owner.id,
    adminUsername,
    adminToken: await login(app, adminUsername),
    password,
  };
}

/** A staff user in `school` whose user group holds exactly `flags`; answers its token and ids. */
export async function staffWith(app: App, database: Database, school: TestSchool, flags: PermissionFlag[]) {
  const [role] = await database.db
    .insert(roles)
    .values({ schoolId: school.schoolId, name: unique('Group '), flags: presetFlags(flags) })
    .returning();
  const username = unique('staff');
  const [user] = await database.db
    .insert(users)
    .values({
      schoolId: school.schoolId,
      name: 'Staff Member',
      username,
      type: 2,
      roleId: role.id,
      passwordHash: await passwordHash(),
    })
    .returning();
  return { token: await login(app, username), userId: user.id, roleId: role.id, username };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Collects e-mails instead of sending them (the SMTP path itself is tested with a real server). */
export function mailbox(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return { sent, send: async (m) => void sent.push(m) };
}

/**
 * Starts an app for the file and closes it after. An app that fails to start fails every test of the
 * file (a failing `beforeAll` only skips them, which a mutation run would read as passing).
 */
export function useTestApp(options: Parameters<typeof startTestApp>[0] = {}) {
  const ctx = {} as Awaited<ReturnType<typeof startTestApp>>;
  let failed: unknown;
  beforeAll(async () => {
    try {
      Object.assign(ctx, await startTestApp(options));
    } catch (error) {
      failed = error;
    }
  });
  beforeEach(() => {
    if (failed) throw failed;
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
    if (ctx.config) await rm(ctx.config.backups.dir, { recursive: true, force: true });
  });
  return ctx;
}

/**
 * Set-up made on first use and shared by the file's tests. Unlike `beforeAll`, a set-up that fails
 * fails each test that needs it (a failing hook only skips them, which a mutation run reads as passing).
 */
export function shared<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

/**
 * Runs `work` while the database refuses journal lines of `amount` shillings ('posting refused'): a money
 * document whose posting fails part-way, to show the document goes with it and the others do not.
 */
export async function refusingPostingsOf<T>(database: Database, amount: number, work: () => Promise<T>): Promise<T> {
  const name = `refuse_${amount}`;
  await database.raw(`
    create or replace function ${name}() returns trigger language plpgsql as $$
    begin
      if new.debit = ${amount} or new.credit = ${amount} then raise exception 'posting refused'; end if;
      return new;
    end $$`);
  await database.raw(`create trigger ${name} before insert on journal_lines for each row execute function ${name}()`);
  try {
    return await work();
  } finally {
    await database.raw(`drop trigger ${name} on journal_lines`);
    await database.raw(`drop function ${name}()`);
  }
}

/** The amendment rows of one money document (a fees payment, a revenue…), for `where`. */
export const amendmentsOf = (kind: string, id: number) =>
  and(eq(moneyAmendments.kind, kind), eq(moneyAmendments.documentId, id));
