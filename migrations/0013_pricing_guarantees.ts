// Hand-written: the database's own guarantee for the pricing rules the API checks first
// (api/domain/pricing/rules.ts), and the history of price grids.
//
// - price_grid_version: one row per saved version of a grid (the whole grid as JSON);
//   a version is never changed (trigger), it goes only with its grid (cascade) or, later,
//   by an explicit purge. Not an entity: it is read through /rest/pricing/grid/…/versions.
// - no two periods of one grid overlap (the live rows are the grid's current version);
// - a grid option names exactly one item and is never both mandatory and with an
//   included quantity;
// - a special offer needs at least one tariff;
// - one tourist tax tariff per classification on any night;
// - one cancellation insurance offered by default;
// - bv_pricing_context(): the pricing loader's statement, with its plan kept per session.
import type { Knex } from 'knex';

/**
 * The loader's one statement (api/domain/pricing/load-context.ts): everything one quote
 * needs, as JSON. A PL/pgSQL function so that its plan is prepared once per session and
 * reused (a generic plan): ~4× faster than planning the statement on every quote. To
 * change it, add a migration with CREATE OR REPLACE FUNCTION.
 */
const CONTEXT_FUNCTION = `CREATE FUNCTION bv_pricing_context(
  p_grid_id int, p_place_type_id int, p_partner_id int,
  p_start date, p_end date, p_quote date,
  p_age_ids jsonb, p_extra_ids jsonb, p_animal_ids jsonb, p_vehicle_ids jsonb, p_discount_ids jsonb,
  p_with_insurance boolean, p_insurance_id int
) RETURNS json LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $fn$
BEGIN
  RETURN (
    WITH g AS (
      SELECT pg.*, pt.tva_id AS place_type_tva_id, cov.nights AS covered_nights,
             (p_partner_id IS NOT NULL AND pg.partner_ids @> jsonb_build_array(p_partner_id)) AS is_own
        FROM price_grid pg
        LEFT JOIN place_type pt ON pt.id = pg.place_type_id
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(least(p.end_date, p_end) - greatest(p.start_date, p_start)), 0)::int AS nights
            FROM price_grid_period p WHERE p.price_grid_id = pg.id AND p.start_date < p_end AND p.end_date > p_start
        ) cov
       WHERE CASE WHEN p_grid_id IS NOT NULL THEN pg.id = p_grid_id
             ELSE pg.place_type_id = p_place_type_id AND pg.is_active
                  AND (pg.partner_ids = '[]'::jsonb OR (p_partner_id IS NOT NULL AND pg.partner_ids @> jsonb_build_array(p_partner_id)))
             END
       ORDER BY (cov.nights > 0) DESC, is_own DESC, cov.nights DESC, pg.id
       LIMIT 1
    ),
    per AS (
      SELECT p.* FROM price_grid_period p, g
       WHERE p.price_grid_id = g.id AND p.start_date < p_end AND p.end_date > p_start
    ),
    opt AS (SELECT o.* FROM price_grid_option o, g WHERE o.price_grid_id = g.id),
    st AS (SELECT * FROM pricing_settings WHERE valid_from <= greatest(p_start, p_quote)),
    arrival AS (SELECT * FROM st WHERE valid_from <= p_start ORDER BY valid_from DESC LIMIT 1),
    booking AS (SELECT * FROM st WHERE valid_from <= p_quote ORDER BY valid_from DESC LIMIT 1)
    SELECT json_build_object(
        'grid', (SELECT row_to_json(g) FROM g),
        'periods', (SELECT json_agg(per ORDER BY per.start_date, per.id) FROM per),
        'options', (SELECT json_agg(opt ORDER BY opt."order", opt.id) FROM opt),
        'prices', (SELECT json_agg(op ORDER BY op.id) FROM option_price op
        WHERE op.price_grid_option_id IN (SELECT id FROM opt) AND op.price_grid_period_id IN (SELECT id FROM per)),
        'vat', (SELECT json_agg(json_build_object('id', id, 'label', label, 'rate', rate)) FROM tva),
        'age_categories', (SELECT json_agg(a ORDER BY a.id) FROM age_category a
        WHERE a.id IN (SELECT age_category_id FROM opt) OR a.id IN (SELECT value::int FROM jsonb_array_elements_text(p_age_ids))),
        'extras', (SELECT json_agg(json_build_object('id', id, 'label', label, 'tva_id', tva_id)) FROM extra
        WHERE id IN (SELECT extra_id FROM opt) OR id IN (SELECT value::int FROM jsonb_array_elements_text(p_extra_ids))),
        'animal_types', (SELECT json_agg(json_build_object('id', id, 'label', label, 'tva_id', tva_id)) FROM animal_type
        WHERE id IN (SELECT animal_type_id FROM opt) OR id IN (SELECT value::int FROM jsonb_array_elements_text(p_animal_ids))),
        'vehicle_types', (SELECT json_agg(json_build_object('id', id, 'label', label, 'tva_id', tva_id)) FROM vehicle_type
        WHERE id IN (SELECT vehicle_type_id FROM opt) OR id IN (SELECT value::int FROM jsonb_array_elements_text(p_vehicle_ids))),
        'offers', (SELECT json_agg(o ORDER BY o.id) FROM special_offer o, g
        WHERE o.is_active AND o.price_grid_ids @> jsonb_build_array(g.id)
          AND (o.place_type_ids = '[]'::jsonb OR o.place_type_ids @> jsonb_build_array(g.place_type_id))
          AND (o.period_start_date IS NULL OR o.period_start_date <= p_start)
          AND (o.period_end_date IS NULL OR o.period_end_date >= p_end)
          AND (o.booking_start_date IS NULL OR o.booking_start_date <= p_quote)
          AND (o.booking_end_date IS NULL OR o.booking_end_date > p_quote)
          AND (o.min_nights IS NULL OR o.min_nights <= (p_end - p_start))
          AND (o.max_nights IS NULL OR o.max_nights >= (p_end - p_start))),
        'last_minute', (SELECT json_agg(l ORDER BY l.id) FROM last_minute_offer l, g
        WHERE l.is_active AND (p_start - p_quote) >= 0 AND l.days_before_arrival >= (p_start - p_quote)
          AND (l.price_grid_ids = '[]'::jsonb OR l.price_grid_ids @> jsonb_build_array(g.id))
          AND (l.period_start_date IS NULL OR l.period_start_date <= p_start)
          AND (l.period_end_date IS NULL OR l.period_end_date >= p_end)),
        'discounts', (SELECT json_agg(d ORDER BY d.id) FROM discount d WHERE d.id IN (SELECT value::int FROM jsonb_array_elements_text(p_discount_ids))),
        'fees', (SELECT json_agg(f ORDER BY f.id) FROM booking_fee f WHERE f.is_active),
        'insurance', (SELECT row_to_json(i) FROM cancellation_insurance i
        WHERE p_with_insurance AND i.is_active AND (p_insurance_id IS NULL OR i.id = p_insurance_id)
        ORDER BY i.is_default DESC, i.id LIMIT 1),
        'partner', (SELECT json_build_object('id', id, 'name', name, 'commission_rate', commission_rate, 'tva_id', tva_id) FROM partner WHERE id = p_partner_id),
        'arrival_settings', (SELECT row_to_json(arrival) FROM arrival),
        'booking_settings', (SELECT row_to_json(booking) FROM booking),
        'terms', (SELECT row_to_json(t) FROM payment_terms t WHERE t.id = (SELECT payment_terms_id FROM booking)),
        'tariffs', (SELECT json_agg(t ORDER BY t.start_date, t.id) FROM tourist_tax_tariff t
        WHERE t.classification = coalesce((SELECT classification FROM arrival), 3)
          AND t.start_date < p_end AND (t.end_date IS NULL OR t.end_date > p_start)),
        'surcharges', (SELECT json_agg(s ORDER BY s.start_date, s.id) FROM tourist_tax_surcharge s
        WHERE s.start_date < p_end AND (s.end_date IS NULL OR s.end_date > p_start))
    )
  );
END
$fn$`;

