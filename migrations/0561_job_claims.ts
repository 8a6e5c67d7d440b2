// Hand-written (issue 31): several API processes on one database run the same scheduler
// (api/jobs/scheduler.ts). Each run of a job is claimed here first — one row per job and
// period (`slot`: the interval's number, or the day of a midnight run) — and only the
// process whose INSERT made the row runs it: each scheduled job runs once per period,
// whatever the number of processes. Old claims are deleted by the next claim of the job.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE job_claim (
    name text NOT NULL, slot text NOT NULL, claimed_at timestamptz NOT NULL DEFAULT now(), pid integer,
    PRIMARY KEY (name, slot))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS job_claim');
}
