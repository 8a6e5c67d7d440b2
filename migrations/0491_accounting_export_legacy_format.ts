// Hand-written: the exports made before their format was recorded (migration 0490 gave
// them all « fec ») were FEC files or, when the settings chose « CSV », semicolon CSV
// files named …ECRITURES….csv: their stored file is sent back with its own type.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`UPDATE accounting_export SET format = 'csv' WHERE file_name LIKE '%.csv'`);
}

export async function down(): Promise<void> {
  // The column goes with migration 0490's down.
}
