// Pure helpers of the planning area shared by the API (api/domain/planning) and the
// screens (custom-screens/planning, plan, new-booking): how a stay is coloured
// (status category, payment state) and the site plan's legend bands (§9, docs/constants.md).

/** Colour categories of the board (keys of the board's DEFAULT_STATUS_PALETTE). */
export type StatusCategory = 'draft' | 'quote' | 'option' | 'booking' | 'arrived' | 'gone' | 'cancelled';
export type PaymentState = 'unpaid' | 'deposit' | 'paid';

export const STATUS_CATEGORIES: readonly StatusCategory[] = [
  'draft',
  'quote',
  'option',
  'booking',
  'arrived',
  'gone',
  'cancelled',
];
export const STATUS_CATEGORY_LABELS: Record<StatusCategory, string> = {
  draft: 'En cours de saisie',
  quote: 'Devis',
  option: 'Option',
  booking: 'Réservation',
  arrived: 'Arrivé',
  gone: 'Parti',
  cancelled: 'Annulé',
};

/** Booking statuses that release their places (api/domain/stays/status.ts RELEASING). */
const RELEASING = [9, 10, 11, 14, 15, 16];
const TEMPORARY = 1;
const ARRIVED = 6;
const CLOSED = [7, 8];

/**
 * The colour of a stay: released stays (cancelled, refused, expired, abandoned,
 * deleted) are "cancelled"; a draft is "draft"; then arrived, gone (or early departure); then its kind —
 * a quote, an option, else a booking (a passage is a booking for the eye).
 */
export function statusCategory(kind: string, statusId: number, occupancyCancelled = false): StatusCategory {
  if (occupancyCancelled || RELEASING.includes(statusId)) return 'cancelled';
  // A stay being keyed in (the wizard's draft) holds its place but is nobody's booking yet.
  if (statusId === TEMPORARY) return 'draft';
  if (statusId === ARRIVED) return 'arrived';
  if (CLOSED.includes(statusId)) return 'gone';
  if (kind === 'quote') return 'quote';
  if (kind === 'option') return 'option';
  return 'booking';
}

/**
 * Payment view: nothing received → unpaid; everything (total reached) → paid; some →
 * down payment paid. `total` null (no price stored) with a payment counts as deposit.
 */
export function paymentStateOf(total: number | null | undefined, paid: number): PaymentState {
  if (!(paid > 0)) return 'unpaid';
  if (total != null && paid >= total) return 'paid';
  return 'deposit';
}

// ---------------------------------------------------------------------------
// Site plan legend (§9, docs/constants.md): "below 0 %, 0 %, then 10-point bands to 100 %".
//
// What the percentage measures: the OCCUPANCY RATE of a place (or of a zone) over the
// period shown — nights held by a stay ÷ nights that could be sold. On one night a
// place is 0 % (free) or 100 % (occupied); over several nights it is the share of
// nights taken. "Below 0 %" is what cannot be sold at all: a place unavailable (works,
// closed) on every night of the period, or inactive. A zone's rate is its occupied
// place-nights ÷ its sellable place-nights.
// ---------------------------------------------------------------------------

export interface LegendBand {
  key: string;
  label: string;
  /** exclusive lower bound (percent); -Infinity for "below 0 %" */
  above: number;
  /** inclusive upper bound (percent) */
  upTo: number;
  background: string;
  color: string;
}

/** Relative luminance (WCAG) of '#rrggbb'. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The more readable of white and near-black text on a background. */
export function readableText(background: string, dark = '#1f2937', light = '#ffffff'): string {
  const bg = luminance(background);
  const ratio = (fg: string) => {
    const [a, b] = [bg, luminance(fg)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
  };
  return ratio(dark) >= ratio(light) ? dark : light;
}

const BAND_COLORS = [
  '#bbf7d0',
  '#d9f99d',
  '#fef08a',
  '#fde047',
  '#fcd34d',
  '#fdba74',
  '#fb923c',
  '#f87171',
  '#dc2626',
  '#b91c1c',
  '#7f1d1d',
];

export const PLAN_BANDS: readonly LegendBand[] = [
  {
    key: 'below',
    label: 'Inférieur à 0 % (indisponible)',
    above: -Infinity,
    upTo: -Number.MIN_VALUE,
    background: '#4b5563',
    color: '#ffffff',
  },
  { key: '0', label: '0 % (libre)', above: -Number.MIN_VALUE, upTo: 0, background: '#22c55e', color: '#052e16' },
  ...Array.from({ length: 10 }, (_, i) => ({
    key: String((i + 1) * 10),
    label: i === 0 ? 'Jusqu’à 10 %' : i === 9 ? '90 à 100 % (complet à 100 %)' : `${i * 10} à ${(i + 1) * 10} %`,
    above: i * 10,
    upTo: (i + 1) * 10,
    background: BAND_COLORS[i + 1],
    color: readableText(BAND_COLORS[i + 1]),
  })),
];

/** The band of a rate in percent; null or negative = "below 0 %" (not sellable). */
export function bandOf(rate: number | null | undefined): LegendBand {
  if (rate == null || Number.isNaN(rate) || rate < 0) return PLAN_BANDS[0];
  if (rate === 0) return PLAN_BANDS[1];
  const i = Math.min(10, Math.max(1, Math.ceil(rate / 10)));
  return PLAN_BANDS[i + 1];
}

/**
 * Occupancy rate in percent (one decimal) of `occupied` nights among `nights`, of which
 * `unavailable` could not be sold; null when nothing could be sold ("below 0 %").
 */
export function occupancyRate(occupied: number, unavailable: number, nights: number): number | null {
  const sellable = nights - unavailable;
  if (sellable <= 0) return null;
  return Math.round((Math.min(occupied, sellable) / sellable) * 1000) / 10;
}
