// Statistics (issue 27, docs/statistics.md) on 5 years × 2 000 places of generated stays (tests/
// statistics-data.ts; STATS_BENCH_PLACES and STATS_BENCH_YEARS to scale down): (1) a
// full regeneration — one transaction per month — beside the bare SQL aggregation of
// the same rows (the occupied nights and their revenue per day and dimension, selected,
// not stored) measured in the same run, as a ratio; (2) each screen's answer on the last
// year with 3 reference years and on the 5 years at once, after the regeneration
// (target ≤ 300 ms); (3) the incremental update after one stay change (target ≤ 50 ms)
// beside its baselines: one SELECT 1 round trip and the bare selection of that stay's
// nights. The machine's load average is printed with the figures: benchmarks on a
// shared machine are read against it. Prints, never asserts. Run: npm run bench -- statistics
//
// The data is written with the tables' user triggers off (the bench owns its scratch
// database): the places' reservations and the channels' and statistics' queues of
// 200 000 inserted stays are not what is measured; every trigger is back on before
// the regeneration and the incremental update goes through them as in production.
import { openScratchDatabase } from '../pg';
import { migrateLatest } from '../../api/db/migrate';
import { bootstrap } from '../../api/demo/bootstrap';
import { generateYears } from '../statistics-data';
import { regenerateAll } from '../../api/domain/statistics/regenerate';
import { applyQueue } from '../../api/domain/statistics/incremental';
import { screenAnswer } from '../../api/domain/statistics/answer';
import { SCREENS } from '../../api/domain/statistics/screens/index';
import { periodsOf } from '../../api/domain/statistics/query';
import { addDays } from '../../common/dates';
import { loadavg } from 'node:os';

