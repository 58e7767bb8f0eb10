import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as tar from 'tar';
import { now } from '../../core/dates.js';
import type { FileStorage } from '../../core/file-store.js';
import { lockDataDir, lockName } from '../../db/lock.js';
import type { Database } from '../../db/open.js';

/**
 * A backup is one tar file: `somero-backup.json` (what it holds), the database in its own engine's dump
 * format (PostgreSQL's `pg_dump --format=custom`, or PGlite's dump of its data directory) and, when files
 * are kept on disk outside the database, `files/`. Files kept in the database are in its dump; files
 * kept in S3 stay in the bucket (the operator's bucket keeps its own versions).
 */
export interface BackupManifest {
  format: 1;
  made_at: string;
  database: 'postgres' | 'pglite';
  /** The latest migration the database had applied (drizzle's journal time). */
  schema: number | null;
  schools: number;
  /** Where the server kept files' bytes, and whether `files/` holds them. */
  file_storage: FileStorage['kind'];
  files_included: boolean;
}

const manifestName = 'somero-backup.json';
const pgDumpName = 'database.pgdump';
const pgliteDumpName = 'database.pglite.tar.gz';

/** A backup or restore that cannot go on, with a sentence for the operator. Nothing was changed. */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

/** Runs one of PostgreSQL's client programs; a missing program is said in words, not as ENOENT. */
function runTool(program: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupRefused(
              `PostgreSQL's ${program} was not found on this machine: install PostgreSQL's client programs of the server's version (Debian and Ubuntu: apt-get install postgresql-client).`,
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} ended with ${code}: ${errors.trim().slice(0, 2000)}`)),
    );
  });
}

const within = (dir: string, parent: string) => {
  const relative = path.relative(parent, dir);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

async function isEmptyDir(dir: string): Promise<boolean> {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.filter((e) => e !== lockName).length === 0;
}

async function schemaAndSchools(database: Database) {
  const [somero] = (await database.raw(
    "select to_regclass('drizzle.__drizzle_migrations') is not null and to_regclass('public.schools') is not null as is",
  )) as { is: boolean }[];
  if (!somero?.is) throw new BackupRefused('This database holds no Somero data: there is nothing to back up.');
  const [row] = (await database.raw(
    'select (select max(created_at) from drizzle.__drizzle_migrations) as schema, (select count(*) from schools) as schools',
  )) as { schema: string | number | null; schools: string | number }[];
  return { schema: row?.schema == null ? null : Number(row.schema), schools: Number(row?.schools ?? 0) };
}

export interface BackupTarget {
  databaseUrl?: string;
  dataDir: string;
  fileStorage: FileStorage;
}

/**
 * Writes a backup of everything the server keeps to `file`, while it serves: PostgreSQL's dump reads
 * one consistent snapshot; the embedded database is copied between two transactions.
 */
export async function writeBackup(
  database: Database,
  target: BackupTarget,
  file: string,
): Promise<{ manifest: BackupManifest; bytes: number }> {
  const work = await mkdtemp(path.join(tmpdir(), 'somero-backup-'));
  try {
    const { schema, schools } = await schemaAndSchools(database);
    const names = [manifestName];
    if (database.kind === 'postgres') {
      if (!target.databaseUrl) throw new BackupRefused('The PostgreSQL database has no address to dump.');
      await runTool('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${path.join(work, pgDumpName)}`,
        `--dbname=${target.databaseUrl}`,
      ]);
      names.push(pgDumpName);
    } else {
      if (!database.dumpDataDir) throw new BackupRefused('This embedded database cannot be dumped.');
      await writeFile(path.join(work, pgliteDumpName), await database.dumpDataDir());
      names.push(pgliteDumpName);
    }
    // Files on disk: copied, unless the embedded database's folder holds them (its dump has them already).
    const storage = target.fileStorage;
    const filesDir = storage.kind === 'disk' ? storage.dir : null;
    const filesIncluded =
      filesDir !== null &&
      !(database.kind === 'pglite' && within(filesDir, target.dataDir)) &&
      !(await isEmptyDir(filesDir));
    if (filesIncluded) {
      await cp(filesDir, path.join(work, 'files'), { recursive: true });
      names.push('files');
    }
    const manifest: BackupManifest = {
      format: 1,
      made_at: now().toISOString(),
      database: database.kind,
      schema,
      schools,
      file_storage: storage.kind,
      files_included: filesIncluded,
    };
    await writeFile(path.join(work, manifestName), JSON.stringify(manifest, null, 2));
    await mkdir(path.dirname(file), { recursive: true });
    // The dumps are compressed already: the tar only puts them in one file.
    await tar.create({ file, cwd: work, portable: true }, names);
    return { manifest, bytes: (await stat(file)).size };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** What a restore did, in one line for the operator. */
