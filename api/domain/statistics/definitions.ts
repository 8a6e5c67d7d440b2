// What the statistics count (docs/statistics.md): which stays, which revenue bucket
// each priced line falls in, what a channel is. Written once here and turned into the
// SQL of the regeneration; the integration tests restate them in their own SQL.
import { STATUS } from '../../../common/stay-status';

/**
 * A stay counts (occupied nights, revenue) when it is a booking or a passage in one of
 * these statuses, not cancelled: confirmed, validated, arrived, gone, early departure,
 * integrated from a channel. Temporary and in-progress stays are still being keyed in;
 * quotes and options are not sold; « cancelling » still holds its places and counts.
 */
export const COUNTED_STATUSES: readonly number[] = [
  STATUS.CONFIRMED,
  STATUS.VALIDATED,
  STATUS.ARRIVED,
  STATUS.GONE,
  STATUS.EARLY_DEPARTURE,
  STATUS.INTEGRATED,
];
export const COUNTED_KINDS = ['booking', 'passage'] as const;

/** Revenue buckets, excl. VAT (tourist tax: outside VAT, counted apart). */
export type Bucket = 'accommodation' | 'extras' | 'other' | 'tax';
export const BUCKETS: readonly Bucket[] = ['accommodation', 'extras', 'other', 'tax'];

/**
 * Bill line types (§9, docs/constants.md#bill-line-types) → bucket. Accommodation: the place (1), the persons it houses
 * (6, attendants), and the offers (12) and discounts (9) that reduce the stay. Extras:
 * animals (4), vehicles (5), extras (7, 17). Tax: tourist tax (2) and other taxes (3),
 * outside VAT. Anything else — booking fees (8), insurance (11), cancellation (20)… —
 * is « other ». Till sales charged to a stay are ancillary sales, counted from the till
 * by sale date, never from the stay.
 */
export const LINE_BUCKETS: Record<Exclude<Bucket, 'other'>, readonly number[]> = {
  accommodation: [1, 6, 9, 12, 21],
  extras: [4, 5, 7, 17],
  tax: [2, 3],
};

/** SQL CASE turning a line type expression into its bucket. */
export function bucketCase(lineType: string): string {
  const whens = (Object.entries(LINE_BUCKETS) as [Bucket, readonly number[]][])
    .map(([b, types]) => `WHEN ${lineType} IN (${types.join(', ')}) THEN '${b}'`)
    .join(' ');
  return `CASE ${whens} ELSE 'other' END`;
}

/**
 * A stay comes through a channel when a partner (tour operator, manager) sold it or its
 * access channel is marked online (Booking.com, Airbnb…); otherwise it is direct.
 */
export const SOURCE_SQL = `CASE WHEN b.partner_id IS NOT NULL OR COALESCE(ch.is_online, false) THEN 'channel' ELSE
  'direct' END`;

/** « Statistics sources (3) », §9 (docs/constants.md#statistics): what a screen counts. */
export const SOURCES = { all: 'Tous les séjours', direct: 'Séjours directs', channel: 'Séjours des canaux' } as const;
export type Source = keyof typeof SOURCES;

/** Which stays a screen counts: tourist places or the residential ones, always apart. */
export const PARKS = { tourist: 'Hébergement touristique', residential: 'Résidentiel' } as const;
export type Park = keyof typeof PARKS;

/** The French department of a French postal code: 2A/2B in Corsica, three digits overseas. */
export function departmentOfPostalCode(code: string | null | undefined): string | null {
  const c = (code ?? '').replace(/\s/g, '');
  if (!/^\d{5}$/.test(c)) return null;
  if (c.startsWith('97') || c.startsWith('98')) return c.slice(0, 3);
  if (c.startsWith('20')) return Number(c.slice(0, 3)) < 202 ? '2A' : '2B';
  return c.slice(0, 2);
}

/** The same rule in SQL, for the regeneration (a unit test compares both). */
export const DEPARTMENT_SQL = (pc: string) => `CASE
  WHEN regexp_replace(COALESCE(${pc}, ''), '\\s', '', 'g') !~ '^[0-9]{5}$' THEN NULL
  WHEN left(regexp_replace(${pc}, '\\s', '', 'g'), 2) IN ('97', '98') THEN left(regexp_replace(${pc}, '\\s', '',
    'g'), 3)
  WHEN left(regexp_replace(${pc}, '\\s', '', 'g'), 2) = '20'
    THEN CASE WHEN left(regexp_replace(${pc}, '\\s', '', 'g'), 3)::int < 202 THEN '2A' ELSE '2B' END
  ELSE left(regexp_replace(${pc}, '\\s', '', 'g'), 2) END`;

/**
 * Lead-time bands (days from the booking date to the arrival), the histogram's rows.
 * stat_arrival_month keeps each stay's band: changing them needs a regeneration.
 */
export const LEAD_BANDS: readonly [number, number, string][] = [
  [-100000, 0, 'Le jour même'],
  [1, 7, '1 à 7 jours'],
  [8, 14, '8 à 14 jours'],
  [15, 30, '15 à 30 jours'],
  [31, 60, '31 à 60 jours'],
  [61, 90, '61 à 90 jours'],
  [91, 180, '91 à 180 jours'],
  [181, 365, '181 à 365 jours'],
  [366, 100000, 'Plus de 365 jours'],
];

/** The band (its rank in LEAD_BANDS) of a lead-time expression in days. */
export const leadBandSql = (days: string) =>
  `CASE ${LEAD_BANDS.map(([lo, hi], i) => `WHEN ${days} BETWEEN ${lo} AND ${hi} THEN ${i}`).join(' ')} END`;
