import { index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { schoolTable, tenantColumns } from '../../resource.js';
import { files } from './files.js';

/**
 * Long work started by a user (printing a whole school's report cards, sending to every guardian):
 * what the screen shows while it runs. The queue itself (pg-boss, in its own schema) holds the work and
 * its retries; this row holds the progress, the outcome and the document it made.
 */
export const jobs = schoolTable(
  'jobs',
  {
    ...tenantColumns(),
    kind: text().notNull(),
    /** What the user sees: "Report cards: S4, Term 3 2026". */
    title: text().notNull(),
    /** 'queued', 'running', 'done' or 'failed'. */
    status: text().notNull().default('queued'),
    done: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    total: integer().notNull().default(0),
    message: text(),
    resultFileId: integer('result_file_id').references(() => files.id),
    resultName: text('result_name'),
    /** The user who started it (users are per school; no key, a removed user's jobs stay). */
    createdBy: integer('created_by'),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('jobs_school_user').on(t.schoolId, t.createdBy)],
);
