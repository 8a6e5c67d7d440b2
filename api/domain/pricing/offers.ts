// Special offers (spec §9, docs/constants.md#prices): eligibility, the discount of each of the 7 types, the
// visibility rules, and their application. See README "Special offers".
import { toDay } from './dates';
import { applyBp, BP_SCALE, mulDivRound } from './money';
import { isAccommodationLine, reduceLines, remainingOf } from './reductions';
import { makeLine, type PricingRun } from './run';
import { BillLineType, OfferVisibility, SpecialOfferType, type Cents, type SpecialOffer } from './types';
import { warn } from './warnings';

interface Candidate {
  offer: SpecialOffer;
  value: number;
  base: number[];
  discount: Cents;
}

function normalizeCode(code: string | null | undefined): string {
  return (code ?? '').trim().toUpperCase();
}

function isPercent(type: SpecialOfferType): boolean {
  return (
    type === SpecialOfferType.LESS_PERCENT ||
    type === SpecialOfferType.PRICE_STRIKEOUT ||
    type === SpecialOfferType.LAST_MINUTE
  );
}

/** The offer's value for this stay (its highest step reached), or null when it does not apply. */
export function offerValue(run: PricingRun, offer: SpecialOffer): number | null {
  const { request: r, grid, nights } = run;
  if (!offer.isActive) return null;
  if (!offer.priceGridIds.includes(grid.id)) return null; // an offer needs a tariff
  if (offer.placeTypeIds.length > 0 && !offer.placeTypeIds.includes(grid.placeTypeId)) return null;
  if (offer.periodStartDate !== null && run.startDay < toDay(offer.periodStartDate)) return null;
  if (offer.periodEndDate !== null && run.endDay > toDay(offer.periodEndDate)) return null;
  if (offer.bookingStartDate !== null && run.quoteDay < toDay(offer.bookingStartDate)) return null;
  if (offer.bookingEndDate !== null && run.quoteDay >= toDay(offer.bookingEndDate)) return null;
  if (offer.minNights !== null && nights < offer.minNights) return null;
  if (offer.maxNights !== null && nights > offer.maxNights) return null;
  if (normalizeCode(offer.promoCode) !== '' && normalizeCode(offer.promoCode) !== normalizeCode(r.promoCode))
    return null;
  if (offer.channelIds.length > 0 && (r.channelId == null || !offer.channelIds.includes(r.channelId))) return null;
  if (offer.type === SpecialOfferType.LAST_MINUTE) {
    const lead = run.startDay - run.quoteDay;
    if (offer.lastMinuteDays === null || lead < 0 || lead > offer.lastMinuteDays) return null;
  }
  if (offer.type === SpecialOfferType.X_EQUALS_Y) {
    const x = offer.stayNights;
    const y = offer.paidNights;
    if (x === null || y === null || y < 0 || y >= x || nights < x) return null;
  }
  let value = offer.value;
  if (offer.steps.length > 0) {
    let reached = 0;
    for (const step of offer.steps) {
      if (step.weeks * 7 <= nights && step.weeks > reached) {
        reached = step.weeks;
        value = step.value;
      }
    }
    if (reached === 0) return null;
  }
  if (value < 0) return null;
  return isPercent(offer.type) ? Math.min(value, BP_SCALE) : value;
}

/** Indexes of the lines an offer reduces (only lines priced before the offers). */
function baseOf(run: PricingRun, offer: SpecialOffer, count: number): number[] {
  const base: number[] = [];
  for (let i = 0; i < count; i++) {
    const line = run.lines[i];
    if (offer.type === SpecialOfferType.BOOKING_FEES) {
      if (line.lineType === BillLineType.FEES) base.push(i);
      continue;
    }
    // a manual price replaces the tariff the offer is built on
    if (line.isManualPrice) continue;
    const applied = line.priceGridOptionId !== null && offer.appliedOptionIds.includes(line.priceGridOptionId);
    if (applied || (offer.type !== SpecialOfferType.INCLUDED_SERVICE && isAccommodationLine(line))) base.push(i);
  }
  return base;
}

