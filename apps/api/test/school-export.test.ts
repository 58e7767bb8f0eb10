import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { hashPassword } from '../src/core/passwords.js';
import { type Database, openDatabase } from '../src/db/open.js';
import { seedDemoSchool } from '../src/db/seed.js';
import { postEverySchool } from '../src/modules/money.js';
import { BackupRefused, exportSchool, importSchool } from '../src/modules/operations/index.js';
import { createSchool } from '../src/modules/users/index.js';
import { type Figures, schoolFigures } from './fixtures/upgrade/figures.js';
import { bearer, dropMadeDatabases, emptyPostgres, login, onPostgres, unique } from './support.js';

/**
 * A school's data moves to another server (issue 26 §2): the demo school exported from its embedded
 * database and imported into a new server; its users sign in with their passwords and every figure reads
 * the same. A server that holds another school refuses it for now (its record numbers are taken), and
 * that school is untouched.
 */
async function freshDatabase(): Promise<Database> {
  if (!onPostgres) return openDatabase({ dataDir: 'memory://' });
  return openDatabase({ databaseUrl: await emptyPostgres('school_move_'), dataDir: 'memory://' });
}

const appOn = (database: Database) => buildApp({ database, config: { ...readConfig({}), jobsQueue: unique('move') } });

/** Every row of one school, table by table (its id left out, so two ids of one school compare). */
async function schoolDigest(database: Database, schoolId: number) {
  const tables = (await database.raw(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and exists (select 1 from pg_attribute a
        where a.attrelid = c.oid and a.attname = 'school_id' and not a.attisdropped) order by 1`,
  )) as { name: string }[];
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    if (name === 'auth_tokens' || name === 'password_resets' || name === 'audits') continue;
    const [row] = (await database.raw(
      `select count(*)::int as n, md5(coalesce(string_agg((to_jsonb(t) - 'school_id')::text, E'\\n' order by (to_jsonb(t) - 'school_id')::text), '')) as digest from "${name}" t where school_id = $1`,
      [schoolId],
    )) as { n: number; digest: string }[];
    out[name] = `${row?.n} ${row?.digest}`;
  }
  return out;
}

let work: string;
let source: Database;
let target: Database;
let crowded: Database;
let sourceApp: App;
let targetApp: App;
let other: { schoolId: number; username: string };
let demoId: number;
let before: Figures;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'somero-school-move-'));
  // The demo school on an embedded database; it moves to a new server of this run's kind (PostgreSQL on
  // the PostgreSQL run: from embedded to PostgreSQL, as a school outgrowing its laptop does).
  source = await openDatabase({ dataDir: 'memory://' });
  await seedDemoSchool(source.db, 'move-demo-pass');
  await postEverySchool(source.db);
  demoId = Number(((await source.raw('select id from schools')) as { id: number }[])[0]?.id);
  sourceApp = await appOn(source);
  target = await freshDatabase();
  targetApp = await appOn(target);
  // A server that already holds a school of its own.
  crowded = await freshDatabase();
  const username = unique('head');
  const { school } = await createSchool(crowded.db, {
    school: 'St. Other Secondary School',
    name: 'Other Head',
    username,
    email: `${username}@other.example`,
    passwordHash: await hashPassword('other-pass-123'),
  });
  other = { schoolId: school.id, username };
  const token = await login(sourceApp, 'admin', 'move-demo-pass');
  before = await schoolFigures(async (method, url, body) => {
    const res = await sourceApp.inject({ method, url: `/api/${url}`, headers: bearer(token), payload: body });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return res.json();
  });
}, 240_000);

afterAll(async () => {
  await sourceApp?.close();
  await targetApp?.close();
  await source?.close();
  await target?.close();
  await crowded?.close();
  await dropMadeDatabases();
  await rm(work, { recursive: true, force: true });
});

describe(`a school moved to another server (embedded to ${onPostgres ? 'PostgreSQL' : 'embedded'})`, () => {
  it('arrives with every record, figure and sign-in as it was, and new records go on after its own', async () => {
    const file = path.join(work, 'demo.json.gz');
    const manifest = await exportSchool(source, { kind: 'database' }, demoId, file);
    expect(manifest.school.name).toBe('Kampala Hill Secondary School');
    expect(manifest.tables.fees_payments).toBe(before.receipts.length);
    expect(manifest.tables.auth_tokens).toBeUndefined();

    const imported = await importSchool(target, { kind: 'database' }, file);
    expect(imported.schoolId).toBe(demoId);
    expect(imported.summary).toMatch(
      new RegExp(`^Imported Kampala Hill Secondary School \\([\\d,]+ records, \\d+ users\\) as school ${demoId}\\.$`),
    );
    // Row for row the same school.
    expect(await schoolDigest(target, demoId)).toEqual(await schoolDigest(source, demoId));

    // Its administrator signs in with the same password and reads the same figures and cards.
    const token = await login(targetApp, 'admin', 'move-demo-pass');
    const after = await schoolFigures(async (method, url, body) => {
      const res = await targetApp.inject({ method, url: `/api/${url}`, headers: bearer(token), payload: body });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      return res.json();
    });
    expect(after).toEqual(before);
    expect(before.trial.accounts.length).toBeGreaterThan(5);
    // New records are numbered after the ones brought in.
    const added = await targetApp.inject({
      method: 'POST',
      url: '/api/students',
      headers: bearer(token),
      payload: {
        surname: 'Moved',
        other_names: 'New Student',
        gender: 'F',
        class_id: await firstClass(target, demoId),
        admitted_on: '2026-11-28',
      },
    });
    expect(added.statusCode, added.body).toBe(200);
  }, 240_000);

  it('is refused, nothing written, where its users’ names or its record numbers are taken', async () => {
    const file = path.join(work, 'demo-again.json.gz');
    await exportSchool(source, { kind: 'database' }, demoId, file);
    const schools = async (database: Database) =>
      ((await database.raw('select count(*)::int as n from schools')) as { n: number }[])[0]?.n;
    // Again on the server it moved to: its people's names are taken.
    const again = importSchool(target, { kind: 'database' }, file);
    await expect(again).rejects.toThrow(BackupRefused);
    await expect(again).rejects.toThrow(/^These user names or e-mails are already used on this server: .*\badmin\b/);
    expect(await schools(target)).toBe(1);
    // On a server that holds another school, whose records use the same numbers.
    const otherBefore = await schoolDigest(crowded, other.schoolId);
    const next = importSchool(crowded, { kind: 'database' }, file);
    await expect(next).rejects.toThrow(
      /^This server already holds records numbered as the school's \(schools, .*Nothing was written\.$/,
    );
    expect(await schools(crowded)).toBe(1);
    expect(await schoolDigest(crowded, other.schoolId)).toEqual(otherBefore);
    const crowdedApp = await appOn(crowded);
    try {
      await login(crowdedApp, other.username, 'other-pass-123');
    } finally {
      await crowdedApp.close();
    }
  }, 120_000);
});

async function firstClass(database: Database, schoolId: number) {
  return (
    (await database.raw('select id from classes where school_id = $1 order by id limit 1', [schoolId])) as {
      id: number;
    }[]
  )[0]?.id;
}
