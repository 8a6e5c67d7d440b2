// The chain's anchor outside the database (README « Sécurité des données fiscales »): for
// each chain, the last sequence and hash it reached and, for the fiscal chain, the last
// number of each bill series and of each till, signed with the installation's key, in
// DATA_DIR/ledger-anchor/<database>.<schema>.<chain>.json. Whoever can write the
// database but not DATA_DIR cannot put the database back to an earlier state (a deleted
// last payment, an older backup restored) without the verifier, the home page and the
// restore seeing it.
//
// Never behind the database: an entry is anchored (as `pending`, fsync'd, renamed into
// place) inside its transaction, before the commit. The next append, holding the chain's
// head row lock, confirms it when that head is the entry (else it rolled back: dropped);
// when no append follows, anchor-confirm.ts writes the confirmation soon after the commit.
// The checks take `pending` only when the database holds it, so a crash between the
// commit and the confirmation costs nothing. Writers of one chain are serialised by its
// head row lock, so one file per chain needs no file lock.
import type { Knex } from 'knex';
import type { Chain } from './canonical';
import {
  databaseName,
  anchorFile,
  readAnchor,
  writeAnchorAsync,
  seriesNow,
  maxSeries,
  fresh,
  foldPending,
} from './anchor-file';
import { GENESIS } from './canonical';
import { confirmLater } from './anchor-confirm';
export {
  type Recovery,
  type Anchor,
  anchorDir,
  anchorFile,
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

/**
 * Inside appendEntry, holding the chain's head row lock: `head` is the committed end of
 * the chain, `next` the entry this transaction appends; `series`, the fiscal chain's
 * numbering when the caller read it already under that lock (else read here). Answers
 * once the write has started: `written`, which the caller awaits before its commit.
 */
export async function anchorAppend(
  trx: Knex.Transaction,
  est: number,
  chain: Chain,
  head: { seq: number; hash: string },
  next: { seq: number; hash: string },
  known?: Record<string, number>,
): Promise<{ written: Promise<void> }> {
  const file = await anchorFile(trx, chain);
  const database = await databaseName(trx);
  const series = chain === 'fiscal' ? (known ?? (await seriesNow(trx))) : undefined;
  let root: Knex.Transaction = trx;
  while (root.parentTransaction) root = root.parentTransaction;
  // Entries this same transaction appended before: not committed yet, whatever it reads.
  const ours = APPENDED.get(root) ?? new Set<number>();
  APPENDED.set(root, ours);
  let read = readAnchor(file);
  const seen = read?.anchor.pending;
  // The previous pending entry committed if the database holds it: usually it is the head
  // this transaction locked (no query); an entry past the head rolled back.
  let committed = false;
  if (seen && !ours.has(seen.seq)) {
    if (seen.seq === head.seq) committed = seen.hash === head.hash;
    else if (seen.seq < head.seq) {
      committed = (await hashOf(trx, est, chain, seen.seq)) === seen.hash;
      read = readAnchor(file);
    }
  }
  // From here to the write's start synchronous: no other write of this process interleaves.
  const a = read?.anchor ?? fresh(database, chain);
  if (committed && a.pending?.seq === seen!.seq && a.pending.hash === seen!.hash) foldPending(a, a.pending);
  if (head.seq >= a.confirmed.seq && !ours.has(head.seq)) a.confirmed = { ...head, series: a.confirmed.series };
  a.pending = { ...next, series };
  a.highest = maxSeries(a.highest, a.confirmed.series);
  const written = writeAnchorAsync(file, a);
  ours.add(next.seq);
  // Confirmed once the (outermost) transaction commits; a rollback leaves it pending.
  (root.executionPromise as Promise<unknown> | undefined)?.then(
    () => confirmLater(file, next),
    () => undefined,
  );
  return { written };
}

/** An entry's hash, ledger_entry being there (appendEntry has just written to it). */
async function hashOf(trx: Knex.Transaction, est: number, chain: Chain, seq: number): Promise<string | undefined> {
  if (seq === 0) return GENESIS;
  return (await trx('ledger_entry').where({ establishmentId: est, chain, seq }).first('hash'))?.hash;
}
