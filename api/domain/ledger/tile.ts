// The home tile « Dernière clôture » (§9, docs/constants.md#closures): the last closure's date, with a warning when
// operations wait and the last closure is older than 4 months (or there is none), or
// when the database is behind its anchor (anchor.ts).
import { formatDateFr } from '../../../common/dates';
import { registerTile } from '../home/tiles';
import { closureStatus } from './closures';
import { checkAnchor } from './anchor';
import { establishmentId } from './append';

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
      // A database put back behind its anchor (an older backup, a deleted last entry) comes first.
      const anchor = await checkAnchor(knex, await establishmentId(knex), 'fiscal');
      return {
        text: last ? formatDateFr(last) : 'Aucune clôture',
        warning: anchor.breaks.length
          ? anchor.breaks[0].reason
          : s.stale
            ? 'Dernière clôture de plus de 4 mois : clôturez les journées et les mois'
            : null,
      };
    },
  });
}
