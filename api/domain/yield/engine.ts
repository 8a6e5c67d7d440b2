// The native yield engine, pure (no database, no clock): given the rules, a price cell of a
// grid (one price field of one period), its base price and the occupancy of its place type
// per night, it answers the price the cell should have and the rule that set it.
//
// Why a base price: the engine adjusts the grid's own price, never the price it set itself
// the night before, so running it again with the same occupancy changes nothing and a
// rule that stops matching brings the cell back to its base (load.ts reads the base from
// the journal). Why first match: one rule sets a cell, the one of lowest priority number
// (then lowest id), so the journal names the rule that decided and rules never compound.
import { mulDivRound } from '../pricing/money';
import { addDays, nightsBetween } from '../../../common/dates';

export const CONDITION = { OCCUPANCY: 1, DAYS_BEFORE: 2 } as const;
export const OPERATOR = { AT_LEAST: 1, AT_MOST: 2 } as const;
export const UNIT = { PERCENT: 1, AMOUNT: 2 } as const;

/** The grid prices the engine adjusts, with how many nights each is the price of. */
export const PRICE_FIELDS = {
  pricePerNight: 1,
  firstNightPrice: 1,
  extraNightPrice: 1,
  pricePerWeek: 7,
} as const;
export type PriceField = keyof typeof PRICE_FIELDS;

export interface YieldRule {
  id: number;
  label: string;
  placeTypeId: number;
  /** target nights, half-open */
  startDate: string;
  endDate: string;
  condition: number;
  operator: number;
  /** occupancy in % (condition 1) or days (condition 2) */
  threshold: number;
  adjustmentUnit: number;
  /** basis points (unit 1) or cents per night (unit 2); may be negative */
  adjustment: number;
  /** cents per night (a week price is bounded by seven times them) */
  floorPrice: number;
  ceilingPrice: number;
  priority: number;
}

export interface PriceCell {
  placeTypeId: number;
  /** the period's nights, half-open */
  startDate: string;
  endDate: string;
  field: PriceField;
  /** the price the engine starts from: the grid's own, before any yield */
  base: number;
}

/** Place-nights sold and in service, per night, of one place type. */
export interface NightOccupancy {
  occupied: number;
  capacity: number;
}
export type OccupancyOf = (placeTypeId: number, night: string) => NightOccupancy | undefined;

export interface Decision {
  price: number;
  rule: YieldRule | null;
  /** why, in French (« Occupation 85 % ≥ 80 % »); null without a rule */
  reason: string | null;
}

/** The base adjusted by the rule, then held within [floor, ceiling] (per night × the field's nights). */
export function adjustPrice(base: number, rule: YieldRule, field: PriceField = 'pricePerNight'): number {
  const nights = PRICE_FIELDS[field];
  const delta =
    rule.adjustmentUnit === UNIT.PERCENT ? mulDivRound(base, rule.adjustment, 10_000) : rule.adjustment * nights;
  const floor = rule.floorPrice * nights;
  const ceiling = Math.max(floor, rule.ceilingPrice * nights);
  return Math.min(ceiling, Math.max(floor, base + delta));
}

/** The nights of a cell a rule targets from `today` on: [from, to), or null when none. */
export function targetNights(cell: PriceCell, rule: YieldRule, today: string): { from: string; to: string } | null {
  const from = [cell.startDate, rule.startDate, today].reduce((a, b) => (a > b ? a : b));
  const to = cell.endDate < rule.endDate ? cell.endDate : rule.endDate;
  return from < to ? { from, to } : null;
}

const compare = (value: number, rule: YieldRule) =>
  rule.operator === OPERATOR.AT_LEAST ? value >= rule.threshold : value <= rule.threshold;

const sign = (rule: YieldRule) => (rule.operator === OPERATOR.AT_LEAST ? '≥' : '≤');

/** Whether the rule's condition holds for the cell, with its reason in French. */
export function ruleMatches(
  cell: PriceCell,
  rule: YieldRule,
  today: string,
  occupancy: OccupancyOf,
): { matches: boolean; reason: string } {
  const nights = targetNights(cell, rule, today);
  if (rule.placeTypeId !== cell.placeTypeId || !nights) return { matches: false, reason: '' };
  if (rule.condition === CONDITION.DAYS_BEFORE) {
    const days = nightsBetween(today, nights.from);
    const plural = days > 1 ? 'jours' : 'jour';
    return { matches: compare(days, rule), reason: `Arrivée dans ${days} ${plural} ${sign(rule)} ${rule.threshold}` };
  }
  let occupied = 0;
  let capacity = 0;
  for (let d = nights.from; d < nights.to; d = addDays(d, 1)) {
    const o = occupancy(cell.placeTypeId, d);
    occupied += o?.occupied ?? 0;
    capacity += o?.capacity ?? 0;
  }
  // No place in service: no occupancy to compare, the rule does not apply.
  if (capacity === 0) return { matches: false, reason: '' };
  // Compared exactly on integers: occupied / capacity ≥ threshold % ⇔ occupied × 100 ≥ threshold × capacity.
  const ok =
    rule.operator === OPERATOR.AT_LEAST
      ? occupied * 100 >= rule.threshold * capacity
      : occupied * 100 <= rule.threshold * capacity;
  const pct = Math.round((occupied * 1000) / capacity) / 10;
  return { matches: ok, reason: `Occupation ${String(pct).replace('.', ',')} % ${sign(rule)} ${rule.threshold} %` };
}

/** Rules in the order they are tried: priority, then id. */
export function orderRules(rules: YieldRule[]): YieldRule[] {
  return [...rules].sort((a, b) => a.priority - b.priority || a.id - b.id);
}

/** The price a cell should have: the first matching rule's adjustment of its base, else its base. */
export function decide(cell: PriceCell, rules: YieldRule[], today: string, occupancy: OccupancyOf): Decision {
  for (const rule of orderRules(rules)) {
    const m = ruleMatches(cell, rule, today, occupancy);
    if (m.matches) return { price: adjustPrice(cell.base, rule, cell.field), rule, reason: m.reason };
  }
  return { price: cell.base, rule: null, reason: null };
}
