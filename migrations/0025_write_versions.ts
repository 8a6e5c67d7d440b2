// Hand-written: the function behind the version triggers the generator puts on every
// writable entity (optimistic concurrency, data-safety issue). Every UPDATE that
// changes a row bumps its `version`, whoever writes it — the generic router, domain
// code writing with knex, or SQL by hand — so a stale save is always detectable.
// A no-op update (same values) keeps the version: nothing was changed under anyone.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE FUNCTION bv_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW IS DISTINCT FROM OLD THEN
    NEW.version := OLD.version + 1;
  END IF;
  RETURN NEW;
END
$$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION bv_bump_version()');
}