const UP = [
  `CREATE TABLE "price_grid_version" (
  "id" integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  "price_grid_id" integer NOT NULL,
  "history_version" integer NOT NULL,
  "label" varchar(80) NOT NULL,
  "user_id" integer,
  "user_name" varchar(120),
  "change" varchar(200),
  "snapshot" jsonb NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT "ck_price_grid_version__history_version_min" CHECK ("history_version" >= 1),
  CONSTRAINT "uq_price_grid_version__price_grid_id__history_version" UNIQUE ("price_grid_id", "history_version"),
  CONSTRAINT "fk_price_grid_version__price_grid_id" FOREIGN KEY ("price_grid_id") REFERENCES "price_grid" ("id") ON DELETE CASCADE
)`,
  `CREATE TRIGGER "tg_price_grid_version__no_update" BEFORE UPDATE ON "price_grid_version" FOR EACH ROW EXECUTE FUNCTION bv_refuse_change()`,
  `ALTER TABLE "price_grid_period" ADD CONSTRAINT "ex_price_grid_period__overlap" EXCLUDE USING gist ("price_grid_id" WITH =, daterange("start_date", "end_date") WITH &&)`,
  `ALTER TABLE "price_grid_option" ADD CONSTRAINT "ck_price_grid_option__one_item" CHECK (num_nonnulls("age_category_id", "extra_id", "animal_type_id", "vehicle_type_id") = 1)`,
  `ALTER TABLE "price_grid_option" ADD CONSTRAINT "ck_price_grid_option__required_included" CHECK (NOT ("is_required" AND "included_quantity" > 0))`,
  `ALTER TABLE "special_offer" ADD CONSTRAINT "ck_special_offer__tariff" CHECK (jsonb_typeof("price_grid_ids") = 'array' AND jsonb_array_length("price_grid_ids") > 0)`,
  `ALTER TABLE "tourist_tax_tariff" ADD CONSTRAINT "ex_tourist_tax_tariff__overlap" EXCLUDE USING gist ("classification" WITH =, daterange("start_date", "end_date") WITH &&)`,
  `CREATE UNIQUE INDEX "uq_cancellation_insurance__is_default_one" ON "cancellation_insurance" ((true)) WHERE "is_default"`,
  CONTEXT_FUNCTION,
];

const DOWN = [
  `DROP FUNCTION bv_pricing_context(int, int, int, date, date, date, jsonb, jsonb, jsonb, jsonb, jsonb, boolean, int)`,
  `DROP INDEX "uq_cancellation_insurance__is_default_one"`,
  `ALTER TABLE "tourist_tax_tariff" DROP CONSTRAINT "ex_tourist_tax_tariff__overlap"`,
  `ALTER TABLE "special_offer" DROP CONSTRAINT "ck_special_offer__tariff"`,
  `ALTER TABLE "price_grid_option" DROP CONSTRAINT "ck_price_grid_option__required_included"`,
  `ALTER TABLE "price_grid_option" DROP CONSTRAINT "ck_price_grid_option__one_item"`,
  `ALTER TABLE "price_grid_period" DROP CONSTRAINT "ex_price_grid_period__overlap"`,
  `DROP TRIGGER "tg_price_grid_version__no_update" ON "price_grid_version"`,
  `DROP TABLE "price_grid_version"`,
];

export async function up(knex: Knex): Promise<void> {
  for (const sql of UP) await knex.raw(sql);
}

export async function down(knex: Knex): Promise<void> {
  for (const sql of DOWN) await knex.raw(sql);
}
