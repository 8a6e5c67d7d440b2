// Paying twice (issue 25 point 7, docs/history.md#issue-25): two receptionists recording a stay's balance at the
// same time must not both be accepted. A payment of a stay queues on the stay's row
// (FOR UPDATE, in the payment's transaction), then reads what is due afresh; a payment
// that would make the stay overpaid answers 409 PAYMENT_OVERPAYS_CONFIRM with the
// amounts, unless the request confirms it (`X-Confirm: overpayment`: the payment dialog
// asks « Le séjour sera payé deux fois… » and sends it once the user said yes).
// Refunds (negative amounts) and payments without a stay are never held back.
import type { Knex } from 'knex';
import { HttpError } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { formatCents } from '../../../common/money';
import { stayBalance } from './view';
import type { Payment } from '../../../common/generated/types';

export const OVERPAYMENT = 'overpayment';

export async function assertNotOverpaying(
  trx: Knex.Transaction,
  rec: Pick<Payment, 'bookingId' | 'amount' | 'payerType'>,
  existing: Pick<Payment, 'bookingId' | 'amount'> | null,
  confirm: ReadonlySet<string> | undefined,
): Promise<void> {
  const bookingId = rec.bookingId;
  if (bookingId == null || !(rec.amount > 0)) return;
  const sameStay = existing?.bookingId === bookingId;
  // An edit that neither raises the amount nor moves the payment to another stay adds nothing.
  if (sameStay && rec.amount <= existing!.amount) return;
  await trx('booking').where('id', bookingId).forUpdate().first('id');
  const balance = await stayBalance(trx, bookingId);
  // The CAF paying a stay's VACAF aid settles the aid, not the family's account: it is held to what the CAF owes.
  const caf = rec.payerType === 'holiday-aid' && balance.holidayAid;
  const dueNow = caf ? balance.holidayAid!.due : balance.due;
  // What was due before this payment: the stored amount of the payment being edited is given back.
  const due = dueNow + (sameStay ? existing!.amount : 0);
  if (rec.amount <= due || confirm?.has(OVERPAYMENT)) return;
  const params = { amount: formatCents(rec.amount), due: formatCents(Math.max(due, 0)) };
  throw new HttpError(
    409,
    'PAYMENT_OVERPAYS_CONFIRM',
    { amount: formatMessage('PAYMENT_OVERPAYS_CONFIRM', params) },
    params,
    { due: Math.max(due, 0), amount: rec.amount, overpaid: rec.amount - Math.max(due, 0) },
  );
}
