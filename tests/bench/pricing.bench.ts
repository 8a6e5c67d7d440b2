// Pricing engine throughput: quotes per second for a 7-night stay with 4 occupants,
// 3 options and 1 special offer, on one core (one Node thread), beside a baseline loop
// of the same size doing comparable plain object and array work. It prints and never
// asserts: a benchmark must not fail on a noisy machine. Target: ≥ 20 000 quotes/s.
// Run: npx tsx tests/bench/pricing.bench.ts
import {
  DownPaymentKind,
  OccupantPriceModel,
  OfferVisibility,
  OptionPriceUnit,
  PeriodType,
  PriceModel,
  SpecialOfferType,
  TouristTaxMode,
  priceStay,
  type PriceGridPeriod,
  type PricingContext,
  type StayRequest,
} from '../../api/domain/pricing';

const TARGET = 20_000;
const ITERATIONS = Number(process.env.PRICING_BENCH_ITERATIONS ?? 100_000);
const ROUNDS = 5;

function period(id: number, label: string, startDate: string, endDate: string, pricePerNight: number): PriceGridPeriod {
  return {
    id,
    priceGridId: 1,
    label,
    periodType: PeriodType.DAY,
    startDate,
    endDate,
    arrivalDays: [],
    departureDays: [],
    minNights: null,
    minNightsOperator: null,
    pricePerNight,
    pricePerWeek: null,
    pricePerStay: null,
    firstNightPrice: null,
    extraNightPrice: null,
  };
}

function prices(optionId: number, low: number, high: number) {
  return [
    { id: optionId * 10 + 1, priceGridOptionId: optionId, priceGridPeriodId: 1, price: low, slices: [] },
    { id: optionId * 10 + 2, priceGridOptionId: optionId, priceGridPeriodId: 2, price: high, slices: [] },
  ];
}

function option(
  id: number,
  label: string,
  ids: { ageCategoryId?: number; extraId?: number; animalTypeId?: number },
  low: number,
  high: number,
  perStay = false,
) {
  return {
    id,
    priceGridId: 1,
    label,
    ageCategoryId: ids.ageCategoryId ?? null,
    extraId: ids.extraId ?? null,
    animalTypeId: ids.animalTypeId ?? null,
    vehicleTypeId: null,
    isRequired: false,
    includedQuantity: 0,
    priceUnit: perStay ? OptionPriceUnit.PER_STAY : OptionPriceUnit.PER_NIGHT,
    vatRateId: null,
    prices: prices(id, low, high),
  };
}

const context: PricingContext = {
  priceGrids: [
    {
      id: 1,
      label: 'Emplacement confort',
      placeTypeId: 1,
      historyVersion: 1,
      priceModel: PriceModel.COUPLE_NIGHT,
      occupantPriceModel: OccupantPriceModel.PER_NIGHT_PER_OCCUPANT,
      vatRateId: 1,
      isActive: true,
      includedOccupants: null,
      partnerIds: [],
      periods: [
        period(1, 'Basse saison', '2025-04-01', '2025-07-05', 2200),
        period(2, 'Haute saison', '2025-07-05', '2025-08-30', 3400),
      ],
      options: [
        option(1, 'Adulte supplémentaire', { ageCategoryId: 1 }, 500, 700),
        option(2, 'Enfant supplémentaire', { ageCategoryId: 2 }, 300, 400),
        option(10, 'Électricité 10 A', { extraId: 10 }, 400, 450),
        option(11, 'Ménage', { extraId: 11 }, 4000, 5000, true),
        option(20, 'Chien', { animalTypeId: 20 }, 200, 250),
      ],
    },
  ],
  ageCategories: [
    { id: 1, label: 'Adulte', minAge: 18, maxAge: null, isTouristTaxExempt: false, isSenior: false, vatRateId: null },
    { id: 2, label: 'Enfant', minAge: 0, maxAge: 17, isTouristTaxExempt: true, isSenior: false, vatRateId: null },
  ],
  extras: [
    { id: 10, label: 'Électricité 10 A', vatRateId: null },
    { id: 11, label: 'Ménage', vatRateId: 2 },
  ],
  animalTypes: [{ id: 20, label: 'Chien', vatRateId: null }],
  vehicleTypes: [],
  vatRates: [
    { id: 1, label: 'TVA 10 %', rateBp: 1000 },
    { id: 2, label: 'TVA 20 %', rateBp: 2000 },
  ],
  specialOffers: [
    {
      id: 1,
      label: 'Réservez tôt −10 %',
      type: SpecialOfferType.LESS_PERCENT,
      visibility: OfferVisibility.COMPETITION,
      value: 1000,
      stayNights: null,
      paidNights: null,
      steps: [],
      periodStartDate: null,
      periodEndDate: null,
      bookingStartDate: '2025-01-01',
      bookingEndDate: '2025-04-01',
      minNights: 5,
      maxNights: null,
      priceGridIds: [1],
      placeTypeIds: [],
      appliedOptionIds: [10],
      channelIds: [],
      promoCode: null,
      lastMinuteDays: null,
      isActive: true,
    },
  ],
  discounts: [],
  bookingFees: [
    { id: 1, label: 'Frais de dossier', amount: 1500, vatRateId: 2, channelIds: [], priceGridIds: [], isActive: true },
  ],
  cancellationInsurance: null,
  partners: [],
  touristTax: {
    mode: TouristTaxMode.REAL,
    label: 'Taxe de séjour',
    classificationId: 3,
    tariffs: [{ id: 1, classificationId: 3, label: '3 étoiles', startDate: '2025-01-01', endDate: null, amount: 60 }],
    surcharges: [
      { id: 1, label: 'Taxe additionnelle départementale', rateBp: 1000, startDate: '2025-01-01', endDate: null },
    ],
  },
  downPayment: {
    kind: DownPaymentKind.ARRHES,
    rateBp: 2500,
    dueDays: 7,
    balanceDaysBeforeArrival: 30,
    fullPaymentMaxNights: null,
    fullPaymentDaysBeforeArrival: null,
  },
};

