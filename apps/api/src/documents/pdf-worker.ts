// A worker thread that renders PDFs (pdf-pool.ts sends what to build): the rendering, seconds of work for
// a class's report cards, never holds up the requests of the main thread.
import { parentPort } from 'node:worker_threads';
import { type OffThreadDocument, offThreadDocuments } from './off-thread.js';
import { renderPdf } from './pdf.js';

parentPort?.on('message', async ({ id, kind, args }: { id: number; kind: OffThreadDocument; args: unknown[] }) => {
  try {
    const build = offThreadDocuments[kind] as (...a: unknown[]) => Parameters<typeof renderPdf>[0];
    // A copy of its own, so the bytes move to the main thread without copying again.
    const bytes = new Uint8Array(await renderPdf(build(...args)));
    parentPort?.postMessage({ id, bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