/** What the offer takes off its base, before the cap of what remains. */
function discountOf(run: PricingRun, c: Candidate): Cents {
  let sum = 0;
  for (const i of c.base) sum += run.lines[i].amount;
  switch (c.offer.type) {
    case SpecialOfferType.LESS_AMOUNT:
      return c.value;
    case SpecialOfferType.LESS_PERCENT:
    case SpecialOfferType.LAST_MINUTE:
      return applyBp(sum, c.value);
    case SpecialOfferType.X_EQUALS_Y: {
      const x = c.offer.stayNights!;
      const free = Math.floor(run.nights / x) * (x - c.offer.paidNights!);
      return mulDivRound(sum, free, run.nights);
    }
    case SpecialOfferType.PRICE_STRIKEOUT: {
      let cut = 0;
      for (const i of c.base) cut += run.lines[i].quantity * applyBp(run.lines[i].unitPrice, c.value);
      return cut;
    }
    default: // INCLUDED_SERVICE, BOOKING_FEES: the whole base is offered
      return sum;
  }
}

function best(candidates: Candidate[], visibility: OfferVisibility): Candidate | null {
  let found: Candidate | null = null;
  for (const c of candidates) {
    if (c.offer.visibility !== visibility) continue;
    if (!found || c.discount > found.discount || (c.discount === found.discount && c.offer.id < found.offer.id))
      found = c;
  }
  return found;
}

/**
 * Visibility: a dominant offer applies alone (the best one if several); otherwise the
 * best competing offer applies together with every duplicate (cumulative) one.
 */
function select(candidates: Candidate[]): Candidate[] {
  const dominant = best(candidates, OfferVisibility.DOMINANT);
  if (dominant) return [dominant];
  const chosen = candidates.filter((c) => c.offer.visibility === OfferVisibility.DUPLICATE);
  const competing = best(candidates, OfferVisibility.COMPETITION);
  if (competing) chosen.push(competing);
  // strikeouts set the price first; the others are computed on it, in id order
  return chosen.sort(
    (a, b) =>
      Number(b.offer.type === SpecialOfferType.PRICE_STRIKEOUT) -
        Number(a.offer.type === SpecialOfferType.PRICE_STRIKEOUT) || a.offer.id - b.offer.id,
  );
}

function strike(run: PricingRun, c: Candidate): Cents {
  let cut = 0;
  for (const i of c.base) {
    const line = run.lines[i];
    const unitCut = applyBp(line.unitPrice, c.value);
    if (unitCut === 0) continue;
    if (line.strikeoutUnitPrice === null) line.strikeoutUnitPrice = line.unitPrice;
    line.unitPrice -= unitCut;
    line.amount = line.quantity * line.unitPrice;
    line.specialOfferId = c.offer.id;
    run.remaining[i] -= line.quantity * unitCut;
    cut += line.quantity * unitCut;
  }
  return cut;
}

/** Applies the special offers to the first `count` lines; returns the applied offer ids. */
export function applySpecialOffers(run: PricingRun, count: number): number[] {
  const candidates: Candidate[] = [];
  let promoMatched = false;
  for (const offer of run.context.specialOffers) {
    const value = offerValue(run, offer);
    if (value === null) continue;
    if (normalizeCode(offer.promoCode) !== '') promoMatched = true;
    const c: Candidate = { offer, value, base: baseOf(run, offer, count), discount: 0 };
    c.discount = Math.min(discountOf(run, c), remainingOf(run, c.base));
    if (c.discount > 0) candidates.push(c);
  }
  if (normalizeCode(run.request.promoCode) !== '' && !promoMatched) {
    warn(run.warnings, 'PROMO_CODE_NOT_APPLICABLE', run.request.promoCode!.trim());
  }
  const applied: number[] = [];
  for (const c of select(candidates)) {
    const { offer } = c;
    const taken =
      offer.type === SpecialOfferType.PRICE_STRIKEOUT
        ? strike(run, c)
        : reduceLines(run, c.base, discountOf(run, c), (vatRateBp, amount) => {
            const line = makeLine(
              BillLineType.SPECIAL_OFFER,
              offer.label,
              1,
              amount,
              vatRateBp,
              run.startDate,
              run.endDate,
            );
            line.specialOfferId = offer.id;
            return line;
          });
    if (taken > 0) applied.push(offer.id);
  }
  return applied.sort((a, b) => a - b);
}
