// /add-customer-to-sales: a ticket issued to a passer-by is later attributed to a
// customer (e.g. a group leader who wants his purchases on his account). The ticket is
// never edited: the assignment is a row of its own (sale_customer, append-only, one per
// ticket), refused for a ticket that already names a customer (migration 0042 says so
// too). All tickets of one request are assigned, or none.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';

import type { SaleRecord } from '../../../common/generated/types';

/** A ticket issued without a customer, as /add-customer-to-sales lists it. */
export type UnassignedSale = Pick<SaleRecord, 'id' | 'number' | 'kind' | 'issuedAt' | 'totalInclVat'> & {
  registerLabel: string;
};
const nameSql = "coalesce(nullif(c.company_name, ''), trim(concat_ws(' ', c.last_name, c.first_name)))";

/** Tickets of the period issued without a customer and not assigned one since. */
export async function unassignedSales(db: Knex, from: string, to: string): Promise<UnassignedSale[]> {
  return db('sale as s')
    .join('cash_register as r', 'r.id', 's.cashRegisterId')
    .whereNull('s.customerId')
    .where('s.date', '>=', from)
    .where('s.date', '<=', to)
    .whereNotExists((q) => q.select(db.raw('1')).from('sale_customer as a').whereRaw('a.sale_id = s.id'))
    .orderBy('s.id', 'desc')
    .limit(500)
    .select('s.id', 's.number', 's.kind', 's.issuedAt', 's.totalInclVat', 'r.label as registerLabel');
}

export async function assignCustomer(
  knex: Knex,
  customerId: number,
  saleIds: number[],
  userId: number | null,
): Promise<{ assigned: number; customerName: string }> {
  const ids = [...new Set(saleIds)];
  return knex.transaction(async (trx) => {
    const customer = await trx('customer as c')
      .where('c.id', customerId)
      .first(trx.raw(`${nameSql} as name`));
    if (!customer) throw badRequest('SALE_CUSTOMER_ASSIGN_FAILED');
    const sales = await trx('sale as s')
      .whereIn('s.id', ids)
      .whereNull('s.customerId')
      .whereNotExists((q) => q.select(trx.raw('1')).from('sale_customer as a').whereRaw('a.sale_id = s.id'))
      .select('s.id');
    if (sales.length !== ids.length) throw badRequest('SALE_CUSTOMER_ASSIGN_FAILED');
    // Two clerks assigning the same ticket at once: the unique key refuses the second
    // (uq_sale_customer__sale_id, answered with the same message).
    await trx('sale_customer').insert(
      ids.map((saleId) => ({ saleId, customerId, customerName: customer.name, userId })),
    );
    return { assigned: ids.length, customerName: customer.name };
  });
}
