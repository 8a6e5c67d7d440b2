// What the pricing engine prices with: the catalogue, grids, offers, fees, partners and
// tax settings, each the row of its table (part of ./types.ts).
import type {
  AgeCategoryRecord,
  AnimalTypeRecord,
  BookingFeeRecord,
  CancellationInsuranceRecord,
  DiscountRecord,
  ExtraRecord,
  OptionPriceRecord,
  PartnerCommissionPeriodRecord,
  PriceGridOptionRecord,
  PriceGridPeriodRecord,
  PriceGridRecord,
  SpecialOfferRecord,
  TouristTaxSurchargeRecord,
  TouristTaxTariffRecord,
  VehicleTypeRecord,
} from '../../../common/generated/types';
import type { Bp, MinNightsOperator, Cents, DiscountUnit, TouristTaxMode, DownPaymentKind } from './types-enums';

// ---------------------------------------------------------------------------
// Context: the settings and catalogue the engine reads (plain rows). Each shape picks
// its columns from the entity's stored record (common/generated/types), so that a column
// renamed or retyped in the schema breaks here; it declares only what mapping.ts turns
// into the engine's units (rates in basis points, `tvaId` as `vatRateId`) or adds
// (children, defaults).

export interface VatRate {
  id: number;
  label: string;
  rateBp: Bp;
}

/**
 * `isTouristTaxExempt`: Exempt from tourist tax by law (minors) or by council decision.
 * `isSenior`: Counts as a senior for the SENIOR price model.
 */
export interface AgeCategory extends Pick<
  AgeCategoryRecord,
  'id' | 'label' | 'minAge' | 'maxAge' | 'isTouristTaxExempt' | 'isSenior'
> {
  vatRateId: number | null;
}

export interface Extra extends Pick<ExtraRecord, 'id' | 'label'> {
  vatRateId: number | null;
}

export interface AnimalType extends Pick<AnimalTypeRecord, 'id' | 'label'> {
  vatRateId: number | null;
}

export interface VehicleType extends Pick<VehicleTypeRecord, 'id' | 'label'> {
  vatRateId: number | null;
}

/**
 * `startDate`: Nights from startDate (included) to endDate (excluded).
 * `arrivalDays`: ISO weekdays 1 (Monday) … 7 (Sunday); empty = any day. Checked on the arrival period.
 * `departureDays`: ISO weekdays; empty = any day. Checked on the period of the last night.
 */
export interface PriceGridPeriod extends Pick<
  PriceGridPeriodRecord,
  | 'id'
  | 'priceGridId'
  | 'label'
  | 'periodType'
  | 'startDate'
  | 'endDate'
  | 'arrivalDays'
  | 'departureDays'
  | 'minNights'
  | 'pricePerNight'
  | 'pricePerWeek'
  | 'pricePerStay'
  | 'firstNightPrice'
  | 'extraNightPrice'
> {
  minNightsOperator: MinNightsOperator | null;
}

export interface OptionPriceSlice {
  id: number;
  optionPriceId: number;
  /** 1-based rank of the night in the stay, inclusive. */
  fromNight: number;
  /** Inclusive; null = no upper bound. */
  toNight: number | null;
  price: Cents;
}

export interface OptionPrice extends Pick<
  OptionPriceRecord,
  'id' | 'priceGridOptionId' | 'priceGridPeriodId' | 'price'
> {
  /** Used by the WITH_SLICE occupant model only. */
  slices: OptionPriceSlice[];
}

/** A supplement mapped into a grid: exactly one of the four item ids is set.
 * `priceUnit`: Ignored for age-category options: the grid's occupant model decides.
 */
export interface PriceGridOption extends Pick<
  PriceGridOptionRecord,
  | 'id'
  | 'priceGridId'
  | 'ageCategoryId'
  | 'extraId'
  | 'animalTypeId'
  | 'vehicleTypeId'
  | 'isRequired'
  | 'includedQuantity'
  | 'priceUnit'
> {
  label: string;
  /** Null = the item's own rate, else the grid's rate. */
  vatRateId: number | null;
  prices: OptionPrice[];
}

/**
 * `includedOccupants`: Persons included in the base price; null = 2 for couple and senior models, else 0.
 */
export interface PriceGrid extends Pick<
  PriceGridRecord,
  | 'id'
  | 'label'
  | 'placeTypeId'
  | 'historyVersion'
  | 'priceModel'
  | 'occupantPriceModel'
  | 'isActive'
  | 'includedOccupants'
  | 'partnerIds'
> {
  /** VAT rate of the occupancy (10 % for a classified camping). */
  vatRateId: number;
  periods: PriceGridPeriod[];
  options: PriceGridOption[];
}

export interface SpecialOfferStep {
  id: number;
  specialOfferId: number;
  /** 1 to 4: the step applies from weeks × 7 nights. */
  weeks: number;
  value: number;
}

