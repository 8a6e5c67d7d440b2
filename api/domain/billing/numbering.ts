// Gap-free bill numbers: one chronological series per prefix, allocated from the
// series' counter row locked FOR UPDATE inside the bill's own transaction. Never a
// PostgreSQL sequence: a sequence value is not given back on rollback, so a failed or
// killed issue would leave a gap; a counter row rolls back with the bill.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';

/** Partner bills (commissions) are a series of their own, justified by their different customers. */
export type Series = 'invoice' | 'credit-note' | 'partner-invoice';
export const DEFAULT_PREFIX: Record<Series, string> = { invoice: 'FA', 'credit-note': 'AV', 'partner-invoice': 'FP' };

export interface Allocated {
  prefix: string;
  sequence: number;
  number: string;
}

export function formatNumber(prefix: string, sequence: number, digits: number): string {
  return `${prefix}${String(sequence).padStart(Math.max(4, digits), '0')}`;
}

/**
 * The next number of `series` for a bill dated `date`, inside `trx`. The lock is taken
 * last in the issuing transaction and held until it commits, so concurrent issues get
 * consecutive numbers in commit order; a bill dated before the series' last one is
 * refused (« bill earlier than last »).
 */
export async function allocateNumber(trx: Knex.Transaction, series: Series, date: string): Promise<Allocated> {
  // One statement once the series exists (the lock is held until commit: each round trip under it
  // delays every other issue); the first bill of a series, or a refusal, takes the path below.
  const [taken] = (
    await trx.raw(
      `UPDATE bill_counter SET last_number = last_number + 1, last_date = ?
        WHERE series = ? AND (last_date IS NULL OR last_date <= ?)
        RETURNING prefix, digits, last_number`,
      [date, series, date],
    )
  ).rows;
  if (taken) {
    const sequence = Number(taken.last_number);
    return { prefix: taken.prefix, sequence, number: formatNumber(taken.prefix, sequence, taken.digits) };
  }
  await trx('bill_counter').insert({ series, prefix: DEFAULT_PREFIX[series] }).onConflict().ignore();
  const c = await trx('bill_counter')
    .where({ series })
    .forUpdate()
    .first('id', 'prefix', 'digits', 'lastNumber', 'lastDate');
  if (!c) throw badRequest('BILL_GENERATION_IMPOSSIBLE');
  if (c.lastDate && date < c.lastDate)
    throw badRequest('BILL_EARLIER_THAN_LAST', {
      date: `Dernière facture de la série le ${c.lastDate.split('-').reverse().join('/')}`,
    });
  const sequence = Number(c.lastNumber) + 1;
  await trx('bill_counter').where('id', c.id).update({ lastNumber: sequence, lastDate: date });
  return { prefix: c.prefix, sequence, number: formatNumber(c.prefix, sequence, c.digits) };
}
