// Hand-written: one account per bill line type and VAT rate in the detail plan and the
// discounts, « every rate » (a null rate) included — a plain unique constraint lets two
// nulls through, so two users saving the same line at once would both succeed. The
// application says it first (accounting/detail-plan.ts); this holds under concurrency.
import type { Knex } from 'knex';

const TABLES = ['accounting_detail_plan', 'accounting_discount'];

export async function up(knex: Knex): Promise<void> {
  for (const t of TABLES)
    await knex.raw(`CREATE UNIQUE INDEX "ux_${t}__line_rate" ON "${t}" ("line_type", COALESCE("vat_rate_bp", -1))`);
}

export async function down(knex: Knex): Promise<void> {
  for (const t of TABLES) await knex.raw(`DROP INDEX "ux_${t}__line_rate"`);
}
