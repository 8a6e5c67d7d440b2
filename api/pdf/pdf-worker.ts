// A PDF worker thread: one job at a time from the pool (./pool.ts), answered with the
// PDF's bytes or the error's message. The server's bundle runs it as plain JavaScript
// (scripts/server-build.mjs: .tmp/server/pdf-worker.mjs); from the sources, ./worker.mjs
// loads it through tsx.
import { parentPort } from 'node:worker_threads';
import { renderJob, type PdfJob } from './jobs';

const port = parentPort!;
port.on('message', async ({ id, job }: { id: number; job: PdfJob }) => {
  try {
    const pdf = await renderJob(job);
    // Copied, not transferred: a small Buffer may sit in Node's shared pool.
    port.postMessage({ id, pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength) });
  } catch (e) {
    port.postMessage({ id, error: String((e as Error | null)?.message ?? e) });
  }
});
port.postMessage({ ready: true });
