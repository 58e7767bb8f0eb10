import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BackupRow } from '@somero/contract';
import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { type FileStore, openFileStore } from '../../core/file-store.js';
import type { Database } from '../../db/open.js';
import { serverBackups } from '../../db/schema.js';
import { BackupRefused, writeBackup } from './backups.js';

/** Where the server keeps its backups: the S3 bucket under backups/ (FILE_STORAGE=s3), else BACKUP_DIR. */
export const backupStore = (config: Config): FileStore =>
  config.fileStorage.kind === 's3'
    ? openFileStore(config.fileStorage)
    : openFileStore({ kind: 'disk', dir: config.backups.dir });
const keyOf = (config: Config, file: string) => (config.fileStorage.kind === 's3' ? `backups/${file}` : file);

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
 * Claims the one running backup (across every process on the database) and starts it: answers its row,
 * or null when another is running. `done` settles when the backup is kept, or has failed (logged, and
 * written on its row for the administrators' list).
 */
export async function startBackup(
  deps: BackupDeps,
  kind: 'scheduled' | 'manual',
): Promise<{ row: Row; done: Promise<Row> } | null> {
  const { db } = deps.database;
  await db
    .update(serverBackups)
    .set({ status: 'failed', finishedAt: new Date(), message: 'The server stopped while it was backing up.' })
    .where(and(eq(serverBackups.status, 'running'), lt(serverBackups.startedAt, new Date(Date.now() - staleAfterMs))));
  const [row] = await db.insert(serverBackups).values({ kind }).onConflictDoNothing().returning();
  if (!row) return null;
  return { row, done: runBackup(deps, row) };
}

async function runBackup({ database, config, log }: BackupDeps, row: Row): Promise<Row> {
  const { db } = database;
  const file = backupFileName(row.startedAt, row.id);
  let work: string | undefined;
  try {
    work = await mkdtemp(path.join(tmpdir(), 'somero-backup-run-'));
    const local = path.join(work, file);
    const { bytes } = await writeBackup(database, config, local);
    await backupStore(config).put(keyOf(config, file), await readFile(local), 'application/x-tar');
    // The older ones beyond BACKUP_KEEP go first: once this one shows as kept, the list is as it stays.
    await prune({ database, config, log }, row.id);
    const [done] = await db
      .update(serverBackups)
      .set({ status: 'done', finishedAt: new Date(), file, bytes })
      .where(eq(serverBackups.id, row.id))
      .returning();
    log.info({ backup: row.id, bytes, kind: row.kind }, 'Backup kept');
    return done as Row;
  } catch (error) {
    log.error({ err: error, backup: row.id }, 'Backup failed');
    const message =
      error instanceof BackupRefused
        ? error.message
        : 'The backup could not be written: the server log says why. The previous backups are kept.';
    const [failed] = await db
      .update(serverBackups)
      .set({ status: 'failed', finishedAt: new Date(), message })
      .where(eq(serverBackups.id, row.id))
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
async function prune({ database, config, log }: BackupDeps, kept: number) {
  const { db } = database;
  const old = await db
    .select()
    .from(serverBackups)
    .where(and(eq(serverBackups.status, 'done'), ne(serverBackups.id, kept)))
    .orderBy(desc(serverBackups.startedAt), desc(serverBackups.id))
    .offset(config.backups.keep - 1);
  const store = backupStore(config);
  for (const r of old) {
    try {
      if (r.file) await store.remove(keyOf(config, r.file));
      await db.delete(serverBackups).where(eq(serverBackups.id, r.id));
    } catch (error) {
      log.warn({ err: error, backup: r.id }, 'An old backup could not be removed');
    }
  }
  await db.execute(sql`
    delete from server_backups where status = 'failed' and id not in (
      select id from server_backups where status = 'failed' order by started_at desc, id desc limit ${failuresKept})`);
}

/** The list an administrator sees: newest first. */
export async function listBackups(database: Database): Promise<Row[]> {
  return database.db
    .select()
    .from(serverBackups)
    .orderBy(desc(serverBackups.startedAt), desc(serverBackups.id))
    .limit(30);
}

/** The latest kept backup's name and bytes, or null when there is none. */
export async function latestBackupFile(database: Database, config: Config) {
  const [row] = await database.db
    .select()
    .from(serverBackups)
    .where(eq(serverBackups.status, 'done'))
    .orderBy(desc(serverBackups.startedAt), desc(serverBackups.id))
    .limit(1);
  if (!row?.file) return null;
  return { name: row.file, bytes: await backupStore(config).get(keyOf(config, row.file)) };
}

/**
 * Backs the database up every BACKUP_HOURS: a look every ten minutes (and a minute after start) whether
 * the last good backup is that old. With several processes, the first to claim the running row takes it.
 * Answers the stop.
 */
export function scheduleBackups(deps: BackupDeps, checkEveryMs = 10 * 60_000): () => void {
  const hours = deps.config.backups.everyHours;
  if (!(hours > 0)) return () => {};
  let busy = false;
  const check = async () => {
    if (busy) return;
    busy = true;
    try {
      const [last] = await deps.database.db
        .select({ at: serverBackups.startedAt })
        .from(serverBackups)
        .where(eq(serverBackups.status, 'done'))
        .orderBy(desc(serverBackups.startedAt))
        .limit(1);
      if (last && Date.now() - last.at.getTime() < hours * 3_600_000) return;
      await (await startBackup(deps, 'scheduled'))?.done;
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
    clearTimeout(first);
    clearInterval(timer);
  };
}
