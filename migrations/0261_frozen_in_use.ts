// Hand-written (issue 25 point 8): records whose history depends on them keep those
// fields once used; a change means a new record (the old one made inactive).
// - payment_method.kind once a payment, a till payment, a cash movement or count, a
//   starting base or a bank deposit uses the method (the cash screens, the Z and the
//   deposits read the kind: cash → none would hide 100 payments from the till);
// - tva.rate once anything refers to the rate (every table with a tva_id, looked up in
//   the catalogue when the rate changes, so tables added later are covered too);
// - article.tva_id once a till ticket line sold the article.
// The triggers raise the message code (api/db/errors.ts answers it as a 400); plain SQL
// gets the same refusal.
import type { Knex } from 'knex';

const METHOD_USERS = ['payment', 'sale_payment', 'cash_movement', 'cash_count', 'starting_base', 'bank_deposit'];

export async function up(knex: Knex): Promise<void> {
  const uses = METHOD_USERS.map((t) => `EXISTS (SELECT 1 FROM "${t}" WHERE payment_method_id = OLD.id)`).join(
    '\n     OR ',
  );
  await knex.raw(`CREATE FUNCTION bv_payment_method_kind_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind IS DISTINCT FROM OLD.kind AND (${uses}) THEN
    RAISE EXCEPTION 'PAYMENT_METHOD_KIND_IN_USE' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$`);
  await knex.raw(`CREATE TRIGGER tg_payment_method__kind_frozen BEFORE UPDATE OF kind ON payment_method
  FOR EACH ROW EXECUTE FUNCTION bv_payment_method_kind_frozen()`);

  await knex.raw(`CREATE FUNCTION bv_tva_rate_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t record;
  used boolean;
BEGIN
  IF NEW.rate IS NOT DISTINCT FROM OLD.rate THEN RETURN NEW; END IF;
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables x ON x.table_schema = c.table_schema AND x.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND c.column_name = 'tva_id' AND x.table_type = 'BASE TABLE'
  LOOP
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE tva_id = $1)', t.table_name) INTO used USING OLD.id;
    IF used THEN RAISE EXCEPTION 'VAT_RATE_IN_USE' USING ERRCODE = 'P0001'; END IF;
  END LOOP;
  RETURN NEW;
END
$$`);
  await knex.raw(`CREATE TRIGGER tg_tva__rate_frozen BEFORE UPDATE OF rate ON tva
  FOR EACH ROW EXECUTE FUNCTION bv_tva_rate_frozen()`);

  await knex.raw(`CREATE FUNCTION bv_article_vat_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.tva_id IS DISTINCT FROM OLD.tva_id AND EXISTS (SELECT 1 FROM sale_line WHERE article_id = OLD.id) THEN
    RAISE EXCEPTION 'ARTICLE_VAT_IN_USE' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$`);
  await knex.raw(`CREATE TRIGGER tg_article__vat_frozen BEFORE UPDATE OF tva_id ON article
  FOR EACH ROW EXECUTE FUNCTION bv_article_vat_frozen()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER tg_article__vat_frozen ON article');
  await knex.raw('DROP FUNCTION bv_article_vat_frozen()');
  await knex.raw('DROP TRIGGER tg_tva__rate_frozen ON tva');
  await knex.raw('DROP FUNCTION bv_tva_rate_frozen()');
  await knex.raw('DROP TRIGGER tg_payment_method__kind_frozen ON payment_method');
  await knex.raw('DROP FUNCTION bv_payment_method_kind_frozen()');
}
