import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BackupRow } from '@somero/contract';
import { and, desc, eq, isNotNull, lt, ne, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { ago, now } from '../../core/dates.js';
import { type FileStore, openFileStore } from '../../core/file-store.js';
import type { Database } from '../../db/open.js';
import { schoolBackups, schools, serverBackups } from '../../db/schema.js';
import { BackupRefused, writeBackup } from './backups.js';
import { exportSchool } from './school-export.js';

/** Where the server keeps its backups: the S3 bucket under backups/ (FILE_STORAGE=s3), else BACKUP_DIR. */
export const backupStore = (config: Config): FileStore =>
  config.fileStorage.kind === 's3'
    ? openFileStore(config.fileStorage)
    : openFileStore({ kind: 'disk', dir: config.backups.dir });
const keyOf = (config: Config, file: string, schoolId: number | null = null) =>
  `${config.fileStorage.kind === 's3' ? 'backups/' : ''}${schoolId == null ? '' : `schools/${schoolId}/`}${file}`;

/**
 * Which backups: the server's of its whole database (`schoolId` null), or one school's copies of its own
 * records on a server of several schools. Both tables have the same columns (the school's adds
 * `school_id`), so one set of functions serves both.
 */
function shelf(schoolId: number | null): { table: typeof serverBackups; mine: SQL | undefined } {
  if (schoolId == null) return { table: serverBackups, mine: undefined };
  return { table: schoolBackups as unknown as typeof serverBackups, mine: eq(schoolBackups.schoolId, schoolId) };
}

/** `somero-school-4-2026-11-28-0200-17.json.gz`: a school's copy, for `npm run import-school`. */
export const schoolCopyFileName = (schoolId: number, at: Date, id: number) =>
  `somero-school-${schoolId}-${at.toISOString().slice(0, 16).replace('T', '-').replace(':', '')}-${id}.json.gz`;

/**
 * `somero-backup-2026-11-28-0200.tar`: sorts by when it was made (UTC); the server's own carry their
 * number as well (`…-0200-17.tar`), so two taken in one minute never share a name.
 */
export const backupFileName = (at: Date, id?: number) =>
  `somero-backup-${at.toISOString().slice(0, 16).replace('T', '-').replace(':', '')}${id === undefined ? '' : `-${id}`}.tar`;

/** A backup still "running" after this long died with its process: it is marked failed, and the next may run. */
const staleAfterMs = 6 * 3_600_000;
/** Failed tries kept in the list besides the kept backups. */
const failuresKept = 10;

type Row = typeof serverBackups.$inferSelect;
export const backupReply = (r: Row): BackupRow => ({
  id: r.id,
  started_at: r.startedAt.toISOString(),
  finished_at: r.finishedAt?.toISOString() ?? null,
  status: r.status,
  kind: r.kind,
  bytes: r.bytes,
  message: r.message,
});

export interface BackupDeps {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * Claims the one running backup (across every process on the database; one per school for a school's
 * copies) and starts it: answers its row, or null when another is running. `done` settles when the
 * backup is kept, or has failed (logged, and written on its row for the administrators' list).
 */
export async function startBackup(
  deps: BackupDeps,
  kind: 'scheduled' | 'manual',
  schoolId: number | null = null,
): Promise<{ row: Row; done: Promise<Row> } | null> {
  const { db } = deps.database;
  const { table, mine } = shelf(schoolId);
  await db
    .update(table)
    .set({ status: 'failed', finishedAt: now(), message: 'The server stopped while it was backing up.' })
    .where(and(mine, eq(table.status, 'running'), lt(table.startedAt, ago(staleAfterMs))));
  const [row] = await db
    .insert(table)
    .values({ kind, ...(schoolId == null ? {} : { schoolId }) })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  return { row, done: runBackup(deps, row, schoolId) };
}

async function runBackup({ database, config, log }: BackupDeps, row: Row, schoolId: number | null): Promise<Row> {
  const { db } = database;
  const { table, mine } = shelf(schoolId);
  const file =
    schoolId == null ? backupFileName(row.startedAt, row.id) : schoolCopyFileName(schoolId, row.startedAt, row.id);
  let work: string | undefined;
  try {
    work = await mkdtemp(path.join(tmpdir(), 'somero-backup-run-'));
    const local = path.join(work, file);
    let bytes: number;
    if (schoolId == null) bytes = (await writeBackup(database, config, local)).bytes;
    else {
      await exportSchool(database, config.fileStorage, schoolId, local);
      bytes = (await stat(local)).size;
    }
    const type = schoolId == null ? 'application/x-tar' : 'application/gzip';
    await backupStore(config).put(keyOf(config, file, schoolId), await readFile(local), type);
    // The older ones beyond BACKUP_KEEP go first: once this one shows as kept, the list is as it stays.
    await prune({ database, config, log }, row.id, schoolId);
    const [done] = await db
      .update(table)
      .set({ status: 'done', finishedAt: now(), file, bytes })
      .where(and(mine, eq(table.id, row.id)))
      .returning();
    log.info({ backup: row.id, bytes, kind: row.kind, school: schoolId ?? undefined }, 'Backup kept');
    return done as Row;
  } catch (error) {
    log.error({ err: error, backup: row.id, school: schoolId ?? undefined }, 'Backup failed');
    const message =
      error instanceof BackupRefused
        ? error.message
        : 'The backup could not be written: the server log says why. The previous backups are kept.';
    const [failed] = await db
      .update(table)
      .set({ status: 'failed', finishedAt: now(), message })
      .where(and(mine, eq(table.id, row.id)))
      .returning();
    return failed as Row;
  } finally {
    if (work) await rm(work, { recursive: true, force: true });
  }
}

/**
 * Keeps the last BACKUP_KEEP backups, `kept` (just written, not yet marked kept) counted among them:
 * the others' files and rows go, and all but the last few failed tries.
 */
async function prune({ database, config, log }: BackupDeps, kept: number, schoolId: number | null) {
  const { db } = database;
  const { table, mine } = shelf(schoolId);
  const old = await db
    .select()
    .from(table)
    .where(and(mine, eq(table.status, 'done'), ne(table.id, kept)))
    .orderBy(desc(table.startedAt), desc(table.id))
    .offset(config.backups.keep - 1);
  const store = backupStore(config);
  for (const r of old) {
    try {
      if (r.file) await store.remove(keyOf(config, r.file, schoolId));
      await db.delete(table).where(and(mine, eq(table.id, r.id)));
    } catch (error) {
      log.warn({ err: error, backup: r.id }, 'An old backup could not be removed');
    }
  }
  const failed = await db
    .select({ id: table.id })
    .from(table)
    .where(and(mine, eq(table.status, 'failed')))
    .orderBy(desc(table.startedAt), desc(table.id))
    .offset(failuresKept);
  for (const r of failed) await db.delete(table).where(and(mine, eq(table.id, r.id)));
}

/** The list an administrator sees: newest first. */
export async function listBackups(database: Database, schoolId: number | null = null): Promise<Row[]> {
  const { table, mine } = shelf(schoolId);
  return database.db.select().from(table).where(mine).orderBy(desc(table.startedAt), desc(table.id)).limit(30);
}

/** The latest kept backup's row number, name and bytes, or null when there is none. */
export async function latestBackupFile(database: Database, config: Config, schoolId: number | null = null) {
  const { table, mine } = shelf(schoolId);
  const [row] = await database.db
    .select()
    .from(table)
    .where(and(mine, eq(table.status, 'done'), isNotNull(table.file)))
    .orderBy(desc(table.startedAt), desc(table.id))
    .limit(1);
  if (!row?.file) return null;
  return { id: row.id, name: row.file, bytes: await backupStore(config).get(keyOf(config, row.file, schoolId)) };
}

/** When the last good backup was taken (the server's, or a school's copy), or null. */
async function lastKept(database: Database, schoolId: number | null) {
  const { table, mine } = shelf(schoolId);
  const [last] = await database.db
    .select({ at: table.startedAt })
    .from(table)
    .where(and(mine, eq(table.status, 'done')))
    .orderBy(desc(table.startedAt))
    .limit(1);
  return last?.at ?? null;
}

/** The schools on the server, when it holds several (each then gets its own copies); else none. */
export async function sharedServerSchools(database: Database): Promise<number[]> {
  const rows = await database.db.select({ id: schools.id }).from(schools).orderBy(schools.id);
  return rows.length > 1 ? rows.map((r) => r.id) : [];
}

/**
 * Backs the database up every BACKUP_HOURS: a look every ten minutes (and a minute after start) whether
 * the last good backup is that old. On a server of several schools each school's copy of its own records
 * is made on the same schedule, one school after another. With several processes, the first to claim a
 * running row takes that backup. Answers the stop.
 */
export function scheduleBackups(deps: BackupDeps, checkEveryMs = 10 * 60_000): () => void {
  const hours = deps.config.backups.everyHours;
  if (!(hours > 0)) return () => {};
  let busy = false;
  let stopped = false;
  const due = async (schoolId: number | null) => {
    const last = await lastKept(deps.database, schoolId);
    return !last || now().getTime() - last.getTime() >= hours * 3_600_000;
  };
  const check = async () => {
    if (busy) return;
    busy = true;
    try {
      if (await due(null)) await (await startBackup(deps, 'scheduled'))?.done;
      for (const schoolId of await sharedServerSchools(deps.database)) {
        if (stopped) break;
        if (await due(schoolId)) await (await startBackup(deps, 'scheduled', schoolId))?.done;
      }
    } catch (error) {
      deps.log.error({ err: error }, 'The backup schedule failed');
    } finally {
      busy = false;
    }
  };
  const first = setTimeout(() => void check(), Math.min(60_000, checkEveryMs));
  const timer = setInterval(() => void check(), checkEveryMs);
  first.unref();
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
  };
}
