// The stored price of a stay, pure part: what an occupancy's price depends on, the
// quote request built from it (with the pins that keep an agreed price), the snapshot
// stored on the occupancy, and the booking's totals summed from its occupancies.
// No database here (unit-tested in tests/unit/stays/price-model.test.ts); the
// database side is pricing.ts.
import type { QuoteRequest, StayQuote } from '../pricing/quote-for-stay';
import type { PriceOverride } from '../pricing/types';

/** What an occupancy's price depends on, as stored (or as a screen proposes to change it). */
export interface StayInputs {
  placeId: number | null;
  placeTypeId: number | null;
  startDate: string;
  endDate: string;
  details: { ageCategoryId: number; quantity: number; exemptQuantity?: number | null }[];
  animals: { animalTypeId: number; quantity?: number | null }[];
  vehicles: { vehicleTypeId: number }[];
  extras: { extraId: number; quantity?: number | null; startDate?: string | null; endDate?: string | null }[];
  priceOverrides: PriceOverride[];
}

/** The booking's fields the price depends on (the same for all its occupancies). */
export interface BookingPricing {
  partnerId: number | null;
  accessChannelId: number | null;
  promoCode: string | null;
  discountIds: number[];
  withCancellationInsurance: boolean;
}

/**
 * What keeps an agreed price: the date it was quoted (offers, due dates) and the grid
 * version it was priced with. The grid pin holds while the occupancy keeps the place
 * type and the booking the partner it was chosen for; otherwise the grid is chosen
 * again (current version).
 */
export interface Pins {
  quoteDate: string | null;
  priceGridId: number | null;
  priceGridVersion: number | null;
  gridPlaceTypeId: number | null;
  gridPartnerId: number | null;
}

