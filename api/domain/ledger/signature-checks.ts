// The verifier's signature checks spread over worker threads, one per core: the hash
// chain is checked in order on the calling thread, but signatures are independent of
// each other, and Ed25519 checks were over 90 % of a full verification. Checks are
// queued as the chain is read and sent in chunks; the workers live for one verification.
// Few checks (a sampled chain, a small one) stay on the calling thread: starting
// workers would cost more than they save.
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { createPublicKey, type KeyObject } from 'node:crypto';
import { verifyText } from './keys';

const CHUNK = 2_000;

interface Check {
  text: string;
  signature: string;
  keyId: number;
  /** what the caller needs back for a failed check */
  tag: unknown;
}

export class SignatureChecks<T> {
  private readonly keys = new Map<number, KeyObject>();
  private readonly workers: Worker[] = [];
  private readonly pending: Promise<T[]>[] = [];
  private chunk: Check[] = [];
  private seq = 0;
  private readonly waiting = new Map<number, { resolve: (bad: number[]) => void; reject: (e: Error) => void }>();
  private turn = 0;

  /** `keys`: the public keys (PEM) by id; `threads` 0 checks on the calling thread. */
  constructor(
    private readonly pems: [number, string][],
    private readonly threads = Math.max(1, availableParallelism()),
  ) {
    // A key row that is no public key (written by hand) signs nothing: its entries fail.
    for (const [id, pem] of pems) {
      try {
        this.keys.set(id, createPublicKey(pem));
      } catch {
        continue;
      }
    }
  }

  /** Queues a check; `tag` comes back in `failures()` if the signature is not valid. */
  add(text: string, signature: string, keyId: number, tag: T): void {
    this.chunk.push({ text, signature, keyId, tag });
    if (this.chunk.length >= CHUNK) this.flush();
  }

  private flush(): void {
    const chunk = this.chunk;
    this.chunk = [];
    if (!chunk.length) return;
    // Below one full chunk in all, the calling thread checks (no worker started).
    if (this.threads === 0 || (!this.workers.length && chunk.length < CHUNK)) {
      this.pending.push(Promise.resolve(this.checkHere(chunk)));
      return;
    }
    if (this.workers.length < this.threads) this.workers.push(this.startWorker());
    const worker = this.workers[this.turn++ % this.workers.length];
    const id = ++this.seq;
    this.pending.push(
      new Promise<T[]>((resolve, reject) => {
        this.waiting.set(id, { resolve: (bad) => resolve(bad.map((i) => chunk[i].tag as T)), reject });
        worker.postMessage({
          id,
          texts: chunk.map((c) => c.text),
          signatures: chunk.map((c) => c.signature),
          keyIds: chunk.map((c) => c.keyId),
        });
      }),
    );
  }

  /** One listener per worker answers every chunk it was sent (by the chunk's id). */
  private startWorker(): Worker {
    const worker = new Worker(new URL('./signature-worker.mjs', import.meta.url), { workerData: { keys: this.pems } });
    worker.on('message', (m: { id: number; bad: number[] }) => {
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      w?.resolve(m.bad);
    });
    worker.on('error', (e) => {
      // The verification cannot conclude without those checks: it fails as a whole.
      for (const w of this.waiting.values()) w.reject(e);
      this.waiting.clear();
    });
    return worker;
  }

  private checkHere(chunk: Check[]): T[] {
    return chunk
      .filter((c) => {
        const key = this.keys.get(c.keyId);
        return !key || !verifyText(c.text, c.signature, key);
      })
      .map((c) => c.tag as T);
  }

  /** Every failed check's tag, in the order the checks were added. */
  async failures(): Promise<T[]> {
    this.flush();
    return (await Promise.all(this.pending)).flat();
  }

  /** Stops the workers (whatever happened: call it in a finally). */
  async stop(): Promise<void> {
    await Promise.all(this.workers.splice(0).map((w) => w.terminate()));
  }
}
