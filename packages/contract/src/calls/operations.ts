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

/** One backup (of the whole database, or a school's copy of its records): when, how big, and whether it worked. */
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
 * The last backups (newest first) with the schedule: on a school's own server (one school) the server's
 * backups of its whole database; on a server of several schools the caller's school's copies of its own
 * records (`of`), the whole database being the operator's.
 */
export const backups = defineCall({
  method: 'GET',
  path: 'backups',
  access: 'admin',
  summary: "The last backups (newest first): the server's, or on a shared server the school's own copies",
  input: z.object({}).passthrough(),
  output: z.object({
    of: z.enum(['server', 'school']),
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
  summary: "Starts a backup now: the whole database, or on a shared server the school's copy (202 when one is running)",
  input: z.object({}).strict(),
  output: backupRow,
});

/**
 * The latest successful backup's file, to keep somewhere other than the server. It holds every record of the
 * school, so the administrator's password is asked again (a wrong one counts against the sign-in limits), and
 * each download leaves an audit row naming the file.
 */
export const latestBackup = defineCall({
  method: 'POST',
  path: 'backups/latest',
  access: 'admin',
  summary:
    "Downloads the latest successful backup, given the administrator's password again (.tar for `npm run restore`; a school copy for `npm run import-school`)",
  input: z.object({ password: z.string().min(1, 'Enter your password').max(200) }).strict(),
  output: z.unknown(),
  file: 'backup',
});
