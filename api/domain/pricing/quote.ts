// The entry point: priceStay(context, request) → Quote. Pure and deterministic: the
// same inputs give a deep-equal quote; nothing is read from the clock or cached.
// Order: occupancy → options (occupants, animals, vehicles, extras) → booking fees →
// special offers → discounts → insurance → tourist tax → VAT → partner → down payment.
import { priceOccupancy } from './models';
import { occupancyLine } from './models/common';
import { toDay } from './dates';
import { applyDiscounts } from './discounts';
import { computeDownPayment } from './deposit';
import { PricingError } from './errors';
import { priceBookingFees, priceInsurance } from './fees';
import { applySpecialOffers } from './offers';
import { priceOptions } from './options';
import { findOverride, pushItemLines } from './overrides';
import { pricePartnerCommission } from './partner';
import { checkStayRules, resolveNightPeriods } from './periods';
import { stayAmount } from './reductions';
import { vatBpOf, type PricingRun } from './run';
import { priceTouristTax } from './tourist-tax';
import { type PriceGrid, type PricingContext, type Quote, type QuoteLine, type StayRequest } from './types';
import { computeLineVat, vatTotals } from './vat';

function findGrid(context: PricingContext, request: StayRequest): PriceGrid {
  const id = request.priceGridId ?? null;
  if (id !== null) {
    const grid = context.priceGrids.find((g) => g.id === id);
    if (!grid) throw new PricingError('PRICE_GRID_NOT_FOUND', String(id));
    return grid;
  }
  // the partner's own grid first, else the public one (a grid without partners)
  const placeTypeId = request.placeTypeId ?? null;
  const partnerId = request.partnerId ?? null;
  let publicGrid: PriceGrid | null = null;
  for (const grid of context.priceGrids) {
    if (!grid.isActive || grid.placeTypeId !== placeTypeId) continue;
    if (partnerId !== null && grid.partnerIds.includes(partnerId)) return grid;
    if (!publicGrid && grid.partnerIds.length === 0) publicGrid = grid;
  }
  if (!publicGrid) throw new PricingError('PRICE_GRID_NOT_FOUND', `type d'emplacement ${placeTypeId}`);
  return publicGrid;
}

function checkQuantity(value: unknown, field: string): void {
  if (!Number.isSafeInteger(value) || (value as number) < 0) throw new PricingError('MUST_BE_POSITIVE', field);
}

/** Malformed requests are refused outright; everything else becomes a warning. */
function checkRequest(context: PricingContext, request: StayRequest): void {
  for (const o of request.occupants ?? []) {
    checkQuantity(o.quantity, 'occupants.quantity');
    if (o.exemptQuantity !== undefined) checkQuantity(o.exemptQuantity, 'occupants.exemptQuantity');
    if (!context.ageCategories.some((c) => c.id === o.ageCategoryId)) {
      throw new PricingError('AGE_CATEGORY_NOT_FOUND', String(o.ageCategoryId));
    }
  }
  for (const e of request.animals ?? []) checkQuantity(e.quantity, 'animals.quantity');
  for (const e of request.vehicles ?? []) checkQuantity(e.quantity, 'vehicles.quantity');
  for (const e of request.extras ?? []) checkQuantity(e.quantity, 'extras.quantity');
  for (const e of request.options ?? []) checkQuantity(e.quantity, 'options.quantity');
}

export function priceStay(context: PricingContext, request: StayRequest): Quote {
  const startDay = toDay(request.startDate);
  const endDay = toDay(request.endDate);
  const quoteDay = toDay(request.quoteDate);
  if (endDay === startDay) throw new PricingError('START_NOT_EQUAL_END');
  if (endDay < startDay) throw new PricingError('START_BEFORE_END');
  checkRequest(context, request);
  const grid = findGrid(context, request);
  const nights = endDay - startDay;

  const run: PricingRun = {
    context,
    request,
    grid,
    startDay,
    endDay,
    nights,
    quoteDay,
    startDate: request.startDate,
    endDate: request.endDate,
    nightPeriod: resolveNightPeriods(grid, startDay, nights),
    gridVatBp: vatBpOf(context, grid.vatRateId) ?? 0,
    lines: [],
    remaining: [],
    warnings: [],
  };

  checkStayRules(run);
  const mark = run.warnings.length;
  const occupancy: QuoteLine[] = [];
  priceOccupancy(run, occupancy);
  pushItemLines(run, occupancy, findOverride(run, null), mark, (unit) =>
    occupancyLine(run, 'nuit', nights, unit, 0, nights),
  );
  const optionLines = priceOptions(run);
  priceBookingFees(run);

  const priced = run.lines.length;
  run.remaining = run.lines.map((line) => line.amount);
  const appliedSpecialOfferIds = applySpecialOffers(run, priced);
  applyDiscounts(run, priced);
  priceInsurance(run);
  const touristTax = priceTouristTax(run);
  computeLineVat(run.lines);

  let total = 0;
  let totalVat = 0;
  for (const line of run.lines) {
    total += line.amount;
    totalVat += line.vatAmount;
  }
  const touristTaxTotal = touristTax?.amount ?? 0;
  const partnerLines = pricePartnerCommission(run);
  let partnerCommissionTotal = 0;
  for (const line of partnerLines) partnerCommissionTotal += line.amount;
  const { downPayment, balance } = computeDownPayment(run, total, stayAmount(run.lines), touristTaxTotal);

  return {
    priceGridId: grid.id,
    placeTypeId: grid.placeTypeId,
    historyVersion: grid.historyVersion,
    startDate: request.startDate,
    endDate: request.endDate,
    nights,
    quoteDate: request.quoteDate,
    lines: run.lines,
    optionLines,
    appliedSpecialOfferIds,
    vatTotals: vatTotals(run.lines),
    total,
    totalVat,
    totalExclVat: total - totalVat,
    touristTaxTotal,
    touristTax,
    downPayment,
    balance,
    partnerLines,
    partnerCommissionTotal,
    warnings: run.warnings,
  };
}
