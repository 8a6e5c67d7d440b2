// Several API processes on one database (issue 31, docs/history.md#issue-31): each scheduler claims a job's run
// for its period in job_claim (api/jobs/claims.ts) — schedulers started side by side on
// one database, each with its own pool as separate processes would have, run each job
// once per period; a new period is run again, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { openDatabase, type Database } from '../../api/db/connect';
import { startScheduler, type Scheduler } from '../../api/jobs/scheduler';
import { claimInDatabase } from '../../api/jobs/claims';

let t: TestServer;
const pools: Database[] = [];
beforeAll(async () => {
  t = await startTestServer();
  for (let i = 0; i < 3; i++) pools.push(await openDatabase({ url: t.runtimeUrl, pool: 2 }));
});
afterAll(async () => {
  for (const p of pools) await p.close();
  await t?.close();
});

describe('scheduled jobs on several processes', () => {
  it('run once per period, whichever process claims it', async () => {
    let clock = Date.parse('2031-07-01T10:00:00Z');
    const runs: number[] = [];
    const schedulers: Scheduler[] = pools.map((p, i) =>
      startScheduler(
        [{ name: 'tâche partagée', everyMs: 3_600_000, afterMidnight: true, run: async () => void runs.push(i) }],
        () => undefined,
        () => new Date(clock),
        claimInDatabase(p.knex),
      ),
    );
    try {
      await Promise.all(schedulers.map((s) => s.idle()));
      expect(runs).toHaveLength(1);
      // The same period again (a second tick of a process): nobody runs it.
      const claim = claimInDatabase(pools[0].knex);
      expect(await claim('tâche partagée', `every:${Math.floor(clock / 3_600_000)}`, 3_600_000)).toBe(false);
      // The next period: once more, by one process.
      clock += 3_600_000;
      const next = await Promise.all(
        pools.map((p) =>
          claimInDatabase(p.knex)('tâche partagée', `every:${Math.floor(clock / 3_600_000)}`, 3_600_000),
        ),
      );
      expect(next.filter(Boolean)).toHaveLength(1);
      // A claim deletes the job's claims older than two periods: the table keeps a few rows.
      const { rows } = await t.knex.raw(`SELECT count(*)::int AS n FROM job_claim WHERE name = 'tâche partagée'`);
      expect(rows[0].n).toBeLessThanOrEqual(3);
    } finally {
      for (const s of schedulers) s.stop();
    }
  });
});
