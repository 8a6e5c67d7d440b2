// Prices and stay rules pushed to a channel (docs/channels.md « Rates »): per rate-plan
// mapping (a channel's rate plan ↔ a place type, optionally a grid), each night's price
// per night, minimum nights and whether arrivals are allowed that weekday, read from the
// price grid's periods — what the grid itself says, so the channel sells the same stays
// the desk would. A night no period covers is not sold (price null).
import type { Knex } from 'knex';
import { addDays } from '../../../common/dates';
import type { Mapping } from './config';
import type { RateRow } from './types';

type Db = Knex | Knex.Transaction;

export interface PeriodRow {
  priceGridId: number;
  startDate: string;
  endDate: string;
  arrivalDays: number[] | null;
  minNights: number | null;
  pricePerNight: number | null;
}

/** ISO weekday (1 = Monday) of a YYYY-MM-DD date. */
const weekday = (d: string) => ((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The nights of [from, to) of one rate plan, from its grid's periods. Pure. */
export function ratesFromPeriods(
  ratePlan: string,
  roomType: string,
  periods: PeriodRow[],
  from: string,
  to: string,
): RateRow[] {
  const out: RateRow[] = [];
  for (let d = from; d < to; d = addDays(d, 1)) {
    // Periods are half-open like stays; the latest starting one wins an overlap.
    const p = periods
      .filter((x) => x.startDate <= d && d < x.endDate)
      .sort((a, b) => (a.startDate < b.startDate ? 1 : -1))[0];
    out.push({
      roomType,
      ratePlan,
      date: d,
      price: p?.pricePerNight ?? null,
      minNights: p?.minNights ?? null,
      maxNights: null,
      closedToArrival: !!p?.arrivalDays?.length && !p.arrivalDays.includes(weekday(d)),
    });
  }
  return out;
}

export async function ratesFor(db: Db, maps: Mapping[], from: string, days: number): Promise<RateRow[]> {
  const plans = maps.filter((m) => m.kind === 'rate-plan' && m.placeTypeId != null);
  const to = addDays(from, days);
  const out: RateRow[] = [];
  for (const plan of plans) {
    const grid =
      plan.priceGridId ??
      (await db('price_grid').where({ placeTypeId: plan.placeTypeId, isActive: true }).orderBy('id').first('id'))?.id;
    if (grid == null) continue;
    const periods: PeriodRow[] = await db('price_grid_period')
      .where('priceGridId', grid)
      .where('endDate', '>', from)
      .where('startDate', '<', to)
      .select('priceGridId', 'startDate', 'endDate', 'arrivalDays', 'minNights', 'pricePerNight');
    const roomType = maps.find((m) => m.kind === 'place-type' && m.placeTypeId === plan.placeTypeId)?.externalCode;
    out.push(...ratesFromPeriods(plan.externalCode, roomType ?? plan.externalCode, periods, from, to));
  }
  return out;
}
