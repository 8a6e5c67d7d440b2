// Hand-written: stock movements and ticket prints refuse any UPDATE or DELETE statement,
// even one matching no row (beside the generated row triggers of append-only tables),
// as tickets do since migration 0035.
import type { Knex } from 'knex';

const TABLES = ['stock_movement', 'sale_print'];

export async function up(knex: Knex): Promise<void> {
  for (const t of TABLES) {
    await knex.raw(`CREATE TRIGGER "tg_${t}__no_change_statement" BEFORE UPDATE OR DELETE ON "${t}" FOR EACH STATEMENT EXECUTE FUNCTION bv_refuse_change()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const t of TABLES) await knex.raw(`DROP TRIGGER IF EXISTS "tg_${t}__no_change_statement" ON "${t}"`);
}
