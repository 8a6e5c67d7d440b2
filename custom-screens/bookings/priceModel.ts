// The price of a stay as the server computes it (api/domain/stays/pricing.ts) and what
// the screens derive from it: the down payment's name, the prices that can be set by hand.
import type { components } from '../../admin/src/ui/client';
/** A stay's quote as the pricing engine answers it (PricingQuote): lines, VAT, down payment, balance, warnings. */
export type Quote = components['schemas']['PricingQuote'];
export type QuoteLine = components['schemas']['PricingQuoteLine'];
/** occupancy.pricedQuote, and the answer of POST /rest/occupancy/{id}/quote. */
export type StoredPrice = components['schemas']['StoredPrice'];
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
