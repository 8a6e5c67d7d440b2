// Builders for pricing tests: a small campsite with every setting defaulted, so that
// each test states only what it is about.
import {
  DownPaymentKind,
  OccupantPriceModel,
  OfferVisibility,
  OptionPriceUnit,
  PeriodType,
  PriceModel,
  SpecialOfferType,
  TouristTaxMode,
  type PriceGrid,
  type PriceGridOption,
  type PriceGridPeriod,
  type PricingContext,
  type Quote,
  type QuoteLine,
  type SpecialOffer,
  type StayRequest,
  type TouristTaxSettings,
} from '../../../api/domain/pricing';

export const VAT = { PITCH: 1, STANDARD: 2, REDUCED: 3 } as const;
export const CAT = { ADULT: 1, CHILD: 2, BABY: 3, SENIOR: 4 } as const;
export const EXTRA = { ELECTRICITY: 10, CLEANING: 11, LINEN: 12, BREAKFAST: 13 } as const;
export const ANIMAL = { DOG: 20 } as const;
export const VEHICLE = { CAR: 30 } as const;

export const LOW = 101;
export const HIGH = 102;
export const LATE = 103;

/** Low season before 5 July 2025 (a Saturday), high season to 30 August, late season to October. */
export function period(over: Partial<PriceGridPeriod> & { id: number }): PriceGridPeriod {
  return {
    priceGridId: 1,
    label: `Période ${over.id}`,
    periodType: PeriodType.DAY,
    startDate: '2025-04-01',
    endDate: '2025-10-01',
    arrivalDays: [],
    departureDays: [],
    minNights: null,
    minNightsOperator: null,
    pricePerNight: null,
    pricePerWeek: null,
    pricePerStay: null,
    firstNightPrice: null,
    extraNightPrice: null,
    ...over,
  };
}

export function seasons(prices: {
  low?: Partial<PriceGridPeriod>;
  high?: Partial<PriceGridPeriod>;
  late?: Partial<PriceGridPeriod>;
}): PriceGridPeriod[] {
  return [
    period({ id: LOW, label: 'Basse saison', startDate: '2025-04-01', endDate: '2025-07-05', ...prices.low }),
    period({ id: HIGH, label: 'Haute saison', startDate: '2025-07-05', endDate: '2025-08-30', ...prices.high }),
    period({ id: LATE, label: 'Arrière-saison', startDate: '2025-08-30', endDate: '2025-10-01', ...prices.late }),
  ];
}

/** A grid option with one price per period: prices = { [periodId]: cents }. */
export function option(
  over: Partial<PriceGridOption> & { id: number },
  prices: Record<number, number> = {},
): PriceGridOption {
  return {
    priceGridId: 1,
    label: '',
    ageCategoryId: null,
    extraId: null,
    animalTypeId: null,
    vehicleTypeId: null,
    isRequired: false,
    includedQuantity: 0,
    priceUnit: OptionPriceUnit.PER_NIGHT,
    vatRateId: null,
    prices: Object.entries(prices).map(([periodId, price], i) => ({
      id: over.id * 100 + i,
      priceGridOptionId: over.id,
      priceGridPeriodId: Number(periodId),
      price,
      slices: [],
    })),
    ...over,
  };
}

export function grid(over: Partial<PriceGrid> = {}): PriceGrid {
  return {
    id: 1,
    label: 'Emplacement',
    placeTypeId: 5,
    historyVersion: 1,
    priceModel: PriceModel.NIGHT,
    occupantPriceModel: OccupantPriceModel.PER_NIGHT_PER_OCCUPANT,
    vatRateId: VAT.PITCH,
    isActive: true,
    includedOccupants: null,
    partnerIds: [],
    periods: seasons({ low: { pricePerNight: 2000 }, high: { pricePerNight: 3000 }, late: { pricePerNight: 2000 } }),
    options: [],
    ...over,
  };
}

export function offer(over: Partial<SpecialOffer> & { id: number }): SpecialOffer {
  return {
    label: `Offre ${over.id}`,
    type: SpecialOfferType.LESS_PERCENT,
    visibility: OfferVisibility.COMPETITION,
    value: 1000,
    stayNights: null,
    paidNights: null,
    steps: [],
    periodStartDate: null,
    periodEndDate: null,
    bookingStartDate: null,
    bookingEndDate: null,
    minNights: null,
    maxNights: null,
    priceGridIds: [1],
    placeTypeIds: [],
    appliedOptionIds: [],
    channelIds: [],
    promoCode: null,
    lastMinuteDays: null,
    isActive: true,
    ...over,
  };
}

