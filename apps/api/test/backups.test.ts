import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { type Config, readConfig, repoRoot } from '../src/config.js';
import { now } from '../src/core/dates.js';
import { hashPassword } from '../src/core/passwords.js';
import { type Database, openDatabase } from '../src/db/open.js';
import { seedDemoSchool } from '../src/db/seed.js';
import { postEverySchool } from '../src/modules/money.js';
import { BackupRefused, importSchool, restoreBackup, scheduleBackups } from '../src/modules/operations/index.js';
import { createSchool } from '../src/modules/users/index.js';
import { pdfPages } from './pdf-text.js';
import { bearer, dropMadeDatabases, emptyPostgres, login, onPostgres, unique } from './support.js';

/**
 * Backups that are restored, not only written (issue 26 §1): the demo school backed up by its running
 * server, downloaded, restored into an empty database of the same kind, and compared with the original
 * table by table and through the API (balances, the trial balance, a report card's text).
 */

/** Every table's row count and a digest of its rows in a fixed order. */
async function tableDigests(database: Database) {
  const tables = (await database.raw(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  )) as { name: string }[];
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    // The backups' own list is written on while the backup is taken: compared apart. So are what the download
    // wrote after the backup was taken: its audit row, and its password check's count of a wrong try.
    if (name === 'server_backups' || name === 'school_backups' || name === 'login_failures') continue;
    const [row] = (await database.raw(
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest from "${name}" t${name === 'audits' ? ` where action <> 'download'` : ''}`,
    )) as { n: number; digest: string }[];
    out[name] = `${row?.n} ${row?.digest}`;
  }
  return out;
}

let work: string;
let source: Database;
let app: App;
let config: Config;
let token: string;
let restoredTarget: { databaseUrl?: string; dataDir: string; fileStorage: Config['fileStorage'] };

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'somero-backups-test-'));
  const sourceUrl = onPostgres ? await emptyPostgres('bk_source_') : undefined;
  restoredTarget = {
    databaseUrl: onPostgres ? await emptyPostgres('bk_restored_') : undefined,
    dataDir: path.join(work, 'restored'),
    fileStorage: { kind: 'database' },
  };
  const dataDir = path.join(work, 'source');
  source = await openDatabase({ databaseUrl: sourceUrl, dataDir });
  await seedDemoSchool(source.db, 'demo-pass-123');
  await postEverySchool(source.db);
  config = {
    ...readConfig({ DATA_DIR: dataDir, BACKUP_DIR: path.join(work, 'backups'), METRICS_PORT: '0' }),
    databaseUrl: sourceUrl,
    jobsQueue: unique('backups'),
  };
  app = await buildApp({ database: source, config });
  token = await login(app, 'admin', 'demo-pass-123');
}, 240_000);

afterAll(async () => {
  await app?.close();
  await source?.close();
  await dropMadeDatabases();
  await rm(work, { recursive: true, force: true });
});

/** The downloads of backups in the audit trail: who, which backup and file, when. */
const downloadsInTrail = async (database: Database) =>
  (await database.raw(
    `select u.username as user, a.entity, a.entity_id, a.after->>'file' as file, a.at::text as at
       from audits a left join users u on u.school_id = a.school_id and u.id = a.user_id
      where a.action = 'download' order by a.id`,
  )) as { user: string; entity: string; entity_id: string; file: string; at: string }[];

/** What a school would compare after a restore: fees balances by class, the trial balance, S5's report cards. */
async function schoolFigures(server: App, auth: string) {
  const headers = bearer(auth);
  const post = async (url: string, payload: object) => {
    const res = await server.inject({ method: 'POST', url: `/api/${url}`, headers, payload });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return res;
  };
  const fees = (await post('fees_summaryq', {})).json().data;
  const trial = (await post('account_analysis', { from: '2025-01-01', to: '2026-12-31' })).json().data;
  const settings = (await server.inject({ method: 'GET', url: '/api/current_settings', headers })).json().data;
  const classes = (await server.inject({ method: 'GET', url: '/api/classes?per_page=50', headers })).json().data as {
    id: number;
    name: string;
  }[];
  const s5 = classes.find((c) => c.name === 'S5');
  const cards = await post('reports_updated', {
    kind: 'alevel_reports',
    year: settings.year,
    term: settings.term,
    class_id: s5?.id,
  });
  return { fees: { groups: fees.groups, totals: fees.totals }, trial, cards: await pdfPages(cards.rawPayload) };
}

describe(`a backup of the whole database on ${onPostgres ? 'PostgreSQL' : 'the embedded database'}`, () => {
  it('is taken by the running server, listed, downloaded, and restores into an empty database identical to the original', async () => {
    const headers = bearer(token);
    const started = await app.inject({ method: 'POST', url: '/api/backups', headers, payload: {} });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data.status).toBe('running');
    // One at a time, across every process on the database.
    const again = await app.inject({ method: 'POST', url: '/api/backups', headers, payload: {} });
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toMatch(/being taken now/);

    let list: { id: number; status: string; bytes: number | null; kind: string; message: string | null }[] = [];
    for (let i = 0; i < 240; i++) {
      list = (await app.inject({ method: 'GET', url: '/api/backups', headers })).json().data.backups;
      if (list[0]?.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(list, JSON.stringify(list)).toHaveLength(1);
    expect(list[0]?.message ?? null, 'no failure').toBeNull();
    expect(list[0]).toMatchObject({ status: 'done', kind: 'manual' });
    expect(list[0]?.bytes).toBeGreaterThan(100_000);

    // The file holds every record: the administrator's password is asked again. A wrong one gets no file.
    const download = (password: string) =>
      app.inject({ method: 'POST', url: '/api/backups/latest', headers, payload: { password } });
    const wrong = await download('not-the-password');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      message: 'That password is not right',
      errors: { password: ['That password is not right'] },
    });
    expect(wrong.headers['content-disposition']).toBeUndefined();
    expect(await downloadsInTrail(source)).toEqual([]);
    const right = await download('demo-pass-123');
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toBe('application/x-tar');
    expect(right.headers['content-disposition']).toMatch(
      /^attachment; filename="somero-backup-\d{4}-\d\d-\d\d-\d{4}-\d+\.tar"$/,
    );
    expect(right.rawPayload.length).toBe(list[0]?.bytes);
    // Who took which file away, and when, is in the school's trail.
    const name = /filename="([^"]+)"/.exec(String(right.headers['content-disposition']))?.[1];
    expect(await downloadsInTrail(source)).toEqual([
      {
        user: 'admin',
        entity: 'server_backups',
        entity_id: String(list[0]?.id),
        file: name,
        at: expect.stringMatching(/^\d{4}-/),
      },
    ]);
    // The operator's monitoring sees it too.
    const metrics = await app.metrics?.registry.metrics();
    expect(metrics).toMatch(/somero_backups\{status="done"\} 1\n/);
    const at = Number(/^somero_backup_last_success_timestamp_seconds (\S+)$/m.exec(metrics ?? '')?.[1]);
    expect(Math.abs(at - now().getTime() / 1000)).toBeLessThan(600);

    const file = path.join(work, 'downloaded.tar');
    await writeFile(file, right.rawPayload);

    const { summary } = await restoreBackup(file, restoredTarget);
    expect(summary).toMatch(/^Restored the backup of \d{4}-\d\d-\d\d \d\d:\d\d UTC \(1 school\) into /);
    // A database that holds anything is refused and left as it is.
    await expect(restoreBackup(file, restoredTarget)).rejects.toThrow(BackupRefused);
    await expect(restoreBackup(file, restoredTarget)).rejects.toThrow(/is not empty/);

    const restored = await openDatabase(restoredTarget);
    const restoredApp = await buildApp({
      database: restored,
      config: { ...config, databaseUrl: restoredTarget.databaseUrl, jobsQueue: unique('restored') },
    });
    try {
      expect(await tableDigests(restored)).toEqual(await tableDigests(source));
      // The same people sign in with the same passwords, and see the same figures and cards.
      const restoredToken = await login(restoredApp, 'admin', 'demo-pass-123');
      const before = await schoolFigures(app, token);
      const after = await schoolFigures(restoredApp, restoredToken);
      expect(before.fees.totals.paid).toBeGreaterThan(0);
      expect(before.trial.total.debit).toBe(before.trial.total.credit);
      expect(before.cards.length).toBeGreaterThan(10);
      expect(after).toEqual(before);
    } finally {
      await restoredApp.close();
      await restored.close();
    }

    // The command an operator runs says what it did in one line (here on the restored database).
    const cli = spawnSync('npx', ['tsx', 'apps/api/src/cli/backup.ts', path.join(work, 'by-hand.tar')], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: {
        ...process.env,
        INIT_CWD: work,
        DATABASE_URL: restoredTarget.databaseUrl ?? '',
        DATA_DIR: restoredTarget.dataDir,
      },
    });
    expect(cli.stderr).toBe('');
    expect(cli.stdout.trim()).toMatch(
      new RegExp(
        `^Backed up the ${onPostgres ? 'PostgreSQL database' : 'embedded database in .*restored'} \\(1 school\\) to .*by-hand\\.tar, \\d+\\.\\d MB\\.$`,
      ),
    );
  }, 240_000);

  it('is taken on the schedule when the last is older than BACKUP_HOURS, keeping the last BACKUP_KEEP', async () => {
    const kept = async () => (await readdir(config.backups.dir)).sort();
    const [manual] = await kept();
    expect(manual).toMatch(/^somero-backup-.*\.tar$/);
    const schedule = { ...config, backups: { ...config.backups, everyHours: 1 / 3600, keep: 1 } };
    await new Promise((r) => setTimeout(r, 1100));
    const stop = scheduleBackups({ database: source, config: schedule, log: app.log }, 100);
    try {
      let list: { kind: string; status: string }[] = [];
      for (let i = 0; i < 240 && !list.some((b) => b.kind === 'scheduled' && b.status === 'done'); i++) {
        await new Promise((r) => setTimeout(r, 500));
        list = (await app.inject({ method: 'GET', url: '/api/backups', headers: bearer(token) })).json().data.backups;
      }
      stop();
      // The manual one went when the scheduled one was kept: one backup, one file.
      list = (await app.inject({ method: 'GET', url: '/api/backups', headers: bearer(token) })).json().data.backups;
      expect(list.filter((b) => b.status === 'done').map((b) => b.kind)).toEqual(['scheduled']);
      const files = await kept();
      expect(files).toHaveLength(1);
      expect(files[0]).not.toBe(manual);
    } finally {
      stop();
    }
  }, 240_000);

  it("on a server of several schools, gives each school's administrators copies of their own school", async () => {
    const server = await app.inject({ method: 'GET', url: '/api/backups', headers: bearer(token) });
    expect(server.json().data.of).toBe('server');
    const username = unique('second');
    const { school: second } = await createSchool(source.db, {
      school: unique('Second School '),
      name: 'Second Head',
      username,
      email: `${username}@school.example`,
      passwordHash: await hashPassword('second-pass-1'),
    });
    const theirs = await login(app, username, 'second-pass-1');
    const ask = (auth: string, method: 'GET' | 'POST', url: string) =>
      app.inject({ method, url: `/api/${url}`, headers: bearer(auth), ...(method === 'POST' ? { payload: {} } : {}) });
    const download = (auth: string, password: string) =>
      app.inject({ method: 'POST', url: '/api/backups/latest', headers: bearer(auth), payload: { password } });

    // The server's backups (every school in them) are no longer shown: the school's own copies are.
    const mine = (await ask(token, 'GET', 'backups')).json().data;
    expect(mine).toMatchObject({ of: 'school', backups: [] });
    const none = await download(token, 'demo-pass-123');
    expect(none.statusCode).toBe(202);
    expect(none.json().message).toBe('There is no backup yet: take one with "Back up now".');

    const started = await ask(token, 'POST', 'backups');
    expect(started.statusCode, started.body).toBe(200);
    const [trail] = (await source.raw(
      `select entity, entity_id, user_id from audits where entity = 'school_backups' order by id desc limit 1`,
    )) as { entity: string; entity_id: string; user_id: number }[];
    expect(trail).toMatchObject({ entity: 'school_backups', entity_id: String(started.json().data.id) });
    let list: { id: number; status: string; kind: string; bytes: number | null }[] = [];
    for (let i = 0; i < 240 && list[0]?.status !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      list = (await ask(token, 'GET', 'backups')).json().data.backups;
    }
    expect(list).toMatchObject([{ status: 'done', kind: 'manual' }]);
    // The other school sees none of it.
    expect((await ask(theirs, 'GET', 'backups')).json().data).toMatchObject({ of: 'school', backups: [] });
    // Their administrator gets no copy of another school: with their own password there is none of theirs yet,
    // and the other school's administrator's password is not theirs.
    const notTheirs = await download(theirs, 'second-pass-1');
    expect(notTheirs.statusCode).toBe(202);
    expect(notTheirs.json().message).toBe('There is no backup yet: take one with "Back up now".');
    expect((await download(theirs, 'demo-pass-123')).statusCode).toBe(422);

    // The copy is the school's export: it imports into another server with the demo school's records only.
    const copy = await download(token, 'demo-pass-123');
    expect(copy.statusCode).toBe(200);
    expect((await downloadsInTrail(source)).at(-1)).toMatchObject({
      user: 'admin',
      entity: 'school_backups',
      entity_id: String(list[0]?.id),
    });
    expect(copy.headers['content-disposition']).toMatch(/^attachment; filename="somero-school-\d+-.*\.json\.gz"$/);
    expect(copy.rawPayload.length).toBe(list[0]?.bytes);
    const file = path.join(work, 'school-copy.json.gz');
    await writeFile(file, copy.rawPayload);
    const elsewhere = await openDatabase({ dataDir: 'memory://' });
    try {
      const imported = await importSchool(elsewhere, { kind: 'database' }, file);
      expect(imported.manifest.school.name).toBe('Kampala Hill Secondary School');
      const count = async (database: Database, schoolId: number) =>
        (
          (await database.raw('select count(*)::int as n from fees_payments where school_id = $1', [schoolId])) as {
            n: number;
          }[]
        )[0]?.n;
      expect(await count(elsewhere, imported.schoolId)).toBe(await count(source, imported.manifest.school.id));
      expect(((await elsewhere.raw('select count(*)::int as n from schools')) as { n: number }[])[0]?.n).toBe(1);
    } finally {
      await elsewhere.close();
    }

    // The schedule makes each school's copy too.
    const schedule = { ...config, backups: { ...config.backups, everyHours: 1 / 3600, keep: 2 } };
    await new Promise((r) => setTimeout(r, 1100));
    const stop = scheduleBackups({ database: source, config: schedule, log: app.log }, 100);
    try {
      let theirList: { kind: string; status: string }[] = [];
      for (let i = 0; i < 480 && !theirList.some((b) => b.kind === 'scheduled' && b.status === 'done'); i++) {
        await new Promise((r) => setTimeout(r, 500));
        theirList = (await ask(theirs, 'GET', 'backups')).json().data.backups;
      }
      expect(theirList.map((b) => [b.kind, b.status])).toContainEqual(['scheduled', 'done']);
    } finally {
      stop();
    }
    expect(second.id).toBeGreaterThan(0);

    // Guessing is held to the sign-in limits: after five wrong passwords even the right one waits.
    // (One wrong try above, four here.)
    for (let i = 0; i < 4; i++) expect((await download(theirs, `guess-${i}`)).statusCode).toBe(422);
    const held = await download(theirs, 'second-pass-1');
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
  }, 360_000);
});
