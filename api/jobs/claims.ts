// The claim of a job's run by one process (migration 0561): the first INSERT of
// (job, slot) wins, the others skip that run. The same statement deletes the job's
// claims older than two of its periods, so the table keeps a few rows per job.
import type { Knex } from 'knex';

export type Claim = (name: string, slot: string, everyMs: number) => Promise<boolean>;

export function claimInDatabase(knex: Knex): Claim {
  return async (name, slot, everyMs) => {
    const { rows } = await knex.raw(
      `WITH old AS (DELETE FROM job_claim WHERE name = ? AND claimed_at < now() - make_interval(secs => ?))
      INSERT INTO job_claim (name, slot, pid) VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING 1`,
      [name, (2 * everyMs) / 1000, name, slot, process.pid],
    );
    return rows.length > 0;
  };
}