/** occupancy.pricedQuote: the snapshot of the last pricing. */
export interface StoredPrice {
  quoteDate: string;
  /** the place type and partner the grid was chosen for (see Pins) */
  gridPlaceTypeId: number | null;
  gridPartnerId: number | null;
  /** this occupancy carries the booking's fees (the first active one, by id, that can be priced) */
  withBookingFees: boolean;
  /** null when the stay could not be priced */
  quote: StayQuote | null;
  /** why it could not be priced (French message) */
  error: { code: string; message: string } | null;
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/** True when the pinned grid version still applies to these inputs. */
export function gridPinHolds(pins: Pins | null, placeTypeId: number | null, partnerId: number | null): boolean {
  return (
    !!pins &&
    pins.priceGridId != null &&
    pins.priceGridVersion != null &&
    pins.gridPlaceTypeId != null &&
    pins.gridPlaceTypeId === placeTypeId &&
    same(pins.gridPartnerId, partnerId)
  );
}

function sumBy<K extends string, R extends { [P in K]: number }>(
  rows: readonly R[],
  key: K,
  qty: (r: R) => number,
): ({ [P in K]: number } & { quantity: number })[] {
  const m = new Map<number, number>();
  for (const r of rows) m.set(r[key], (m.get(r[key]) ?? 0) + qty(r));
  return [...m].map(([id, quantity]) => ({ [key]: id, quantity }) as { [P in K]: number } & { quantity: number });
}

/**
 * The quote request of an occupancy: its occupants (exempt persons included), animals,
 * vehicles, extras (their dates kept when inside the stay), manual prices, and the
 * booking's choices; `today` is the quote date when none is pinned yet.
 */
export function stayQuoteRequest(s: StayInputs, b: BookingPricing, pins: Pins | null, today: string): QuoteRequest {
  const target = gridPinHolds(pins, s.placeTypeId, b.partnerId)
    ? { priceGridId: pins!.priceGridId, historyVersion: pins!.priceGridVersion }
    : s.placeId != null
      ? { placeId: s.placeId }
      : { placeTypeId: s.placeTypeId };
  const occupants = new Map<number, { ageCategoryId: number; quantity: number; exemptQuantity: number }>();
  for (const d of s.details) {
    const o = occupants.get(d.ageCategoryId) ?? { ageCategoryId: d.ageCategoryId, quantity: 0, exemptQuantity: 0 };
    o.quantity += d.quantity;
    o.exemptQuantity += d.exemptQuantity ?? 0;
    occupants.set(d.ageCategoryId, o);
  }
  const inside = (d: string | null | undefined) => (d && d >= s.startDate && d <= s.endDate ? d : null);
  const promo = b.promoCode?.trim();
  return {
    ...target,
    startDate: s.startDate,
    endDate: s.endDate,
    quoteDate: pins?.quoteDate ?? today,
    occupants: [...occupants.values()].map((o) =>
      o.exemptQuantity ? o : { ageCategoryId: o.ageCategoryId, quantity: o.quantity },
    ),
    animals: sumBy(s.animals, 'animalTypeId', (r) => r.quantity ?? 1),
    vehicles: sumBy(s.vehicles, 'vehicleTypeId', () => 1),
    extras: s.extras.map((x) => {
      const start = inside(x.startDate),
        end = inside(x.endDate);
      return {
        extraId: x.extraId,
        quantity: x.quantity ?? 1,
        ...(start && end && start < end ? { startDate: start, endDate: end } : {}),
      };
    }),
    promoCode: promo ? promo : null,
    channelId: b.accessChannelId,
    partnerId: b.partnerId,
    discountIds: b.discountIds,
    withCancellationInsurance: b.withCancellationInsurance,
    overrides: s.priceOverrides.map((o) => ({
      priceGridOptionId: o.priceGridOptionId ?? null,
      unitPrice: o.unitPrice,
    })),
  };
}

export type DownPaymentKindName = 'none' | 'arrhes' | 'acompte';

/** The booking's read-only price columns. */
export interface BookingTotals {
  totalAmount: number | null;
  touristTaxAmount: number | null;
  downPaymentKind: DownPaymentKindName;
  downPaymentAmount: number | null;
  downPaymentDueDate: string | null;
  balanceAmount: number | null;
  balanceDueDate: string | null;
  isManualPrice: boolean;
}

const minDate = (dates: (string | null | undefined)[]): string | null =>
  dates.filter((d): d is string => !!d).sort()[0] ?? null;

/**
 * Sums the priced occupancies of a booking (cancelled ones left out by the caller). An
 * occupancy that could not be priced adds nothing (its warning says why). Due dates:
 * the earliest of the amounts still owed. Nothing priced: no totals.
 */
export function bookingTotals(prices: (StoredPrice | null)[]): BookingTotals {
  const quotes = prices.map((p) => p?.quote).filter((q): q is StayQuote => !!q);
  if (!quotes.length) {
    return {
      totalAmount: null,
      touristTaxAmount: null,
      downPaymentKind: 'none',
      downPaymentAmount: null,
      downPaymentDueDate: null,
      balanceAmount: null,
      balanceDueDate: null,
      isManualPrice: false,
    };
  }
  const withDown = quotes.filter((q) => q.downPayment);
  const kind = withDown[0]?.downPayment?.kind;
  return {
    totalAmount: quotes.reduce((s, q) => s + q.total, 0),
    touristTaxAmount: quotes.reduce((s, q) => s + q.touristTaxTotal, 0),
    downPaymentKind: kind === 2 ? 'acompte' : kind === 1 ? 'arrhes' : 'none',
    downPaymentAmount: withDown.length ? withDown.reduce((s, q) => s + q.downPayment!.amount, 0) : null,
    downPaymentDueDate: minDate(withDown.filter((q) => q.downPayment!.amount > 0).map((q) => q.downPayment!.dueDate)),
    balanceAmount: quotes.reduce((s, q) => s + q.balance.amount, 0),
    balanceDueDate: minDate(quotes.filter((q) => q.balance.amount > 0).map((q) => q.balance.dueDate)),
    isManualPrice: quotes.some((q) => q.lines.some((l) => l.isManualPrice)),
  };
}
