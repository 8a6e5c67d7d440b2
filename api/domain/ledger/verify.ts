// The verifier: recomputes a chain from its first entry and answers every break found.
// Per entry: sequence continuity (a deleted entry is a gap), the link to the previous
// hash, hash = SHA-256(prev_hash ‖ body), the columns against the signed body (an edited
// amount column), and the closures' totals against what they cover (a day: the
// transactions dated up to its day that no earlier Z covers; a month: the transactions
// dated in it; a year: its months; each level's perpetual total). The head row must
// match the last entry (a cut tail) and carry a valid signature. Signatures: every one
// while the chain holds at most 100 000 entries (about 10 s; years of a campsite's
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
import { chainHash, GENESIS, headMessage } from './canonical';
import { SignatureChecks } from './signature-checks';
import { establishmentId, PAYMENT_KINDS, SALE_KINDS, type Chain } from './append';
import { verifyRecords } from './verify-records';
import type { LedgerBreak } from './breaks';
import { checkAnchor } from './anchor';
import { addEntry, emptyTotals, sameTotals, sumTotals, totalsOf, type ClosureTotals } from './totals';

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

const MAX_BREAKS = 200;
const TRANSACTIONS = new Set<string>([...SALE_KINDS, ...PAYMENT_KINDS]);
/** Up to this many entries every signature is checked by default (an edited signature byte is found too). */
export const ALL_SIGNATURES_UP_TO = 100_000;

/**
 * One batch as arrays, straight from the driver: no key mapping per row (a million rows
 * through knex's camel-case mapper cost more than their hashes).
 */
