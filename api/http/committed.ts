// What a committed write answers (issue 25 point 6, docs/history.md#issue-25): the record read back for the
// answer, or — should that read fail after the commit (the database just went away) —
// its id alone with `readBack: false`. The write stands: it is never answered as an
// error, so the client does not try it again as if nothing had been written (its
// Idempotency-Key, when sent, answers the same on a retry).
import { describeError } from './log';

export async function readBackOr<T>(read: () => Promise<T>, id: number): Promise<T | { id: number; readBack: false }> {
  try {
    return await read();
  } catch (e) {
    console.error(`écriture enregistrée (id ${id}), relecture impossible — ${describeError(e)}`);
    return { id, readBack: false };
  }
}
