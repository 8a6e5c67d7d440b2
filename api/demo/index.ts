// Demo data of a realistic French campsite, module by module, as far as the
// entities exist. Reference data (countries, VAT rates…) is seeded even when the
// demo campsite is not (tests).
import type { Knex } from 'knex';
import { seedReference } from './reference';
import { seedPricingDemo, seedPricingReference } from './pricing';
import { seedStaysReference } from './catalogue';
import { seedDemoStays } from './stays';
import { seedPlanningDemo } from './planning';
import { seedMetersDemo } from './meters';
import { seedResidentialDemo } from './residential';
import { seedSalesDemo } from './sales';
import { seedDocumentsDemo } from './documents';

export interface SeedOptions {
  demo: boolean;
}

export async function seedDemo(knex: Knex, opts: SeedOptions): Promise<void> {
  await seedReference(knex);
  await seedPricingReference(knex);
  await seedStaysReference(knex);
  if (!opts.demo) return;
  await seedPricingDemo(knex);
  await seedDemoStays(knex);
  await seedPlanningDemo(knex);
  await seedMetersDemo(knex);
  await seedResidentialDemo(knex);
  await seedSalesDemo(knex);
  await seedDocumentsDemo(knex);
}
