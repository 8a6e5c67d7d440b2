// The confirmation of an anchored entry once its transaction committed, written late
// (issue 31, docs/history.md#issue-31): a stream of sales then writes the anchor once
// each — its pending entry, before the commit — and each append confirms the previous
// entry itself when the head it locked is that entry (anchor.ts). Once no append came for
// CONFIRM_AFTER_MS, or before this process reads the anchor to check it or to
// restore, the confirmation is written here. A crash before it costs nothing: the checks
// take `pending` when the database holds it. Another process sees the last entry
// confirmed CONFIRM_AFTER_MS after the stream of entries stops.
import { anchorsWriting, foldPending, readAnchor, writeAnchor } from './anchor-file';

const CONFIRM_AFTER_MS = 100;
/** Per anchor file, the last entry this process saw commit, not yet confirmed in the file. */
const committed = new Map<string, { seq: number; hash: string }>();
let timer: NodeJS.Timeout | null = null;

export function confirmLater(file: string, p: { seq: number; hash: string }): void {
  committed.set(file, p);
  // Postponed while entries keep coming: each append confirms the one before.
  if (timer) {
    timer.refresh();
    return;
  }
  timer = setTimeout(() => {
    timer = null;
    flushConfirmations();
  }, CONFIRM_AFTER_MS);
  timer.unref();
}

/** Writes the confirmations this process owes (of one file, or all). */
export function flushConfirmations(file?: string): void {
  for (const [f, p] of committed)
    if (!file || f === file) {
      committed.delete(f);
      confirmAnchor(f, p);
    }
}

/** The anchor as its checks must see it: this process's committed entries confirmed first. */
export function readConfirmedAnchor(file: string): ReturnType<typeof readAnchor> {
  flushConfirmations(file);
  return readAnchor(file);
}

/** The pending entry becomes the confirmed end, unless another entry was anchored since. */
function confirmAnchor(file: string, p: { seq: number; hash: string }): void {
  // An append is writing the next entry: it confirms this one itself.
  if (anchorsWriting.has(file)) return;
  try {
    const a = readAnchor(file)?.anchor;
    if (!a?.pending || a.pending.seq !== p.seq || a.pending.hash !== p.hash) return;
    foldPending(a, a.pending);
    a.pending = null;
    writeAnchor(file, a);
  } catch (e) {
    console.error(`Ancre du journal non confirmée — ${(e as Error).message}`);
  }
}
