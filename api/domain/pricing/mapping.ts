// The ONE place where database rows (entity field names: tvaId, rate, unit 'currency'…)
// become the engine's plain types (vatRateId, rateBp, DiscountUnit…). The entities keep
// their names; the loader, the validation hooks and the grid history all map through here.
// Pure: no database access.
import {
  DiscountUnit,
  DownPaymentKind,
  OfferVisibility,
  SpecialOfferType,
  TouristTaxMode,
  type AgeCategory,
  type BookingFee,
  type CancellationInsurance,
  type Discount,
  type DownPaymentSettings,
  type MinNightsOperator,
  type OccupantPriceModel,
  type OptionPriceUnit,
  type Partner,
  type PeriodType,
  type PriceGrid,
  type PriceGridOption,
  type PriceGridPeriod,
  type PriceModel,
  type SpecialOffer,
  type TouristTaxSurcharge,
  type TouristTaxTariff,
  type VatRate,
} from './types';
import type { EntityInputs, EntityName } from '../../../common/generated/types';

/**
 * A row of entity `E` as stored, or about to be (a draft given its id): the optional
 * fields may be absent, the timestamps and version are not read here.
 */
export type Stored<E extends EntityName> = Omit<EntityInputs[E], 'createdAt' | 'updatedAt' | 'version'>;

/** A grid as stored: its row and its children's rows (also the shape of a history snapshot). */
export interface GridRows {
  grid: Stored<'price-grid'>;
  periods: Stored<'price-grid-period'>[];
  options: Stored<'price-grid-option'>[];
  prices: Stored<'option-price'>[];
}

/**
 * Last-minute offers (their own entity) are priced as special offers of type 7; their
 * engine ids are shifted by this base so that they never meet a special offer's id.
 * quoteForStay shifts them back (`lastMinuteOfferId` on the lines).
 */
export const LAST_MINUTE_ID_BASE = 1_000_000_000;

const ids = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : []);
const nullable = <T>(v: T | undefined | null): T | null => (v === undefined ? null : v);

export function toPeriod(r: Stored<'price-grid-period'>): PriceGridPeriod {
  return {
    id: r.id,
    priceGridId: r.priceGridId,
    label: r.label,
    periodType: r.periodType as PeriodType,
    startDate: r.startDate,
    endDate: r.endDate,
    arrivalDays: ids(r.arrivalDays),
    departureDays: ids(r.departureDays),
    minNights: nullable(r.minNights),
    minNightsOperator: r.minNights == null ? null : ((r.minNightsOperator ?? 1) as MinNightsOperator),
    pricePerNight: nullable(r.pricePerNight),
    pricePerWeek: nullable(r.pricePerWeek),
    pricePerStay: nullable(r.pricePerStay),
    firstNightPrice: nullable(r.firstNightPrice),
    extraNightPrice: nullable(r.extraNightPrice),
  };
}

export function toOption(r: Stored<'price-grid-option'>, prices: Stored<'option-price'>[]): PriceGridOption {
  return {
    id: r.id,
    priceGridId: r.priceGridId,
    label: r.label ?? '',
    ageCategoryId: nullable(r.ageCategoryId),
    extraId: nullable(r.extraId),
    animalTypeId: nullable(r.animalTypeId),
    vehicleTypeId: nullable(r.vehicleTypeId),
    isRequired: !!r.isRequired,
    includedQuantity: r.includedQuantity ?? 0,
    priceUnit: (r.priceUnit ?? 1) as OptionPriceUnit,
    vatRateId: nullable(r.tvaId),
    prices: prices
      .filter((p) => p.priceGridOptionId === r.id)
      .map((p) => ({
        id: p.id,
        priceGridOptionId: p.priceGridOptionId,
        priceGridPeriodId: p.priceGridPeriodId,
        price: p.price,
        slices: (Array.isArray(p.slices) ? p.slices : []).map((s, i) => ({
          id: i + 1,
          optionPriceId: p.id,
          fromNight: s.fromNight,
          toNight: nullable(s.toNight),
          price: s.price,
        })),
      })),
  };
}