export interface Restored {
  manifest: BackupManifest;
  summary: string;
}

const describe = (m: BackupManifest) =>
  `the backup of ${new Date(m.made_at).toISOString().slice(0, 16).replace('T', ' ')} UTC (${m.schools} school${m.schools === 1 ? '' : 's'})`;

/**
 * Restores a backup into an empty database: an empty embedded data directory, or an empty PostgreSQL
 * database (DATABASE_URL). A database that holds anything is refused and left as it was, and so is a
 * backup of the other kind of database (moving a school between them is the school export's work).
 */
export async function restoreBackup(file: string, target: BackupTarget): Promise<Restored> {
  if (!(await stat(file).catch(() => null))?.isFile()) throw new BackupRefused(`There is no backup file ${file}.`);
  const work = await mkdtemp(path.join(tmpdir(), 'somero-restore-'));
  try {
    await tar.extract({ file, cwd: work, strict: true, filter: (p) => !p.includes('..') }).catch((error: Error) => {
      throw new BackupRefused(`${file} is not a Somero backup (${error.message}).`);
    });
    const manifest = JSON.parse(
      await readFile(path.join(work, manifestName), 'utf8').catch(() => {
        throw new BackupRefused(`${file} is not a Somero backup: it has no ${manifestName}.`);
      }),
    ) as BackupManifest;
    if (manifest.format !== 1) throw new BackupRefused(`${file} is a backup format this release does not read.`);
    const into = target.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database !== into)
      throw new BackupRefused(
        manifest.database === 'postgres'
          ? 'This is a backup of a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database to restore it.'
          : 'This is a backup of the embedded database: unset DATABASE_URL and set DATA_DIR to an empty folder to restore it.',
      );
    const filesDir = manifest.files_included && target.fileStorage.kind === 'disk' ? target.fileStorage.dir : null;
    if (filesDir && !(await isEmptyDir(filesDir)))
      throw new BackupRefused(`The files folder ${filesDir} is not empty: restore into an empty one.`);

    let where: string;
    if (into === 'postgres') {
      const url = target.databaseUrl as string;
      await refuseNonEmptyPostgres(url);
      // One transaction: a restore that fails leaves the database empty, as it was.
      await runTool('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${url}`,
        path.join(work, pgDumpName),
      ]);
      where = `the PostgreSQL database ${new URL(url).pathname.slice(1)}`;
    } else {
      if (!(await isEmptyDir(target.dataDir)))
        throw new BackupRefused(
          `The data directory ${target.dataDir} is not empty: restore into an empty folder (DATA_DIR).`,
        );
      const unlock = lockDataDir(target.dataDir);
      try {
        const dump = await readFile(path.join(work, pgliteDumpName));
        const client = await PGlite.create(target.dataDir, { loadDataDir: new Blob([dump]) });
        await client.close();
      } finally {
        // The dump carries the lock of the server it was taken from: this folder's lock is ours.
        await rm(path.join(target.dataDir, lockName), { force: true });
        unlock();
      }
      where = target.dataDir;
    }
    if (filesDir) await cp(path.join(work, 'files'), filesDir, { recursive: true });
    const files = manifest.files_included ? ` and its files (${filesDir})` : '';
    return { manifest, summary: `Restored ${describe(manifest)} into ${where}${files}.` };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function refuseNonEmptyPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: string }>(
      `select count(*) as tables from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg_toast%'`,
    );
    const tables = Number(rows[0]?.tables ?? 0);
    if (tables > 0)
      throw new BackupRefused(
        `The PostgreSQL database ${new URL(url).pathname.slice(1)} is not empty (${tables} tables): restore into a new, empty database.`,
      );
  } finally {
    await client.end();
  }
}
