// The "Relevés de compteurs" home tile (§2, docs/screens.md#residential): the meters still to read this month,
// i.e. meters in service today with no reading dated in the current calendar month.
import type { Knex } from 'knex';
import { registerTile, TILE_SLOTS } from '../home/tiles';
import { metersInService } from './creation';

export function metersToRead(knex: Knex, today: string): Knex.QueryBuilder {
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const monthStart = `${today.slice(0, 7)}-01`;
  const nextMonth = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return metersInService(knex, today).whereNotExists((q) =>
    q
      .select(knex.raw('1'))
      .from('meter_reading as r')
      .whereRaw('r.meter_id = m.id')
      .where('r.readingDate', '>=', monthStart)
      .where('r.readingDate', '<', nextMonth),
  );
}

export function registerMeterTiles(): void {
  registerTile({
    ...TILE_SLOTS.meterReadings,
    functionality: 'camp.meter',
    route: '/meter-reading-creation',
    requires: ['meter', 'meter-reading'],
    count: async (knex, today) => Number((await metersToRead(knex, today).count({ n: '*' }))[0].n),
  });
}
