// Hand-written: a customer is assigned to a ticket issued without one (sale_customer,
// /add-customer-to-sales) at most once, and never to a ticket that named its customer
// when issued (the ticket is never edited; the assignment sits beside it). Any UPDATE or
// DELETE statement on the assignments is refused, even one matching no row, as for
// tickets (migration 0035). api/domain/sales/customers.ts checks first with the message.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TRIGGER "tg_sale_customer__no_change_statement" BEFORE UPDATE OR DELETE ON "sale_customer" FOR EACH STATEMENT EXECUTE FUNCTION bv_refuse_change()`);
  await knex.raw(`CREATE FUNCTION bv_sale_customer_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM sale s WHERE s.id = NEW.sale_id AND s.customer_id IS NOT NULL) THEN
    RAISE EXCEPTION 'SALE_CUSTOMER_ASSIGN_FAILED' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$`);
  await knex.raw(`CREATE TRIGGER "tg_sale_customer__insert" BEFORE INSERT ON "sale_customer" FOR EACH ROW EXECUTE FUNCTION bv_sale_customer_insert()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP TRIGGER IF EXISTS "tg_sale_customer__insert" ON "sale_customer"`);
  await knex.raw('DROP FUNCTION IF EXISTS bv_sale_customer_insert()');
  await knex.raw(`DROP TRIGGER IF EXISTS "tg_sale_customer__no_change_statement" ON "sale_customer"`);
}
