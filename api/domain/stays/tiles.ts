// The /home counts this module owns (§2 (docs/screens.md#home-tiles) dashboard tiles).
import { registerTile, TILE_SLOTS } from '../home/tiles';
import { optionsToFollowUp } from './sweeps';
import { cancelledImports, importsToIntegrate } from './imports';
import { arrivals, birthdays, departures } from './lists';

export function registerStayTiles(): void {
  registerTile({
    ...TILE_SLOTS.expiredOptions,
    functionality: 'booking.booking',
    route: '/booking-list/0?dueOptions=1',
    requires: ['booking'],
    count: async (knex, today) => Number((await optionsToFollowUp(knex, today).count({ n: '*' }))[0].n),
  });
  registerTile({
    ...TILE_SLOTS.internetBookings,
    functionality: 'booking.booking',
    route: '/booking-import-list',
    requires: ['booking-import'],
    count: async (knex) => Number((await importsToIntegrate(knex).count({ n: '*' }))[0].n),
  });
  registerTile({
    ...TILE_SLOTS.cancelledInternetBookings,
    functionality: 'booking.booking',
    route: '/booking-import-list?source=cancelled',
    requires: ['booking-import'],
    count: async (knex) => Number((await cancelledImports(knex).count({ n: '*' }))[0].n),
  });
  registerTile({
    ...TILE_SLOTS.birthdays,
    functionality: 'booking.booking',
    route: '/occupants-birthday',
    requires: ['booking'],
    count: async (knex, today) => (await birthdays(knex, today, today)).length,
  });
  registerTile({
    key: 'arrivals-today',
    label: 'Arrivées du jour',
    order: 5,
    functionality: 'booking.booking',
    route: '/booking-arrival-list',
    requires: ['booking'],
    count: async (knex, today) => (await arrivals(knex, today)).filter((r) => !r.arrivedAt).length,
  });
  registerTile({
    key: 'departures-today',
    label: 'Départs du jour',
    order: 6,
    functionality: 'booking.booking',
    route: '/booking-departure-list',
    requires: ['booking'],
    count: async (knex, today) => (await departures(knex, today)).filter((r) => !r.goneAt).length,
  });
}
