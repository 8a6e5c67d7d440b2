// The pricing engine's units and enumerations (money in cents, rates in basis points,
// ISO dates, the kinds of line, price model, period, offer…): part of ./types.ts.
/** Integer euro cents. Never a fraction: every rate goes through `money.ts`. */
export type Cents = number;

/** Integer basis points: 10 % = 1000, 5,5 % = 550, 0,5 % = 50. */
export type Bp = number;

/** 'YYYY-MM-DD'. Ranges are half-open [startDate, endDate) over nights unless said otherwise. */
export type IsoDate = string;

/** Bill line types of spec §9 (docs/constants.md#bill-line-types) (24 is "not shown" in the spec). */
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

/** Price models of spec §9 (docs/constants.md#prices). */
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

/** Occupant price models of spec §9 (docs/constants.md#prices): how age-category options are charged. */
export const OccupantPriceModel = {
  PER_NIGHT_PER_OCCUPANT: 1,
  WITH_SLICE: 2,
  PER_OCCUPANCY_PER_OCCUPANT: 3,
  PER_NIGHT_PER_GROUP: 4,
  PER_OCCUPANCY_PER_GROUP: 5,
} as const;

export type OccupantPriceModel = (typeof OccupantPriceModel)[keyof typeof OccupantPriceModel];

/** Price period kinds of spec §9 (docs/constants.md#prices). */
export const PeriodType = { DAY: 1, MONTH: 2, YEAR: 3, PACKAGE: 4 } as const;

export type PeriodType = (typeof PeriodType)[keyof typeof PeriodType];

/** Minimum-night operator of a period. */
export const MinNightsOperator = { AT_LEAST: 1, EXACTLY: 2, MULTIPLE_OF: 3 } as const;

export type MinNightsOperator = (typeof MinNightsOperator)[keyof typeof MinNightsOperator];

/** How a non-occupant option price is charged. */
export const OptionPriceUnit = { PER_NIGHT: 1, PER_STAY: 2 } as const;

export type OptionPriceUnit = (typeof OptionPriceUnit)[keyof typeof OptionPriceUnit];

/** Special offer types of spec §9 (docs/constants.md#prices). */
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

/** Special offer visibility of spec §9 (docs/constants.md#prices). */
export const OfferVisibility = { COMPETITION: 1, DUPLICATE: 2, DOMINANT: 3 } as const;

export type OfferVisibility = (typeof OfferVisibility)[keyof typeof OfferVisibility];

/** Tourist tax collection mode (rules-fr §1, docs/statements.md#tourist-tax). */
export const TouristTaxMode = { REAL: 1, FLAT: 2 } as const;

export type TouristTaxMode = (typeof TouristTaxMode)[keyof typeof TouristTaxMode];

/** Arrhes (guest cancels → loses them) or acompte (firm commitment), rules-fr §9 (docs/pricing.md#pricing-practice). */
export const DownPaymentKind = { ARRHES: 1, ACOMPTE: 2 } as const;

export type DownPaymentKind = (typeof DownPaymentKind)[keyof typeof DownPaymentKind];

/** Units of spec §9 (docs/constants.md#prices): currency or percentage. */
export const DiscountUnit = { AMOUNT: 1, PERCENT: 2 } as const;

export type DiscountUnit = (typeof DiscountUnit)[keyof typeof DiscountUnit];
