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