/**
 * `stayNights`: X of "X = Y" (nights stayed).
 * `paidNights`: Y of "X = Y" (nights paid).
 * `periodStartDate`: The stay must lie inside [periodStartDate, periodEndDate); null = unbounded.
 * `bookingStartDate`: The quote date must lie inside [bookingStartDate, bookingEndDate); null = unbounded.
 * `placeTypeIds`: Accommodations; empty = every place type.
 * `appliedOptionIds`: Grid options added to the discount base (the offered ones for INCLUDED_SERVICE).
 * `channelIds`: Access channels; empty = every channel.
 * `lastMinuteDays`: LAST_MINUTE: arrival at most this many days after the quote date.
 */
export interface SpecialOffer extends Pick<
  SpecialOfferRecord,
  | 'id'
  | 'label'
  | 'type'
  | 'visibility'
  | 'stayNights'
  | 'paidNights'
  | 'periodStartDate'
  | 'periodEndDate'
  | 'bookingStartDate'
  | 'bookingEndDate'
  | 'minNights'
  | 'maxNights'
  | 'placeTypeIds'
  | 'appliedOptionIds'
  | 'channelIds'
  | 'promoCode'
  | 'lastMinuteDays'
  | 'isActive'
> {
  /** Cents for LESS_AMOUNT, basis points for LESS_PERCENT, PRICE_STRIKEOUT and LAST_MINUTE. */
  value: number;
  steps: SpecialOfferStep[];
  /** Tariffs the offer applies to; an offer with none never applies. */
  priceGridIds: number[];
}

export interface Discount extends Pick<DiscountRecord, 'id' | 'label'> {
  unit: DiscountUnit;
  /** Cents (AMOUNT) or basis points (PERCENT). */
  value: number;
}

/**
 * `channelIds`: Empty = every channel.
 * `priceGridIds`: Empty = every grid.
 */
export interface BookingFee extends Pick<
  BookingFeeRecord,
  'id' | 'label' | 'amount' | 'channelIds' | 'priceGridIds' | 'isActive'
> {
  vatRateId: number | null;
}

export interface CancellationInsurance extends Pick<
  CancellationInsuranceRecord,
  'id' | 'label' | 'fixedAmount' | 'minimumAmount'
> {
  /** Share of the stay amount; used when fixedAmount is null. */
  rateBp: Bp | null;
  /** Null = outside the VAT base (insurance premiums are exempt). */
  vatRateId: number | null;
}

export interface PartnerCommissionPeriod extends Pick<
  PartnerCommissionPeriodRecord,
  'id' | 'partnerId' | 'startDate' | 'endDate'
> {
  rateBp: Bp;
}

export interface Partner {
  id: number;
  label: string;
  commissionRateBp: Bp;
  vatRateId: number | null;
  /** A period containing the arrival date overrides commissionRateBp. */
  commissionPeriods: PartnerCommissionPeriod[];
}

/**
 * `amount`: Communal tariff per taxable person per night.
 */
export interface TouristTaxTariff extends Pick<
  TouristTaxTariffRecord,
  'id' | 'label' | 'startDate' | 'endDate' | 'amount'
> {
  /** Camping classification (stars); null = any. */
  classificationId: number | null;
}

export interface TouristTaxSurcharge extends Pick<TouristTaxSurchargeRecord, 'id' | 'label' | 'startDate' | 'endDate'> {
  /** Département 1000, regional 3400, Île-de-France 1500 and 20000. */
  rateBp: Bp;
}

export interface TouristTaxSettings {
  mode: TouristTaxMode;
  label: string;
  classificationId: number | null;
  tariffs: TouristTaxTariff[];
  surcharges: TouristTaxSurcharge[];
}

export interface DownPaymentSettings {
  kind: DownPaymentKind;
  /** Share of the stay amount, e.g. 2500 = 25 %. */
  rateBp: Bp;
  /** Down payment due this many days after the quote date. */
  dueDays: number;
  /** Balance due this many days before arrival. */
  balanceDaysBeforeArrival: number;
  /** Stays of at most this many nights are paid in full at booking. */
  fullPaymentMaxNights: number | null;
  /** Arrivals within this many days of the quote date are paid in full at booking. */
  fullPaymentDaysBeforeArrival: number | null;
}

export interface PricingContext {
  priceGrids: PriceGrid[];
  ageCategories: AgeCategory[];
  extras: Extra[];
  animalTypes: AnimalType[];
  vehicleTypes: VehicleType[];
  vatRates: VatRate[];
  specialOffers: SpecialOffer[];
  discounts: Discount[];
  bookingFees: BookingFee[];
  cancellationInsurance: CancellationInsurance | null;
  partners: Partner[];
  touristTax: TouristTaxSettings | null;
  downPayment: DownPaymentSettings | null;
}