// 7 nights across the change of season, 2 adults + 2 children, electricity, cleaning, a dog
const request: StayRequest = {
  priceGridId: 1,
  startDate: '2025-07-01',
  endDate: '2025-07-08',
  quoteDate: '2025-03-01',
  occupants: [
    { ageCategoryId: 1, quantity: 2 },
    { ageCategoryId: 2, quantity: 2 },
  ],
  extras: [
    { extraId: 10, quantity: 1 },
    { extraId: 11, quantity: 1 },
  ],
  animals: [{ animalTypeId: 20, quantity: 1 }],
};

/** The same shape of work without pricing: ~10 line objects built, filtered and summed per iteration. */
function baseline(i: number): number {
  const lines: { type: number; quantity: number; unitPrice: number; amount: number; date: string }[] = [];
  for (let k = 0; k < 10; k++) {
    const quantity = (k % 4) + 1;
    const unitPrice = 300 + ((i + k) % 700);
    lines.push({ type: k % 5, quantity, unitPrice, amount: quantity * unitPrice, date: `2025-07-0${(k % 9) + 1}` });
  }
  let total = 0;
  for (const line of lines.filter((l) => l.type !== 3)) total += line.amount;
  return total;
}

function time(label: string, work: (i: number) => number): number {
  let sink = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < ITERATIONS; i++) sink += work(i);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (sink === -1) console.log(label); // keeps the loop from being optimised away
  return ITERATIONS / seconds;
}

const sample = priceStay(context, request);
console.log(
  `Quote sample: ${sample.lines.length} lines, total ${sample.total} cents, offers [` +
    `${sample.appliedSpecialOfferIds.join(', ')}], warnings [${sample.warnings.map((w) => w.code).join(', ')}]`,
);

// warm-up so that both loops run optimised code
time('warm-up quote', () => priceStay(context, request).total);
time('warm-up baseline', baseline);

const quoteRates: number[] = [];
const baselineRates: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  quoteRates.push(time('quote', () => priceStay(context, request).total));
  baselineRates.push(time('baseline', baseline));
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const quotes = median(quoteRates);
const base = median(baselineRates);
const fmt = (n: number) => Math.round(n).toLocaleString('fr-FR');

console.log(`Iterations per round: ${fmt(ITERATIONS)}, rounds: ${ROUNDS} (medians below), one thread`);
console.log(`priceStay:     ${fmt(quotes)} quotes/s (${(1e6 / quotes).toFixed(2)} µs per quote)`);
console.log(`baseline loop: ${fmt(base)} iterations/s (${(1e6 / base).toFixed(2)} µs per iteration)`);
console.log(`ratio baseline / priceStay: ${(base / quotes).toFixed(1)}×`);
console.log(`target ${fmt(TARGET)} quotes/s: ${quotes >= TARGET ? 'reached' : 'NOT reached'}`);
