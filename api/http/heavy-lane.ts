// Expensive reads (a page of more than HEAVY_ROWS rows, an export) wait in a lane: one
// at a time per user, and at most one per spare CPU core across users. Without it one
// user firing big searches in parallel keeps every core busy and everybody's plain
// pages stall behind them (measured by the stall part of tests/bench/load.bench.ts);
// with it a user's big searches queue behind each other, and small pages never wait.
import { availableParallelism } from 'node:os';
import { leaveAdmission } from './admission';
import { Gate } from './gate';

export const HEAVY_ROWS = 100;

const shared = new Gate(Math.max(1, availableParallelism() - 1));
const perUser = new Map<string, Gate>();

/** Runs `read` in the lane when it is heavy (`rows` above HEAVY_ROWS, or `heavy: true`), directly otherwise. */
export async function inHeavyLane<T>(user: number | string | null, rows: number, read: () => Promise<T>): Promise<T> {
  if (rows <= HEAVY_ROWS) return read();
  // Waiting here, it must not hold one of the plain pages' slots (admission.ts).
  leaveAdmission();
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
