// The demo's seasons (pricing.ts): the year priced, the years whose stays the demo
// holds, and each season's opening, mid and high season and closing dates.
import { todayParis } from '../../common/dates';
import { demoStayWindows } from './stays';
import { addDays, isoWeekday, toDay } from '../domain/pricing/dates';

/** The season the demo prices: this year's until September, next year's from October. */
export function demoSeasonYear(today: string = todayParis()): number {
  const year = Number(today.slice(0, 4));
  return Number(today.slice(5, 7)) >= 10 ? year + 1 : year;
}

/** The first Saturday on or after a date. */
function saturdayFrom(date: string): string {
  return addDays(date, (6 - isoWeekday(toDay(date)) + 7) % 7);
}

/** The years priced: those of the seasons the demo stays fall in (the last and the next). */
export function demoPriceYears(today: string = todayParis()): number[] {
  const first = Number(demoStayWindows(today).seasonA[0].slice(0, 4));
  return [first, first + 1];
}

export interface DemoSeasons {
  year: number;
  opening: string;
  midStart: string;
  highStart: string;
  highEnd: string;
  lateStart: string;
  closing: string;
}

export function demoSeasons(year = demoSeasonYear()): DemoSeasons {
  return {
    year,
    opening: `${year}-04-01`,
    midStart: saturdayFrom(`${year}-05-30`),
    highStart: saturdayFrom(`${year}-07-01`),
    highEnd: saturdayFrom(`${year}-08-23`),
    lateStart: saturdayFrom(`${year}-09-12`),
    closing: `${year}-10-01`,
  };
}
