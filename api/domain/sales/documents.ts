// Printing a ticket: every print is recorded (sale_print, append-only) with its rank; the
// first is the original, each later one says « DUPLICATA n ». The ticket row is locked
// FOR UPDATE (a read lock on an append-only row: nothing is rewritten) so two reprints
// at once get ranks n and n + 1.
import type { Knex } from 'knex';
import { loadSale } from './view';
import { renderPdf } from '../../pdf/pool';

/**
 * The ticket to look at (GET, which never writes): marked as the last print made
 * (« DUPLICATA n »), or DUPLICATA 1 when it was never printed — never an original,
 * and no print recorded.
 */
export async function viewTicket(knex: Knex, saleId: number): Promise<{ data: Buffer; number: string }> {
  const n = Number((await knex('sale_print').where('saleId', saleId).count<{ n: string }[]>({ n: '*' }))[0].n);
  const sale = await loadSale(knex, saleId);
  return { data: await renderPdf({ kind: 'ticket', sale, duplicate: Math.max(1, n - 1) }), number: sale.number };
}

export async function printTicket(
  knex: Knex,
  saleId: number,
  userId: number | null,
): Promise<{ data: Buffer; number: string; duplicate: number }> {
  const rank = await knex.transaction(async (trx) => {
    await trx('sale').where('id', saleId).forUpdate().first('id');
    const n = Number((await trx('sale_print').where('saleId', saleId).count<{ n: string }[]>({ n: '*' }))[0].n);
    await trx('sale_print').insert({ saleId, printNumber: n, userId });
    return n;
  });
  const sale = await loadSale(knex, saleId);
  return { data: await renderPdf({ kind: 'ticket', sale, duplicate: rank }), number: sale.number, duplicate: rank };
}
