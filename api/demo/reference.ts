// Reference data every campsite starts with, seeded in dependency order (one
// module per area under ./reference/). Bulk inserts only: tests seed it too.
import type { Knex } from 'knex';
import { seedGeography } from './reference/geography';
import { seedFinance } from './reference/finance';
import { seedCatalogue } from './reference/catalogue';
import { seedResidential } from './reference/residential';

export async function seedReference(knex: Knex): Promise<void> {
  const geography = await seedGeography(knex);
  const finance = await seedFinance(knex);
  await seedCatalogue(knex, finance, geography);
  await seedResidential(knex, finance);
}
