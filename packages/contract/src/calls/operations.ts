import { z } from 'zod';
import { defineCall } from '../call.js';

/** The process is up: for a load balancer or a watchdog, answered without touching the database. */
export const health = defineCall({
  method: 'GET',
  path: 'health',
  access: 'public',
  summary: 'The server process is up (no database asked): { status: "ok" }',
  input: z.object({}).passthrough(),
  output: z.object({ status: z.literal('ok') }),
  bare: true,
});

/**
 * Ready to serve: the database answers, its schema is this release's, and the job queue runs. 200 when
 * all three hold; 503 with the same body, naming what does not, otherwise.
 */
export const ready = defineCall({
  method: 'GET',
  path: 'ready',
  access: 'public',
  summary: 'Ready to serve: the database answers, migrations are current, the job queue runs (503 when not)',
  input: z.object({}).passthrough(),
  output: z.object({
    status: z.enum(['ready', 'not ready']),
    database: z.boolean(),
    migrations: z.boolean(),
    jobs: z.boolean(),
  }),
  bare: true,
});

/** One backup the server took of its whole database: when, how big, and whether it worked. */
export const backupRow = z.object({
  id: z.number(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  status: z.enum(['running', 'done', 'failed']),
  /** Taken on the schedule, or asked for by an administrator. */
  kind: z.enum(['scheduled', 'manual']),
  bytes: z.number().nullable(),
  /** Why it failed, in words for an administrator. */
  message: z.string().nullable(),
});
export type BackupRow = z.infer<typeof backupRow>;

/**
 * The server's last backups (newest first) with its schedule. Only on a server that holds one school
 * (a school's own server): on a shared server the operator keeps the backups (202, saying so).
 */
export const backups = defineCall({
  method: 'GET',
  path: 'backups',
  access: 'admin',
  summary: "The server's last backups of its database (newest first) and its backup schedule",
  input: z.object({}).passthrough(),
  output: z.object({
    backups: z.array(backupRow),
    /** Hours between scheduled backups (0: none are scheduled) and how many are kept. */
    every_hours: z.number(),
    keep: z.number(),
  }),
});

/** Takes a backup now, in the background: the list shows it running, then done or failed. */
export const backupNow = defineCall({
  method: 'POST',
  path: 'backups',
  access: 'admin',
  summary: 'Starts a backup of the whole database now (202 when one is already running)',
  input: z.object({}).strict(),
  output: backupRow,
});

/** The latest successful backup's file, to keep somewhere other than the server. */
export const latestBackup = defineCall({
  method: 'GET',
  path: 'backups/latest',
  access: 'admin',
  summary: 'Downloads the latest successful backup (one .tar file for `npm run restore`)',
  input: z.object({}).passthrough(),
  output: z.unknown(),
  file: 'backup',
});
