// Hand-written: the answers of writes sent with an `Idempotency-Key` header (issue 25
// point 6, api/http/idempotency.ts). A retry after a lost answer gets the stored answer
// instead of billing or paying twice. One row per user and key: `status` null while the
// first request runs (a retry then answers 409), the answer once it succeeded; a failed
// request leaves no row. Rows are kept a day.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE idempotency_key (
  user_id integer NOT NULL,
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
  request_hash text NOT NULL,
  status integer,
  content_type text,
  body bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
)`);
  await knex.raw('CREATE INDEX ix_idempotency_key__created_at ON idempotency_key (created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE idempotency_key');
}