/**
 * The engine's grid. `fallbackVatId` is the place type's rate, used when the grid names
 * none (the hooks fill it on save; rows written by hand may lack it).
 */
export function toPriceGrid(rows: GridRows, fallbackVatId: number | null = null): PriceGrid {
  const g = rows.grid;
  return {
    id: g.id,
    label: g.label,
    placeTypeId: g.placeTypeId,
    historyVersion: g.historyVersion ?? 1,
    priceModel: g.priceModel as PriceModel,
    occupantPriceModel: g.occupantPriceModel as OccupantPriceModel,
    vatRateId: g.tvaId ?? fallbackVatId ?? 0,
    isActive: !!g.isActive,
    includedOccupants: nullable(g.includedOccupants),
    partnerIds: ids(g.partnerIds),
    periods: rows.periods.map(toPeriod),
    options: rows.options.map((o) => toOption(o, rows.prices)),
  };
}

export const toVatRate = (r: Stored<'tva'>): VatRate => ({ id: r.id, label: r.label, rateBp: r.rate });

export const toAgeCategory = (r: Stored<'age-category'>): AgeCategory => ({
  id: r.id,
  label: r.label,
  minAge: nullable(r.minAge),
  maxAge: nullable(r.maxAge),
  isTouristTaxExempt: !!r.isTouristTaxExempt,
  isSenior: !!r.isSenior,
  vatRateId: nullable(r.tvaId),
});

/** An extra, animal type or vehicle type: what the engine reads of it. */
export const toItem = (r: { id: number; label: string; tvaId?: number | null }) => ({
  id: r.id,
  label: r.label,
  vatRateId: nullable(r.tvaId),
});

export function isPercentOffer(type: number): boolean {
  return (
    type === SpecialOfferType.LESS_PERCENT ||
    type === SpecialOfferType.PRICE_STRIKEOUT ||
    type === SpecialOfferType.LAST_MINUTE
  );
}

/** Cents for "less X euros", basis points for the percentage types, unused otherwise. */
function offerValue(r: Stored<'special-offer'>): number {
  if (r.type === SpecialOfferType.LESS_AMOUNT) return r.amount ?? 0;
  if (r.type !== undefined && isPercentOffer(r.type)) return r.rate ?? 0;
  return 0;
}

export function toSpecialOffer(r: Stored<'special-offer'>): SpecialOffer {
  return {
    id: r.id,
    label: r.publicLabel || r.label,
    type: r.type as SpecialOfferType,
    visibility: (r.visibility ?? OfferVisibility.COMPETITION) as OfferVisibility,
    value: offerValue(r),
    stayNights: nullable(r.stayNights),
    paidNights: nullable(r.paidNights),
    steps: (Array.isArray(r.steps) ? r.steps : []).map((s, i) => ({
      id: i + 1,
      specialOfferId: r.id,
      weeks: s.weeks,
      value: s.value,
    })),
    periodStartDate: nullable(r.periodStartDate),
    periodEndDate: nullable(r.periodEndDate),
    bookingStartDate: nullable(r.bookingStartDate),
    bookingEndDate: nullable(r.bookingEndDate),
    minNights: nullable(r.minNights),
    maxNights: nullable(r.maxNights),
    priceGridIds: ids(r.priceGridIds),
    placeTypeIds: ids(r.placeTypeIds),
    appliedOptionIds: ids(r.appliedOptionIds),
    channelIds: ids(r.channelIds),
    promoCode: nullable(r.promoCode),
    lastMinuteDays: nullable(r.lastMinuteDays),
    isActive: !!r.isActive,
  };
}

