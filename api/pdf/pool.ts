// PDF rendering off the request thread: a small pool of worker threads, one per core but
// one (at least one; PDF_WORKERS to change it, 0 to render on the calling thread): the core
// left is the request thread's and PostgreSQL's, which every bill needs too. On 2 cores, 8
// bills at a time: p99 255–332 ms with 1 worker, 324–709 ms with 2 (their renders' p99
// 117–173 against 454–558 ms: preempted by the issues), for 50–57 against 52–61 bills/s
// (tests/bench/billing.bench.ts, alternated; issue 31, docs/history.md#issue-31).
// Workers start on the first render and stop after a minute without work, so an idle
// server holds none. Each worker renders one job at a time; the others wait in order. A
// worker that dies takes no job with it: its job is rendered on this thread and the
// worker replaced.
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PdfJob } from './jobs';

/**
 * A job rendered on this thread. The renderers (pdfmake, the bills' Factur-X with
 * @e-invoice-eu/core, its spreadsheet and PDF packages left out: some 60 MiB once loaded) are
 * imported at the first such render only: with the pool on, the server's thread never does.
 */
const renderJob = async (job: PdfJob): Promise<Buffer> => (await import('./jobs')).renderJob(job);

const IDLE_MS = 60_000;

interface Pending {
  id: number;
  job: PdfJob;
  resolve: (b: Buffer) => void;
  reject: (e: Error) => void;
}
interface Slot {
  worker: Worker;
  ready: boolean;
  busy: Pending | null;
  idle: NodeJS.Timeout | null;
}

const slots: Slot[] = [];
const queue: Pending[] = [];
let seq = 0;
/** Set when a worker could not even start (no tsx, no threads): renders stay on this thread. */
let broken = false;
let stopping = false;

export function poolSize(): number {
  const set = process.env.PDF_WORKERS;
  if (set != null && set !== '') return Math.max(0, Math.floor(Number(set)) || 0);
  return Math.max(1, availableParallelism() - 1);
}

/** Set to true by the server's bundle (scripts/server-build.mjs), undeclared elsewhere. */
declare const BIVOUAC_BUNDLE: boolean | undefined;

/**
 * The worker's entry: from the server's bundle, its plain-JS build beside the bundle's
 * modules (no tsx at run time: the worker starts faster and holds less); from the
 * sources, ./worker.mjs, which loads the TypeScript through tsx.
 */
export function workerEntry(): URL {
  if (typeof BIVOUAC_BUNDLE !== 'undefined' && BIVOUAC_BUNDLE)
    return pathToFileURL(join(import.meta.dirname, 'pdf-worker.mjs'));
  return new URL('./worker.mjs', import.meta.url);
}

function startWorker(): Slot {
  const worker = new Worker(workerEntry());
  const slot: Slot = { worker, ready: false, busy: null, idle: null };
  worker.on('message', (m: { ready?: boolean; id?: number; pdf?: Uint8Array; error?: string }) => {
    if (m.ready) slot.ready = true;
    else if (slot.busy && m.id === slot.busy.id) {
      const p = slot.busy;
      slot.busy = null;
      if (m.error != null) p.reject(new Error(m.error));
      else p.resolve(Buffer.from(m.pdf!.buffer, m.pdf!.byteOffset, m.pdf!.byteLength));
    }
    dispatch();
  });
  const lost = () => {
    const i = slots.indexOf(slot);
    if (i >= 0) slots.splice(i, 1);
    if (slot.idle) clearTimeout(slot.idle);
    const p = slot.busy;
    slot.busy = null;
    if (p) renderJob(p.job).then(p.resolve, p.reject);
    if (!slot.ready && !stopping) {
      broken = true;
      for (const q of queue.splice(0)) renderJob(q.job).then(q.resolve, q.reject);
    }
    dispatch();
  };
  worker.on('error', (e) => {
    console.error('PDF worker', e?.message ?? e);
    lost();
  });
  worker.on('exit', lost);
  slots.push(slot);
  return slot;
}

function dispatch(): void {
  while (queue.length) {
    const slot = slots.find((s) => s.ready && !s.busy);
    if (!slot) {
      // Start a worker only when every running one is busy (or still starting with work waiting).
      const starting = slots.filter((s) => !s.ready).length;
      if (slots.length < poolSize() && starting < queue.length) startWorker();
      return;
    }
    const p = queue.shift()!;
    slot.busy = p;
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    slot.worker.ref();
    slot.worker.postMessage({ id: p.id, job: p.job });
  }
  for (const s of slots)
    if (!s.busy && s.ready && !s.idle) {
      // An idle worker keeps nothing alive and goes away after a while.
      s.worker.unref();
      s.idle = setTimeout(() => void s.worker.terminate(), IDLE_MS).unref();
    }
}

/** The job's PDF, rendered by a worker thread (or on this thread when the pool is off). */
export function renderPdf(job: PdfJob): Promise<Buffer> {
  if (broken || poolSize() === 0) return renderJob(job);
  return new Promise((resolve, reject) => {
    queue.push({ id: ++seq, job, resolve, reject });
    dispatch();
  });
}

/** Stops every worker (the server's stop; tests). */
export async function stopPdfPool(): Promise<void> {
  stopping = true;
  try {
    await Promise.all(slots.map((s) => s.worker.terminate()));
  } finally {
    stopping = false;
  }
}
