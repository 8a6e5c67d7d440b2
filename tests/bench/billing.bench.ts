// Bills with their PDF on the demo campsite, as POST /rest/booking/{id}/bill makes them
// (issue transaction, the bill read once, its PDF rendered on the worker pool and
// stored), run 1, 4 and 8 at a time; beside them, in the same rounds (interleaved), the
// baseline: bare pdfmake rendering the same bills' documents one after the other on a
// thread of its own (tests/bench/bare-pdfmake.mjs). Then a 30-line invoice as a plain
// PDF and as a Factur-X, interleaved. Medians of the rounds. On a scratch database,
// dropped at the end. Prints, never asserts. Run: npx tsx tests/bench/billing.bench.ts
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { openScratchDatabase } from '../pg';
import { recordFigures } from './results';
import { migrateLatest } from '../../api/db/migrate';
import { bootstrap } from '../../api/demo/bootstrap';
import { issueStayBill } from '../../api/domain/billing/issue';
import { storeOriginal } from '../../api/domain/billing/documents';
import { loadBill } from '../../api/domain/billing/view';
import type { IssuedBill } from '../../api/domain/billing/records';
import { renderPdf, poolSize, stopPdfPool } from '../../api/pdf/pool';

const ROUNDS = Number(process.env.BILLING_BENCH_ROUNDS ?? 5);
const scratch = await openScratchDatabase('billing', { pool: 10 });
const knex = scratch.db.knex;
await migrateLatest(knex);
await bootstrap(knex, { adminPassword: 'bench-billing-password', demo: true });
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

// Priced stays that can be billed: confirmed to gone, every active occupancy priced.
const candidates: number[] = (
  await knex.raw(`
  SELECT b.id FROM booking b
  WHERE b.kind <> 'quote' AND b.status_id IN (2, 3, 4, 6, 7, 8) AND b.customer_id IS NOT NULL AND b.total_amount > 0
    AND EXISTS (SELECT 1 FROM occupancy o WHERE o.booking_id = b.id AND NOT o.is_cancelled)
    AND NOT EXISTS (SELECT 1 FROM occupancy o WHERE o.booking_id = b.id AND NOT o.is_cancelled
      AND jsonb_typeof(o.priced_quote->'quote') IS DISTINCT FROM 'object')
  ORDER BY b.id`)
).rows.map((r: any) => r.id);
let next = 0;
const left = () => candidates.length - next;

/** Each bill's phases (ms), per parallelism: the issue transaction, the read, the PDF (queue, render, store). */
type Phases = { issue: number; read: number; pdf: number };
/** What the route does: issue, read the bill once, render and store its PDF. */
async function billWithPdf(phases: Phases[]): Promise<Record<string, any>> {
  const t0 = performance.now();
  const id = await issueStayBill(knex, candidates[next++], { kind: 'final' }, null);
  const t1 = performance.now();
  const bill = await loadBill(knex, id);
  const t2 = performance.now();
  await storeOriginal(knex, bill);
  phases.push({ issue: t1 - t0, read: t2 - t1, pdf: performance.now() - t2 });
  return bill;
}

/** `count` bills, `parallel` at a time: bills/s and each bill's time. */
async function issueBatch(count: number, parallel: number, phases: Phases[] = []) {
  const times: number[] = [];
  const bills: Record<string, any>[] = [];
  let started = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (started < count) {
        started++;
        const t = performance.now();
        bills.push(await billWithPdf(phases));
        times.push(performance.now() - t);
      }
    }),
  );
  return { perSecond: count / ((performance.now() - t0) / 1000), times, bills };
}

const bare = new Worker(new URL('./bare-pdfmake.mjs', import.meta.url));
await new Promise((r) => bare.once('message', r));
const bareRenders = (bills: Record<string, any>[]) =>
  new Promise<number>((resolve) => {
    bare.once('message', (m: { ms: number }) => resolve(bills.length / (m.ms / 1000)));
    bare.postMessage({ bills });
  });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

const PER = { 1: 6, 4: 12, 8: 16 } as const;
const perRound = PER[1] + PER[4] + PER[8];
const rounds = Math.min(ROUNDS, Math.floor((left() - 8) / perRound));
console.log(`${scratch.where}: ${candidates.length} billable demo stays, ${rounds} rounds, PDF workers: ${poolSize()}`);
// Warm-up: the workers start, the code paths compile.
const warm = await issueBatch(8, 8);
await bareRenders(warm.bills);

