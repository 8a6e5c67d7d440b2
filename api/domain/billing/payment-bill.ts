// A deposit bill (arrhes or acompte) made from a payment received: the stay's deposit bill for
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
    const payment = await trx('payment as p')
      .join('payment_method as m', 'm.id', 'p.paymentMethodId')
      .where('p.id', paymentId)
      .first('p.id', 'p.bookingId', 'p.billId', 'p.amount', 'p.date', 'p.category', 'p.downPaymentNature', 'm.label');
    if (!payment) throw notFound();
    if (payment.billId != null || payment.bookingId == null || !(payment.amount > 0)) throw impossible();
    // Paid already: the bill says so (never « Règlement à réception »), and names the
    // money as the payment does (arrhes or acompte); a plain payment takes the stay's word.
    const paid = {
      date: payment.date,
      method: payment.label,
      nature: payment.category === 'down-payment' ? payment.downPaymentNature : null,
    };
    const billId = await issueStayBillIn(
      trx,
      payment.bookingId,
      { kind: 'deposit', amount: payment.amount, paid },
      date,
      userId,
    );
    const tied = await trx('payment').where({ id: paymentId }).whereNull('billId').update({ billId });
    if (!tied) throw impossible();
    return billId;
  });
}
