// Booking channels (docs/channels.md): import of channel bookings (per second; ratio to
// creating the same stays through the reception path in the same run), the availability
// push of 2 000 places × 365 days to the Pitchup fake (bytes and time; ratio to the bare
// SQL of the free places), and a planning move to its availability pushed (p50 latency of
// the work, the debounce wait excluded: that one is a design constant, QUIET_MS to
// MAX_DELAY_MS). On a scratch database with the reference data; prints, never asserts.
// Run: npm run bench -- channels (CHANNEL_BENCH_BOOKINGS, default 1 000).
import { openScratchDatabase } from '../pg';
import { migrateLatest } from '../../api/db/migrate';
import { bootstrap } from '../../api/demo/bootstrap';
import { registerDomainRules } from '../../api/domain/index';
import { createBooking } from '../../api/domain/stays/actions';
import { applyMove } from '../../api/domain/planning/moves';
import { receiveBooking } from '../../api/domain/channels/receive';
import { runOperation } from '../../api/domain/channels/runner';
import { freeByNight, HORIZON_DAYS } from '../../api/domain/channels/availability';
import { loadChannel } from '../../api/domain/channels/config';
import { QUIET_MS, MAX_DELAY_MS } from '../../api/domain/channels/scheduler';
import type { ChannelBooking } from '../../api/domain/channels/types';
import { addDays, todayParis } from '../../common/dates';
import { startFakePitchup } from '../int/fakes/pitchup';

const N = Number(process.env.CHANNEL_BENCH_BOOKINGS ?? 1000);
const PLACES = 2000;
const CONCURRENCY = 4;
registerDomainRules();
const scratch = await openScratchDatabase('channels', { pool: 12 });
const knex = scratch.db.knex;
await migrateLatest(knex);
await bootstrap(knex, { adminPassword: 'bench-channels-password', demo: false });
const fake = await startFakePitchup();

const baseType = await knex('place_type').orderBy('id').first();
const { id: _i, createdAt: _c, updatedAt: _u, version: _v, ...copy } = baseType;
const [type] = await knex('place_type')
  .insert({ ...copy, code: 'BENCH', label: 'Banc' })
  .returning('id');
const places: number[] = [];
for (let i = 0; i < PLACES; i += 500) {
  const rows = Array.from({ length: Math.min(500, PLACES - i) }, (_, j) => ({
    code: `B${i + j}`,
    placeTypeId: type.id,
    capacity: 8,
  }));
  places.push(...(await knex('place').insert(rows).returning('id')).map((r: any) => r.id));
}
const [access] = await knex('access_channel').insert({ code: 'BENCH', label: 'Banc', isOnline: true }).returning('id');
const [mod] = await knex('module_config')
  .insert({
    kind: 'online-booking',
    label: 'Pitchup banc',
    provider: 'Pitchup',
    isActive: true,
    settings: JSON.stringify({ connector: 'pitchup', apiUrl: fake.url, apiKey: fake.key, accessChannelId: access.id }),
  })
  .returning('id');
await knex('channel_mapping').insert({
  moduleId: mod.id,
  kind: 'place-type',
  externalCode: '101',
  placeTypeId: type.id,
});
const ch = (await loadChannel(knex, mod.id))!;
const [cust] = await knex('customer').insert({ lastName: 'Accueil', firstName: 'Banc' }).returning('id');
const adult = (await knex('age_category').where('channelCategory', 'adult').orderBy('id').first('id')).id;

const start = addDays(todayParis(), 7);
// Stay k: place k mod PLACES, its own 3 nights; the two paths use distinct nights.
const stayOf = (k: number, offset: number) => {
  const from = addDays(start, offset + Math.floor(k / PLACES) * 4);
  return { placeId: places[k % PLACES], startDate: from, endDate: addDays(from, 3) };
};
const channelBooking = (k: number): ChannelBooking => {
  const s = stayOf(k, 0);
  return {
    externalRef: `BENCH${k}`,
    status: 'confirmed',
    modifiedAt: new Date().toISOString(),
    roomType: '101',
    unit: null,
    startDate: s.startDate,
    endDate: s.endDate,
    guest: { lastName: `Client${k}`, email: `bench${k}@example.fr` },
    adults: 2,
    children: 0,
    infants: 0,
    childAges: [],
    animals: 0,
    currency: 'EUR',
    total: 21000,
    collected: 21000,
    commission: 3150,
    lines: [{ kind: 'accommodation', label: 'Séjour', quantity: 1, amount: 21000 }],
    raw: { id: k },
  };
};

async function pool(n: number, work: (k: number) => Promise<unknown>): Promise<number> {
  const t = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) await work(next++);
    }),
  );
  return performance.now() - t;
}

console.log(`${scratch.where}: ${PLACES} places, ${N} bookings per path, ${CONCURRENCY} at a time`);
const desk = await pool(N, (k) =>
  createBooking(
    knex,
    {
      kind: 'booking',
      customerId: cust.id,
      occupancies: [{ ...stayOf(k, 200), details: [{ ageCategoryId: adult, quantity: 2 }] }],
    },
    null,
  ),
);
const outcomes: Record<string, number> = {};
const channel = await pool(N, async (k) => {
  const r = await receiveBooking(knex, ch, channelBooking(k));
  outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
});
const rate = (ms: number) => (N / ms) * 1000;
console.log(`reception path (createBooking)                 ${rate(desk).toFixed(1)} stays/s`);
console.log(
  `channel import (receive, integrate, price, pay) ${rate(channel).toFixed(1)} bookings/s  ` +
    `ratio ${(rate(channel) / rate(desk)).toFixed(2)} × reception  ${JSON.stringify(outcomes)}`,
);

// Availability: 2 000 places × 365 nights, one mapped room type.
const today = todayParis();
let t = performance.now();
const free = await freeByNight(knex, [type.id], today, addDays(today, HORIZON_DAYS));
const sql = performance.now() - t;
t = performance.now();
const push = await runOperation(knex, ch, 'push-availability', { full: true });
const whole = performance.now() - t;
console.log(`free places SQL, ${PLACES} places × ${HORIZON_DAYS} nights   ${sql.toFixed(0)} ms (${free.length} rows)`);
console.log(
  `full availability push to the fake              ${whole.toFixed(0)} ms, ${push.bytes} bytes, ` +
    `${push.items} nights, ${Math.ceil(push.items / 90)} calls  ratio ${(whole / sql).toFixed(1)} × SQL`,
);

// A planning move, then the push of what it changed (the scheduler's work once debounced).
const moves: number[] = [];
const occs = await knex('occupancy')
  .whereNotNull('placeId')
  .orderBy('id')
  .limit(30)
  .select('id', 'placeId', 'startDate', 'endDate');
for (const [i, o] of occs.entries()) {
  const t0 = performance.now();
  await applyMove(
    knex,
    {
      kind: 'occupancy',
      id: o.id,
      placeId: places[(PLACES - 1 - i) % PLACES],
      startDate: addDays(o.startDate, 400),
      endDate: addDays(o.endDate, 400),
      force: true,
    },
    null,
  );
  await runOperation(knex, ch, 'push-availability');
  moves.push(performance.now() - t0);
}
moves.sort((a, b) => a - b);
console.log(
  `planning move → availability pushed (work)      p50 ${moves[Math.floor(moves.length / 2)].toFixed(0)} ms, ` +
    `p95 ${moves[Math.floor(moves.length * 0.95)].toFixed(0)} ms; ` +
    `debounce adds ${QUIET_MS / 1000}–${MAX_DELAY_MS / 1000} s`,
);
await fake.close();
await scratch.close();
