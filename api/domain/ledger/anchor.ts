// The chain's anchor outside the database (README « Sécurité des données fiscales »): for
// each chain, the last sequence and hash it reached and, for the fiscal chain, the last
// number of each bill series and of each till, signed with the installation's key, in
// DATA_DIR/ledger-anchor/<database>.<schema>.<chain>.json. Whoever can write the
// database but not DATA_DIR cannot put the database back to an earlier state (a deleted
// last payment, an older backup restored) without the verifier, the home page and the
// restore seeing it.
//
// Never behind the database: an entry is anchored (as `pending`, fsync'd, renamed into
// place) inside its transaction, before the commit; once the transaction commits it
// becomes `confirmed` (and the next append, holding the chain's head row lock, checks it
// too: a rolled-back entry is dropped). The checks take `pending` only when the database
// holds it, so a crash between the commit and the confirmation costs nothing. Writers of
// one chain are serialised by its head row lock, so one file per chain needs no file lock.
import type { Knex } from 'knex';
import type { Chain } from './canonical';
import { databaseName, anchorFile, readAnchor, writeAnchor, seriesNow, maxSeries, fresh } from './anchor-file';
import { GENESIS } from './canonical';
export {
  type Recovery,
  type Anchor,
  anchorDir,
  anchorFile,
  readAnchor,
  writeAnchor,
  seriesNow,
  forgetCounters,
} from './anchor-file';
export {
  type AnchorState,
  checkAnchor,
  ensureAnchor,
  restoreAgainstAnchor,
  AnchorRefusal,
  rebaseAfterRestore,
  highestIssued,
} from './anchor-check';

/** Per outermost transaction, the sequences it appended (two entries of one transaction: a bill and its Z…). */
const APPENDED = new WeakMap<object, Set<number>>();

/** Per anchor file, the appends of this process in progress: from before the head lock to their transaction's end. */
const APPENDING = new Map<string, number>();

const rootOf = (trx: Knex.Transaction): Knex.Transaction => {
  let root = trx;
  while (root.parentTransaction) root = root.parentTransaction;
  return root;
};

/**
 * Called by appendEntry before it waits for the chain's head: counts the append in progress until its
 * transaction ends (a confirmation meanwhile is left to it, see confirmAnchor). Answers the chain's
 * anchor file and the sequence of the entry it holds as pending (null: none, or unreadable — anchorAppend
 * then says why).
 */
export async function appendStarts(trx: Knex.Transaction, chain: Chain): Promise<string> {
  const file = await anchorFile(trx, chain);
  const ended = rootOf(trx).executionPromise as Promise<unknown> | undefined;
  if (ended) {
    APPENDING.set(file, (APPENDING.get(file) ?? 0) + 1);
    const done = () => {
      const n = (APPENDING.get(file) ?? 1) - 1;
      if (n > 0) APPENDING.set(file, n);
      else APPENDING.delete(file);
    };
    // Registered before anchorAppend's confirmation: it runs first, so an append does not wait for itself.
    ended.then(done, done);
  }
  return file;
}

/** The sequence of the pending entry of `file`, to read its hash with the checks under the head (null: none). */
export function pendingSeq(file: string): number | null {
  try {
    return readAnchor(file)?.anchor.pending?.seq ?? null;
  } catch {
    return null; // anchorAppend reads it again and fails with the reason
  }
}

/**
 * Inside appendEntry, holding the chain's head row lock: `head` is the committed end of
 * the chain, `next` the entry this transaction appends; `series`, the fiscal chain's
 * numbering when the caller read it already under that lock (else read here).
 */
export async function anchorAppend(
  trx: Knex.Transaction,
  est: number,
  chain: Chain,
  head: { seq: number; hash: string },
  next: { seq: number; hash: string },
  known?: Record<string, number>,
  /** the database's hash of entry `seq`, read under the head lock by the caller (pendingSeq) */
  stored?: { seq: number; hash: string | undefined },
): Promise<void> {
  const file = await anchorFile(trx, chain);
  const database = await databaseName(trx);
  const series = chain === 'fiscal' ? (known ?? (await seriesNow(trx))) : undefined;
  const root = rootOf(trx);
  // Entries this same transaction appended before: not committed yet, whatever it reads.
  const ours = APPENDED.get(root) ?? new Set<number>();
  APPENDED.set(root, ours);
  const seen = readAnchor(file)?.anchor.pending;
  // The previous pending entry committed if the database holds it; else it rolled back.
  const committed =
    !!seen &&
    !ours.has(seen.seq) &&
    (stored && stored.seq === seen.seq && seen.seq !== 0 ? stored.hash : await hashOf(trx, est, chain, seen.seq)) ===
      seen.hash;
  // From here on synchronous: no other write of this process interleaves.
  const a = readAnchor(file)?.anchor ?? fresh(database, chain);
  if (committed && a.pending?.seq === seen!.seq && a.pending.hash === seen!.hash) {
    a.highest = maxSeries(a.highest, a.pending.series);
    if (a.pending.seq >= a.confirmed.seq) a.confirmed = a.pending;
  }
  if (head.seq >= a.confirmed.seq && !ours.has(head.seq)) a.confirmed = { ...head, series: a.confirmed.series };
  a.pending = { ...next, series };
  a.highest = maxSeries(a.highest, a.confirmed.series);
  writeAnchor(file, a);
  ours.add(next.seq);
  // Confirmed as soon as the (outermost) transaction commits; a rollback leaves it pending.
  (root.executionPromise as Promise<unknown> | undefined)?.then(
    () => confirmAnchor(file, next),
    () => undefined,
  );
}

/** An entry's hash, ledger_entry being there (appendEntry has just written to it). */
async function hashOf(trx: Knex.Transaction, est: number, chain: Chain, seq: number): Promise<string | undefined> {
  if (seq === 0) return GENESIS;
  return (await trx('ledger_entry').where({ establishmentId: est, chain, seq }).first('hash'))?.hash;
}

/**
 * After the commit: the pending entry becomes the confirmed end, unless another moved on. Left to
 * the next append when one of this process is already under way (it confirms what the database
 * holds, under the head lock): under a queue of bills or tickets, one anchor write a commit, not two,
 * and none of them blocking this thread between two commits. A pending entry the database holds
 * counts as confirmed for every check (anchor-check.ts) should that append roll back.
 */
function confirmAnchor(file: string, p: { seq: number; hash: string }): void {
  if (APPENDING.get(file)) return;
  try {
    const read = readAnchor(file);
    const a = read?.anchor;
    if (!a?.pending || a.pending.seq !== p.seq || a.pending.hash !== p.hash) return;
    a.highest = maxSeries(a.highest, a.pending.series);
    if (a.pending.seq >= a.confirmed.seq) a.confirmed = a.pending;
    a.pending = null;
    writeAnchor(file, a);
  } catch (e) {
    console.error(`Ancre du journal non confirmée — ${(e as Error).message}`);
  }
}
