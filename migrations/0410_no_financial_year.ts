// Hand-written: nothing is dated in a day no financial year holds (spec §5 « Exercice
// absent ou clos », issue 24 point 6), as nothing is in a closed one (migration 0200).
// bv_year_closed(date) — which migration 0200's triggers (bills, till tickets, cash
// movements and counts, payments, fiscal ledger entries) and 0220's message choice
// call — now also answers true for a date outside every financial year, so the same
// triggers refuse it in plain SQL with NO_FINANCIAL_YEAR. The application checks first
// (establishment/periods.ts assertOpenFinancialYear) for the message on the field.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE OR REPLACE FUNCTION bv_year_closed(p_date text) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p_date IS NULL OR p_date !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' THEN RETURN false; END IF;
  RETURN NOT EXISTS (
    SELECT 1 FROM financial_year f
    WHERE NOT f.is_closed AND left(p_date, 10)::date BETWEEN f.start_date AND f.end_date);
END
$$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`CREATE OR REPLACE FUNCTION bv_year_closed(p_date text) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p_date IS NULL OR p_date !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' THEN RETURN false; END IF;
  RETURN EXISTS (
    SELECT 1 FROM financial_year f
    WHERE f.is_closed AND left(p_date, 10)::date BETWEEN f.start_date AND f.end_date);
END
$$`);
}
