import { jobs } from '@somero/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { afterCommit, apartFromRequest, type Database } from '../db/open.js';
import { now } from './dates.js';
import { saveFile } from './files.js';
import { type Actor, SchoolScope } from './scope.js';

/**
 * Makes a queue unless it exists. pg-boss makes a table per queue; two processes starting on one database
 * at the same moment (test workers, or two servers) can deadlock making the same queues: the statement
 * chosen as the victim is tried again.
 */
async function ensureQueue(boss: PgBoss, name: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await boss.getQueue(name))) await boss.createQueue(name);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** What a job's work gets: the school and the user who started it, its data, and a way to show progress. */
export interface JobContext<D> {
  scope: SchoolScope;
  data: D;
  /** The figures the screen shows ("120 of 600 cards"); written as the work goes. */
  progress(done: number, total?: number, failed?: number): Promise<void>;
}

/** What finished work leaves: a document to open, and a sentence for the screen. */
export interface JobOutcome {
  file?: { bytes: Uint8Array; mime: string; name: string };
  message?: string;
}

export type JobHandler<D> = (ctx: JobContext<D>) => Promise<JobOutcome | undefined>;

/**
 * Runs once when a job has failed for good (its last attempt threw, or its worker died and it expired):
 * it settles what the work left half done and answers the sentence the screen shows.
 */
export type JobSettle<D> = (ctx: { scope: SchoolScope; data: D }) => Promise<string | undefined>;

export interface JobKindOptions<D> {
  /** Attempts after the first (2 unless the kind says). */
  retryLimit?: number;
  /** Seconds before the first retry (10 unless the kind says); each later one waits about twice as long. */
  retryDelay?: number;
  settle?: JobSettle<D>;
}

interface QueuedWork {
  jobId: number;
  schoolId: number;
  actor: Actor;
  data: unknown;
}

/**
 * A failed attempt is tried again (twice unless the kind says), 10 s then 20 s later; a dead worker's job
 * expires and is retried. A job that fails for good goes to the kind's `.failed` queue to be settled.
 */
const sendOptions = { retryDelay: 10, retryBackoff: true, expireInSeconds: 30 * 60 } as const;

/** How often an idle worker looks for work (a tenth of a core on the embedded database at 0.5 s). */
const pollSeconds = 2;

const failedMessage = 'It stopped with an error. Start it again; if it fails again, tell us.';

/**
 * Long work off the request path: a queue kept in the database (pg-boss, in its own schema), on
 * PostgreSQL and on the embedded database alike, so queued work survives a restart and is retried. The
 * request answers at once with the job's id; the screen polls `GET jobs/{id}` for the progress.
 */
export class Jobs {
  private readonly handlers = new Map<
    string,
    { handler: JobHandler<never>; retryLimit: number; retryDelay: number; settle?: JobSettle<never> }
  >();
  private running?: Promise<PgBoss>;
  /** The queue, once started. */
  private ready?: PgBoss;
  /** This server's worker of each kind, woken when work of its kind is queued here. */
  private readonly workers = new Map<string, string>();