/** A last-minute offer as a special offer of type 7; no grid named = every grid given. */
export function lastMinuteToOffer(r: Stored<'last-minute-offer'>, gridIds: number[]): SpecialOffer {
  const grids = ids(r.priceGridIds);
  return {
    id: LAST_MINUTE_ID_BASE + r.id,
    label: r.label,
    type: SpecialOfferType.LAST_MINUTE,
    visibility: (r.visibility ?? OfferVisibility.COMPETITION) as OfferVisibility,
    value: r.rate,
    stayNights: null,
    paidNights: null,
    steps: [],
    periodStartDate: nullable(r.periodStartDate),
    periodEndDate: nullable(r.periodEndDate),
    bookingStartDate: null,
    bookingEndDate: null,
    minNights: nullable(r.minNights),
    maxNights: nullable(r.maxNights),
    priceGridIds: grids.length ? grids : gridIds,
    placeTypeIds: ids(r.placeTypeIds),
    appliedOptionIds: [],
    channelIds: ids(r.channelIds),
    promoCode: null,
    lastMinuteDays: nullable(r.daysBeforeArrival),
    isActive: !!r.isActive,
  };
}

export const toDiscount = (r: Stored<'discount'>): Discount => ({
  id: r.id,
  label: r.label,
  unit: r.unit === 'percentage' ? DiscountUnit.PERCENT : DiscountUnit.AMOUNT,
  value: (r.unit === 'percentage' ? r.rate : r.amount) ?? 0,
});

export const toBookingFee = (r: Stored<'booking-fee'>): BookingFee => ({
  id: r.id,
  label: r.label,
  amount: r.amount,
  vatRateId: nullable(r.tvaId),
  channelIds: ids(r.channelIds),
  priceGridIds: ids(r.priceGridIds),
  isActive: !!r.isActive,
});

export const toInsurance = (r: Stored<'cancellation-insurance'>): CancellationInsurance => ({
  id: r.id,
  label: r.label,
  rateBp: nullable(r.rate),
  fixedAmount: nullable(r.fixedAmount),
  minimumAmount: r.minimumAmount ?? 0,
  vatRateId: nullable(r.tvaId),
});

export const toPartner = (r: Stored<'partner'>): Partner => ({
  id: r.id,
  label: r.name,
  commissionRateBp: r.commissionRate ?? 0,
  vatRateId: nullable(r.tvaId),
  commissionPeriods: [],
});

export const toTariff = (r: Stored<'tourist-tax-tariff'>): TouristTaxTariff => ({
  id: r.id,
  classificationId: nullable(r.classification),
  label: r.label,
  startDate: r.startDate,
  endDate: nullable(r.endDate),
  amount: r.amount,
});

export const toSurcharge = (r: Stored<'tourist-tax-surcharge'>): TouristTaxSurcharge => ({
  id: r.id,
  label: r.label,
  rateBp: r.rate,
  startDate: r.startDate,
  endDate: nullable(r.endDate),
});

export const touristTaxMode = (mode: string | null | undefined) =>
  mode === 'flat' ? TouristTaxMode.FLAT : TouristTaxMode.REAL;

/** Pricing settings + their payment terms → the engine's down-payment settings. */
export function toDownPayment(
  settings: Pick<
    Stored<'pricing-settings'>,
    'downPaymentDueDays' | 'fullPaymentMaxNights' | 'fullPaymentDaysBeforeArrival'
  >,
  terms: Pick<Stored<'payment-terms'>, 'downPaymentKind' | 'downPaymentRate' | 'balanceDaysBeforeArrival'> | null,
): DownPaymentSettings | null {
  if (!terms) return null;
  return {
    kind: terms.downPaymentKind === 'acompte' ? DownPaymentKind.ACOMPTE : DownPaymentKind.ARRHES,
    rateBp: terms.downPaymentRate ?? 0,
    dueDays: settings.downPaymentDueDays ?? 0,
    balanceDaysBeforeArrival: terms.balanceDaysBeforeArrival ?? 0,
    fullPaymentMaxNights: nullable(settings.fullPaymentMaxNights),
    fullPaymentDaysBeforeArrival: nullable(settings.fullPaymentDaysBeforeArrival),
  };
}
