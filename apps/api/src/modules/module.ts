import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Serve } from '../core/http.js';
import type { Jobs } from '../core/jobs.js';
import type { Mailer } from '../core/mail.js';
import type { SchoolScope } from '../core/scope.js';
import type { Database } from '../db/open.js';

/** What every area's routes get: the core's `serve` and the shared services. */
export interface ModuleContext {
  app: FastifyInstance;
  serve: Serve;
  database: Database;
  config: Config;
  mailer: Mailer;
  /** Long work off the request path: an area defines its kinds of job, a call starts one. */
  jobs: Jobs;
  /**
   * Each student's whole fees balance (arrears included; negative is credit), from the fees ledger.
   * Given here rather than imported, so the areas fees itself reads (students) can ask for it too.
   */
  feesBalances: (scope: SchoolScope, studentIds: number[]) => Promise<Map<number, number>>;
}
