// Hand-written (issue 30): the online-booking module no longer has an « Identifiant d'API »
// (no connector logs in with one: common/modules.ts). A login saved before would make the
// record's next save refused as an unknown setting, so it goes from the stored settings.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`UPDATE module_config SET settings = settings - 'apiLogin' WHERE kind = 'online-booking'`);
}

export async function down(): Promise<void> {
  // The login was read by nothing: nothing to put back.
}
