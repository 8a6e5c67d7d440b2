// What the pricing engine is asked (a stay and its occupants, options, overrides) and what
// it answers (the quote: lines, VAT, tourist tax, down payment, warnings): part of ./types.ts.
import type { IsoDate, Cents, BillLineType, Bp, TouristTaxMode, DownPaymentKind } from './types-enums';

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

/** The option price line of spec §3 (docs/entities.md)/§5 (docs/pricing.md#validation), as the booking screen shows
 * it. */
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
