// The residential home tiles (§2, docs/screens.md#residential) with real counts: residents with a contract today,
// residential places let today, deadlines begun and not settled (receipts to bill, or
// billed, past due and unpaid), and sublets meeting the coming week. « Redevances »
// (the residential fees defined) stays the home module's.
import type { Knex } from 'knex';
import { addDays } from '../../../common/dates';
import { registerTile, TILE_SLOTS } from '../home/tiles';

const n = async (q: Knex.QueryBuilder) => Number((await q)[0].n);
const current = (knex: Knex, today: string) =>
  knex('place_affectation')
    .where('startDate', '<=', today)
    .where((w) => w.whereNull('endDate').orWhere('endDate', '>', today));

export function registerResidentialTiles(): void {
  const fn = 'resident.contract';
  registerTile({
    ...TILE_SLOTS.residents,
    functionality: fn,
    route: '/resident-list',
    requires: ['place-affectation'],
    count: (knex, today) => n(current(knex, today).countDistinct({ n: 'customerId' })),
  });
  registerTile({
    ...TILE_SLOTS.residentialPlaces,
    functionality: fn,
    route: '/place-affectation-list',
    requires: ['place-affectation'],
    count: (knex, today) => n(current(knex, today).countDistinct({ n: 'placeId' })),
  });
  registerTile({
    ...TILE_SLOTS.deadlines,
    functionality: fn,
    route: '/rent-receipt-management',
    requires: ['rent-receipt'],
    // Deadlines begun and not settled: receipts still to bill, and billed ones past due and unpaid.
    count: (knex, today) =>
      n(
        knex('rent_receipt as r')
          .where('r.stateId', 3)
          .where((w) =>
            w
              .where((a) => a.where('r.isBilled', false).where('r.startDate', '<=', today))
              .orWhere((b) =>
                b
                  .where('r.isBilled', true)
                  .where('r.dueDate', '<', today)
                  .whereRaw(
                    'r.total_incl_vat > coalesce((SELECT sum(p.amount) FROM payment p WHERE p.bill_id = r.bill_id), 0)',
                  ),
              ),
          )
          .count({ n: '*' }),
      ),
  });
  registerTile({
    ...TILE_SLOTS.sublets,
    functionality: fn,
    route: '/sublet-list',
    requires: ['sublet'],
    count: (knex, today) =>
      n(
        knex('sublet')
          .whereNot('statusId', 3)
          .where('startDate', '<', addDays(today, 7))
          .where('endDate', '>', today)
          .count({ n: '*' }),
      ),
  });
}
