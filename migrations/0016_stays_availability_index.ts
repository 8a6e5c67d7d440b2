// Hand-written: the availability search asks which places are held on some nights,
// whatever the place — a GiST index on the nights alone serves it (the exclusion
// constraint's index leads with place_id). Measured by tests/bench/availability.bench.ts.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX "ix_place_reservation__nights" ON "place_reservation" USING gist ("nights")');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX "ix_place_reservation__nights"');
}
