// The demo stays' timeline: the seasons seeded, the stays along each place's timeline,
// and the status a stay has from its dates and the hour of the seeding.
import { addDays, nightsBetween } from '../../common/dates';
import { STATUS } from '../domain/stays/status';
import { Random } from './stays-random';
import type { DemoPlace } from './catalogue';

export type Range = [string, string];

const month = (d: string) => Number(d.slice(5, 7));

/** The last season that opened before today, and the next one (April to October). */
export function demoStayWindows(today: string): { seasonA: Range; seasonB: Range; around: Range | null } {
  const y = Number(today.slice(0, 4));
  const a = month(today) >= 4 ? y : y - 1;
  const seasonA: Range = [`${a}-04-01`, `${a}-11-01`];
  const seasonB: Range = [`${a + 1}-04-01`, `${a + 1}-11-01`];
  const inSeason = today >= seasonA[0] && today < seasonA[1];
  return { seasonA, seasonB, around: inSeason ? null : [addDays(today, -21), addDays(today, 45)] };
}

export const overlaps = (a: Range, b: Range) => a[0] < b[1] && b[0] < a[1];

export interface Slot {
  place: DemoPlace;
  start: string;
  end: string;
}

/** Stays along each place's timeline: short gaps in high season, long ones outside. */
export function timelines(rnd: Random, places: DemoPlace[], windows: Range[], blocked: Map<number, Range[]>): Slot[] {
  const slots: Slot[] = [];
  for (const place of places) {
    if (place.isResidential) continue;
    for (const [from, to] of windows) {
      let cursor = from;
      for (;;) {
        const m = month(cursor);
        const high = m === 7 || m === 8;
        const shoulder = m === 6 || m === 9;
        const gap = high ? rnd.int(0, 3) : shoulder ? rnd.int(2, 12) : rnd.int(6, 30);
        const start = addDays(cursor, gap);
        const nights = place.isRental
          ? high
            ? 7
            : rnd.pick([2, 3, 4, 7])
          : rnd.weighted([
              [1, 2],
              [2, 3],
              [3, 3],
              [5, 3],
              [7, 4],
              [10, 2],
              [14, 1],
            ] as const);
        const end = addDays(start, nights);
        if (end > to) break;
        const hit = (blocked.get(place.id) ?? []).find((b) => overlaps(b, [start, end]));
        if (hit) {
          cursor = hit[1];
          continue;
        }
        slots.push({ place, start, end });
        cursor = end;
      }
    }
  }
  return slots;
}

interface Plan {
  kind: string;
  statusId: number;
  cancellation?: string;
}

/** Minutes since midnight of a Paris wall-clock time « HH:MM ». */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const PARIS_HOUR = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', hourCycle: 'h23' });

/** The instant of a Paris wall-clock time on a day (+1 h in winter, +2 h in summer). */
export function parisInstant(day: string, minutes: number): string {
  const noon = new Date(`${day}T12:00:00Z`);
  const parisNoon = Number(PARIS_HOUR.format(noon));
  return new Date(noon.getTime() + (minutes - 12 * 60 - (parisNoon - 12) * 60) * 60_000).toISOString();
}

/** What the desk could have recorded by now: today's arrivals after the arrival hour, departures from 8:00. */
export interface Clock {
  today: string;
  nowMinutes: number;
  arrivalMinutes: number;
}

export const DEPARTURES_FROM = 8 * 60;

export function statusFor(rnd: Random, s: Slot, c: Clock): Plan {
  const today = c.today;
  const short = nightsBetween(s.start, s.end) === 1 && !s.place.isRental;
  const kindOf = () => (short && rnd.chance(0.5) ? 'passage' : 'booking');
  if (s.end < today || (s.end === today && c.nowMinutes >= DEPARTURES_FROM && rnd.chance(0.4))) {
    const v = rnd.weighted([
      ['gone', 82],
      ['early', 3],
      ['cancel', 7],
      ['refuse', 1],
      ['counter', 1],
      ['expired', 2],
      ['abandon', 1],
      ['deleted', 1],
      ['quote', 2],
    ] as const);
    switch (v) {
      case 'gone':
        return { kind: kindOf(), statusId: STATUS.GONE };
      case 'early':
        return { kind: 'booking', statusId: nightsBetween(s.start, s.end) > 2 ? STATUS.EARLY_DEPARTURE : STATUS.GONE };
      case 'cancel':
        return { kind: 'booking', statusId: STATUS.CANCELLED, cancellation: 'cancelled' };
      case 'refuse':
        return { kind: 'booking', statusId: STATUS.REFUSED };
      case 'counter':
        return { kind: 'booking', statusId: STATUS.REFUSED_COUNTER };
      case 'expired':
        return { kind: 'option', statusId: STATUS.EXPIRED };
      case 'abandon':
        return { kind: 'booking', statusId: STATUS.ABANDONED };
      case 'deleted':
        return { kind: 'booking', statusId: STATUS.DELETED };
      case 'quote':
        return { kind: 'quote', statusId: STATUS.CONFIRMED };
    }
  }
  if (s.start <= today && s.end >= today) {
    if (s.start === today) {
      const arrived = c.nowMinutes >= c.arrivalMinutes ? 2 : 0;
      return {
        kind: kindOf(),
        statusId: rnd.weighted([
          [STATUS.CONFIRMED, 5],
          [STATUS.VALIDATED, 3],
          [STATUS.ARRIVED, arrived],
        ] as const),
      };
    }
    return { kind: kindOf(), statusId: STATUS.ARRIVED };
  }
  const v = rnd.weighted([
    ['confirmed', 46],
    ['validated', 20],
    ['option', 12],
    ['quote', 6],
    ['temporary', 2],
    ['inProgress', 2],
    ['cancel', 6],
    ['cancelling', 2],
    ['refuse', 1],
    ['abandon', 1],
    ['expired', 1],
    ['deleted', 1],
  ] as const);
  switch (v) {
    case 'confirmed':
      return { kind: kindOf(), statusId: STATUS.CONFIRMED };
    case 'validated':
      return { kind: 'booking', statusId: STATUS.VALIDATED };
    case 'option':
      return { kind: 'option', statusId: STATUS.CONFIRMED };
    case 'quote':
      return { kind: 'quote', statusId: rnd.chance(0.5) ? STATUS.CONFIRMED : STATUS.TEMPORARY };
    case 'temporary':
      return { kind: 'booking', statusId: STATUS.TEMPORARY };
    case 'inProgress':
      return { kind: 'booking', statusId: STATUS.IN_PROGRESS };
    case 'cancel':
      return { kind: 'booking', statusId: STATUS.CANCELLED, cancellation: 'cancelled' };
    case 'cancelling':
      return { kind: 'booking', statusId: STATUS.CONFIRMED, cancellation: 'cancelling' };
    case 'refuse':
      return { kind: 'booking', statusId: STATUS.REFUSED };
    case 'abandon':
      return { kind: 'booking', statusId: STATUS.ABANDONED };
    case 'expired':
      return { kind: 'option', statusId: STATUS.EXPIRED };
    case 'deleted':
      return { kind: 'booking', statusId: STATUS.DELETED };
  }
}
