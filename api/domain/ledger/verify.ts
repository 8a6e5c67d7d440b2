// The verifier: recomputes a chain from its first entry and answers every break found.
// Per entry: sequence continuity (a deleted entry is a gap), the link to the previous
// hash, hash = SHA-256(prev_hash ‖ body), the columns against the signed body (an edited
// amount column), and the closures' totals against what they cover (a day: the
// transactions dated up to its day that no earlier Z covers; a month: the transactions
// dated in it; a year: its months; each level's perpetual total). The head row must
// match the last entry (a cut tail) and carry a valid signature. Signatures: every one
// while the chain holds at most 100 000 entries (about 6 s on two cores; years of a campsite's
// business), beyond that every closure's, the last entry's, the head's and one entry in
// 1 000 — any byte changed already breaks a hash, and a chain rewritten from some entry
// on breaks the signature of the last entry and of the head,
// which nobody can forge without the key; `allSignatures` checks every one (Ed25519
// verification costs ~50–150 µs an entry, too slow for a million by default). The
// signatures are checked on worker threads while the chain is walked (signature-checks.ts).
// Also: every bill, bill line, payment and till ticket compared with its signed entry
// (verify-records.ts), each difference a break naming the record; and the database
// against its anchor in DATA_DIR (anchor.ts): a chain or a numbering put back.
import type { Knex } from 'knex';
import { SignatureChecks } from './signature-checks';
import { establishmentId, type Chain } from './append';
import { verifyRecords } from './verify-records';
import type { LedgerBreak } from './breaks';
import { checkAnchor } from './anchor';
import { BreakList, MAX_BREAKS, SignatureQueue, type Found } from './verify-state';
import { walkChain } from './verify-walk';
import { checkHead, readHead } from './verify-head';

export type { LedgerBreak } from './breaks';
export interface VerifyResult {
  status: 'ok' | 'broken';
  chain: Chain;
  count: number;
  first: number | null;
  last: number | null;
  breaks: LedgerBreak[];
  signaturesChecked: number;
  ms: number;
}
export interface VerifyOptions {
  chain?: Chain;
  /** every signature (true), sampled ones (false); default: every one up to ALL_SIGNATURES_UP_TO entries */
  allSignatures?: boolean;
  batch?: number;
  sampleEvery?: number;
}

/** Up to this many entries every signature is checked by default (an edited signature byte is found too). */
export const ALL_SIGNATURES_UP_TO = 100_000;

/**
 * Verifies one chain in steps: the walk along its entries (verify-walk.ts), the last
 * entry's and the head's signatures, the head (verify-head.ts), the year closures against
 * their months (verify-closures.ts), the records against their entries
 * (verify-records.ts), the anchor (anchor.ts); then the signature failures from the
 * workers, every break in the order its entry was met.
 */
export async function verifyLedger(knex: Knex, opts: VerifyOptions = {}): Promise<VerifyResult> {
  const t0 = performance.now();
  const chain = opts.chain ?? 'fiscal';
  const sampleEvery = opts.sampleEvery ?? 1000;
  const est = await establishmentId(knex);
  const breaks = new BreakList();
  const checks = new SignatureChecks<Found>(
    (await knex('ledger_key').select('id', 'publicKey')).map((k: { id: number; publicKey: unknown }) => [
      k.id,
      String(k.publicKey),
    ]),
  );
  try {
    const head = await readHead(knex, est, chain);
    const allSignatures = opts.allSignatures ?? Number(head?.lastSeq ?? 0) <= ALL_SIGNATURES_UP_TO;
    const signatures = new SignatureQueue(checks, breaks);
    const batch = opts.batch ?? 20_000;
    const walked = await walkChain(knex, { est, chain, batch, sampleEvery, allSignatures }, breaks, signatures);
    const { lastRow } = walked;
    // Sampled: the last entry's signature too (a chain rewritten from some entry on breaks it).
    if (lastRow && !allSignatures && Number(lastRow.seq) % sampleEvery !== 0 && !lastRow.kind.startsWith('closure-'))
      signatures.check(Number(lastRow.seq), lastRow.hash, lastRow.keyId, lastRow.signature, 'dernière écriture');
    checkHead(head, walked, est, chain, breaks, signatures);
    walked.closures.finish();
    // The books against the chain: every bill, line, payment and ticket with its signed entry (a missing one too).
    if (chain === 'fiscal') await verifyRecords(knex, walked.signed, breaks.add);
    // The database against its anchor outside it (DATA_DIR): a chain or a numbering put back.
    for (const b of (await checkAnchor(knex, est, chain)).breaks)
      breaks.add({ seq: b.seq, kind: 'anchor', reason: b.reason });
    const found = [...breaks.found, ...(await checks.failures())]
      .sort((x, y) => x.at - y.at)
      .slice(0, MAX_BREAKS)
      .map((f) => f.b);
    return {
      status: found.length ? 'broken' : 'ok',
      chain,
      count: walked.count,
      first: walked.first,
      last: walked.last,
      breaks: found,
      signaturesChecked: signatures.count,
      ms: Math.round(performance.now() - t0),
    };
  } finally {
    await checks.stop();
  }
}
