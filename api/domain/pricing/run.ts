// The state of one pricing run: the resolved inputs every step reads, and the lines
// and warnings the steps append to. Built afresh per quote; nothing is shared.
import { fromDay } from './dates';
import { PricingError } from './errors';
import type {
  BillLineType,
  Cents,
  PriceGrid,
  PriceGridPeriod,
  PricingContext,
  PricingWarning,
  QuoteLine,
  StayRequest,
} from './types';

export interface PricingRun {
  context: PricingContext;
  request: StayRequest;
  grid: PriceGrid;
  startDay: number;
  endDay: number;
  nights: number;
  quoteDay: number;
  startDate: string;
  endDate: string;
  /** Index into grid.periods of the period holding each night, −1 when none. */
  nightPeriod: number[];
  gridVatBp: number;
  lines: QuoteLine[];
  /** Amount of each line still open to reductions (offers, discounts). */
  remaining: Cents[];
  warnings: PricingWarning[];
}

export function periodOfNight(run: PricingRun, night: number): PriceGridPeriod | null {
  const index = run.nightPeriod[night];
  return index >= 0 ? run.grid.periods[index] : null;
}

export function vatBpOf(context: PricingContext, vatRateId: number | null): number | null {
  if (vatRateId === null) return null;
  for (const rate of context.vatRates) if (rate.id === vatRateId) return rate.rateBp;
  throw new PricingError('REFERENCE_NOT_FOUND', `TVA ${vatRateId}`);
}

/** A line with every field set (one object shape for the whole engine). */
export function makeLine(
  lineType: BillLineType,
  label: string,
  quantity: number,
  unitPrice: Cents,
  vatRateBp: number | null,
  startDate: string,
  endDate: string,
): QuoteLine {
  return {
    lineType,
    label,
    quantity,
    unitPrice,
    amount: quantity * unitPrice,
    vatRateBp,
    vatAmount: 0,
    startDate,
    endDate,
    priceGridOptionId: null,
    ageCategoryId: null,
    extraId: null,
    animalTypeId: null,
    vehicleTypeId: null,
    specialOfferId: null,
    discountId: null,
    isManualPrice: false,
    computedAmount: null,
    strikeoutUnitPrice: null,
  };
}

/** A line covering nights [fromNight, toNight) of the stay. */
export function makeNightsLine(
  run: PricingRun,
  lineType: BillLineType,
  label: string,
  quantity: number,
  unitPrice: Cents,
  vatRateBp: number | null,
  fromNight: number,
  toNight: number,
): QuoteLine {
  return makeLine(
    lineType,
    label,
    quantity,
    unitPrice,
    vatRateBp,
    fromDay(run.startDay + fromNight),
    fromDay(run.startDay + toNight),
  );
}

/**
 * Walks nights [from, to) and calls `emit` once per run of consecutive nights with the
 * same price (a bill line per price, not per night). `priceAt` returns null for a night
 * it cannot price; such nights break runs and are counted in the result.
 */
export function forEachPriceRun(
  from: number,
  to: number,
  priceAt: (night: number) => Cents | null,
  emit: (fromNight: number, toNight: number, price: Cents) => void,
): number {
  let missing = 0;
  let runStart = -1;
  let runPrice = 0;
  for (let night = from; night < to; night++) {
    const price = priceAt(night);
    if (price === null) {
      missing++;
      if (runStart >= 0) emit(runStart, night, runPrice);
      runStart = -1;
    } else if (runStart < 0 || price !== runPrice) {
      if (runStart >= 0) emit(runStart, night, runPrice);
      runStart = night;
      runPrice = price;
    }
  }
  if (runStart >= 0) emit(runStart, to, runPrice);
  return missing;
}
