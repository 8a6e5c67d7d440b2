// Grouped payments: several payments (a partner's transfer for several stays, the card
// receipts of a day) gathered under one payment of the « grouped » method, which is then
// remitted or exported as one. The grouped payments keep their stay (balances do not
// change: the group has no stay) and are frozen from then on (migration 0036).
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { todayParis } from '../../../common/dates';

export interface GroupInput {
  paymentIds: number[];
  date?: string;
  notes?: string | null;
}

export async function groupPayments(knex: Knex, input: GroupInput): Promise<number> {
  const ids = [...new Set(input.paymentIds)].sort((a, b) => a - b);
  const invalid = () => badRequest('GROUP_PAYMENTS_INVALID', { paymentIds: formatMessage('GROUP_PAYMENTS_INVALID') });
  if (ids.length < 2) throw invalid();
  return knex.transaction(async (trx) => {
    const method = await trx('payment_method')
      .where({ kind: 'grouped', isActive: true })
      .orderBy(['order', 'id'])
      .first('id');
    if (!method)
      throw badRequest('GROUPED_METHOD_UNDEFINED', { paymentIds: formatMessage('GROUPED_METHOD_UNDEFINED') });
    // Rows locked in id order: two groupings of overlapping payments queue, the second sees them grouped.
    const rows = await trx('payment as p')
      .join('payment_method as m', 'm.id', 'p.paymentMethodId')
      .whereIn('p.id', ids)
      .orderBy('p.id')
      .forUpdate('p')
      .select(
        'p.id',
        'p.amount',
        'p.customerId',
        'p.partnerId',
        'p.payerType',
        'p.isDeposited',
        'p.isExported',
        'p.isGrouped',
        'm.kind',
      );
    if (
      rows.length !== ids.length ||
      rows.some((p) => p.isDeposited || p.isExported || p.isGrouped || p.kind === 'grouped')
    )
      throw invalid();
    const one = <T>(vals: T[]): T | null => (new Set(vals).size === 1 ? vals[0] : null);
    const [{ id }] = await trx('payment')
      .insert({
        paymentMethodId: method.id,
        amount: rows.reduce((s, p) => s + p.amount, 0),
        date: input.date ?? todayParis(),
        customerId: one(rows.map((p) => p.customerId)),
        partnerId: one(rows.map((p) => p.partnerId)),
        payerType: one(rows.map((p) => p.payerType)) ?? 'customer',
        category: 'payment',
        notes: input.notes ?? `Paiement groupé de ${rows.length} paiements`,
      })
      .returning('id');
    await trx('payment').whereIn('id', ids).update({ isGrouped: true, groupedPaymentId: id, updatedAt: trx.fn.now() });
    return id;
  });
}