  /** `queue` prefixes the queue names: the tests of different files share one PostgreSQL database. */
  constructor(
    private readonly database: Database,
    private readonly queue: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** An area declares the work of one kind of job (at start-up, before any is queued). */
  define<D>(kind: string, handler: JobHandler<D>, options: JobKindOptions<D> = {}): void {
    this.handlers.set(kind, {
      handler: handler as JobHandler<never>,
      retryLimit: options.retryLimit ?? 2,
      retryDelay: options.retryDelay ?? sendOptions.retryDelay,
      settle: options.settle as JobSettle<never> | undefined,
    });
  }

  /** Queues work for the caller's school and answers the job's id at once (the row the screen follows). */
  async start<D>(scope: SchoolScope, kind: string, title: string, data: D): Promise<number> {
    const defined = this.handlers.get(kind);
    if (!defined) throw new Error(`No job of kind ${kind} is defined`);
    const job = await scope.transaction(async (tx) => {
      const [row] = await tx.db
        .insert(jobs)
        .values({ schoolId: tx.schoolId, kind, title, createdBy: scope.actor.userId })
        .returning();
      await tx.audit({ action: 'create', module: 'jobs', entity: 'jobs', entityId: row.id, after: { kind, title } });
      return row;
    });
    const work: QueuedWork = { jobId: job.id, schoolId: scope.schoolId, actor: scope.actor, data };
    const send = async (boss: PgBoss) => {
      await boss.send(this.queueName(kind), work as object, {
        ...sendOptions,
        retryLimit: defined.retryLimit,
        retryDelay: defined.retryDelay,
        // A job that fails for good (its last attempt threw, or it expired) lands here and is settled.
        deadLetter: this.deadName(kind),
      });
      // This server's worker takes it now rather than at its next look (another server's may take it first),
      // once the request that queued it has committed.
      const worker = this.workers.get(kind);
      if (worker) afterCommit(() => apartFromRequest(() => boss.notifyWorker(worker)));
    };
    // Queued in the request's transaction: it runs only if the request answers. A queue not started yet (its
    // first job since the server started) is started once the request has committed (the embedded database
    // has one connection, which the request holds until then), and the work queued then.
    if (this.ready) await send(this.ready);
    else
      afterCommit(() => {
        this.run()
          .then(send)
          .catch((error: unknown) => this.log.error({ err: error, jobId: job.id }, 'The job could not be queued'));
      });
    return job.id;
  }

  /** Starts the queue and its workers (once); the server calls it at start-up to resume queued work. */
  run(): Promise<PgBoss> {
    // Its workers live on after the request that may start it: apart from that request's transaction.
    this.running ??= apartFromRequest(() => this.open()).then(
      (boss) => {
        this.ready = boss;
        return boss;
      },
      (error) => {
        this.running = undefined;
        throw error;
      },
    );
    return this.running;
  }

  /** Whether the queue has started and its workers run (the readiness check asks). */
  async started(): Promise<boolean> {
    if (!this.running) return false;
    return this.running.then(
      () => true,
      () => false,
    );
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    const boss = await this.running.catch(() => undefined);
    this.running = undefined;
    this.ready = undefined;
    this.workers.clear();
    await boss?.stop({ graceful: false, wait: true, close: false });
  }

  private queueName(kind: string) {
    return `${this.queue}.${kind}`;
  }

  private deadName(kind: string) {
    return `${this.queue}.${kind}.failed`;
  }

  private async open(): Promise<PgBoss> {
    const boss = new PgBoss({
      db: { executeSql: (text, values) => this.database.executeSql(text, values) },
      schema: 'pgboss',
      // No cron schedules; the embedded database answers one statement at a time: light upkeep.
      schedule: false,
      maintenanceIntervalSeconds: 300,
    });
    boss.on('error', (error) => this.log.error({ err: error }, 'Job queue error'));
    await boss.start();
    for (const kind of this.handlers.keys()) {
      const name = this.queueName(kind);
      await ensureQueue(boss, this.deadName(kind));
      await ensureQueue(boss, name);
      // Work queued here wakes this server's worker at once (start); every two seconds each worker also looks
      // for work queued by another server, a retry come due, or a job failed for good to settle.
      const worker = await boss.work<QueuedWork>(
        name,
        { includeMetadata: true, pollingIntervalSeconds: pollSeconds },
        async ([job]) => this.perform(kind, job),
      );
      this.workers.set(kind, worker);
      await boss.work<QueuedWork>(this.deadName(kind), { pollingIntervalSeconds: pollSeconds }, async ([job]) =>
        this.settle(kind, job.data),
      );
    }
    return boss;
  }

  private async perform(kind: string, job: PgBoss.JobWithMetadata<QueuedWork>): Promise<void> {
    const { jobId, schoolId, actor, data } = job.data;
    const scope = new SchoolScope(this.database.db, schoolId, actor);
    const mine = and(eq(jobs.schoolId, schoolId), eq(jobs.id, jobId));
    const set = (values: Partial<typeof jobs.$inferInsert>) =>
      this.database.db
        .update(jobs)
        .set({ ...values, updatedAt: now() })
        .where(mine);
    // Written only while the row is still this attempt's: a worker that outlived its job's expiry
    // (its job failed and settled meanwhile) must not turn it back into done or queued.
    const setIfRunning = (values: Partial<typeof jobs.$inferInsert>) =>
      this.database.db
        .update(jobs)
        .set({ ...values, updatedAt: now() })
        .where(and(mine, eq(jobs.status, 'running')));
    const handler = this.handlers.get(kind)?.handler as JobHandler<unknown>;
    await set({ status: 'running', message: job.retryCount > 0 ? 'Trying again after an error' : null });
    try {
      const outcome = await handler({
        scope,
        data,
        progress: (done, total, failed) =>
          set({ done, ...(total === undefined ? {} : { total }), failed }).then(() => {}),
      });
      const fileId = outcome?.file
        ? await saveFile(scope, 'job_result', { bytes: outcome.file.bytes, mime: outcome.file.mime })
        : null;
      await setIfRunning({
        status: 'done',
        message: outcome?.message ?? null,
        resultFileId: fileId,
        resultName: outcome?.file?.name ?? null,
        finishedAt: now(),
      });
    } catch (error) {
      this.log.error({ err: error, jobId, schoolId, kind }, 'Job failed');
      // The last attempt's failure is written by `settle`, once its kind has settled what is left
      // (a job queued before dead letters were used has none: it says failed here).
      if (job.retryCount < job.retryLimit)
        await setIfRunning({
          status: 'queued',
          message: 'It stopped with an error; it will be tried again in a moment.',
        });
      else if (!job.deadLetter) await setIfRunning({ status: 'failed', message: failedMessage, finishedAt: now() });
      throw error;
    }
  }

  /** A job failed for good: its kind settles what is left, and the row says failed (unless it finished). */
  private async settle(kind: string, work: QueuedWork): Promise<void> {
    const { jobId, schoolId, actor, data } = work;
    const scope = new SchoolScope(this.database.db, schoolId, actor);
    const message = await this.handlers.get(kind)?.settle?.({ scope, data: data as never });
    await this.database.db
      .update(jobs)
      .set({
        status: 'failed',
        message: message ?? failedMessage,
        finishedAt: now(),
        updatedAt: now(),
      })
      .where(and(eq(jobs.schoolId, schoolId), eq(jobs.id, jobId), ne(jobs.status, 'done')));
  }
}