export function touristTax(over: Partial<TouristTaxSettings> = {}): TouristTaxSettings {
  return {
    mode: TouristTaxMode.REAL,
    label: 'Taxe de séjour',
    classificationId: 3,
    tariffs: [
      { id: 1, classificationId: 3, label: '3 étoiles', startDate: '2025-01-01', endDate: '2026-01-01', amount: 60 },
    ],
    surcharges: [
      { id: 1, label: 'Taxe additionnelle départementale', rateBp: 1000, startDate: '2025-01-01', endDate: null },
    ],
    ...over,
  };
}

/** A context with no tax, no offer and no fee unless a test adds them. */
export function context(over: Partial<PricingContext> = {}): PricingContext {
  return {
    priceGrids: [grid()],
    ageCategories: [
      {
        id: CAT.ADULT,
        label: 'Adulte',
        minAge: 18,
        maxAge: null,
        isTouristTaxExempt: false,
        isSenior: false,
        vatRateId: null,
      },
      {
        id: CAT.CHILD,
        label: 'Enfant',
        minAge: 3,
        maxAge: 17,
        isTouristTaxExempt: true,
        isSenior: false,
        vatRateId: null,
      },
      { id: CAT.BABY, label: 'Bébé', minAge: 0, maxAge: 2, isTouristTaxExempt: true, isSenior: false, vatRateId: null },
      {
        id: CAT.SENIOR,
        label: 'Senior',
        minAge: 60,
        maxAge: null,
        isTouristTaxExempt: false,
        isSenior: true,
        vatRateId: null,
      },
    ],
    extras: [
      { id: EXTRA.ELECTRICITY, label: 'Électricité 10 A', vatRateId: null },
      { id: EXTRA.CLEANING, label: 'Ménage fin de séjour', vatRateId: VAT.STANDARD },
      { id: EXTRA.LINEN, label: 'Location de draps', vatRateId: VAT.STANDARD },
      { id: EXTRA.BREAKFAST, label: 'Pain et viennoiseries', vatRateId: VAT.REDUCED },
    ],
    animalTypes: [{ id: ANIMAL.DOG, label: 'Chien', vatRateId: null }],
    vehicleTypes: [{ id: VEHICLE.CAR, label: 'Voiture', vatRateId: null }],
    vatRates: [
      { id: VAT.PITCH, label: 'TVA 10 %', rateBp: 1000 },
      { id: VAT.STANDARD, label: 'TVA 20 %', rateBp: 2000 },
      { id: VAT.REDUCED, label: 'TVA 5,5 %', rateBp: 550 },
    ],
    specialOffers: [],
    discounts: [],
    bookingFees: [],
    cancellationInsurance: null,
    partners: [],
    touristTax: null,
    downPayment: null,
    ...over,
  };
}

export function request(over: Partial<StayRequest> = {}): StayRequest {
  return {
    priceGridId: 1,
    startDate: '2025-07-05',
    endDate: '2025-07-12',
    quoteDate: '2025-03-01',
    occupants: [{ ageCategoryId: CAT.ADULT, quantity: 2 }],
    ...over,
  };
}

export const DOWN_PAYMENT_25 = {
  kind: DownPaymentKind.ARRHES,
  rateBp: 2500,
  dueDays: 7,
  balanceDaysBeforeArrival: 30,
  fullPaymentMaxNights: null,
  fullPaymentDaysBeforeArrival: null,
};

/** Lines of one bill line type. */
export function linesOf(quote: Quote, lineType: number): QuoteLine[] {
  return quote.lines.filter((l) => l.lineType === lineType);
}

/** Sum of the amounts of one bill line type. */
export function amountOf(quote: Quote, lineType: number): number {
  return linesOf(quote, lineType).reduce((sum, l) => sum + l.amount, 0);
}

/** The lines in a compact form for golden comparisons: [label, quantity, unitPrice, amount]. */
export function compact(lines: QuoteLine[]): [string, number, number, number][] {
  return lines.map((l) => [l.label, l.quantity, l.unitPrice, l.amount]);
}

export function warningCodes(quote: Quote): string[] {
  return quote.warnings.map((w) => w.code);
}
