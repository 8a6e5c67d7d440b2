// The tiles whose data exists today; the other §2 (docs/screens.md#home-tiles) tiles are registered by their
// modules under the reserved keys of TILE_SLOTS (bookings, gift vouchers, residents…).
import { ENTITY_METAS } from '../../../common/generated/meta/index';
import { registerTile, TILE_SLOTS } from './tiles';

export function registerHomeTiles(): void {
  registerTile({
    ...TILE_SLOTS.fees,
    functionality: 'resident.contract',
    route: '/residential-fees-list',
    requires: ['residential-fees'],
    count: async (knex) => Number((await knex('residential_fees').count({ n: '*' }))[0].n),
  });
  registerTile({
    ...TILE_SLOTS.groupSettings,
    functionality: 'group.settings',
    route: '/admin/module/preference-group-grid',
    requires: ['module'],
    count: async (knex) =>
      Number((await knex('module_config').where({ kind: 'preference-group', isActive: true }).count({ n: '*' }))[0].n),
  });
  // Birthdays of the day, once customers have a birth date (the customer module's entity).
  const customer = ENTITY_METAS.find((m) => m.name === 'customer');
  const birth = customer?.fields.find((f) => f.name === 'birthDate' && f.kind === 'date');
  if (customer && birth) {
    registerTile({
      ...TILE_SLOTS.birthdays,
      functionality: customer.functionality,
      route: '/occupants-birthday',
      requires: ['customer'],
      count: async (knex, today) =>
        Number(
          (
            await knex(customer.table)
              .whereRaw(`to_char(??, 'MM-DD') = ?`, [birth.column, today.slice(5)])
              .count({ n: '*' })
          )[0].n,
        ),
    });
  }
}
