// Hand-written: nothing is dated in a closed financial year (spec §4 « exercise closure
// only once », §5 « Exercice absent ou clos »). Like the closed months (0048), the
// database refuses it in plain SQL: a bill, a payment (created, deleted, or its
// ledger fields changed — the remittance and export flags still move forward), a till
// ticket, a cash movement or count, and a fiscal ledger entry (sales, payments, day and
// month closures) dated in a financial year marked closed. The year closure itself is
// written before its year is marked closed (establishment/financial-year-close.ts), and
// the archive entry is no dated operation. The trigger raises the message code, which
// api/db/errors.ts answers as that 400 (« Exercice absent ou clos »).
import type { Knex } from 'knex';

/** Table → the column dating its rows (payments apart: only their ledger fields are frozen). */
const TABLES: [string, string][] = [
  ['bill', 'date'],
  ['sale', 'date'],
  ['cash_movement', 'date'],
  ['cash_count', 'date'],
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE FUNCTION bv_year_closed(p_date text) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p_date IS NULL OR p_date !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' THEN RETURN false; END IF;
  RETURN EXISTS (
    SELECT 1 FROM financial_year f
    WHERE f.is_closed AND left(p_date, 10)::date BETWEEN f.start_date AND f.end_date);
END
$$`);
  // TG_ARGV[0]: the column dating the row.
  await knex.raw(`CREATE FUNCTION bv_year_open() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND bv_year_closed(to_jsonb(OLD) ->> TG_ARGV[0]) THEN
    RAISE EXCEPTION 'NO_FINANCIAL_YEAR' USING ERRCODE = 'P0001';
  END IF;
  IF TG_OP <> 'DELETE' AND bv_year_closed(to_jsonb(NEW) ->> TG_ARGV[0]) THEN
    RAISE EXCEPTION 'NO_FINANCIAL_YEAR' USING ERRCODE = 'P0001';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END
$$`);
  for (const [t, column] of TABLES) {
    await knex.raw(
      `CREATE TRIGGER "tg_${t}__year_open" BEFORE INSERT OR UPDATE OR DELETE ON "${t}" ` +
        `FOR EACH ROW EXECUTE FUNCTION bv_year_open('${column}')`,
    );
  }
  await knex.raw(`CREATE FUNCTION bv_payment_year_open() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.date, OLD.amount, OLD.payment_method_id, OLD.booking_id, OLD.bill_id, OLD.payer_type,
       OLD.category) IS NOT DISTINCT FROM (NEW.date, NEW.amount, NEW.payment_method_id, NEW.booking_id, NEW.bill_id,
       NEW.payer_type, NEW.category) THEN
    RETURN NEW;
  END IF;
  IF TG_OP <> 'INSERT' AND bv_year_closed(OLD.date::text) THEN
    RAISE EXCEPTION 'NO_FINANCIAL_YEAR' USING ERRCODE = 'P0001';
  END IF;
  IF TG_OP <> 'DELETE' AND bv_year_closed(NEW.date::text) THEN
    RAISE EXCEPTION 'NO_FINANCIAL_YEAR' USING ERRCODE = 'P0001';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END
$$`);
  await knex.raw(
    'CREATE TRIGGER "tg_payment__year_open" BEFORE INSERT OR UPDATE OR DELETE ON payment ' +
      'FOR EACH ROW EXECUTE FUNCTION bv_payment_year_open()',
  );
  await knex.raw(`CREATE FUNCTION bv_ledger_year_open() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.chain = 'fiscal'
     AND NEW.kind IN ('bill', 'credit-note', 'cash-ticket', 'payment', 'payment-cancel', 'closure-day', 'closure-month')
     AND bv_year_closed(NEW.business_date::text) THEN
    RAISE EXCEPTION 'NO_FINANCIAL_YEAR' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$`);
  await knex.raw(
    'CREATE TRIGGER "tg_ledger_entry__year_open" BEFORE INSERT ON ledger_entry ' +
      'FOR EACH ROW EXECUTE FUNCTION bv_ledger_year_open()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER "tg_ledger_entry__year_open" ON ledger_entry');
  await knex.raw('DROP FUNCTION bv_ledger_year_open()');
  await knex.raw('DROP TRIGGER "tg_payment__year_open" ON payment');
  await knex.raw('DROP FUNCTION bv_payment_year_open()');
  for (const [t] of TABLES) await knex.raw(`DROP TRIGGER "tg_${t}__year_open" ON "${t}"`);
  await knex.raw('DROP FUNCTION bv_year_open()');
  await knex.raw('DROP FUNCTION bv_year_closed(text)');
}
