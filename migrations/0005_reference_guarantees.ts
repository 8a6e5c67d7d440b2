// Hand-written: the database's own guarantee for rules the API checks first —
// one default row per flag, and no overlapping price periods of one parent.
import type { Knex } from 'knex';

const DEFAULTS: [string, string][] = [
  ['tva', 'is_default'], ['tva', 'is_default_for_option'], ['tva', 'is_default_for_attendant'],
  ['bank_account', 'is_default'], ['country', 'is_default'], ['language', 'is_default'], ['civility', 'is_default'],
];
const PERIODS: [string, string][] = [
  ['parcel_type_price_period', 'parcel_type_id'],
  ['residential_fees_price_period', 'residential_fees_id'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [table, col] of DEFAULTS) {
    await knex.raw(`CREATE UNIQUE INDEX "uq_${table}__${col}_one" ON "${table}" ((true)) WHERE "${col}"`);
  }
  for (const [table, parent] of PERIODS) {
    await knex.raw(`ALTER TABLE "${table}" ADD CONSTRAINT "ex_${table}__overlap" EXCLUDE USING gist ("${parent}" WITH =, daterange("start_date", "end_date") WITH &&)`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table] of PERIODS) await knex.raw(`ALTER TABLE "${table}" DROP CONSTRAINT "ex_${table}__overlap"`);
  for (const [table, col] of DEFAULTS) await knex.raw(`DROP INDEX "uq_${table}__${col}_one"`);
}
