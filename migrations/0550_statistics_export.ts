// Hand-written (issue 27): the last sending of the statistics to each outside address
// (module `statistics`, setting « Adresse d'envoi »; api/domain/statistics/export-send.ts).
// One row per module record: whether the last attempt went through, when, why not (an
// HTTP status or « injoignable », never the answer's body), and when the job tries again.
// The row goes with its record.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE stat_export (
  module_config_id integer PRIMARY KEY REFERENCES module_config (id) ON DELETE CASCADE,
  status varchar(10) NOT NULL CHECK (status IN ('sent', 'failed')),
  attempted_at timestamptz NOT NULL,
  sent_at timestamptz,
  failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  next_attempt_at timestamptz,
  error_code varchar(60),
  CHECK ((status = 'failed') = (next_attempt_at IS NOT NULL))
)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE stat_export');
}
