// A PDF worker thread: TypeScript through tsx (as the server itself), then one job at a
// time from the pool (./pool.ts), answered with the PDF's bytes or the error's message.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { renderJob } = await import('./jobs.ts');

parentPort.on('message', async ({ id, job }) => {
  try {
    const pdf = await renderJob(job);
    // Copied, not transferred: a small Buffer may sit in Node's shared pool.
    parentPort.postMessage({ id, pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength) });
  } catch (e) {
    parentPort.postMessage({ id, error: String(e?.message ?? e) });
  }
});
parentPort.postMessage({ ready: true });
