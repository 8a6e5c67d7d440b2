// Expensive reads (a page of more than HEAVY_ROWS rows, an export) wait in a lane: one
// at a time per user, and at most one per spare CPU core across users. Without it one
// user firing big searches in parallel keeps every core busy and everybody's plain
// pages stall behind them (measured by the stall part of tests/bench/load.bench.ts);
// with it a user's big searches queue behind each other, and small pages never wait.
import { availableParallelism } from 'node:os';

export const HEAVY_ROWS = 100;

class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  async enter(): Promise<void> {
    if (this.running < this.limit) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Hands the slot to the next in line (FIFO), or frees it. */
  leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  get idle(): boolean {
    return this.running === 0 && this.waiting.length === 0;
  }
}

const shared = new Gate(Math.max(1, availableParallelism() - 1));
const perUser = new Map<string, Gate>();

/** Runs `read` in the lane when it is heavy (`rows` above HEAVY_ROWS, or `heavy: true`), directly otherwise. */
export async function inHeavyLane<T>(user: number | string | null, rows: number, read: () => Promise<T>): Promise<T> {
  if (rows <= HEAVY_ROWS) return read();
  const key = String(user ?? 'anonymous');
  let own = perUser.get(key);
  if (!own) {
    own = new Gate(1);
    perUser.set(key, own);
  }
  await own.enter();
  try {
    await shared.enter();
    try {
      return await read();
    } finally {
      shared.leave();
    }
  } finally {
    own.leave();
    if (own.idle) perUser.delete(key);
  }
}
