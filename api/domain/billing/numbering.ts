// Gap-free bill numbers: one chronological series per prefix, allocated from the
// series' counter row locked FOR UPDATE inside the bill's own transaction. Never a
// PostgreSQL sequence: a sequence value is not given back on rollback, so a failed or
// killed issue would leave a gap; a counter row rolls back with the bill.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';

/** Partner bills (commissions) are a series of their own, justified by their different customers. */
export type Series = 'invoice' | 'credit-note' | 'partner-invoice';
export const DEFAULT_PREFIX: Record<Series, string> = { invoice: 'FA', 'credit-note': 'AV', 'partner-invoice': 'FP' };

/**
 * The series' counter, created at its first bill, locked until commit, and checked: a bill dated before the
 * series' last one is refused (« bill earlier than last »). The number itself is taken in the statement that
 * inserts the bill (./bill-insert.ts); this is the path of a series' first bill and of a refusal. The lock is
 * taken last in the issuing transaction and held until it commits, so concurrent issues get consecutive numbers
 * in commit order.
 */
export async function openSeries(trx: Knex.Transaction, series: Series, date: string): Promise<void> {
  await trx('bill_counter').insert({ series, prefix: DEFAULT_PREFIX[series] }).onConflict().ignore();
  const c = await trx('bill_counter').where({ series }).forUpdate().first('lastDate');
  if (!c) throw badRequest('BILL_GENERATION_IMPOSSIBLE');
  if (c.lastDate && date < c.lastDate)
    throw badRequest('BILL_EARLIER_THAN_LAST', {
      date: `Dernière facture de la série le ${c.lastDate.split('-').reverse().join('/')}`,
    });
}
