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
import {
  BackupRefused,
  exportSchool,
  firstPasswordLinks,
  type Imported,
  importSchool,
} from '../src/modules/operations/index.js';
import { createSchool } from '../src/modules/users/index.js';
import { type Figures, schoolFigures } from './fixtures/upgrade/figures.js';
import { bearer, dropMadeDatabases, emptyPostgres, login, onPostgres, unique } from './support.js';

/**
 * A school's data moves to another server (issue 26 §2): the demo school exported from its embedded
 * database and imported into a new server; its users set a new password (none travels in a copy, issue 38)
 * and every figure reads the same. Into a server that already holds another school, it comes in under a new school id with its
 * record numbers raised past that server's, reads the same once the shift is allowed for, and the other
 * school is untouched.
 */
async function freshDatabase(): Promise<Database> {
  if (!onPostgres) return openDatabase({ dataDir: 'memory://' });
  return openDatabase({ databaseUrl: await emptyPostgres('school_move_'), dataDir: 'memory://' });
}

const appOn = (database: Database) => buildApp({ database, config: { ...readConfig({}), jobsQueue: unique('move') } });

/**
 * Every row of one school, table by table (its id left out, so two ids of one school compare; password hashes
 * left out too: they never travel).
 */
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
      `select count(*)::int as n, md5(coalesce(string_agg((to_jsonb(t) - 'school_id' - 'password_hash')::text, E'\\n' order by (to_jsonb(t) - 'school_id' - 'password_hash')::text), '')) as digest from "${name}" t where school_id = $1`,
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
let beforeSheets: unknown[];

type Ask = Parameters<typeof schoolFigures>[0];
const asker =
  (app: App, token: string): Ask =>
  async (method, url, body) => {
    const res = await app.inject({ method, url: `/api/${url}`, headers: bearer(token), payload: body });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return res.json();
  };

/** Every class's marksheet of the current term, as the director of studies reads it. */
async function marksheets(ask: Ask) {
  const settings = (await ask('GET', 'current_settings')).data;
  const classes = (await ask('GET', 'classes?per_page=50')).data as { id: number; name: string; curriculum: string }[];
  const sheets: unknown[] = [];
  for (const cls of classes.sort((a, b) => a.name.localeCompare(b.name))) {
    const call =
      cls.curriculum === 'alevel'
        ? 'aLevel_marksheet'
        : cls.curriculum === 'new'
          ? 'new_curriculum_marksheet'
          : 'oLevel_marksheet';
    sheets.push([
      cls.name,
      (await ask('POST', call, { year: settings.year, term: settings.term, class_id: cls.id })).data,
    ]);
  }
  return sheets;
}

/** A reply as it reads once its record numbers are raised by `shift` (ids, `…_id`s and account keys). */
function shifted<T>(value: T, shift: number): T {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object') return v;
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => {
        if ((k === 'id' || k.endsWith('_id')) && Number.isInteger(x)) return [k, (x as number) + shift];
        if (k === 'key' && typeof x === 'string')
          return [k, x.replace(/^(\w+):(\d+)$/, (_, a, n) => `${a}:${Number(n) + shift}`)];
        return [k, walk(x)];
      }),
    );
  };
  return walk(value) as T;
}

/**
 * The imported administrator cannot sign in with the old server's password; with the link the import gives
 * (`firstPasswordLinks`) they set a new one and sign in with it. Answers the token.
 */
