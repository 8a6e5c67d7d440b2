// The home tile « Dernière clôture » (§9): the last closure's date, with a warning when
// operations wait and the last closure is older than 4 months (or there is none).
import { formatDateFr } from '../../../common/dates';
import { registerTile } from '../home/tiles';
import { closureStatus } from './closures';

export function registerClosureTile(): void {
  registerTile({
    key: 'last-closure',
    label: 'Dernière clôture',
    order: 150,
    functionality: 'invoice.closures',
    route: '/closure',
    // The count is the number of operations waiting for a Z.
    count: async (knex) => (await closureStatus(knex)).pending,
    detail: async (knex) => {
      const s = await closureStatus(knex);
      const last = [s.lastDay, s.lastMonth, s.lastYear]
        .filter(Boolean)
        .map((c) => c!.periodEnd)
        .sort()
        .pop();
      return {
        text: last ? formatDateFr(last) : 'Aucune clôture',
        warning: s.stale ? 'Dernière clôture de plus de 4 mois : clôturez les journées et les mois' : null,
      };
    },
  });
}
