// A stay sold by a channel keeps the channel's price and lines (issue 24 §10, docs/channels.md
// « Price as sold »): the occupancy's stored quote is built from what the channel sold,
// not from the grid, and the stay is flagged `channelPriced` so that later changes (a move
// on the planning, occupants typed at the desk) never reprice it; only an explicit
// « Recalculer le prix » does, and clears the flag. The grid's quote is still computed
// first: it gives the VAT rates (the channel sells VAT-inclusive amounts) and the tourist
// tax owed on site when the channel did not collect it.
import type { Knex } from 'knex';
import { vatOfInclusive } from '../pricing/money';
import { BillLineType, type PricingWarning, type VatTotal } from '../pricing/types';
import type { StayQuote, StayQuoteLine } from '../pricing/quote-for-stay';
import { formatMessage, type MessageCode } from '../../../common/messages';
import { refreshBookingPrice } from './pricing';
import type { StoredPrice } from './price-model';

/** One line the channel sold, VAT included, integer cents. */
export interface ChannelLine {
  kind: 'accommodation' | 'extra' | 'fee' | 'tourist-tax' | 'discount';
  label: string;
  quantity: number;
  amount: number;
  extraId?: number | null;
  /** the line's own VAT rate (null: outside VAT) when the grid's is not the one (a sublet's share) */
  vatRateBp?: number | null;
  /** the line's own §9 (docs/constants.md#prices) type when its kind's is not the one */
  lineType?: BillLineType;
}

const LINE_TYPE = {
  accommodation: BillLineType.OCCUPANCY,
  extra: BillLineType.EXTRA,
  fee: BillLineType.FEES,
  'tourist-tax': BillLineType.TAX,
  discount: BillLineType.DISCOUNT,
} as const;

/** VAT of a stay's pitch or rental when the grid could not say (10 %,
 * rules-fr §2, docs/billing.md#vat-and-invoice-mentions). */
export const DEFAULT_STAY_VAT_BP = 1000;

function vatTotals(lines: StayQuoteLine[]): VatTotal[] {
  const m = new Map<number, VatTotal>();
  for (const l of lines) {
    if (l.vatRateBp == null) continue;
    const t = m.get(l.vatRateBp) ?? { vatRateBp: l.vatRateBp, totalExclVat: 0, vatAmount: 0, totalInclVat: 0 };
    t.totalInclVat += l.amount;
    t.vatAmount += l.vatAmount;
    t.totalExclVat = t.totalInclVat - t.vatAmount;
    m.set(l.vatRateBp, t);
  }
  return [...m.values()].sort((a, b) => a.vatRateBp - b.vatRateBp);
}

/**
 * The stored price of an occupancy sold by a channel: its lines at the grid's VAT rates,
 * plus the grid's tourist tax lines when the channel sold none. Pure.
 */