const rate: Record<string, number[]> = { bare: [], 1: [], 4: [], 8: [] };
const times: Record<string, number[]> = { 1: [], 4: [], 8: [] };
const phases: Record<string, Phases[]> = { 1: [], 4: [], 8: [] };
// Stalls of this (the server's) thread while 8 run: a synchronous step every bill waits behind.
// One histogram per batch: a monitor enabled again measures its first delay from where it was
// disabled, and would count the rounds of 1 and 4 in between as one stall.
const stalls: IntervalHistogram[] = [];
const worst = (f: (h: IntervalHistogram) => number) => (Math.max(...stalls.map(f)) / 1e6).toFixed(0);
for (let r = 0; r < rounds; r++) {
  const issued: Record<string, any>[] = [];
  for (const p of [1, 4, 8] as const) {
    if (p === 8) stalls.push(monitorEventLoopDelay({ resolution: 5 }));
    if (p === 8) stalls.at(-1)!.enable();
    const b = await issueBatch(PER[p], p, phases[p]);
    if (p === 8) stalls.at(-1)!.disable();
    rate[p].push(b.perSecond);
    times[p].push(...b.times);
    issued.push(...b.bills);
  }
  rate.bare.push(await bareRenders(issued));
}
const bareRate = median(rate.bare);
console.log(`baseline: bare pdfmake renders of the same bills (one thread)  ${bareRate.toFixed(1)} /s`);
for (const p of [1, 4, 8] as const)
  console.log(
    `final bill with its PDF, ${p} at a time`.padEnd(44) +
      `${median(rate[p]).toFixed(1)} bills/s  p50 ${median(times[p]).toFixed(0)} ms  ` +
      `p99 ${quantile(times[p], 0.99).toFixed(0)} ms  ×${(median(rate[p]) / bareRate).toFixed(2)} the bare renders`,
  );
for (const p of [1, 8] as const) {
  const of = (k: keyof Phases) => phases[p].map((x) => x[k]);
  console.log(
    `  ${p} at a time, each phase p50 / p99:`.padEnd(44) +
      (['issue', 'read', 'pdf'] as const)
        .map((k) => `${k} ${median(of(k)).toFixed(0)} / ${quantile(of(k), 0.99).toFixed(0)} ms`)
        .join(', '),
  );
}
console.log(
  `  this thread's stalls while 8 run: p99 ${worst((h) => h.percentile(99))} ms (the worst round's), ` +
    `max ${worst((h) => h.max)} ms`,
);
// 8 bills sharing the cores take at least 8 / cores × one bill's time (Little): the tail against that floor.
const cores = availableParallelism();
const floor = (8 / cores) * median(times[1]);
console.log(
  `goal: at 8 ≥ 1,2× the bare renders (×${(median(rate[8]) / bareRate).toFixed(2)}); ` +
    `p99 at 8 ≤ 2× p50 at 1 (${(quantile(times[8], 0.99) / median(times[1])).toFixed(2)}×); ` +
    `p99 at 8 ÷ (8 / ${cores} cores × p50 at 1) ${(quantile(times[8], 0.99) / floor).toFixed(2)}×`,
);
const gaps = (
  await knex.raw(`SELECT count(*)::int AS n, max(sequence) - min(sequence) + 1 AS span FROM bill WHERE prefix = 'FA'`)
).rows[0];
console.log(`numbers: ${gaps.n} bills over a span of ${gaps.span} (no gap: ${gaps.n === Number(gaps.span)})`);

// A 30-line invoice, plain and as a Factur-X for a business customer, interleaved.
const sample = await loadBill(knex, (await knex('bill').orderBy('id', 'desc').first('id')).id);
const thirty: IssuedBill = {
  ...sample,
  lines: Array.from({ length: 30 }, (_, i) => ({ ...sample.lines[i % sample.lines.length], position: i + 1 })),
};
const business = {
  ...thirty,
  customerSnapshot: {
    ...thirty.customerSnapshot,
    isLegalEntity: true,
    vatNumber: 'FR40303265045',
    companyName: 'Acme SAS',
  },
};
const plain: number[] = [],
  fx: number[] = [];
for (let i = 0; i < 12; i++) {
  let t = performance.now();
  await renderPdf({ kind: 'bill', bill: thirty });
  plain.push(performance.now() - t);
  t = performance.now();
  await renderPdf({ kind: 'bill', bill: business });
  fx.push(performance.now() - t);
}
recordFigures('billing', [
  {
    id: 'bill-pdf-8',
    value: median(rate[8]),
    unit: 'bills/s',
    baseline: bareRate,
    baselineLabel: 'bare pdfmake renders',
    goal: '≥ 1,2× the bare renders, p99 at 8 ≤ 2× p50 at 1',
    met: median(rate[8]) >= 1.2 * bareRate && quantile(times[8], 0.99) <= 2 * median(times[1]),
    detail:
      `p50 ${median(times[8]).toFixed(0)} ms, p99 ${quantile(times[8], 0.99).toFixed(0)} ms, ` +
      `${(quantile(times[8], 0.99) / floor).toFixed(2)}× the floor 8 / cores × p50 at 1`,
  },
  {
    id: 'facturx',
    value: median(fx),
    unit: 'ms',
    baseline: median(plain),
    baselineLabel: 'plain bill',
    goal: '≤ 1,5× the plain bill',
    met: median(fx) <= 1.5 * median(plain),
  },
]);
console.log(
  `30-line bill: plain PDF p50 ${median(plain).toFixed(0)} ms, Factur-X p50 ${median(fx).toFixed(0)} ms ` +
    `(×${(median(fx) / median(plain)).toFixed(2)}, goal ≤ 1,5×)`,
);
await bare.terminate();
await stopPdfPool();
await scratch.close();
