// Input and output types of the pricing engine. Every shape maps 1:1 onto a
// relational table (integer ids, camelCase columns, child rows as arrays), so the
// entities built later can hand their rows to the engine without translation.
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

/** Integer euro cents. Never a fraction: every rate goes through `money.ts`. */
export type Cents = number;
/** Integer basis points: 10 % = 1000, 5,5 % = 550, 0,5 % = 50. */
export type Bp = number;
/** 'YYYY-MM-DD'. Ranges are half-open [startDate, endDate) over nights unless said otherwise. */
export type IsoDate = string;

/** Bill line types of spec §9 (24 is "not shown" in the spec). */
export const BillLineType = {
  OCCUPANCY: 1,
  TAX: 2,
  OTHER_TAX: 3,
  ANIMAL: 4,
  VEHICLE: 5,
  ATTENDANT: 6,
  EXTRA: 7,
  FEES: 8,
  DISCOUNT: 9,
  HOLIDAY_AID: 10,
  INSURANCE: 11,
  SPECIAL_OFFER: 12,
  PARTNER_COMMISSION: 13,
  DOWN_PAYMENT: 14,
  DOWN_PAYMENT_BILL: 15,
  ADDITIONAL_SALES: 16,
  OTHER_EXTRAS: 17,
  RESIDENTIAL_DEADLINE: 18,
  RESIDENTIAL_FEES: 19,
  CANCELLATION: 20,
  EARLY_DEPARTURE: 21,
  METER: 22,
  GIFT_VOUCHERS: 23,
  /** other (not shown in the spec): e.g. a sublet's share collected for the resident, outside VAT */
  OTHER: 24,
} as const;
export type BillLineType = (typeof BillLineType)[keyof typeof BillLineType];

/** Price models of spec §9. */
export const PriceModel = {
  NIGHT: 1,
  WEEK: 2,
  SHORT_STAY_WEEKEND: 3,
  SPECIAL_DURATION: 4,
  COUPLE_NIGHT: 5,
  COUPLE_WEEK: 6,
  SENIOR: 7,
  MIDI_PYRENEES: 8,
  BRITTANY: 9,
} as const;
export type PriceModel = (typeof PriceModel)[keyof typeof PriceModel];

/** Occupant price models of spec §9: how age-category options are charged. */
export const OccupantPriceModel = {
  PER_NIGHT_PER_OCCUPANT: 1,
  WITH_SLICE: 2,
  PER_OCCUPANCY_PER_OCCUPANT: 3,
  PER_NIGHT_PER_GROUP: 4,
  PER_OCCUPANCY_PER_GROUP: 5,
} as const;
export type OccupantPriceModel = (typeof OccupantPriceModel)[keyof typeof OccupantPriceModel];

/** Price period kinds of spec §9. */
export const PeriodType = { DAY: 1, MONTH: 2, YEAR: 3, PACKAGE: 4 } as const;
export type PeriodType = (typeof PeriodType)[keyof typeof PeriodType];

/** Minimum-night operator of a period. */
export const MinNightsOperator = { AT_LEAST: 1, EXACTLY: 2, MULTIPLE_OF: 3 } as const;
export type MinNightsOperator = (typeof MinNightsOperator)[keyof typeof MinNightsOperator];

/** How a non-occupant option price is charged. */
export const OptionPriceUnit = { PER_NIGHT: 1, PER_STAY: 2 } as const;
export type OptionPriceUnit = (typeof OptionPriceUnit)[keyof typeof OptionPriceUnit];

/** Special offer types of spec §9. */
export const SpecialOfferType = {
  LESS_AMOUNT: 1,
  LESS_PERCENT: 2,
  BOOKING_FEES: 3,
  X_EQUALS_Y: 4,
  PRICE_STRIKEOUT: 5,
  INCLUDED_SERVICE: 6,
  LAST_MINUTE: 7,
} as const;
export type SpecialOfferType = (typeof SpecialOfferType)[keyof typeof SpecialOfferType];

/** Special offer visibility of spec §9. */
export const OfferVisibility = { COMPETITION: 1, DUPLICATE: 2, DOMINANT: 3 } as const;
export type OfferVisibility = (typeof OfferVisibility)[keyof typeof OfferVisibility];

/** Tourist tax collection mode (rules-fr §1). */
export const TouristTaxMode = { REAL: 1, FLAT: 2 } as const;
export type TouristTaxMode = (typeof TouristTaxMode)[keyof typeof TouristTaxMode];

/** Arrhes (guest cancels → loses them) or acompte (firm commitment), rules-fr §9. */
export const DownPaymentKind = { ARRHES: 1, ACOMPTE: 2 } as const;
export type DownPaymentKind = (typeof DownPaymentKind)[keyof typeof DownPaymentKind];

/** Units of spec §9: currency or percentage. */
export const DiscountUnit = { AMOUNT: 1, PERCENT: 2 } as const;
export type DiscountUnit = (typeof DiscountUnit)[keyof typeof DiscountUnit];

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