async function newPasswordFor(app: App, database: Database, imported: Imported, username: string) {
  const old = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: 'move-demo-pass' },
  });
  expect(old.statusCode).toBe(202);
  const user = imported.users.find((u) => u.username === username);
  expect(user?.administrator).toBe(true);
  const [link] = await firstPasswordLinks(database, imported.schoolId, [user?.id as number], 'http://localhost');
  const token = new URL(link?.link as string).searchParams.get('token');
  const reset = await app.inject({
    method: 'POST',
    url: '/api/reset_password',
    payload: { token, password: 'moved-admin-pass' },
  });
  expect(reset.statusCode, reset.body).toBe(200);
  return login(app, username, 'moved-admin-pass');
}

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
  before = await schoolFigures(asker(sourceApp, token));
  beforeSheets = await marksheets(asker(sourceApp, token));
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
  it('arrives with every record and figure as it was, its people setting new passwords, and new records go on after its own', async () => {
    const file = path.join(work, 'demo.json.gz');
    const manifest = await exportSchool(source, { kind: 'database' }, demoId, file);
    expect(manifest.school.name).toBe('Kampala Hill Secondary School');
    expect(manifest.tables.fees_payments).toBe(before.receipts.length);
    expect(manifest.tables.auth_tokens).toBeUndefined();

    const imported = await importSchool(target, { kind: 'database' }, file);
    expect(imported.schoolId).toBe(demoId);
    expect(imported.shift).toBe(0);
    expect(imported.summary).toMatch(
      new RegExp(`^Imported Kampala Hill Secondary School \\([\\d,]+ records, \\d+ users?\\) as school ${demoId}\\.$`),
    );
    // Row for row the same school.
    expect(await schoolDigest(target, demoId)).toEqual(await schoolDigest(source, demoId));

    // Its administrator sets a new password (the old one never travelled) and reads the same figures and cards.
    const token = await newPasswordFor(targetApp, target, imported, 'admin');
    const after = await schoolFigures(asker(targetApp, token));
    expect(after).toEqual(before);
    expect(await marksheets(asker(targetApp, token))).toEqual(beforeSheets);
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

  it('is refused, nothing written, where its users’ names are taken', async () => {
    const file = path.join(work, 'demo-again.json.gz');
    await exportSchool(source, { kind: 'database' }, demoId, file);
    const schools = async (database: Database) =>
      ((await database.raw('select count(*)::int as n from schools')) as { n: number }[])[0]?.n;
    // Again on the server it moved to: its people's names are taken.
    const again = importSchool(target, { kind: 'database' }, file);
    await expect(again).rejects.toThrow(BackupRefused);
    await expect(again).rejects.toThrow(/^These user names or e-mails are already used on this server: .*\badmin\b/);
    expect(await schools(target)).toBe(1);
  }, 120_000);

  it('comes in beside another school, renumbered, reading the same (its audit trail too); that school is untouched', async () => {
    const file = path.join(work, 'demo-beside.json.gz');
    await exportSchool(source, { kind: 'database' }, demoId, file);
    const otherBefore = await schoolDigest(crowded, other.schoolId);
    const imported = await importSchool(crowded, { kind: 'database' }, file);
    expect(imported.schoolId).not.toBe(other.schoolId);
    expect(imported.shift % 1000).toBe(0);
    expect(imported.shift).toBeGreaterThan(0);
    expect(imported.summary).toMatch(
      new RegExp(
        `^Imported Kampala Hill Secondary School \\([\\d,]+ records, \\d+ users?\\) as school ${imported.schoolId}, its record numbers raised by ${imported.shift.toLocaleString('en-GB')} past this server's own\\.$`,
      ),
    );
    // The same rows, table by table, as counted.
    const counts = async (database: Database, schoolId: number) =>
      Object.fromEntries(Object.entries(await schoolDigest(database, schoolId)).map(([t, d]) => [t, d.split(' ')[0]]));
    expect(await counts(crowded, imported.schoolId)).toEqual(await counts(source, demoId));
    expect(await schoolDigest(crowded, other.schoolId)).toEqual(otherBefore);
    // Its audit trail came too, each row naming its record's new number (the rows about the school
    // itself name its new school id).
    const trail = async (database: Database, schoolId: number) =>
      (await database.raw('select entity, action, entity_id from audits where school_id = $1 order by id', [
        schoolId,
      ])) as { entity: string; action: string; entity_id: string | null }[];
    const sourceTrail = await trail(source, demoId);
    expect(sourceTrail.filter((r) => r.entity_id !== null).length).toBeGreaterThan(100);
    expect(await trail(crowded, imported.schoolId)).toEqual(
      sourceTrail.map((r) => ({
        ...r,
        entity_id:
          r.entity_id === null
            ? null
            : String(r.entity === 'schools' ? imported.schoolId : Number(r.entity_id) + imported.shift),
      })),
    );

    const crowdedApp = await appOn(crowded);
    try {
      const token = await newPasswordFor(crowdedApp, crowded, imported, 'admin');
      const ask = asker(crowdedApp, token);
      expect(await schoolFigures(ask)).toEqual(shifted(before, imported.shift));
      expect(await marksheets(ask)).toEqual(shifted(beforeSheets, imported.shift));
      // The audit trail still leads to the same records under their new numbers: searched for an expense's
      // new number it finds that expense's entry, named by the same number, and the expense of that number
      // is the one entered before the move.
      const sql = `select id, note from expenses e where school_id = $1 and exists (select 1 from audits a
        where a.school_id = e.school_id and a.entity = 'expenses' and a.entity_id = e.id::text) order by id limit 1`;
      const [expense] = (await source.raw(sql, [demoId])) as { id: number; note: string }[];
      const newNumber = String(Number(expense?.id) + imported.shift);
      const history = (await ask('POST', 'audits', { entity: 'expenses', search: newNumber })).data as {
        action: string;
        entity_id: string | null;
        record: string;
      }[];
      expect(history.map((r) => [r.action, r.entity_id, r.record])).toEqual([
        ['create', newNumber, `Expense ${newNumber}`],
      ]);
      const moved = (await crowded.raw('select note from expenses where school_id = $1 and id = $2', [
        imported.schoolId,
        Number(newNumber),
      ])) as { note: string }[];
      expect(moved).toEqual([{ note: expense?.note }]);
      // The other school's head still signs in and sees only their school.
      const theirs = await login(crowdedApp, other.username, 'other-pass-123');
      const students = await crowdedApp.inject({
        method: 'POST',
        url: '/api/view_students',
        headers: bearer(theirs),
        payload: {},
      });
      expect(students.statusCode, students.body).toBe(200);
      expect(students.json().total).toBe(0);
      // A payment at the moved school's desk takes the receipt after its own and goes to its mode's own
      // cash account (no second account for the same mode).
      const trial = async () =>
        (await ask('POST', 'account_analysis', { from: '2025-01-01', to: '2026-12-31' })).data.accounts as {
          name: string;
          debit: number;
        }[];
      const trialBefore = await trial();
      const mode = (
        (await ask('GET', 'payment_options?per_page=50')).data as { id: number; name: string; active: boolean }[]
      ).find((m) => m.active)!;
      const student = (await ask('POST', 'view_students', { per_page: 1 })).data[0];
      const paid = await crowdedApp.inject({
        method: 'POST',
        url: '/api/fees_payments',
        headers: bearer(token),
        payload: { student_id: student.id, amount: 12_345, mode_id: mode.id, confirm: true, reference: 'MOVED-1' },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const receipt = (await ask('POST', 'view_fees_payments', { id: paid.json().data })).data[0];
      expect(receipt.receipt_no).toBe(Math.max(...before.receipts.map((r) => r.receipt_no)) + 1);
      const trialAfter = await trial();
      expect(trialAfter.length).toBe(trialBefore.length);
      const account = (rows: { name: string; debit: number }[]) => rows.find((a) => a.name === mode.name)?.debit;
      expect(account(trialAfter)).toBe((account(trialBefore) ?? Number.NaN) + 12_345);
      // A teacher's notes keep their attachments.
      const notes = (
        (await ask('GET', 'elearning?per_page=100')).data as { attachments: { file_id: number }[] }[]
      ).find((r) => r.attachments.length);
      const file = await crowdedApp.inject({
        method: 'GET',
        url: `/api/elearning_files/${notes?.attachments[0]?.file_id}`,
        headers: bearer(token),
      });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await crowdedApp.close();
    }
  }, 240_000);
});

async function firstClass(database: Database, schoolId: number) {
  return (
    (await database.raw('select id from classes where school_id = $1 order by id limit 1', [schoolId])) as {
      id: number;
    }[]
  )[0]?.id;
}
