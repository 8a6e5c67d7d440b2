// Hand-written: what a closed month or a closed financial year holds is frozen, whatever
// its state (issue 25, point 2; README « Sécurité des données fiscales »).
// - A payment dated in a closed period is neither inserted, deleted nor changed, remitted
//   or not; only its lock flags may still move forward (remitting, exporting or grouping
//   it later: bv_payment_locked keeps them one-way), nothing it says.
// - No bill, bill line, till ticket, ticket line or ticket payment enters a closed period
//   (they are append-only already: never updated nor deleted), nor a bank deposit.
// - A numbering counter (bills, till tickets and Z) only moves forward: its last number and last date never go back,
//   its series and prefix never change once a number was issued, and it is never deleted
//   once used.
// A period is closed by its 'closure-month' entry in the fiscal chain (bv_month_closed,
// migration 0048), or by a 'closure-year' entry whose period covers the date. The
// triggers raise a message code, which api/db/errors.ts answers as that 400.
import type { Knex } from 'knex';

/** Columns a payment of a closed period may still change (its lock flags, one-way). */
const PAYMENT_LOCKS = ['is_deposited', 'bank_deposit_id', 'is_exported', 'is_grouped', 'grouped_payment_id'];
export const ALLOWED = `ARRAY[${[...PAYMENT_LOCKS, 'updated_at', 'version'].map((c) => `'${c}'`).join(', ')}]`;

/** Table → how its row is dated: its own date column, or its parent's. */
const DATED: [string, string, string?][] = [
  ['payment', 'date'],
  ['bank_deposit', 'date'],
  ['bill', 'date'],
  ['bill_line', 'bill_id', 'bill'],
  ['sale', 'date'],
  ['sale_line', 'sale_id', 'sale'],
  ['sale_payment', 'sale_id', 'sale'],
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE FUNCTION bv_date_closed(p_date date) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p_date IS NULL THEN RETURN false; END IF;
  IF bv_month_closed(to_char(p_date, 'YYYY-MM')) THEN RETURN true; END IF;
  RETURN EXISTS (
    SELECT 1 FROM ledger_entry e
    WHERE e.establishment_id = (SELECT COALESCE(min(id), 0) FROM establishment)
      AND e.chain = 'fiscal' AND e.kind = 'closure-year' AND e.business_date <= p_date
      AND (e.body::jsonb ->> 'periodEnd')::date >= p_date);
END
$$`);
  // TG_ARGV (an array from 0): the date column, or the foreign key column and the parent table.
  await knex.raw(`CREATE FUNCTION bv_row_date(p_row jsonb, p_args text[]) RETURNS date LANGUAGE plpgsql STABLE AS $$
DECLARE
  lo integer := array_lower(p_args, 1);
  d date;
BEGIN
  IF p_row IS NULL THEN RETURN NULL; END IF;
  IF coalesce(array_length(p_args, 1), 0) < 2 THEN RETURN (p_row ->> p_args[lo])::date; END IF;
  EXECUTE format('SELECT date FROM %I WHERE id = $1', p_args[lo + 1]) INTO d USING (p_row ->> p_args[lo])::integer;
  RETURN d;
END
$$`);
  // In a closed financial year the message is the year's (migration 0200's NO_FINANCIAL_YEAR), else the month's.
  await knex.raw(`CREATE FUNCTION bv_closed_period_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_d date := CASE WHEN TG_OP <> 'INSERT' THEN bv_row_date(to_jsonb(OLD), TG_ARGV) END;
  new_d date := CASE WHEN TG_OP <> 'DELETE' THEN bv_row_date(to_jsonb(NEW), TG_ARGV) END;
  old_closed boolean := TG_OP <> 'INSERT' AND bv_date_closed(old_d);
  new_closed boolean := TG_OP <> 'DELETE' AND bv_date_closed(new_d);
  refusal text := CASE WHEN bv_year_closed(old_d::text) OR bv_year_closed(new_d::text)
    THEN 'NO_FINANCIAL_YEAR' ELSE 'MONTH_ALREADY_CLOSED' END;
BEGIN
  IF TG_OP = 'UPDATE' AND old_closed AND NOT new_closed THEN
    RAISE EXCEPTION '%', refusal USING ERRCODE = 'P0001';
  END IF;
  IF TG_OP = 'UPDATE' AND (old_closed OR new_closed) AND TG_TABLE_NAME = 'payment'
     AND (to_jsonb(NEW) - ${ALLOWED}) IS NOT DISTINCT FROM (to_jsonb(OLD) - ${ALLOWED}) THEN
    RETURN NEW;
  END IF;
  IF old_closed OR new_closed THEN
    RAISE EXCEPTION '%', refusal USING ERRCODE = 'P0001';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END
$$`);
  for (const [table, column, parent] of DATED) {
    const args = parent ? `'${column}', '${parent}'` : `'${column}'`;
    await knex.raw(
      `CREATE TRIGGER "tg_${table}__closed_period" BEFORE INSERT OR UPDATE OR DELETE ON "${table}" ` +
        `FOR EACH ROW EXECUTE FUNCTION bv_closed_period_frozen(${args})`,
    );
  }

  await knex.raw(`CREATE FUNCTION bv_counter_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.last_number > 0 THEN RAISE EXCEPTION 'NOT_AUTHORISED' USING ERRCODE = 'P0001'; END IF;
    RETURN OLD;
  END IF;
  IF NEW.last_number < OLD.last_number OR NEW.last_date < OLD.last_date
     OR (OLD.last_date IS NOT NULL AND NEW.last_date IS NULL)
     OR (OLD.last_number > 0 AND (NEW.series, NEW.prefix, NEW.digits) IS DISTINCT FROM (OLD.series, OLD.prefix, OLD.digits)) THEN
    RAISE EXCEPTION 'NOT_AUTHORISED' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$`);
  await knex.raw(
    'CREATE TRIGGER "tg_bill_counter__forward" BEFORE UPDATE OR DELETE ON "bill_counter" ' +
      'FOR EACH ROW EXECUTE FUNCTION bv_counter_forward()',
  );
  // The till's ticket and Z counters, one per cash register.
  await knex.raw(`CREATE FUNCTION bv_till_counter_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.last_ticket > 0 OR OLD.last_z > 0 THEN RAISE EXCEPTION 'NOT_AUTHORISED' USING ERRCODE = 'P0001'; END IF;
    RETURN OLD;
  END IF;
  IF NEW.last_ticket < OLD.last_ticket OR NEW.last_z < OLD.last_z
     OR NEW.cash_register_id <> OLD.cash_register_id THEN
    RAISE EXCEPTION 'NOT_AUTHORISED' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$`);
  await knex.raw(
    'CREATE TRIGGER "tg_cash_register_counter__forward" BEFORE UPDATE OR DELETE ON "cash_register_counter" ' +
      'FOR EACH ROW EXECUTE FUNCTION bv_till_counter_forward()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER "tg_cash_register_counter__forward" ON "cash_register_counter"');
  await knex.raw('DROP FUNCTION bv_till_counter_forward()');
  await knex.raw('DROP TRIGGER "tg_bill_counter__forward" ON "bill_counter"');
  await knex.raw('DROP FUNCTION bv_counter_forward()');
  for (const [table] of DATED) await knex.raw(`DROP TRIGGER "tg_${table}__closed_period" ON "${table}"`);
  await knex.raw('DROP FUNCTION bv_closed_period_frozen()');
  await knex.raw('DROP FUNCTION bv_row_date(jsonb, text[])');
  await knex.raw('DROP FUNCTION bv_date_closed(date)');
}
