// Hand-written: a month closed by the fiscal closures (its 'closure-month' entry in the
// ledger) keeps its cash records. Cash movements and counts dated in it, and the
// starting bases of that month, are neither inserted, updated nor deleted, whether the
// row's month is the old or the new one (api/domain/billing/cash.ts checks first, with the
// French message on the date field). The closure is looked up as
// api/domain/ledger/append.ts does: the first establishment, the fiscal chain.
// The trigger raises the message code, which api/db/errors.ts answers as that 400.
import type { Knex } from 'knex';

/** Table → its column naming the month (a date, or 'YYYY-MM'). */
const TABLES: [string, string][] = [
  ['cash_movement', 'date'],
  ['cash_count', 'date'],
  ['starting_base', 'year_month'],
];

export async function up(knex: Knex): Promise<void> {
  // A malformed month is no closed month: the table's own checks answer for it.
  await knex.raw(`CREATE FUNCTION bv_month_closed(p_month text) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p_month IS NULL OR p_month !~ '^[0-9]{4}-(0[1-9]|1[0-2])' THEN RETURN false; END IF;
  RETURN EXISTS (
    SELECT 1 FROM ledger_entry e
    WHERE e.establishment_id = (SELECT COALESCE(min(id), 0) FROM establishment)
      AND e.chain = 'fiscal' AND e.kind = 'closure-month'
      AND e.business_date = (left(p_month, 7) || '-01')::date);
END
$$`);
  // TG_ARGV[0]: the column naming the row's month.
  await knex.raw(`CREATE FUNCTION bv_cash_month_open() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND bv_month_closed(to_jsonb(OLD) ->> TG_ARGV[0]) THEN
    RAISE EXCEPTION 'MONTH_ALREADY_CLOSED' USING ERRCODE = 'P0001';
  END IF;
  IF TG_OP <> 'DELETE' AND bv_month_closed(to_jsonb(NEW) ->> TG_ARGV[0]) THEN
    RAISE EXCEPTION 'MONTH_ALREADY_CLOSED' USING ERRCODE = 'P0001';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END
$$`);
  for (const [t, column] of TABLES) {
    await knex.raw(
      `CREATE TRIGGER "tg_${t}__month_open" BEFORE INSERT OR UPDATE OR DELETE ON "${t}" ` +
        `FOR EACH ROW EXECUTE FUNCTION bv_cash_month_open('${column}')`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [t] of TABLES) await knex.raw(`DROP TRIGGER "tg_${t}__month_open" ON "${t}"`);
  await knex.raw('DROP FUNCTION bv_cash_month_open()');
  await knex.raw('DROP FUNCTION bv_month_closed(text)');
}
