// Paying an overpayment back (issue 24 point 11, docs/statements.md): a refund is a payment of category
// « refund » whose amount is negative (migration 0242 keeps the sign), written through the
// generic write path so it gets the payment rules, the history and its ledger entry like
// any payment; balances, the cash journal and the FEC then net it by themselves. Only
// what the guest paid beyond what is owed can be refunded, read on the locked stay.
import type { Knex } from 'knex';
import { entityMeta } from '../../rest/entities';
import { saveRecord } from '../../rest/records';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { formatCents } from '../../../common/money';
import { todayParis } from '../../../common/dates';
import { lockStay } from './issue';
import type { PaymentRecord } from '../../../common/generated/types';
import { stayBalance } from './view';

export interface RefundInput {
  paymentMethodId: number;
  /** what is paid back, positive cents */
  amount: number;
  date?: string;
  notes?: string | null;
}

export async function refundOverpayment(
  knex: Knex,
  bookingId: number,
  input: RefundInput,
  userId: number | null,
): Promise<PaymentRecord> {
  return knex.transaction(async (trx) => {
    const stay = await lockStay(trx, bookingId);
    const overpaid = -(await stayBalance(trx, bookingId)).due;
    if (overpaid <= 0 || input.amount > overpaid) {
      const params = { overpaid: formatCents(Math.max(overpaid, 0)) };
      throw badRequest(
        'REFUND_EXCEEDS_OVERPAYMENT',
        { amount: formatMessage('REFUND_EXCEEDS_OVERPAYMENT', params) },
        params,
      );
    }
    return (await saveRecord(
      trx as unknown as Knex,
      entityMeta('payment'),
      {
        bookingId,
        customerId: stay.customerId ?? null,
        paymentMethodId: input.paymentMethodId,
        amount: -input.amount,
        date: input.date ?? todayParis(),
        category: 'refund',
        payerType: 'customer',
        notes: input.notes ?? null,
      },
      userId,
    )) as PaymentRecord;
  });
}