export function channelStoredPrice(
  grid: StoredPrice | null,
  lines: ChannelLine[],
  stay: { startDate: string; endDate: string; placeTypeId: number | null },
  today: string,
  warningCode: MessageCode = 'CHANNEL_PRICE_KEPT',
): StoredPrice {
  const g = grid?.quote ?? null;
  const stayRate = g?.lines.find((l) => l.lineType === BillLineType.OCCUPANCY)?.vatRateBp ?? DEFAULT_STAY_VAT_BP;
  const rateOf = (l: ChannelLine): number | null => {
    if (l.vatRateBp !== undefined) return l.vatRateBp;
    if (l.kind === 'tourist-tax') return null;
    if (l.kind === 'extra' && l.extraId != null) {
      const match = g?.lines.find((x) => x.extraId === l.extraId);
      if (match) return match.vatRateBp;
    }
    return stayRate;
  };
  const out: StayQuoteLine[] = lines.map((l) => {
    const vatRateBp = rateOf(l);
    const quantity = l.quantity > 0 ? l.quantity : 1;
    return {
      lineType: l.lineType ?? LINE_TYPE[l.kind],
      label: l.label,
      quantity,
      // A unit price that does not divide evenly is carried by a quantity of 1.
      ...(l.amount % quantity === 0 ? { unitPrice: l.amount / quantity } : { quantity: 1, unitPrice: l.amount }),
      amount: l.amount,
      vatRateBp,
      vatAmount: vatRateBp == null ? 0 : vatOfInclusive(l.amount, vatRateBp),
      startDate: stay.startDate,
      endDate: stay.endDate,
      priceGridOptionId: null,
      ageCategoryId: null,
      extraId: l.extraId ?? null,
      animalTypeId: null,
      vehicleTypeId: null,
      specialOfferId: null,
      discountId: null,
      isManualPrice: false,
      computedAmount: null,
      strikeoutUnitPrice: null,
      lastMinuteOfferId: null,
    };
  });
  const taxSold = lines.some((l) => l.kind === 'tourist-tax');
  // Tourist tax au réel is owed whoever sold the stay: collected on site when the channel did not.
  if (!taxSold && g)
    for (const l of g.lines)
      if (l.lineType === BillLineType.TAX || l.lineType === BillLineType.OTHER_TAX) out.push({ ...l });
  const total = out.reduce((s, l) => s + l.amount, 0);
  const totals = vatTotals(out);
  const touristTaxTotal = out
    .filter((l) => l.lineType === BillLineType.TAX || l.lineType === BillLineType.OTHER_TAX)
    .reduce((s, l) => s + l.amount, 0);
  const warning: PricingWarning = {
    code: warningCode,
    message: formatMessage(warningCode),
    subject: null,
  };
  const nights = Math.round((Date.parse(stay.endDate) - Date.parse(stay.startDate)) / 86_400_000);
  const quote: StayQuote = {
    priceGridId: g?.priceGridId ?? 0,
    placeTypeId: g?.placeTypeId ?? stay.placeTypeId ?? 0,
    historyVersion: g?.historyVersion ?? 0,
    startDate: stay.startDate,
    endDate: stay.endDate,
    nights,
    quoteDate: grid?.quoteDate ?? today,
    lines: out,
    optionLines: [],
    appliedSpecialOfferIds: [],
    appliedLastMinuteOfferIds: [],
    vatTotals: totals,
    total,
    totalVat: totals.reduce((s, t) => s + t.vatAmount, 0),
    totalExclVat: total - totals.reduce((s, t) => s + t.vatAmount, 0),
    touristTaxTotal,
    touristTax: g?.touristTax ? { ...g.touristTax, amount: touristTaxTotal } : null,
    downPayment: null,
    balance: { amount: total, dueDate: stay.startDate },
    partnerLines: [],
    partnerCommissionTotal: 0,
    warnings: [warning],
  };
  return {
    quoteDate: grid?.quoteDate ?? today,
    gridPlaceTypeId: grid?.gridPlaceTypeId ?? null,
    gridPartnerId: grid?.gridPartnerId ?? null,
    withBookingFees: false,
    quote,
    error: null,
  };
}

/**
 * Gives a booking's one active occupancy the channel's price, inside the caller's
 * transaction, and flags the booking: from now on it is repriced only on request.
 */
export async function applyChannelPrice(
  trx: Knex.Transaction,
  bookingId: number,
  lines: ChannelLine[],
  today: string,
  warningCode: MessageCode = 'CHANNEL_PRICE_KEPT',
): Promise<void> {
  const occ = await trx('occupancy').where({ bookingId, isCancelled: false }).orderBy('id').first();
  if (!occ) return;
  const price = channelStoredPrice(
    occ.pricedQuote as StoredPrice | null,
    lines,
    { startDate: occ.startDate, endDate: occ.endDate, placeTypeId: occ.placeTypeId ?? null },
    today,
    warningCode,
  );
  await trx('occupancy')
    .where('id', occ.id)
    .update({ amount: price.quote!.total, isManualPrice: false, pricedQuote: JSON.stringify(price) });
  await trx('booking').where('id', bookingId).update({ channelPriced: true });
  await refreshBookingPrice(trx, bookingId);
}
