// A worker thread that builds documents and joins PDFs (pdf-pool.ts sends what to do): the rendering, seconds of
// work for a school's ID cards or a class's report cards, never holds up the requests of the main thread.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { setClock } from '@somero/contract';
import { type OffThreadWork, offThreadWork } from './off-thread.js';

// Below the request thread: on a busy machine the requests get the cores first (Linux gives each thread a nice
// value of its own; its id is /proc/thread-self's last part). Elsewhere the worker runs at the process's priority.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
} catch {
  // Not Linux, or not allowed: no change.
}

parentPort?.on(
  'message',
  async ({ id, kind, args, now }: { id: number; kind: OffThreadWork; args: unknown[]; now: number }) => {
    try {
      // The document is made at the moment it was asked for, by the server's clock.
      setClock({ now: () => new Date(now) });
      const work = offThreadWork[kind] as (...a: unknown[]) => Promise<Uint8Array>;
      // A copy of its own, so the bytes move to the main thread without copying again.
      const bytes = new Uint8Array(await work(...args));
      parentPort?.postMessage({ id, bytes }, [bytes.buffer]);
    } catch (error) {
      parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  },
);
