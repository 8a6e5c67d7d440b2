// Hand-written: the yield rules' cross-field guarantees (api/domain/yield/README.md), repeated
// from the API so that plain SQL cannot store a rule the engine could not honour:
// - the floor is never above the ceiling;
// - an occupancy threshold is a percentage (0 to 100);
// - a percentage adjustment lies between −99 % and +100 % (basis points).
// And the journal's index for « the last yield change of a price cell » (its base price).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE yield_rule ADD CONSTRAINT ck_yield_rule__floor_ceiling
    CHECK (floor_price <= ceiling_price)`);
  await knex.raw(`ALTER TABLE yield_rule ADD CONSTRAINT ck_yield_rule__occupancy_threshold
    CHECK (condition <> 1 OR threshold <= 100)`);
  await knex.raw(`ALTER TABLE yield_rule ADD CONSTRAINT ck_yield_rule__percent_range
    CHECK (adjustment_unit <> 1 OR adjustment BETWEEN -9900 AND 10000)`);
  await knex.raw(`CREATE INDEX ix_yield_journal__cell ON yield_journal (price_grid_period_id, price_field, id DESC)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX ix_yield_journal__cell');
  for (const c of ['floor_ceiling', 'occupancy_threshold', 'percent_range'])
    await knex.raw(`ALTER TABLE yield_rule DROP CONSTRAINT ck_yield_rule__${c}`);
}
