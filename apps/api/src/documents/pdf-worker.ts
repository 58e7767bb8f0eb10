// A worker thread that renders and joins PDFs (pdf-pool.ts sends what to do): the rendering, seconds of work for
// a class's report cards, never holds up the requests of the main thread.
import { parentPort } from 'node:worker_threads';
import { type OffThreadWork, offThreadWork } from './off-thread.js';

parentPort?.on('message', async ({ id, kind, args }: { id: number; kind: OffThreadWork; args: unknown[] }) => {
  try {
    const work = offThreadWork[kind] as (...a: unknown[]) => Promise<Uint8Array>;
    // A copy of its own, so the bytes move to the main thread without copying again.
    const bytes = new Uint8Array(await work(...args));
    parentPort?.postMessage({ id, bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
