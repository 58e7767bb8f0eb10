import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { readConfig, repoRoot } from '../src/config.js';
import { type Database, MigrationFailed, migrationsCurrent, openDatabase } from '../src/db/open.js';
import { type Figures, schoolFigures } from './fixtures/upgrade/figures.js';
import { bearer, dropMadeDatabases, emptyPostgres, login, onPostgres, unique } from './support.js';

/**
 * Upgrades that keep every record (issue 26 §5): the migrations run at start, once, even with several
 * processes starting together, and one that fails leaves the database as it was and says why.
 */

const committed = path.join(repoRoot, 'apps/api/drizzle');
const journal = async (folder: string) =>
  JSON.parse(await readFile(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };

/** A fresh, empty database: on the tests' PostgreSQL server, else none (an embedded one is made in a folder). */
const freshDatabaseUrl = async () => (onPostgres ? emptyPostgres('upgrade_') : undefined);
afterAll(dropMadeDatabases);

const appliedMigrations = async (database: Database) =>
  (await database.raw('select hash, created_at from drizzle.__drizzle_migrations order by created_at')) as {
    hash: string;
  }[];

describe('migrations', () => {
  it('a migration that fails leaves the database as it was, and says so', async () => {
    const databaseUrl = await freshDatabaseUrl();
    const folder = await mkdtemp(path.join(tmpdir(), 'somero-migrations-'));
    try {
      // Today's migrations, then a broken one of a later release: a column added, then a statement that fails.
      await cp(committed, folder, { recursive: true });
      const meta = await journal(folder);
      const last = meta.entries.at(-1) as (typeof meta.entries)[number];
      meta.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '9999_broken' });
      await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify(meta));
      await writeFile(
        path.join(folder, '9999_broken.sql'),
        'ALTER TABLE "schools" ADD COLUMN "upgraded" integer;\n--> statement-breakpoint\nSELECT 1 / 0;',
      );

      // Today's release opens it (an embedded one in a folder, so that it can be opened again)…
      const target = { databaseUrl, dataDir: path.join(folder, 'data') };
      const today = await openDatabase(target);
      const before = await appliedMigrations(today);
      expect(before).toHaveLength(meta.entries.length - 1);
      await today.close();
      // …then the broken release refuses to start, saying why.
      const failed = openDatabase({ ...target, migrationsFolder: folder });
      await expect(failed).rejects.toThrow(MigrationFailed);
      await expect(failed).rejects.toThrow(
        /^The database could not be brought up to this release, and was left as it was: division by zero\./,
      );
      // Nothing of the broken migration is left: not its column, not its row.
      const after = await openDatabase({ ...target, migrate: false });
      try {
        const columns = await after.raw(
          "select column_name from information_schema.columns where table_name = 'schools' and column_name = 'upgraded'",
        );
        expect(columns).toEqual([]);
        expect(await appliedMigrations(after)).toEqual(before);
      } finally {
        await after.close();
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  if (onPostgres)
    it('several servers starting together on one new database migrate it once', async () => {
      const databaseUrl = await freshDatabaseUrl();
      const opened = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl, dataDir: 'memory://' })));
      try {
        const applied = await appliedMigrations(opened[0] as Database);
        expect(applied).toHaveLength((await journal(committed)).entries.length);
        expect(new Set(applied.map((m) => m.hash)).size).toBe(applied.length);
      } finally {
        await Promise.all(opened.map((d) => d.close()));
      }
    });
});

const fixture = path.join(repoRoot, 'apps/api/test/fixtures/upgrade');

/** PostgreSQL's plain dump into an empty PostgreSQL database, through psql. */
function loadWithPsql(url: string, dump: string) {
  return new Promise<void>((resolve, reject) => {
    const psql = spawn('psql', ['-q', '-v', 'ON_ERROR_STOP=1', '-d', url], { stdio: ['pipe', 'ignore', 'pipe'] });
    let errors = '';
    psql.stderr.on('data', (c: Buffer) => {
      errors += c.toString();
    });
    psql.on('error', reject);
    psql.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`psql ${code}: ${errors}`))));
    createReadStream(dump).pipe(createGunzip()).pipe(psql.stdin);
  });
}

/** The same dump into an empty embedded database: its statements as they come, each COPY's rows as a blob. */
async function loadIntoPglite(dataDir: string, dump: string) {
  const text = await new Promise<string>((resolve, reject) => {
    const parts: Buffer[] = [];
    createReadStream(dump)
      .pipe(createGunzip())
      .on('data', (c: Buffer) => parts.push(c))
      .on('end', () => resolve(Buffer.concat(parts).toString('utf8')))
      .on('error', reject);
  });
  const client = await PGlite.create(dataDir);
  try {
    let statements: string[] = [];
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] as string;
      // psql's own commands (\restrict) are not SQL.
      if (line.startsWith('\\')) continue;
      if (/^COPY .* FROM stdin;$/.test(line)) {
        if (statements.length) await client.exec(statements.join('\n'));
        statements = [];
        const rows: string[] = [];
        for (i++; lines[i] !== '\\.'; i++) rows.push(lines[i] as string);
        await client.query(line.replace('FROM stdin;', "FROM '/dev/blob';"), [], {
          blob: new Blob([rows.length ? `${rows.join('\n')}\n` : '']),
        });
        continue;
      }
      statements.push(line);
    }
    if (statements.length) await client.exec(statements.join('\n'));
  } finally {
    await client.close();
  }
}

describe('a database made by an earlier release', () => {
  it('migrates to this release with every fees figure, receipt, journal balance and result unchanged', async () => {
    const dump = path.join(fixture, 'demo-83d2f10.sql.gz');
    const expected = JSON.parse(await readFile(path.join(fixture, 'demo-83d2f10.figures.json'), 'utf8')) as Figures;
    const databaseUrl = await freshDatabaseUrl();
    const folder = await mkdtemp(path.join(tmpdir(), 'somero-upgrade-'));
    const dataDir = path.join(folder, 'data');
    try {
      if (databaseUrl) await loadWithPsql(databaseUrl, dump);
      else await loadIntoPglite(dataDir, dump);
      // As the earlier release left it: its schema is not this release's.
      const before = await openDatabase({ databaseUrl, dataDir, migrate: false });
      expect(await migrationsCurrent(before)).toBe(false);
      await before.close();
      const database = await openDatabase({ databaseUrl, dataDir });
      const app = await buildApp({
        database,
        config: { ...readConfig({ DATA_DIR: dataDir }), databaseUrl, jobsQueue: unique('upgrade') },
      });
      try {
        expect(await migrationsCurrent(database)).toBe(true);
        // The earlier release's users sign in with their passwords.
        const token = await login(app, 'admin', 'upgrade-demo-pass');
        const figures = await schoolFigures(async (method, url, body) => {
          const res = await app.inject({ method, url: `/api/${url}`, headers: bearer(token), payload: body });
          expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
          return res.json();
        });
        expect(figures.receipts).toHaveLength(2603);
        expect(figures.fees).toEqual(expected.fees);
        expect(figures.trial).toEqual(expected.trial);
        expect(figures.receipts).toEqual(expected.receipts);
        expect(figures.results).toEqual(expected.results);
      } finally {
        await app.close();
        await database.close();
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 300_000);
});
