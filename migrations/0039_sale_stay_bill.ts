// Hand-written: which final bill took the tickets charged to a stay (the till's bill
// source, api/domain/sales/stay-bill.ts). Tickets are append-only, so the link lives
// beside them; a link is only ever added (never updated or deleted): a bill cancelled
// by credit notes frees its tickets for the next final bill, the link stays as history.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE sale_stay_bill (
    sale_id integer NOT NULL REFERENCES sale(id),
    bill_id integer NOT NULL REFERENCES bill(id),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (sale_id, bill_id)
  )`);
  await knex.raw('CREATE INDEX ix_sale_stay_bill__bill_id ON sale_stay_bill (bill_id)');
  await knex.raw(`CREATE TRIGGER "tg_sale_stay_bill__no_change" BEFORE UPDATE OR DELETE ON "sale_stay_bill" FOR EACH ROW EXECUTE FUNCTION bv_refuse_change()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS sale_stay_bill');
}
