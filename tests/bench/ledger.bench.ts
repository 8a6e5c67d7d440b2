// The inalterable ledger: (1) what it adds to issuing a bill on the demo campsite — the
// whole issue (its entry included) against the entry alone (appendBillEntry of an issued
// bill in a transaction rolled back), as a ratio; (2) the verifier on a chain of
// N entries (sales, payments and a Z every 500 entries, each hashed and signed
// with the installation key, bulk-loaded with the triggers off; 100 000 by default,
// LEDGER_BENCH_ENTRIES to change): every signature checked (on worker threads) beside the
// baselines of the same run, a single-thread SHA-256 + Ed25519 loop over the same rows with
// node:crypto (the issue's) and with the verifier's own check (libsodium's), interleaved, and
// what a second thread adds on this machine (that loop on 1 and 2 worker threads: the floor of
// the ratio to it); then the sampled verification. On a scratch database, dropped
// at the end. Prints, never asserts. Run: npx tsx tests/bench/ledger.bench.ts
import { verify } from 'node:crypto';
import { openScratchDatabase } from '../pg';
import { recordFigures } from './results';
import { appendSyntheticChain, breaksOtherThanSynthetic } from './ledger/synthetic-chain';
import { threadScaling } from './ledger/thread-loops';
import { migrateLatest } from '../../api/db/migrate';
import { bootstrap } from '../../api/demo/bootstrap';
import { issueStayBill } from '../../api/domain/billing/issue';
import { appendBillEntry } from '../../api/domain/ledger/entries';
import { chainHash } from '../../api/domain/ledger/canonical';
import { verifyLedger } from '../../api/domain/ledger/verify';

