// Bill issue on the demo campsite: the issuing transaction alone (lock the stay, lines
// from its stored price, number from the locked counter, inserts), the same with the
// PDF rendered and stored (what POST /rest/booking/{id}/bill does), the PDF alone for a
// 30-line A4 invoice, and the throughput of issues run 8 at a time (the counter row
// serialises them). Baseline of the same run: the bare round trip of an indexed read.
// On a scratch database (embedded PostgreSQL, or DATABASE_URL's server), dropped at the
// end. It prints and never asserts. Run: npx tsx tests/bench/billing.bench.ts
import { openScratchDatabase } from '../pg';
import { migrateLatest } from '../../api/db/migrate';
import { bootstrap } from '../../api/demo/bootstrap';
import { issueStayBill } from '../../api/domain/billing/issue';
import { storeOriginal } from '../../api/domain/billing/documents';
import { loadBill } from '../../api/domain/billing/view';
import { renderBillPdf } from '../../api/domain/billing/pdf';
import { toFacturX } from '../../api/domain/billing/facturx';

const ROUNDS = Number(process.env.BILLING_BENCH_ROUNDS ?? 60);
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
const take = () => {
  if (next >= candidates.length) throw new Error(`only ${candidates.length} billable demo stays`);
  return candidates[next++];
};

const stats = (ms: number[]) => {
  ms.sort((a, b) => a - b);
  const p = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))];
  return { p50: p(0.5), p95: p(0.95), mean: ms.reduce((a, b) => a + b, 0) / ms.length };
};
async function measure(label: string, rounds: number, work: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await work();
    ms.push(performance.now() - t);
  }
  const s = stats(ms);
  console.log(
    `${label.padEnd(52)} p50 ${s.p50.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  → ${(1000 / s.mean).toFixed(1)} /s`,
  );
  return s;
}

console.log(`${scratch.where}: ${candidates.length} billable demo stays`);
const base = await measure('baseline: one-row indexed read (round trip)', ROUNDS, () =>
  knex('booking').where('id', candidates[0]).first(),
);
const tx = await measure('issue a final bill, without the PDF', ROUNDS, () =>
  issueStayBill(knex, take(), { kind: 'final' }, null),
);
const withPdf = await measure('issue a final bill, PDF rendered and stored', ROUNDS, async () =>
  storeOriginal(knex, await issueStayBill(knex, take(), { kind: 'final' }, null)),
);

// A 30-line invoice: the lines of one issued bill repeated.
const sampleId = (await knex('bill').orderBy('id', 'desc').first('id')).id;
const sample = await loadBill(knex, sampleId);
const thirty = {
  ...sample,
  lines: Array.from({ length: 30 }, (_, i) => ({ ...sample.lines[i % sample.lines.length], position: i + 1 })),
};
const pdf = await measure('PDF/A-3b of a 30-line A4 invoice (render only)', 20, () => renderBillPdf(thirty));
// The same invoice for a business customer with a VAT number: the PDF made a Factur-X (EN 16931).
const business = {
  ...thirty,
  customerSnapshot: {
    ...(thirty as Record<string, any>).customerSnapshot,
    isLegalEntity: true,
    vatNumber: 'FR40303265045',
    companyName: 'Acme SAS',
  },
};
const fx = await measure('Factur-X of the same invoice (PDF + EN 16931 XML)', 10, async () =>
  toFacturX(await renderBillPdf(business), business),
);

const PARALLEL = 8,
  BATCH = Math.min(80, candidates.length - next);
const t0 = performance.now();
let done = 0;
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    while (done < BATCH) {
      done++;
      await issueStayBill(knex, take(), { kind: 'final' }, null);
    }
  }),
);
const elapsed = performance.now() - t0;
console.log(
  `${`${BATCH} issues, ${PARALLEL} at a time, without the PDF`.padEnd(52)} ${elapsed.toFixed(0)} ms → ` +
    `${(BATCH / (elapsed / 1000)).toFixed(1)} bills/s`,
);
const gaps = (
  await knex.raw(`SELECT count(*)::int AS n, max(sequence) - min(sequence) + 1 AS span FROM bill WHERE prefix = 'FA'`)
).rows[0];
console.log(`numbers: ${gaps.n} bills over a span of ${gaps.span} (no gap: ${gaps.n === Number(gaps.span)})`);
console.log(
  `issue / baseline (p50): ${(tx.p50 / base.p50).toFixed(1)}×; with PDF / without (p50): ` +
    `${(withPdf.p50 / tx.p50).toFixed(1)}×; PDF share ${Math.round((100 * (withPdf.p50 - tx.p50)) / withPdf.p50)} ` +
    `%; 30-line PDF p50 ${pdf.p50.toFixed(0)} ms, as Factur-X ${fx.p50.toFixed(0)} ms`,
);
await scratch.close();
