import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { now } from '../core/dates.js';
import { FairQueue } from './fair-queue.js';
import type { OffThreadWork, offThreadWork } from './off-thread.js';

interface Task {
  id: number;
  kind: OffThreadWork;
  args: unknown[];
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
}
interface Slot {
  worker: Worker;
  task: Task | null;
  school: unknown;
  /** Stopped (the app closed) while it worked: it ends once its task is answered. */
  retiring: boolean;
}

/** Whose work a task is: the pool takes schools in turn, and a school's jobs in turn (fair-queue.ts). */
export interface WorkKey {
  /** The school (its id; only the order of waiting work hangs on it). */
  school: unknown;
  /** The job the task is part of (a request's own object): a school's jobs take turns. */
  job: unknown;
}

/** The arguments of a kind of work. */
export type WorkArgs<K extends OffThreadWork> = Parameters<(typeof offThreadWork)[K]>;

/**
 * A worker per core (four at most). The workers run below the request thread's priority (pdf-worker.ts), so
 * the requests get the cores first and documents take what is left.
 */
const size = Math.max(1, Math.min(4, availableParallelism()));
// The worker is the file beside this one, TypeScript under tsx and the tests, JavaScript once built.
const workerFile = new URL(`./pdf-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);
const slots: Slot[] = [];
const waiting = new FairQueue<Task>();
let serial = 0;

function spawn(): Slot {
  // TypeScript (tsx and the tests): the worker loads its file through tsx's loader, which a worker
  // thread does not inherit.
  const worker = workerFile.pathname.endsWith('.ts')
    ? new Worker(
        `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(workerFile.href)}, ${JSON.stringify(workerFile.href)}))`,
        { eval: true },
      )
    : new Worker(workerFile);
  const slot: Slot = { worker, task: null, school: undefined, retiring: false };
  worker.unref();
  worker.on('message', (reply: { id: number; bytes?: Uint8Array; error?: string }) => {
    const task = slot.task;
    if (!task || task.id !== reply.id) return;
    free(slot);
    if (reply.bytes) task.resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
    else task.reject(new Error(`Document rendering failed: ${reply.error}`));
    next();
  });
  const lost = (error: Error) => {
    slots.splice(slots.indexOf(slot), 1);
    const task = slot.task;
    if (task) {
      free(slot);
      task.reject(error);
    }
    next();
  };
  worker.on('error', lost);
  worker.on('exit', (code) => {
    if (slots.includes(slot)) lost(new Error(`The document worker stopped (${code})`));
  });
  slots.push(slot);
  return slot;
}

/** The slot's task is over: its school has one running less; a retiring worker goes. */
function free(slot: Slot) {
  slot.task = null;
  waiting.done(slot.school);
  slot.worker.unref();
  if (slot.retiring) {
    slots.splice(slots.indexOf(slot), 1);
    void slot.worker.terminate();
  }
}

function next() {
  while (waiting.size) {
    const slot = slots.find((s) => s.task === null) ?? (slots.length < size ? spawn() : undefined);
    if (!slot) return;
    const { school, item: task } = waiting.take() as { school: unknown; item: Task };
    slot.task = task;
    slot.school = school;
    // Held open while it works (a script waiting for its PDF must not end), let go when idle.
    slot.worker.ref();
    try {
      // The worker's documents read the server's clock (a receipt's "issued", a demand note's date): the
      // moment the work was asked for travels with it.
      slot.worker.postMessage({ id: task.id, kind: task.kind, args: task.args, now: now().getTime() });
    } catch (error) {
      // What cannot be sent (a function in the data) fails this document only.
      free(slot);
      task.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

/**
 * Builds and renders a document (a PDF, a spreadsheet), or joins PDFs, in a worker thread, so a long document
 * leaves the event loop free for other requests. `key` says whose it is: waiting work is taken school by school.
 */
export function renderOffThread<K extends OffThreadWork>(key: WorkKey, kind: K, ...args: WorkArgs<K>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    serial += 1;
    waiting.push(key.school, key.job, { id: serial, kind, args, resolve, reject });
    next();
  });
}

/** `renderOffThread` for work of no school in particular. */
export function renderPdfOffThread<K extends OffThreadWork>(kind: K, ...args: WorkArgs<K>): Promise<Buffer> {
  return renderOffThread({ school: null, job: null }, kind, ...args);
}

/**
 * Stops the workers (the app's close): the idle ones now, a busy one once its document is answered (the workers
 * are the process's, shared by every app in it).
 */
export async function stopPdfWorkers() {
  for (const slot of slots) slot.retiring = true;
  const idle = slots.filter((s) => s.task === null);
  for (const slot of idle) slots.splice(slots.indexOf(slot), 1);
  await Promise.all(idle.map((s) => s.worker.terminate()));
}
