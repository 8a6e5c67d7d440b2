// Hand-written (issue 27): summaries of the statistics tables by month, so that a screen
// over five years reads a few thousand rows instead of every place-night or stay. Filled
// by the same transaction as the month they sum (api/domain/statistics/regenerate.ts),
// kept exact by the incremental update (taken away, then added back, as stat_day), and
// read for the whole months of a period — its first and last partial months come from
// stat_night / stat_stay (api/domain/statistics/summaries.ts).
//
// - stat_place_month: stat_night per month of the night and place (nights per place),
//   with the arrivals (a stay's first night, the new column stat_night.first_night).
// - stat_arrival_month: counted stays per month of arrival, length, group size and
//   lead-time band (details by length and group size, lead-time histogram).
// - stat_sale_month: counted stays per month of booking, month of arrival and seller
//   (manager sales; the month of arrival lets a month's regeneration rebuild its rows).
import type { Knex } from 'knex';

const DIMS = `place_type_id integer NOT NULL,
  layout_id integer NOT NULL,
  residential boolean NOT NULL,
  channel_id integer NOT NULL,
  source varchar(7) NOT NULL`;
const DIM_KEY = 'place_type_id, layout_id, residential, channel_id, source';

const UP = [
  // A stay's first night: its arrival, counted per place without reading stat_stay.
  `ALTER TABLE stat_night ADD COLUMN first_night boolean NOT NULL DEFAULT false`,
  `UPDATE stat_night n SET first_night = true FROM stat_stay s
  WHERE s.occupancy_id = n.occupancy_id AND n.night = s.start_date`,
  `ALTER TABLE stat_night ALTER COLUMN first_night DROP DEFAULT`,
  `CREATE TABLE stat_place_month (
  month date NOT NULL,
  place_id integer NOT NULL,
  ${DIMS},
  occupied integer NOT NULL,
  occupied_closed integer NOT NULL,
  accommodation bigint NOT NULL,
  arrivals integer NOT NULL,
  PRIMARY KEY (month, place_id, ${DIM_KEY})
)`,
  `CREATE TABLE stat_arrival_month (
  month date NOT NULL,
  ${DIMS},
  nights integer NOT NULL,
  persons integer NOT NULL,
  lead_band integer NOT NULL,
  stays integer NOT NULL,
  lead_days bigint NOT NULL,
  PRIMARY KEY (month, ${DIM_KEY}, nights, persons, lead_band)
)`,
  `CREATE TABLE stat_sale_month (
  month date NOT NULL,
  arrival_month date NOT NULL,
  ${DIMS},
  partner_id integer NOT NULL,
  seller_user_id integer NOT NULL,
  stays integer NOT NULL,
  nights bigint NOT NULL,
  revenue bigint NOT NULL,
  PRIMARY KEY (month, arrival_month, ${DIM_KEY}, partner_id, seller_user_id)
)`,
  `CREATE INDEX ix_stat_sale_month__arrival ON stat_sale_month (arrival_month)`,
  // Filled at once from the tables of the last regeneration: the screens read them from now on.
  `INSERT INTO stat_place_month SELECT date_trunc('month', night)::date, place_id, ${DIM_KEY}, count(*),
  count(*) FILTER (WHERE NOT is_open), sum(accommodation), count(*) FILTER (WHERE first_night)
FROM stat_night GROUP BY 1, 2, 3, 4, 5, 6, 7`,
  `INSERT INTO stat_arrival_month SELECT date_trunc('month', start_date)::date, ${DIM_KEY}, nights, persons,
  CASE WHEN start_date - booked_on <= 0 THEN 0 WHEN start_date - booked_on <= 7 THEN 1
    WHEN start_date - booked_on <= 14 THEN 2 WHEN start_date - booked_on <= 30 THEN 3
    WHEN start_date - booked_on <= 60 THEN 4 WHEN start_date - booked_on <= 90 THEN 5
    WHEN start_date - booked_on <= 180 THEN 6 WHEN start_date - booked_on <= 365 THEN 7 ELSE 8 END,
  count(*), sum(start_date - booked_on)
FROM stat_stay WHERE cancelled_on IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9`,
  `INSERT INTO stat_sale_month SELECT date_trunc('month', booked_on)::date, date_trunc('month', start_date)::date,
  ${DIM_KEY}, COALESCE(partner_id, 0), COALESCE(seller_user_id, 0), count(*), sum(nights),
  sum(accommodation + extras + other)
FROM stat_stay WHERE cancelled_on IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9`,
];

export async function up(knex: Knex): Promise<void> {
  for (const sql of UP) await knex.raw(sql);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE stat_sale_month, stat_arrival_month, stat_place_month');
  await knex.raw('ALTER TABLE stat_night DROP COLUMN first_night');
}
