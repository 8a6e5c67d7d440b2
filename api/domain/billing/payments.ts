// Payments on the generic write path (/rest/payment): a payment deposited in a bank,
// exported or grouped is never changed nor deleted (migration 0030's trigger is the
// guarantee, these hooks give the message first); a payment of a stay takes the stay's
// customer. And the planning's payment view: what each booking received.
import type { Knex } from 'knex';
import { registerHooks } from '../../rest/entities';
import { badRequest } from '../../http/errors';
import { formatMessage, type MessageCode } from '../../../common/messages';
import { registerPaymentSource } from '../planning/payments';
import { paidByBookings } from './view';
import { todayParis } from '../../../common/dates';
import { appendPaymentEntry } from '../ledger/entries';
import { assertNotOverpaying } from './overpayment';
import type { Payment, PaymentRecord } from '../../../common/generated/types';

function lockedMessage(p: Pick<Payment, 'isDeposited' | 'isExported' | 'isGrouped'>): MessageCode | null {
  if (p.isDeposited) return 'PAYMENT_DEPOSITED';
  if (p.isExported) return 'PAYMENT_EXPORTED';
  if (p.isGrouped) return 'PAYMENT_GROUPED';
  return null;
}

export function registerPaymentRules(): void {
  registerHooks('payment', {
    async beforeSave(rec: Payment, existing: PaymentRecord | null, { trx, confirm }) {
      const locked = existing && lockedMessage(existing);
      if (locked) throw badRequest(locked);
      if (rec.bookingId == null && rec.customerId == null)
        throw badRequest('PAYMENT_BOOKING_OR_CUSTOMER', { bookingId: formatMessage('PAYMENT_BOOKING_OR_CUSTOMER') });
      if (rec.bookingId != null && rec.customerId == null) {
        const b = await trx('booking').where('id', rec.bookingId).first('customerId');
        rec.customerId = b?.customerId ?? null;
      }
      if (rec.billId != null) {
        const bill = await trx('bill').where('id', rec.billId).first('bookingId', 'kind');
        if (!bill || bill.kind !== 'invoice' || (rec.bookingId != null && bill.bookingId !== rec.bookingId))
          throw badRequest('BILL_NOT_FOUND', { billId: formatMessage('BILL_NOT_FOUND') });
      }
      await assertNotOverpaying(trx, rec, existing, confirm);
    },
    beforeDelete(existing: PaymentRecord) {
      const locked = lockedMessage(existing);
      if (locked) throw badRequest(locked);
    },
  });
  registerPaymentSource((db, ids) => paidByBookings(db, ids));
}

/** The method of what guests paid on an online channel (created the first time one is integrated). */
export const CHANNEL_METHOD_LABEL = 'Payé sur le canal de vente';

async function channelMethodId(trx: Knex.Transaction): Promise<number> {
  await trx('payment_method').insert({ label: CHANNEL_METHOD_LABEL, kind: 'regulation' }).onConflict('label').ignore();
  return (await trx('payment_method').where('label', CHANNEL_METHOD_LABEL).first('id')).id;
}

/**
 * An online booking being integrated (api/domain/stays/imports.ts): the amount the guest
 * paid on the channel becomes a payment of the stay, paid by the channel (payer type
 * partner, the stay's partner when it has one), inside the integration's transaction.
 */
export async function recordChannelPayment(
  trx: Knex.Transaction,
  bookingId: number,
  imp: { amount: number | null; externalRef: string; paymentMethodId?: number | null; date?: string },
): Promise<void> {
  if (!imp.amount || imp.amount <= 0) return;
  const booking = await trx('booking').where('id', bookingId).first('customerId', 'partnerId');
  const [row]: PaymentRecord[] = await trx('payment')
    .insert({
      bookingId,
      customerId: booking?.customerId ?? null,
      partnerId: booking?.partnerId ?? null,
      // the channel's own method when its settings name one (api/domain/channels)
      paymentMethodId: imp.paymentMethodId ?? (await channelMethodId(trx)),
      payerType: 'partner',
      category: 'down-payment',
      amount: imp.amount,
      date: imp.date ?? todayParis(),
      notes: `Réservation en ligne ${imp.externalRef}`,
    })
    .returning('*');
  await appendPaymentEntry(trx, row, 'payment'); // NF525: its ledger entry, in the same transaction
}
