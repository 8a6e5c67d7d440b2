// The verifier's signature checks spread over worker threads, one per core: the hash
// chain is checked in order on the calling thread, but signatures are independent of
// each other, and Ed25519 checks were over 90 % of a full verification. Checks are
// queued as the chain is read, in small chunks that each worker pulls as it finishes
// one (two in flight each, so none waits for the next): the workers end together.
// A chunk crosses as one packed buffer, transferred, not as thousands of strings to
// clone. The calling thread checks chunks too whenever it would wait (the next rows
// from the database, the end). Few checks (a sampled chain, a small one) stay on the
// calling thread: starting workers would cost more than they save.
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { signatureCheck, type SignatureCheck } from './ed25519.mjs';

/** Checks a chunk: small, so that the calling thread, checking one, soon comes back to its own work. */
const CHUNK = 500;
/** Workers start once this many checks are queued in all. */
const FOR_WORKERS = 2_000;
const IN_FLIGHT = 2;

interface Check {
  text: string;
  signature: string;
  keyId: number;
  /** what the caller needs back for a failed check */
  tag: unknown;
}

interface Chunk {
  checks: Check[];
  resolve: (bad: number[]) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  inFlight: Map<number, Chunk>;
}

/**
 * A chunk as one buffer, per check: key id, text length, signature length (uint32 LE),
 * the text's UTF-8 bytes, the signature's bytes (decoded from base64).
 */
export function packChecks(checks: { text: string; signature: string; keyId: number }[]): ArrayBuffer {
  let size = 0;
  for (const c of checks) size += 12 + Buffer.byteLength(c.text) + Math.ceil((c.signature.length * 3) / 4);
  // Not from Buffer's shared pool: the whole ArrayBuffer is transferred.
  const buf = Buffer.from(new ArrayBuffer(size));
  let at = 0;
  for (const c of checks) {
    buf.writeUInt32LE(c.keyId >>> 0, at);
    const textLen = buf.write(c.text, at + 12, 'utf8');
    const sigLen = buf.write(c.signature, at + 12 + textLen, 'base64');
    buf.writeUInt32LE(textLen, at + 4);
    buf.writeUInt32LE(sigLen, at + 8);
    at += 12 + textLen + sigLen;
  }
  return buf.buffer.slice(0, at) as ArrayBuffer;
}

export class SignatureChecks<T> {
  /** Each key's check, as the workers make theirs (./signature-worker.mjs). */
  private readonly keys = new Map<number, SignatureCheck>();
  private readonly slots: Slot[] = [];
  private readonly queue: Chunk[] = [];
  private readonly pending: Promise<T[]>[] = [];
  private chunk: Check[] = [];
  private added = 0;
  private seq = 0;
  private failed: Error | null = null;

  /** `keys`: the public keys (PEM) by id; `threads` 0 checks on the calling thread. */
  constructor(
    private readonly pems: [number, string][],
    private readonly threads = Math.max(1, availableParallelism()),
  ) {
    // A key row that is no public key (written by hand) signs nothing: its entries fail.
    for (const [id, pem] of pems) {
      try {
        this.keys.set(id, signatureCheck(pem));
      } catch {
        continue;
      }
    }
  }

  /** Queues a check; `tag` comes back in `failures()` if the signature is not valid. */
  add(text: string, signature: string, keyId: number, tag: T): void {
    this.chunk.push({ text, signature, keyId, tag });
    this.added++;
    if (this.chunk.length >= CHUNK) this.flush();
  }

  private flush(): void {
    const checks = this.chunk;
    this.chunk = [];
    if (!checks.length) return;
    this.pending.push(
      new Promise<number[]>((resolve, reject) => this.queue.push({ checks, resolve, reject })).then((bad) =>
        bad.map((i) => checks[i].tag as T),
      ),
    );
    this.pump();
  }

  /** Hands queued chunks to the workers that have room, starting them once there is enough to check. */
  private pump(): void {
    if (this.failed) {
      for (const c of this.queue.splice(0)) c.reject(this.failed);
      return;
    }
    if (this.threads === 0 || this.added < FOR_WORKERS) return;
    while (this.slots.length < this.threads) this.slots.push(this.startWorker());
    for (;;) {
      const slot = this.slots.reduce((a, b) => (b.inFlight.size < a.inFlight.size ? b : a));
      if (slot.inFlight.size >= IN_FLIGHT || !this.queue.length) return;
      const chunk = this.queue.shift()!;
      const id = ++this.seq;
      slot.inFlight.set(id, chunk);
      const buf = packChecks(chunk.checks);
      slot.worker.postMessage({ id, buf, count: chunk.checks.length }, [buf]);
    }
  }

  /** One listener per worker answers every chunk it was sent (by the chunk's id). */
  private startWorker(): Slot {
    const worker = new Worker(new URL('./signature-worker.mjs', import.meta.url), { workerData: { keys: this.pems } });
    const slot: Slot = { worker, inFlight: new Map() };
    worker.on('message', (m: { id: number; bad: number[] }) => {
      const c = slot.inFlight.get(m.id);
      slot.inFlight.delete(m.id);
      c?.resolve(m.bad);
      this.pump();
    });
    worker.on('error', (e) => {
      // The verification cannot conclude without those checks: it fails as a whole.
      this.failed = e;
      for (const s of this.slots) for (const c of s.inFlight.values()) c.reject(e);
      for (const s of this.slots) s.inFlight.clear();
      this.pump();
    });
    return slot;
  }

  /** The indexes of the chunk's failed checks, on this thread. */
  private checkHere(checks: Check[]): number[] {
    const bad: number[] = [];
    checks.forEach((c, i) => {
      const check = this.keys.get(c.keyId);
      if (!check || !check(Buffer.from(c.text), Buffer.from(c.signature, 'base64'))) bad.push(i);
    });
    return bad;
  }

  /**
   * `p`, this thread checking queued chunks meanwhile (one at a time, then a look at
   * whether `p` settled): the workers are busy with theirs, and this thread would wait.
   */
  async helpWhile<R>(p: Promise<R>): Promise<R> {
    let settled = false;
    const done = p.then(
      (v) => ((settled = true), v),
      (e) => {
        settled = true;
        throw e;
      },
    );
    while (!settled && this.queue.length) {
      const c = this.queue.shift()!;
      c.resolve(this.checkHere(c.checks));
      await nextTurn();
    }
    return done;
  }

  /** Every failed check's tag, in the order the checks were added. */
  async failures(): Promise<T[]> {
    this.flush();
    return (await this.helpWhile(Promise.all(this.pending))).flat();
  }

  /** Stops the workers (whatever happened: call it in a finally). */
  async stop(): Promise<void> {
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }
}
