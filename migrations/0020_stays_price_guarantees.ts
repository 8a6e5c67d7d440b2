// Hand-written: the database's own guarantee for the tourist tax exemptions of a stay
// (api/domain/stays/pricing-hooks.ts checks them first, with the French messages):
// never more exempt persons than persons in the age category, and an exemption always
// has its reason (the register of CGCT R2333-50 needs it).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE "occupancy_detail" ADD CONSTRAINT "ck_occupancy_detail__exempt_within_quantity" CHECK ("exempt_quantity" <= "quantity")');
  await knex.raw('ALTER TABLE "occupancy_detail" ADD CONSTRAINT "ck_occupancy_detail__exemption_reason" CHECK ("exempt_quantity" = 0 OR "tourist_tax_exemption_id" IS NOT NULL)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE "occupancy_detail" DROP CONSTRAINT "ck_occupancy_detail__exemption_reason"');
  await knex.raw('ALTER TABLE "occupancy_detail" DROP CONSTRAINT "ck_occupancy_detail__exempt_within_quantity"');
}