async function fetchBatch(knex: Knex, est: number, chain: Chain, after: number, limit: number): Promise<any[][]> {
  const client: any = (knex as any).client;
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

export async function verifyLedger(knex: Knex, opts: VerifyOptions = {}): Promise<VerifyResult> {
  const t0 = performance.now();
  const chain = opts.chain ?? 'fiscal';
  const batch = opts.batch ?? 20_000;
  const sampleEvery = opts.sampleEvery ?? 1000;
  const est = await establishmentId(knex);
  // Breaks in the order they are met; a signature's, found later on a worker, keeps the
  // place of its entry.
  type Found = { at: number; b: LedgerBreak };
  const found: Found[] = [];
  let at = 0;
  const add = (b: LedgerBreak) => {
    if (found.length < MAX_BREAKS) found.push({ at: at++, b });
  };
  const checks = new SignatureChecks<Found>(
    (await knex('ledger_key').select('id', 'publicKey')).map((k: any) => [k.id, String(k.publicKey)]),
  );
  try {
    return await walk();
  } finally {
    await checks.stop();
  }

  async function walk(): Promise<VerifyResult> {
    const head = await knex('ledger_head')
      .where({ establishmentId: est, chain })
      .first('lastSeq', 'lastHash', 'keyId', 'signature');
    const allSignatures = opts.allSignatures ?? Number(head?.lastSeq ?? 0) <= ALL_SIGNATURES_UP_TO;

    let expected = 1,
      prevHash = GENESIS,
      count = 0,
      first: number | null = null,
      last: number | null = null,
      lastRow: any = null,
      signatures = 0;
    // Closure checks: the transactions no Z covers yet, by business date; every transaction
    // by month; the months closed, for their years.
    const unclosed = new Map<string, ClosureTotals>();
    const byMonth = new Map<string, ClosureTotals>();
    const into = (m: Map<string, ClosureTotals>, k: string) => {
      if (!m.has(k)) m.set(k, emptyTotals());
      return m.get(k)!;
    };
    const months: { date: string; totals: ClosureTotals }[] = [];
    const years: { seq: number; date: string; periodEnd: string; totals: ClosureTotals }[] = [];
    const perpetual: Record<string, number> = {};
    const checkSignature = (seq: number, text: string, keyId: number, signature: string, what: string) => {
      signatures++;
      checks.add(text, signature ?? '', keyId, {
        at: at++,
        b: { seq, kind: 'signature', reason: `Signature invalide (${what})` },
      });
    };

    // The next batch is read while this one is checked (PostgreSQL works meanwhile).
    let pending = fetchBatch(knex, est, chain, 0, batch);
    for (;;) {
      const rows = await pending;
      if (!rows.length) break;
      pending =
        rows.length < batch
          ? Promise.resolve([])
          : fetchBatch(knex, est, chain, Number(rows[rows.length - 1][0]), batch);
      for (const a of rows) {
        const r = {
          seq: a[0],
          kind: a[1],
          businessDate: a[2],
          periodEnd: a[3],
          sourceTable: a[4],
          sourceId: a[5],
          amount: a[6],
          body: a[7],
          hash: a[8],
          keyId: a[9],
          signature: a[10],
        };
        const seq = Number(r.seq);
        count++;
        first ??= seq;
        last = seq;
        let gap = false;
        if (seq !== expected) {
          gap = seq > expected;
          add({
            seq: expected,
            kind: 'gap',
            reason: gap
              ? `Écriture${seq - expected > 1 ? `s ${expected} à ${seq - 1} absentes` : ` ${expected} absente`}`
              : `Numéro ${seq} répété`,
          });
        }
        let body: any = null;
        try {
          body = JSON.parse(r.body);
        } catch {
          /* reported below */
        }
        const ordered = !!body && body.seq === seq;
        if (!ordered)
          add({ seq, kind: 'order', reason: body ? `L'écriture porte le numéro ${body.seq}` : 'Contenu illisible' });
        // The hash from the running previous hash: one SHA-256 checks the link and the content.
        if (chainHash(prevHash, r.body) !== r.hash) {
          const stored = (await knex('ledger_entry').where({ establishmentId: est, chain, seq }).first('prevHash'))
            ?.prevHash;
          if (chainHash(stored, r.body) !== r.hash)
            add({ seq, kind: 'hash', reason: 'Empreinte incorrecte : contenu modifié' });
          else if (ordered && !gap)
            add({ seq, kind: 'link', reason: "Chaînage rompu : l'empreinte précédente ne correspond pas" });
        } else if (
          ordered &&
          (body.kind !== r.kind ||
            body.amount !== Number(r.amount) ||
            body.date !== r.businessDate ||
            body.periodEnd !== r.periodEnd ||
            (body.source?.table ?? null) !== r.sourceTable ||
            (body.source?.id ?? null) !== (r.sourceId == null ? null : Number(r.sourceId)) ||
            body.chain !== chain)
        ) {
          add({ seq, kind: 'field', reason: 'Une colonne diffère du contenu signé' });
        }
        const isClosure = String(r.kind).startsWith('closure-');
        if (allSignatures || isClosure || seq % sampleEvery === 0)
          checkSignature(seq, r.hash, r.keyId, r.signature, 'écriture');
        if (chain === 'fiscal' && body) {
          const data = body.data ?? {};
          const entry = { seq, kind: r.kind, amount: Number(r.amount), data };
          const date = String(body.date ?? '');
          const closedYear = years.find((y) => date >= y.date && date <= y.periodEnd);
          if (closedYear && (TRANSACTIONS.has(r.kind) || r.kind === 'closure-day' || r.kind === 'closure-month'))
            add({
              seq,
              kind: 'closure',
              reason: `Opération datée dans l'exercice clos par l'écriture ${closedYear.seq}`,
            });
          if (TRANSACTIONS.has(r.kind)) {
            addEntry(into(unclosed, date), entry);
            addEntry(into(byMonth, date.slice(0, 7)), entry);
          } else if (isClosure) {
            const level = String(r.kind).slice('closure-'.length);
            const claimed = totalsOf(data);
            let computed: ClosureTotals;
            if (level === 'day') {
              const covered = [...unclosed.keys()].filter((d) => d <= body.date);
              computed = sumTotals(covered.map((d) => unclosed.get(d)!));
              for (const d of covered) unclosed.delete(d);
            } else if (level === 'month') computed = sumTotals([byMonth.get(date.slice(0, 7)) ?? emptyTotals()]);
            else
              computed = sumTotals(
                months.filter((p) => p.date >= body.date && p.date <= body.periodEnd).map((p) => p.totals),
              );
            if (!sameTotals(claimed, computed))
              add({ seq, kind: 'closure', reason: `Totaux de clôture (${level}) différents des écritures couvertes` });
            if (data.perpetual !== (perpetual[level] ?? 0) + claimed.sales)
              add({ seq, kind: 'closure', reason: `Grand total perpétuel (${level}) incorrect` });
            perpetual[level] = data.perpetual;
            if (level === 'month') months.push({ date: body.date, totals: claimed });
            if (level === 'year') years.push({ seq, date: body.date, periodEnd: body.periodEnd, totals: claimed });
          }
        }
        prevHash = r.hash;
        expected = seq + 1;
        lastRow = r;
      }
    }
    if (
      lastRow &&
      !allSignatures &&
      Number(lastRow.seq) % sampleEvery !== 0 &&
      !String(lastRow.kind).startsWith('closure-')
    ) {
      checkSignature(Number(lastRow.seq), lastRow.hash, lastRow.keyId, lastRow.signature, 'dernière écriture');
    }
    const headSeq = head ? Number(head.lastSeq) : 0;
    if (!head && count) add({ seq: 1, kind: 'head', reason: 'Tête de chaîne absente' });
    if (head) {
      if (headSeq > (last ?? 0))
        add({
          seq: (last ?? 0) + 1,
          kind: 'truncated',
          reason: `Fin de chaîne supprimée : ${headSeq - (last ?? 0)} écriture(s) après la ${last ?? 0}e`,
        });
      else if (headSeq < (last ?? 0))
        add({ seq: headSeq + 1, kind: 'head', reason: 'Écritures au-delà de la tête de chaîne' });
      else if (headSeq && head.lastHash !== lastRow?.hash)
        add({ seq: headSeq, kind: 'head', reason: 'La tête de chaîne ne correspond pas à la dernière écriture' });
      if (headSeq)
        checkSignature(
          headSeq,
          headMessage(est, chain, headSeq, head.lastHash),
          head.keyId,
          head.signature ?? '',
          'tête de chaîne',
        );
    }
    // A year closure equals its months, also those closed after it (which must not exist).
    for (const y of years) {
      const parts = months.filter((p) => p.date >= y.date && p.date <= y.periodEnd).map((p) => p.totals);
      if (!sameTotals(y.totals, sumTotals(parts)))
        add({ seq: y.seq, kind: 'closure', reason: 'Clôture de l’exercice différente de la somme de ses mois' });
    }
    // The books against the chain: every bill, line, payment and ticket with its signed entry (a missing one too).
    if (chain === 'fiscal') await verifyRecords(knex, est, add);
    // The database against its anchor outside it (DATA_DIR): a chain or a numbering put back.
    for (const b of (await checkAnchor(knex, est, chain)).breaks) add({ seq: b.seq, kind: 'anchor', reason: b.reason });
    const breaks = [...found, ...(await checks.failures())]
      .sort((x, y) => x.at - y.at)
      .slice(0, MAX_BREAKS)
      .map((f) => f.b);
    return {
      status: breaks.length ? 'broken' : 'ok',
      chain,
      count,
      first,
      last,
      breaks,
      signaturesChecked: signatures,
      ms: Math.round(performance.now() - t0),
    };
  }
}
