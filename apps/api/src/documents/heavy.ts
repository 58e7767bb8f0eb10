import type { FastifyReply } from 'fastify';
import { HttpError, Refusal } from '../core/errors.js';
import type { DemandNote } from './demand-notes.js';
import type { OffThreadWork } from './off-thread.js';
import type { Payslip } from './payslips.js';
import { renderOffThread, type WorkArgs } from './pdf-pool.js';
import type { IdCard, SchoolForDocuments } from './types.js';

/** What a school is told when it asks for more heavy documents than it may have at once. */
export const schoolBusy = 'This school is already printing; try again in a minute.';

/** How many heavy documents a school has made at once (per server process), and how many more may wait. */
export interface HeavyLimits {
  running: number;
  waiting: number;
}
export const heavyLimits: HeavyLimits = { running: 2, waiting: 4 };

interface SchoolJobs {
  running: number;
  waiting: (() => void)[];
}

/**
 * The limit of heavy documents per school: `running` at once, `waiting` more in line (each starts when one
 * before it ends, in the order asked), any more refused with `schoolBusy` (202). Another school's documents
 * never wait here; in the workers the schools take turns (fair-queue.ts).
 */
export class HeavyJobs {
  private readonly schools = new Map<number, SchoolJobs>();

  constructor(readonly limits: HeavyLimits = heavyLimits) {}

  /** A school's documents being made and waiting. */
  of(school: number) {
    const jobs = this.schools.get(school);
    return { running: jobs?.running ?? 0, waiting: jobs?.waiting.length ?? 0 };
  }

  async run<T>(school: number, work: () => Promise<T>): Promise<T> {
    let jobs = this.schools.get(school);
    if (!jobs) {
      jobs = { running: 0, waiting: [] };
      this.schools.set(school, jobs);
    }
    if (jobs.running < this.limits.running) jobs.running += 1;
    else if (jobs.waiting.length < this.limits.waiting) {
      // The job that ends hands its place over (running stays counted).
      const mine = jobs;
      await new Promise<void>((start) => mine.waiting.push(start));
    } else throw new Refusal(schoolBusy);
    try {
      return await work();
    } finally {
      const next = jobs.waiting.shift();
      if (next) next();
      else {
        jobs.running -= 1;
        if (jobs.running === 0) this.schools.delete(school);
      }
    }
  }
}

// One limit per app (a test process runs several apps, each on a database of its own, whose school ids repeat).
const perApp = new WeakMap<object, HeavyJobs>();

/** The limit of heavy documents of the app that serves `reply`. */
export function heavyJobsOf(app: object): HeavyJobs {
  let jobs = perApp.get(app);
  if (!jobs) {
    jobs = new HeavyJobs();
    perApp.set(app, jobs);
  }
  return jobs;
}

/** Renders a kind of document in the workers, as part of the caller's job. */
export type Render = <K extends OffThreadWork>(kind: K, ...args: WorkArgs<K>) => Promise<Buffer>;

function schoolOf(reply: FastifyReply): number {
  const caller = reply.request.caller;
  if (!caller) throw new HttpError(401, 'Please sign in.');
  return caller.schoolId;
}

/** Rendering in the workers as one job of `school`'s, outside any limit (a job of the queue, an e-mail's card). */
export function renderFor(school: unknown): Render {
  const key = { school, job: {} };
  return (kind, ...args) => renderOffThread(key, kind, ...args);
}

/**
 * A heavy document (ID cards, demand notes, payslips, a long report or export): reads and renders within the
 * school's limit (`HeavyJobs`), rendering in the workers through `render`, off the request thread.
 */
export function heavyJob<T>(reply: FastifyReply, work: (render: Render) => Promise<T>): Promise<T> {
  const school = schoolOf(reply);
  return heavyJobsOf(reply.server).run(school, () => work(renderFor(school)));
}

/**
 * A document in the workers: `heavy` (a long list) within the school's limit, else at once (a short export
 * waits for no school's printing, its own included).
 */
export function renderDocument<K extends OffThreadWork>(
  reply: FastifyReply,
  heavy: boolean,
  kind: K,
  ...args: WorkArgs<K>
): Promise<Buffer> {
  if (heavy) return heavyJob(reply, (render) => render(kind, ...args));
  return renderFor(schoolOf(reply))(kind, ...args);
}

/** Lets the requests waiting on the event loop in before the next step (`setImmediate`). */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A read of many ids in batches of `size`, letting other requests in between: the embedded database runs its
 * queries on this thread, so one read of a whole school's photos held every request for a second or more.
 */
export async function readInBatches<I, K, V>(
  ids: I[],
  size: number,
  read: (batch: I[]) => Promise<Map<K, V>>,
): Promise<Map<K, V>> {
  const all = new Map<K, V>();
  for (let from = 0; from < ids.length; from += size) {
    if (from) await breathe();
    for (const [key, value] of await read(ids.slice(from, from + size))) all.set(key, value);
  }
  return all;
}

/** Rows of a table from which an export or a report is a heavy document (about a tenth of a second of drawing). */
export const heavyRows = 300;

/**
 * A long PDF drawn in parts of `size` side by side in the workers (a page never spans two parts: `size` is a
 * whole number of pages), then joined in a worker: the pages and text are the same as one document's, and
 * another school's work gets a worker between two parts.
 */
async function inParts<T>(render: Render, items: T[], size: number, part: (items: T[]) => Promise<Buffer>) {
  if (items.length <= size) return part(items);
  const parts: Promise<Buffer>[] = [];
  for (let from = 0; from < items.length; from += size) parts.push(part(items.slice(from, from + size)));
  return render('mergePdfs', await Promise.all(parts));
}

/** Ten ID cards to a page: ten pages a part. */
export const idCardsPart = 100;
/** One demand note to a page (a long one may take two). */
export const demandNotesPart = 50;
/** Two or four payslips to a page. */
export const payslipsPart = 40;

/** Student ID cards (`idCardsPdf`), in the workers. */
export function idCardsInWorkers(render: Render, school: SchoolForDocuments, cards: IdCard[], size = idCardsPart) {
  return inParts(render, cards, size, (part) => render('idCards', school, part));
}

/** Demand notes (`demandNotesPdf`), in the workers. */
export function demandNotesInWorkers(
  render: Render,
  school: SchoolForDocuments,
  notes: DemandNote[],
  instructions: string | null,
  dueOn: string | null,
  size = demandNotesPart,
) {
  return inParts(render, notes, size, (part) => render('demandNotes', school, part, instructions, dueOn));
}

/** Payslips (`payslipsPdf`), in the workers. */
export function payslipsInWorkers(
  render: Render,
  school: SchoolForDocuments,
  slips: Payslip[],
  perPage: 2 | 4,
  size = payslipsPart,
) {
  return inParts(render, slips, size, (part) => render('payslips', school, part, perPage));
}
