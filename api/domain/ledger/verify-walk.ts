// The verifier's walk along one chain (verify.ts), entry by entry from the first: sequence
// continuity (a deleted entry is a gap), the link to the previous hash, hash =
// SHA-256(prev_hash ‖ body), the columns against the signed body (an edited amount
// column), the signatures to check, and the closures' totals (verify-closures.ts).
import type { Knex } from 'knex';
import { chainHash, GENESIS } from './canonical';
import type { Chain } from './append';
import { ClosureCheck } from './verify-closures';
import {
  entryRow,
  SignedBySource,
  type BreakList,
  type EntryBody,
  type EntryRow,
  type SignatureQueue,
} from './verify-state';

export interface WalkOptions {
  est: number;
  chain: Chain;
  batch: number;
  sampleEvery: number;
  allSignatures: boolean;
}

export interface Walked {
  count: number;
  first: number | null;
  last: number | null;
  lastRow: EntryRow | null;
  closures: ClosureCheck;
  /** the fiscal chain's last entry of each bill, payment and ticket */
  signed: SignedBySource;
}

/** The part of knex's (untyped) client a batch uses: a pooled pg connection. */
interface DriverClient {
  acquireConnection(): Promise<{
    query(q: { text: string; values: unknown[]; rowMode: 'array' }): Promise<{ rows: unknown[][] }>;
  }>;
  releaseConnection(conn: unknown): Promise<void>;
}

/**
 * One batch as arrays, straight from the driver: no key mapping per row (a million rows
 * through knex's camel-case mapper cost more than their hashes).
 */
async function fetchBatch(knex: Knex, est: number, chain: Chain, after: number, limit: number): Promise<unknown[][]> {
  const client = (knex as unknown as { client: DriverClient }).client;
  const conn = await client.acquireConnection();
  try {
    const res = await conn.query({
      text: `SELECT seq, kind, business_date::text, period_end::text, source_table, source_id, amount, body, hash,
        key_id, signature
               FROM ledger_entry WHERE establishment_id = $1 AND chain = $2 AND seq > $3 ORDER BY seq LIMIT $4`,
      values: [est, chain, after, limit],
      rowMode: 'array',
    });
    return res.rows;
  } finally {
    await client.releaseConnection(conn);
  }
}

/** The gap or repetition before `seq`; true when entries are missing. */
function checkSequence(seq: number, expected: number, breaks: BreakList): boolean {
  if (seq === expected) return false;
  const gap = seq > expected;
  breaks.add({
    seq: expected,
    kind: 'gap',
    reason: gap
      ? `Écriture${seq - expected > 1 ? `s ${expected} à ${seq - 1} absentes` : ` ${expected} absente`}`
      : `Numéro ${seq} répété`,
  });
  return gap;
}

function parseBody(text: string): EntryBody | null {
  try {
    return JSON.parse(text);
  } catch {
    return null; // reported as an order break
  }
}

/** The columns the application reads, against the signed body. */
const columnsDiffer = (r: EntryRow, body: EntryBody, chain: Chain) =>
  body.kind !== r.kind ||
  body.amount !== Number(r.amount) ||
  body.date !== r.businessDate ||
  body.periodEnd !== r.periodEnd ||
  (body.source?.table ?? null) !== r.sourceTable ||
  (body.source?.id ?? null) !== (r.sourceId == null ? null : Number(r.sourceId)) ||
  body.chain !== chain;

/** Walks the chain: every entry checked, the signatures queued; the closures' years are checked by the caller. */
export async function walkChain(
  knex: Knex,
  o: WalkOptions,
  breaks: BreakList,
  signatures: SignatureQueue,
): Promise<Walked> {
  const closures = new ClosureCheck(breaks.add);
  const signed = new SignedBySource();
  const out: Walked = { count: 0, first: null, last: null, lastRow: null, closures, signed };
  let expected = 1;
  let prevHash = GENESIS;

  /** A hash that does not follow: the content changed, or only the link (the stored previous hash read again). */
  const hashBreak = async (seq: number, r: EntryRow, ordered: boolean, gap: boolean) => {
    const stored = (await knex('ledger_entry').where({ establishmentId: o.est, chain: o.chain, seq }).first('prevHash'))
      ?.prevHash;
    if (chainHash(stored, r.body) !== r.hash)
      breaks.add({ seq, kind: 'hash', reason: 'Empreinte incorrecte : contenu modifié' });
    else if (ordered && !gap)
      breaks.add({ seq, kind: 'link', reason: "Chaînage rompu : l'empreinte précédente ne correspond pas" });
  };

  /**
   * One entry: its number, its body, its hash (or link) and columns, its signature, its totals. Synchronous but
   * for a broken hash (then the promise to wait for): no turn of the event loop per entry.
   */
  const checkEntry = (r: EntryRow): Promise<void> | undefined => {
    const seq = Number(r.seq);
    out.count++;
    out.first ??= seq;
    out.last = seq;
    const gap = checkSequence(seq, expected, breaks);
    const body = parseBody(r.body);
    const ordered = !!body && body.seq === seq;
    if (!ordered)
      breaks.add({ seq, kind: 'order', reason: body ? `L'écriture porte le numéro ${body.seq}` : 'Contenu illisible' });
    // The hash from the running previous hash: one SHA-256 checks the link and the content.
    if (chainHash(prevHash, r.body) !== r.hash) return hashBreak(seq, r, ordered, gap).then(() => rest(r, seq, body));
    if (ordered && columnsDiffer(r, body, o.chain))
      breaks.add({ seq, kind: 'field', reason: 'Une colonne diffère du contenu signé' });
    rest(r, seq, body);
    return undefined;
  };

  /** The entry's signature and totals, once its hash is checked; then it is the previous one. */
  const rest = (r: EntryRow, seq: number, body: EntryBody | null) => {
    const isClosure = String(r.kind).startsWith('closure-');
    if (o.allSignatures || isClosure || seq % o.sampleEvery === 0)
      signatures.check(seq, r.hash, r.keyId, r.signature, 'écriture');
    if (o.chain === 'fiscal') {
      if (body) closures.entry(seq, r.kind, Number(r.amount), body);
      signed.keep(r.sourceTable, r.sourceId, { seq, kind: r.kind, body });
    }
    prevHash = r.hash;
    expected = seq + 1;
    out.lastRow = r;
  };

  // The next batch is read while this one is checked (PostgreSQL works meanwhile).
  let pending = fetchBatch(knex, o.est, o.chain, 0, o.batch);
  for (;;) {
    // Waiting for the rows, this thread checks signatures (the workers have theirs).
    const rows = await signatures.helpWhile(pending);
    if (!rows.length) break;
    pending =
      rows.length < o.batch
        ? Promise.resolve([])
        : fetchBatch(knex, o.est, o.chain, Number(rows[rows.length - 1][0]), o.batch);
    for (const a of rows) {
      const broken = checkEntry(entryRow(a));
      if (broken) await broken;
    }
  }
  return out;
}
