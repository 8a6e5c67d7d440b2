// The price of a stay as the server computes it (api/domain/stays/pricing.ts) and what
// the screens derive from it: the down payment's name, the prices that can be set by hand.
export interface QuoteLine {
  lineType: number;
  label: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  vatRateBp: number | null;
  vatAmount: number;
  priceGridOptionId?: number | null;
  strikeoutUnitPrice?: number | null;
  isManualPrice?: boolean;
  computedAmount?: number | null;
}
export interface Quote {
  nights?: number;
  lines: QuoteLine[];
  vatTotals: { vatRateBp: number; totalExclVat: number; vatAmount: number; totalInclVat: number }[];
  total: number;
  totalVat: number;
  totalExclVat: number;
  touristTaxTotal: number;
  downPayment: { amount: number; dueDate: string | null; kind?: number; isFullPayment?: boolean } | null;
  balance: { amount: number; dueDate: string | null } | null;
  warnings: { code: string; message: string; subject?: string | null }[];
}
/** occupancy.pricedQuote, and the answer of POST /rest/occupancy/{id}/quote. */
export interface StoredPrice {
  quoteDate: string;
  withBookingFees: boolean;
  quote: Quote | null;
  error: { code: string; message: string } | null;
}
export interface PriceOverride {
  priceGridOptionId: number | null;
  unitPrice: number;
}

export const MANUAL_LABEL = 'Prix modifié manuellement';
export const LINE_STAY = 1;

/**
 * The down payment's name: arrhes (engine kind 1, booking 'arrhes') or acompte (2, 'acompte'); the whole when paid at
 * once.
 */
export function downPaymentLabel(kind: number | string | null | undefined, isFullPayment = false): string {
  if (isFullPayment) return 'Paiement intégral';
  if (kind === 2 || kind === 'acompte') return 'Acompte';
  if (kind === 1 || kind === 'arrhes') return 'Arrhes';
  return 'Versement à la réservation';
}
/** A price the user can replace by hand. */
export interface PriceItem {
  key: number | null;
  label: string;
  unit: string;
  current: number | null;
}

/**
 * What a manual price can replace: the accommodation, per night (always: a manual price
 * also answers a period the grid does not price), and each grid option charged.
 */
export function priceItems(quote: Quote): PriceItem[] {
  const stay = quote.lines.filter((l) => l.lineType === LINE_STAY);
  const nights = quote.nights || stay.reduce((s, l) => s + l.quantity, 0) || 1;
  const amount = stay.reduce((s, l) => s + l.amount, 0);
  const items: PriceItem[] = [
    {
      key: null,
      label: 'Hébergement',
      unit: 'Prix par nuit',
      current: stay.length ? Math.round(amount / nights) : null,
    },
  ];
  const seen = new Set<number>();
  for (const l of quote.lines) {
    if (l.priceGridOptionId == null || seen.has(l.priceGridOptionId)) continue;
    seen.add(l.priceGridOptionId);
    items.push({ key: l.priceGridOptionId, label: l.label, unit: 'Prix unitaire', current: l.unitPrice });
  }
  return items;
}
