// Gap-free numbering under load (api/domain/billing/numbering.ts): 50 bills issued at
// once on 50 stays take 50 consecutive numbers, without gap or duplicate; a second
// request for a stay being billed answers « a bill already being processed » or waits
// its turn, never a second bill; an issue killed in the middle of its transaction (its
// backend terminated after it took its number and inserted its bill) leaves no gap, nor
// does another process killed while it holds the counter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { bookStay, campsite, type Campsite } from './billing-fixtures';

let t: TestServer;
let c: Campsite;

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 10);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('numbering', () => {
  it('50 parallel issues on 50 stays: consecutive numbers, no gap, no duplicate', async () => {
    const stays: number[] = [];
    for (let week = 0; week < 5; week++) {
      for (const place of c.places) {
        const start = `2031-07-${String(1 + week * 6).padStart(2, '0')}`;
        const end = `2031-07-${String(4 + week * 6).padStart(2, '0')}`;
        stays.push((await bookStay(t, c, place, start, end)).bookingId);
      }
    }
    const before = (await t.knex('bill_counter').where('series', 'invoice').first('lastNumber'))?.lastNumber ?? 0;
    const t0 = performance.now();
    const replies = await Promise.all(stays.map((id) => t.admin.post(`/rest/booking/${id}/bill`, { kind: 'final' })));
    const ms = performance.now() - t0;
    for (const r of replies) expect(r.status, r.text).toBe(200);
    const seqs = replies.map((r) => r.body.sequence as number).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => before + 1 + i));
    expect(new Set(replies.map((r) => r.body.number)).size).toBe(50);
    const rows = await t
      .knex('bill')
      .where('prefix', replies[0].body.prefix)
      .orderBy('sequence')
      .select('sequence', 'id');
    expect(rows.map((r) => r.sequence)).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
    expect((await t.knex('bill_counter').where('series', 'invoice').first('lastNumber')).lastNumber).toBe(before + 50);
    const numbers = replies.map((r) => r.body.number as string).sort();
    // the figure of the closing note (HTTP, PDF rendered and stored with each bill)
    console.log(
      `50 parallel bill issues: ${numbers[0]}…${numbers[49]}, consecutive, in ${Math.round(ms)} ms (` +
        `${(50_000 / ms).toFixed(1)} bills/s)`,
    );
  }, 120_000);

  it('two requests for one stay at once: one bill, the other refused or told it is billed', async () => {
    const s = await bookStay(t, c, c.places[0], '2031-08-10', '2031-08-13');
    const replies = await Promise.all(
      [1, 2, 3].map(() => t.admin.post(`/rest/booking/${s.bookingId}/bill`, { kind: 'final' })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200))
      expect(['BILL_BEING_PROCESSED', 'BILL_ALREADY_FINAL']).toContain(r.body.code);
    expect(await t.knex('bill').where('bookingId', s.bookingId).count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('an issue killed in the middle of its transaction, after taking its number, leaves no gap', async () => {
    const killed = await bookStay(t, c, c.places[2], '2031-09-01', '2031-09-04');
    const after = await bookStay(t, c, c.places[3], '2031-09-01', '2031-09-04');
    // One bill first, so that the series' counter and the ledger's head exist when this test runs alone.
    const first = await t.admin.post(
      `/rest/booking/${(await bookStay(t, c, c.places[4], '2031-09-01', '2031-09-04')).bookingId}/bill`,
      { kind: 'final' },
    );
    expect(first.status, first.text).toBe(200);
    const counter = async () =>
      Number((await t.knex('bill_counter').where('series', 'invoice').first('lastNumber')).lastNumber);
    const last = await counter();
    // Hold the ledger's head: the issue takes its number, inserts its bill and lines, then
    // waits here for the ledger entry it appends last — in the middle of its transaction.
    const holder = await t.knex.client.acquireConnection();
    const schema = (await t.knex.raw('SELECT current_schema() AS s')).rows[0].s;
    await holder.query(`SET search_path TO "${schema}"`);
    await holder.query('BEGIN');
    await holder.query("SELECT 1 FROM ledger_head WHERE chain = 'fiscal' FOR UPDATE");
    const pending = t.admin.post(`/rest/booking/${killed.bookingId}/bill`, { kind: 'final' });
    // The issuing backend: waiting on the ledger, holding the counter row it moved and the bill it inserted.
    let pid: number | null = null;
    for (let i = 0; pid == null; i++) {
      const { rows } = await t.knex.raw(`
        SELECT a.pid FROM pg_stat_activity a
        WHERE a.wait_event_type = 'Lock' AND a.query ILIKE '%ledger_head%'
          AND EXISTS (SELECT 1 FROM pg_locks l WHERE l.pid = a.pid AND l.relation = 'bill_counter'::regclass
            AND l.mode = 'RowExclusiveLock')
          AND EXISTS (SELECT 1 FROM pg_locks l WHERE l.pid = a.pid AND l.relation = 'bill_line'::regclass
            AND l.mode = 'RowExclusiveLock')`);
      pid = rows[0]?.pid ?? null;
      if (i > 5000) throw new Error('the issue never reached the ledger');
      if (pid == null) await new Promise((resolve) => setImmediate(resolve));
    }
    const r = await (async () => {
      try {
        await t.knex.raw('SELECT pg_terminate_backend(?)', [pid]);
        return await pending;
      } finally {
        // Released whatever happened: the ledger's head held would stall every later test.
        await holder.query('ROLLBACK');
        await t.knex.client.releaseConnection(holder);
      }
    })();
    // Its connection lost under an open transaction (knex's « ROLLBACK - Connection terminated »):
    // nothing of it was kept, a 503 to try again (api/db/errors.ts), never a 500.
    expect(r.status, r.text).toBe(503);
    expect(r.text).not.toMatch(/terminat|ledger|bill_counter|SELECT|at .*\.ts/i); // no SQL nor stack in the body
    // Everything it did is gone with it: no bill, the counter where it was.
    expect(await t.knex('bill').where('bookingId', killed.bookingId).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await counter()).toBe(last);
    // The next issues take the very next numbers; the series has no hole.
    const a = await t.admin.post(`/rest/booking/${after.bookingId}/bill`, { kind: 'final' });
    expect(a.status, a.text).toBe(200);
    expect(a.body.sequence).toBe(last + 1);
    const b = await t.admin.post(`/rest/booking/${killed.bookingId}/bill`, { kind: 'final' });
    expect(b.status, b.text).toBe(200);
    expect(b.body.sequence).toBe(last + 2);
    const seqs = (await t.knex('bill').where('prefix', a.body.prefix).orderBy('sequence').select('sequence')).map(
      (x) => x.sequence,
    );
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    console.log(
      `issue killed mid-transaction (backend ${pid}, HTTP ${r.status}): counter stayed at ${last}, next bills ` +
        `${a.body.number} and ${b.body.number}, ${seqs.length} bills without a hole`,
    );
  });

  it('another process killed while it holds the counter leaves no gap', async () => {
    const s = await bookStay(t, c, c.places[1], '2031-08-20', '2031-08-23');
    const last = (await t.knex('bill_counter').where('series', 'invoice').first('lastNumber'))?.lastNumber ?? 0;
    // Another "process": its own connection takes the next number and dies before committing.
    const victim = await t.knex.client.acquireConnection();
    const pid = (await victim.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    await victim.query('BEGIN');
    const schema = (await t.knex.raw('SELECT current_schema() AS s')).rows[0].s;
    await victim.query(`SET search_path TO "${schema}"`);
    await victim.query("UPDATE bill_counter SET last_number = last_number + 1 WHERE series = 'invoice'");
    const pending = t.admin.post(`/rest/booking/${s.bookingId}/bill`, { kind: 'final' });
    // The issue is now waiting for the counter row the victim holds.
    for (let i = 0; ; i++) {
      const { rows } = await t.knex.raw(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE " +
          "'%bill_counter%'",
      );
      if (rows[0].n > 0) break;
      if (i > 2000) throw new Error('the issue never waited on the counter');
      await new Promise((resolve) => setImmediate(resolve));
    }
    await t.knex.raw('SELECT pg_terminate_backend(?)', [pid]);
    await t.knex.client.releaseConnection(victim).catch(() => undefined);
    const r = await pending;
    expect(r.status, r.text).toBe(200);
    expect(r.body.sequence).toBe(last + 1);
  });
});