const PLACES = Number(process.env.STATS_BENCH_PLACES ?? 2000);
const YEARS = Number(process.env.STATS_BENCH_YEARS ?? 5);
const FIRST = 2021;
const LAST = FIRST + YEARS - 1;
const ms = (t: number) => `${t.toFixed(1)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const load = () => `load average ${loadavg()[0].toFixed(1)} (${loadavg()[1].toFixed(1)} over 5 min)`;
/** The tables whose user triggers are off while the data is written. */
const WRITTEN = ['booking', 'occupancy', 'occupancy_detail', 'post_history'];

const scratch = await openScratchDatabase('stats', { pool: 6 });
const knex = scratch.db.knex;
try {
  console.log(`statistics bench: ${PLACES} places × ${YEARS} years (STATS_BENCH_PLACES, STATS_BENCH_YEARS to scale)`);
  await migrateLatest(knex);
  await bootstrap(knex, { adminPassword: 'bench-stats-password', demo: false });
  console.log(`start: ${load()}`);
  let t0 = performance.now();
  for (const t of WRITTEN) await knex.raw(`ALTER TABLE ${t} DISABLE TRIGGER USER`);
  const g = await generateYears(knex, { firstYear: FIRST, years: YEARS, places: PLACES });
  for (const t of WRITTEN) await knex.raw(`ALTER TABLE ${t} ENABLE TRIGGER USER`);
  await knex('stat_dirty').del();
  await knex('stat_dirty_month').del();
  await knex.raw('VACUUM ANALYZE');
  const nights = (await knex.raw(`SELECT sum(end_date - start_date) AS n FROM occupancy`)).rows[0].n;
  console.log(
    `data: ${PLACES} places, ${YEARS} years, ${g.stays} stays, ${nights} place-nights ` +
      `(generated in ${ms(performance.now() - t0)})`,
  );

  // (1) Bare aggregation of the same rows: occupied nights and revenue per day and dimension, not stored.
  t0 = performance.now();
  await knex.raw(`SELECT n.night, p.place_type_id, p.layout_id, b.access_channel_id, count(*), sum(l.share)
    FROM occupancy o JOIN booking b ON b.id = o.booking_id JOIN place p ON p.id = o.place_id
    CROSS JOIN LATERAL (SELECT o.start_date + i AS night FROM generate_series(0, o.end_date - o.start_date - 1) i) n
    CROSS JOIN LATERAL (SELECT COALESCE(sum(((v->>'amount')::bigint - COALESCE((v->>'vatAmount')::bigint, 0))
      / (o.end_date - o.start_date)), 0) AS share FROM jsonb_array_elements(o.priced_quote->'quote'->'lines') v) l
    WHERE b.status_id IN (2, 3, 6, 7, 8, 13) AND NOT o.is_cancelled
    GROUP BY 1, 2, 3, 4`);
  const bareRegen = performance.now() - t0;
  t0 = performance.now();
  const runId = await regenerateAll(knex);
  const regen = performance.now() - t0;
  const run = await knex('stat_run').where('id', runId).first();
  console.log(
    `regeneration: ${ms(regen)} for ${run.monthsTotal} months ` +
      `(${ms(regen / run.monthsTotal)} per month transaction); ` +
      `bare aggregation of the same rows ${ms(bareRegen)}; ratio ${(regen / bareRegen).toFixed(2)}×; ${load()}`,
  );
  await knex.raw('VACUUM ANALYZE');
  const rows = await knex.raw(
    `SELECT (SELECT count(*) FROM stat_night) AS nights, (SELECT count(*) FROM stat_day) AS days,
       (SELECT count(*) FROM stat_stay) AS stays, (SELECT count(*) FROM stat_capacity) AS capacity`,
  );
  console.log('tables:', rows.rows[0]);

  // (2) Each screen after the regeneration, beside its baseline: the bare SQL aggregation
  // of the raw stays of the same periods (their nights per place type, nothing stored).
  const last = {
    from: `${LAST}-01-01`,
    to: `${LAST}-12-31`,
    compare: [LAST - 1, LAST - 2, LAST - 3].filter((y) => y >= FIRST).join(','),
  };
  const all = { from: `${FIRST}-01-01`, to: `${LAST}-12-31` };
  const bare = (from: string, to: string) =>
    knex.raw(
      `SELECT p.place_type_id, count(*), sum(least(o.end_date, ?::date) - greatest(o.start_date, ?::date))
       FROM occupancy o JOIN booking b ON b.id = o.booking_id JOIN place p ON p.id = o.place_id
       WHERE b.status_id IN (2, 3, 6, 7, 8, 13) AND NOT o.is_cancelled AND o.start_date < ?::date
         AND o.end_date > ?::date GROUP BY 1`,
      [to, from, to, from],
    );
  const timed = async (fn: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < 8; i++) {
      const t = performance.now();
      await fn();
      if (i) times.push(performance.now() - t);
    }
    return times;
  };
  console.log(
    `screen answers after the regeneration (median and p95 of 7, after one warm-up), goal ≤ 300 ms; ` +
      `baseline: the bare SQL aggregation of the raw stays of the same periods; ${load()}:`,
  );
  console.log(
    `  ${'screen'.padEnd(20)} ${'period'.padEnd(30)} ${'median'.padStart(10)} ${'p95'.padStart(10)} ` +
      `${'goal'.padStart(8)} ${'baseline'.padStart(10)} ${'ratio'.padStart(7)}`,
  );
  for (const s of SCREENS) {
    for (const [label, q] of [
      [
        'last year + 3 reference years',
        s.name === 'daily-activity' ? { ...last, from: `${LAST}-07-01`, to: `${LAST}-07-31` } : last,
      ],
      [`${YEARS} years`, s.name === 'daily-activity' ? { ...all, from: `${LAST}-01-01` } : all],
    ] as const) {
      const times = await timed(() => screenAnswer(knex, s, { ...q } as any));
      const periods = periodsOf(q as any, s.maxDays);
      const base = await timed(() => Promise.all(periods.map((p) => bare(p.from, p.to))));
      const m = median(times);
      console.log(
        `  ${s.name.padEnd(20)} ${label.padEnd(30)} ${ms(m).padStart(10)} ${ms(p95(times)).padStart(10)} ` +
          `${(m <= 300 ? '≤ 300 ✓' : '> 300 ✗').padStart(8)} ${ms(median(base)).padStart(10)} ` +
          `${(m / median(base)).toFixed(2).padStart(6)}×`,
      );
    }
  }

  // (3) One stay changed, then the queue applied; beside it, in the same minutes, a bare
  // round trip and the bare selection of the changed stay's nights (its floor).
  const occ = await knex('occupancy')
    .where('startDate', '>=', `${LAST}-07-01`)
    .whereRaw('end_date - start_date >= 2')
    .orderBy('id')
    .limit(21)
    .select('id', 'endDate');
  const inc: number[] = [],
    trip: number[] = [],
    bareStay: number[] = [];
  for (const o of occ) {
    await knex('occupancy')
      .where('id', o.id)
      .update({ endDate: addDays(o.endDate, -1) });
    let t = performance.now();
    const r = await applyQueue(knex);
    inc.push(performance.now() - t);
    if (r.stays !== 1) console.log('  (unexpected queue)', r);
    t = performance.now();
    await knex.raw('SELECT 1');
    trip.push(performance.now() - t);
    t = performance.now();
    await knex.raw(
      `SELECT o.start_date + i AS night FROM occupancy o, generate_series(0, o.end_date - o.start_date - 1) i
       WHERE o.id = ?`,
      [o.id],
    );
    bareStay.push(performance.now() - t);
  }
  for (const xs of [inc, trip, bareStay]) xs.shift();
  console.log(
    `incremental update after one stay change, goal ≤ 50 ms: median ${ms(median(inc))} ` +
      `(${median(inc) <= 50 ? '≤ 50 ✓' : '> 50 ✗'}), p95 ${ms(p95(inc))} ` +
      `(${inc.length} changes); baselines: SELECT 1 round trip median ${ms(median(trip))}, the stay's nights ` +
      `selected ${ms(median(bareStay))} (ratio ${(median(inc) / median(bareStay)).toFixed(2)}×); ${load()}`,
  );
} finally {
  await scratch.close();
}
