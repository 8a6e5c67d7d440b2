// Demo meter readings: the residential pitches' meters read on the last day of each
// of the six months before the current one (so that the home
// tile shows them all to read this month). Consumption as the reading rules compute it.
import type { Knex } from 'knex';
import { addDays, todayParis } from '../../common/dates';
import { Random, bulkInsert } from './stays-random';

/** The last day of the month `back` months before the month of `today`. */
function monthEnd(today: string, back: number): string {
  const y = Number(today.slice(0, 4));
  // Day 1 of the month after the wanted one (Date.UTC months are 0-based), minus a day.
  const d = new Date(Date.UTC(y, Number(today.slice(5, 7)) - back, 1));
  return addDays(d.toISOString().slice(0, 10), -1);
}

export async function seedMetersDemo(knex: Knex, today = todayParis()): Promise<void> {
  const rnd = new Random(11);
  const ranges = new Map<string, [number, number]>([
    ['Électricité', [180, 420]],
    ['Eau', [2, 9]],
  ]);
  // The meters in service on the residential pitches (seeded with the catalogue, place-extras.ts).
  const meters: { id: number; typeLabel: string }[] = await knex('meter as m')
    .join('place as p', 'p.id', 'm.placeId')
    .join('place_type as t', 't.id', 'p.placeTypeId')
    .join('meter_type as mt', 'mt.id', 'm.meterTypeId')
    .where('t.isResidential', true)
    .where('m.isActive', true)
    .orderBy('m.id')
    .select('m.id', 'mt.label as typeLabel');
  const readings: Record<string, unknown>[] = [];
  for (const m of meters) {
    const [min, max] = ranges.get(m.typeLabel) ?? [1, 10];
    let index = rnd.int(1000, 20000);
    let previous: number | null = null;
    for (let back = 6; back >= 1; back--) {
      index += rnd.int(min, max);
      readings.push({
        meterId: m.id,
        readingDate: monthEnd(today, back),
        quantity: index,
        consumption: previous === null ? null : index - previous,
      });
      previous = index;
    }
  }
  await bulkInsert(knex, 'meter_reading', readings);
}
