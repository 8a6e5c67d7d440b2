// A deposit (acompte) bill made from a payment received: the stay's deposit bill for
// the payment's amount, tied to the payment (payment.billId) in the same transaction.
// A payment already billed gets no second one (« down-payment invoice impossible on
// billed payment »): the tie is set only where it is still empty, so of two users doing
// it at once, the second rolls back with that message.
import type { Knex } from 'knex';
import { badRequest, notFound } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { billDate, issueStayBillIn } from './issue';

const impossible = () =>
  badRequest('DOWN_PAYMENT_INVOICE_IMPOSSIBLE', { paymentId: formatMessage('DOWN_PAYMENT_INVOICE_IMPOSSIBLE') });

export async function issuePaymentDepositBill(
  knex: Knex,
  paymentId: number,
  input: { date?: string },
  userId: number | null,
): Promise<number> {
  const date = billDate(input.date);
  return knex.transaction(async (trx) => {
    const payment = await trx('payment').where('id', paymentId).first('id', 'bookingId', 'billId', 'amount');
    if (!payment) throw notFound();
    if (payment.billId != null || payment.bookingId == null || !(payment.amount > 0)) throw impossible();
    const billId = await issueStayBillIn(
      trx,
      payment.bookingId,
      { kind: 'deposit', amount: payment.amount },
      date,
      userId,
    );
    const tied = await trx('payment').where({ id: paymentId }).whereNull('billId').update({ billId });
    if (!tied) throw impossible();
    return billId;
  });
}
