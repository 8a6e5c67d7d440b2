// Hand-written: the function behind the triggers the generator puts on append-only
// entities (x-append-only): any UPDATE, DELETE or TRUNCATE is refused by the database.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE FUNCTION bv_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'NOT_AUTHORISED' USING ERRCODE = 'P0001', DETAIL = TG_TABLE_NAME || ' is append-only';
END
$$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION bv_refuse_change()');
}
