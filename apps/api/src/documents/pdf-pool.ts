import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
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
}

/**
 * A worker per core (four at most): rendering is the bulk of printing cards, and the requests still get
 * their share of the cores from the system's scheduler (the benchmark prints how long they wait).
 */
const size = Math.max(1, Math.min(4, availableParallelism()));
// The worker is the file beside this one, TypeScript under tsx and the tests, JavaScript once built.
const workerFile = new URL(`./pdf-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);
const slots: Slot[] = [];
const waiting: Task[] = [];
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
  const slot: Slot = { worker, task: null };
  worker.unref();
  worker.on('message', (reply: { id: number; bytes?: Uint8Array; error?: string }) => {
    const task = slot.task;
    if (!task || task.id !== reply.id) return;
    slot.task = null;
    worker.unref();
    if (reply.bytes) task.resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
    else task.reject(new Error(`PDF rendering failed: ${reply.error}`));
    next();
  });
  const lost = (error: Error) => {
    slots.splice(slots.indexOf(slot), 1);
    slot.task?.reject(error);
    slot.task = null;
    next();
  };
  worker.on('error', lost);
  worker.on('exit', (code) => {
    if (slots.includes(slot)) lost(new Error(`The PDF worker stopped (${code})`));
  });
  slots.push(slot);
  return slot;
}

function next() {
  while (waiting.length) {
    const free = slots.find((s) => s.task === null) ?? (slots.length < size ? spawn() : undefined);
    if (!free) return;
    const task = waiting.shift() as Task;
    free.task = task;
    // Held open while it works (a script waiting for its PDF must not end), let go when idle.
    free.worker.ref();
    try {
      free.worker.postMessage({ id: task.id, kind: task.kind, args: task.args });
    } catch (error) {
      // What cannot be sent (a function in the data) fails this document only.
      free.task = null;
      free.worker.unref();
      task.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

/**
 * Builds and renders a document (pdfmake, as `renderPdf`), or joins PDFs, in a worker thread, so a long
 * document (a class's or a school's report cards) leaves the event loop free for other requests.
 */
export function renderPdfOffThread<K extends OffThreadWork>(
  kind: K,
  ...args: Parameters<(typeof offThreadWork)[K]>
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    serial += 1;
    waiting.push({ id: serial, kind, args, resolve, reject });
    next();
  });
}

/** Stops the workers (the app's close). */
export async function stopPdfWorkers() {
  const all = slots.splice(0);
  await Promise.all(all.map((s) => s.worker.terminate()));
}