// ---------------------------------------------------------------------------
// Request

export interface OccupantRequest {
  ageCategoryId: number;
  quantity: number;
  /** Of these persons, how many are exempt from tourist tax for a non-age reason (seasonal worker…). */
  exemptQuantity?: number;
}

/** Dates default to the occupancy's; a range reaching outside the stay is cut to it. */
interface DatedQuantity {
  quantity: number;
  startDate?: IsoDate | null;
  endDate?: IsoDate | null;
}
export interface ExtraRequest extends DatedQuantity {
  extraId: number;
}
export interface AnimalRequest extends DatedQuantity {
  animalTypeId: number;
}
export interface VehicleRequest extends DatedQuantity {
  vehicleTypeId: number;
}
/** Addresses a grid option directly (wins over the item ids). */
export interface GridOptionRequest extends DatedQuantity {
  priceGridOptionId: number;
}

/**
 * A manual unit price: per night for the occupancy (priceGridOptionId null) and per
 * unit and night (per-night items) or per unit (per-stay items) for an option.
 */
export interface PriceOverride {
  priceGridOptionId: number | null;
  unitPrice: Cents;
}

export interface StayRequest {
  /** The grid to price; null = the first active grid of placeTypeId. */
  priceGridId?: number | null;
  placeTypeId?: number | null;
  startDate: IsoDate;
  endDate: IsoDate;
  /** "Today" in Europe/Paris, given by the caller so that the engine stays pure. */
  quoteDate: IsoDate;
  occupants?: OccupantRequest[];
  animals?: AnimalRequest[];
  vehicles?: VehicleRequest[];
  extras?: ExtraRequest[];
  options?: GridOptionRequest[];
  promoCode?: string | null;
  channelId?: number | null;
  partnerId?: number | null;
  discountIds?: number[];
  withCancellationInsurance?: boolean;
  overrides?: PriceOverride[];
}

// ---------------------------------------------------------------------------
// Quote

export interface QuoteLine {
  lineType: BillLineType;
  label: string;
  quantity: number;
  unitPrice: Cents;
  /** Always quantity × unitPrice; VAT included (TTC). */
  amount: Cents;
  /** Null = outside the VAT base (tourist tax au réel, insurance). */
  vatRateBp: Bp | null;
  vatAmount: Cents;
  startDate: IsoDate;
  endDate: IsoDate;
  priceGridOptionId: number | null;
  ageCategoryId: number | null;
  extraId: number | null;
  animalTypeId: number | null;
  vehicleTypeId: number | null;
  specialOfferId: number | null;
  discountId: number | null;
  isManualPrice: boolean;
  /** What the grid would have charged, kept when the price was changed by hand. */
  computedAmount: Cents | null;
  /** Crossed-out unit price of a PRICE_STRIKEOUT offer. */
  strikeoutUnitPrice: Cents | null;
}

/** The option price line of spec §3/§5, as the booking screen shows it. */
export interface OptionPriceLine {
  priceGridOptionId: number;
  label: string;
  ageCategoryId: number | null;
  extraId: number | null;
  animalTypeId: number | null;
  vehicleTypeId: number | null;
  isRequired: boolean;
  includedQuantity: number;
  quantity: number;
  startDate: IsoDate;
  endDate: IsoDate;
}

export interface VatTotal {
  vatRateBp: Bp;
  totalExclVat: Cents;
  vatAmount: Cents;
  totalInclVat: Cents;
}

export interface TouristTaxSummary {
  mode: TouristTaxMode;
  taxablePersons: number;
  exemptPersons: number;
  nights: number;
  amount: Cents;
}

export interface DownPayment {
  kind: DownPaymentKind;
  rateBp: Bp;
  amount: Cents;
  dueDate: IsoDate;
  isFullPayment: boolean;
}

export interface Balance {
  amount: Cents;
  dueDate: IsoDate;
}

export interface PricingWarning {
  code: string;
  message: string;
  /** What the warning is about (an option label, a date…); null when the stay as a whole. */
  subject: string | null;
}

export interface Quote {
  priceGridId: number;
  placeTypeId: number;
  historyVersion: number;
  startDate: IsoDate;
  endDate: IsoDate;
  nights: number;
  quoteDate: IsoDate;
  lines: QuoteLine[];
  optionLines: OptionPriceLine[];
  appliedSpecialOfferIds: number[];
  vatTotals: VatTotal[];
  /** Sum of the lines. */
  total: Cents;
  totalVat: Cents;
  totalExclVat: Cents;
  /** Included in total, outside the VAT base. */
  touristTaxTotal: Cents;
  touristTax: TouristTaxSummary | null;
  downPayment: DownPayment | null;
  balance: Balance;
  /** Lines of the partner bill (commission), not part of the customer total. */
  partnerLines: QuoteLine[];
  partnerCommissionTotal: Cents;
  warnings: PricingWarning[];
}