const ROUNDS = Number(process.env.LEDGER_BENCH_ROUNDS ?? 40);
const N = Number(process.env.LEDGER_BENCH_ENTRIES ?? 100_000);
const scratch = await openScratchDatabase('ledger', { pool: 4 });
const knex = scratch.db.knex;
try {
  await migrateLatest(knex);
  await bootstrap(knex, { adminPassword: 'bench-ledger-password', demo: true });
  await knex('establishment').update({
    corporateName: 'SARL Les Pins Bleus',
    address1: '12 route de la Plage',
    postalCode: '40200',
    town: 'Mimizan',
    siren: '732829320',
    siret: '73282932000074',
    vatNumber: 'FR44732829320',
    legalForm: 'SARL',
    capital: 5000000,
    rcs: 'Mont-de-Marsan',
    tradeRegisterNumber: '732 829 320',
  });
  await knex('customer').whereNull('address1').update({ address1: '1 rue du Port' });
  await knex('customer').whereNull('postalCode').update({ postalCode: '44000' });
  await knex('customer').whereNull('town').update({ town: 'Nantes' });
  const candidates: number[] = (
    await knex.raw(
      `
    SELECT b.id FROM booking b
    WHERE b.kind <> 'quote' AND b.status_id IN (2, 3, 4, 6, 7, 8) AND b.customer_id IS NOT NULL AND b.total_amount > 0
      AND EXISTS (SELECT 1 FROM occupancy o WHERE o.booking_id = b.id AND NOT o.is_cancelled)
      AND NOT EXISTS (SELECT 1 FROM occupancy o WHERE o.booking_id = b.id AND NOT o.is_cancelled
        AND jsonb_typeof(o.priced_quote->'quote') IS DISTINCT FROM 'object')
    ORDER BY b.id LIMIT ?`,
      [ROUNDS * 2],
    )
  ).rows.map((r: any) => r.id);

  // (1) the ledger's cost on a bill
  const p50 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)];
  const issue: number[] = [],
    entry: number[] = [];
  const billIds: number[] = [];
  for (let i = 0; i < Math.min(ROUNDS, candidates.length); i++) {
    const t = performance.now();
    billIds.push(await issueStayBill(knex, candidates[i], { kind: 'final' }, null));
    issue.push(performance.now() - t);
  }
  class Rollback extends Error {}
  for (const id of billIds) {
    const t = performance.now();
    await knex
      .transaction(async (trx) => {
        await appendBillEntry(trx, id);
        throw new Rollback();
      })
      .catch((e) => {
        if (!(e instanceof Rollback)) throw e;
      });
    entry.push(performance.now() - t);
  }
  const i50 = p50(issue),
    e50 = p50(entry);
  console.log(`${scratch.where}: ${issue.length} final bills of the demo`);
  console.log(`issue a final bill (its ledger entry included)          p50 ${i50.toFixed(1)} ms`);
  console.log(`its ledger entry alone (head lock, hash, 2 signatures)  p50 ${e50.toFixed(1)} ms`);
  console.log(
    `ratio issue ÷ issue without the ledger                  ${(i50 / Math.max(0.1, i50 - e50)).toFixed(2)}x`,
  );

  // (2) a chain of N entries, continuing the demo's
  const { est, key, ms: built } = await appendSyntheticChain(knex, N);
  console.log(
    `built ${N.toLocaleString('fr-FR')} entries (hash + Ed25519 signature each, bulk insert)  ` +
      `${(built / 1000).toFixed(1)} s`,
  );
  await knex.raw('VACUUM ANALYZE ledger_entry');
  // Every signature checked (workers) against two baselines of the same run, rows in memory: one thread looping
  // SHA-256 of each link and the Ed25519 check of each entry with node:crypto (the issue's baseline), and the same
  // loop with the product's check (./ed25519.mjs: libsodium's when it loads). Interleaved rounds, medians.
  const { signatureCheck, ed25519Backend } = await import('../../api/domain/ledger/ed25519.mjs');
  const productCheck = signatureCheck(key.publicKey);
  const nodeCheck = (m: Uint8Array, sig: Uint8Array) => verify(null, m, key.publicKey, sig);
  // The rows are read for each round and let go after it: the verifier's rounds do not carry them.
  const readAll = (): Promise<{ prevHash: string; body: string; hash: string; signature: string }[]> =>
    knex('ledger_entry')
      .where({ establishmentId: est, chain: 'fiscal' })
      .orderBy('seq')
      .select('prevHash', 'body', 'hash', 'signature');
  const loop = async (check: (m: Uint8Array, sig: Uint8Array) => boolean) => {
    const all = await readAll();
    const t = performance.now();
    let bad = 0;
    for (const r of all)
      if (chainHash(r.prevHash, r.body) !== r.hash || !check(Buffer.from(r.hash), Buffer.from(r.signature, 'base64')))
        bad++;
    return { ms: performance.now() - t, bad };
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const full: number[] = [],
    base: number[] = [],
    same: number[] = [];
  let v = await verifyLedger(knex, { allSignatures: true });
  for (let r = 0; r < Number(process.env.LEDGER_BENCH_VERIFY_ROUNDS ?? 3); r++) {
    for (const [check, into] of [
      [nodeCheck, base],
      [productCheck, same],
    ] as const) {
      const b = await loop(check);
      if (b.bad) console.log(`baseline loop: ${b.bad} entries do not check`);
      into.push(b.ms);
    }
    v = await verifyLedger(knex, { allSignatures: true });
    full.push(v.ms);
  }
  const f50 = median(full),
    b50 = median(base),
    s50 = median(same);
  console.log(
    `verify ${v.count.toLocaleString('fr-FR')} entries, every signature (${v.signaturesChecked}, ${ed25519Backend}), ` +
      `status ${v.status}${breaksOtherThanSynthetic(v.breaks)}` +
      `  p50 ${(f50 / 1000).toFixed(2)} s`,
  );
  console.log(
    `baseline: single-thread SHA-256 + Ed25519 loop, node:crypto, same rows  p50 ${(b50 / 1000).toFixed(2)} s`,
  );
  console.log(`ratio ${(f50 / b50).toFixed(2)}× the node:crypto loop (goal < 6 s and ≤ 0,6×)`);
  console.log(
    `the same loop with the verifier's check (${ed25519Backend})  p50 ${(s50 / 1000).toFixed(2)} s: ` +
      `the verification is ${(f50 / s50).toFixed(2)}× it`,
  );
  // What two threads give on this machine: the same loop on 1 and on 2 worker threads at once.
  const scaling = await threadScaling(
    (await readAll()).slice(0, 20_000),
    key.publicKey.export({ type: 'spki', format: 'pem' }),
  );
  console.log(
    `the loop on 2 threads at once ÷ on 1: ×${scaling.toFixed(2)} the throughput; floor of the ratio to the ` +
      `verifier's own loop on this machine, with no work but the checks: ${(1 / scaling).toFixed(2)}×`,
  );
  recordFigures('ledger', [
    {
      id: 'ledger-verify',
      value: f50 / 1000,
      unit: 's',
      baseline: b50 / 1000,
      baselineLabel: 'single-thread loop, node:crypto',
      goal: '< 6 s and ≤ 0,6× the loop',
      met: f50 < 6000 && f50 <= 0.6 * b50,
      detail:
        `${v.count} entries, checks by ${ed25519Backend}; ${(f50 / s50).toFixed(2)}× the same loop with that check ` +
        `(${(s50 / 1000).toFixed(2)} s); 2 threads ÷ 1 on this machine ×${scaling.toFixed(2)}: ` +
        `floor ${(1 / scaling).toFixed(2)}×`,
    },
  ]);
  const sampled = await verifyLedger(knex, { allSignatures: false });
  console.log(
    `verify with sampled signatures (${sampled.signaturesChecked})  ${(sampled.ms / 1000).toFixed(2)} s ` +
      `(LEDGER_BENCH_ENTRIES=1000000 for the million)`,
  );
} finally {
  await scratch.close();
}
