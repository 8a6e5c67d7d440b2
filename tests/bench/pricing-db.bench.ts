// Quotes over the database: POST /rest/pricing/quote's work without HTTP —
// quoteForStay = validation + loadPricingContext (one call of bv_pricing_context) +
// priceStay — on the demo campsite, beside a baseline of the same run: the bare round
// trip of a one-row indexed read. On a scratch database (embedded PostgreSQL, or
// DATABASE_URL's server), dropped at the end. It prints and never asserts.
// Run: npx tsx tests/bench/pricing-db.bench.ts
import { openScratchDatabase } from '../pg';
import { migrateLatest } from '../../api/db/migrate';
import { bootstrap } from '../../api/demo/bootstrap';
import { demoSeasons } from '../../api/demo/pricing';
import { loadPricingContext } from '../../api/domain/pricing/load-context';
import { quoteForStay, type QuoteRequest } from '../../api/domain/pricing/quote-for-stay';
import { priceStay } from '../../api/domain/pricing';

const ROUNDS = Number(process.env.PRICING_DB_BENCH_ROUNDS ?? 300);
const scratch = await openScratchDatabase('pricing', { pool: 2 });
const db = scratch.db;
await migrateLatest(db.knex);
await bootstrap(db.knex, { adminPassword: 'bench-pricing-password', demo: true });
const knex = db.knex;

const id = async (table: string, where: Record<string, unknown>) =>
  (await knex(table).where(where).first('id')).id as number;
const seasons = demoSeasons();
const arrival = seasons.midStart;
const request: QuoteRequest = {
  placeTypeId: await id('place_type', { code: 'TENTE' }),
  startDate: arrival,
  endDate: new Date(Date.parse(arrival) + 7 * 86_400_000).toISOString().slice(0, 10),
  quoteDate: `${seasons.year}-01-15`, // the early-booking offer applies
  occupants: [
    { ageCategoryId: await id('age_category', { label: 'Adulte' }), quantity: 2 },
    { ageCategoryId: await id('age_category', { label: 'Enfant 3–12 ans' }), quantity: 2 },
  ],
  extras: [{ extraId: await id('extra', { label: 'Électricité 10 A' }), quantity: 1 }],
  animals: [{ animalTypeId: await id('animal_type', { label: 'Chien' }), quantity: 1 }],
};

async function measure(label: string, work: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 30; i++) await work();
  const ms: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    await work();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const p = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))];
  const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
  console.log(
    `${label.padEnd(44)} p50 ${p(0.5).toFixed(2)} ms  p95 ${p(0.95).toFixed(2)} ms  → ${Math.round(1000 / mean)} /s`,
  );
  return ms;
}

const sample = await quoteForStay(knex, request);
console.log(
  `${scratch.where}: 7 nights, 4 occupants, electricity and a dog, ${sample.appliedSpecialOfferIds.length} ` +
    `offer(s) → ${sample.lines.length} lines, total ${sample.total} cents`,
);
const gridId = sample.priceGridId;
const base = await measure('baseline: one-row indexed read (round trip)', () =>
  knex('price_grid').where('id', gridId).first(),
);
const load = await measure('loadPricingContext', () =>
  loadPricingContext(knex, { ...request, quoteDate: request.quoteDate! }),
);
const { context, request: stay } = await loadPricingContext(knex, { ...request, quoteDate: request.quoteDate! });
await measure('priceStay (engine only, same context)', async () => priceStay(context, stay));
const full = await measure('quoteForStay (validate + load + price)', () => quoteForStay(knex, request));
const med = (xs: number[]) => xs[Math.floor(xs.length / 2)];
console.log(
  `quoteForStay / baseline (p50): ${(med(full) / med(base)).toFixed(1)}×; loader share ` +
    `${Math.round((100 * med(load)) / med(full))} %`,
);
await scratch.close();
