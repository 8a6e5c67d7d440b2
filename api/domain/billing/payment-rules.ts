// Rules of a payment by its method's kind (§5 (docs/billing.md#validation), §9, docs/constants.md#payments-and-bills),
// on the generic write path (/rest/payment), beside payments.ts (locks, stay's customer):
// - no full card number anywhere (the holder, last four digits and expiry only);
// - a cheque has its number, holder and paying institution;
// - holiday vouchers (ANCV) and cards take the commission rate of the « fees »
//   preference when none is given; a commission never exceeds the amount;
// - a credit note used as payment is an issued credit note of the same customer, never
//   used beyond its amount (its use is serialised by an advisory lock);
// - a gift voucher is redeemed through the sales module's redeemer (gift-vouchers.ts);
// - a grouped payment is made by grouping (grouping.ts), never typed;
// - the partner paying is the stay's when none is given; the arrhes/acompte nature only
//   means something for a down payment (it stays « arrhes », the legal default, otherwise).
import type { Knex } from 'knex';
import { registerHooks } from '../../rest/entities';
import { badRequest, HttpError } from '../../http/errors';
import { formatMessage, type MessageCode } from '../../../common/messages';
import { formatCents } from '../../../common/money';
import { containsCardNumber } from '../../../common/card-number';
import { financePreferences } from './preferences';
import { giftVoucherRedeemer } from './gift-vouchers';

import type { Payment, PaymentMethodRecord, PaymentRecord } from '../../../common/generated/types';

/** The payment method fields payment rules read. */
export type PaymentMethodRow = Pick<
  PaymentMethodRecord,
  'id' | 'kind' | 'label' | 'isBankable' | 'isAutoRemittance' | 'bankAccountId' | 'isPaperVoucher'
>;
/** A payment, or a cheque line of a deposit: its text fields are read by name. */
type Texts = object;
const field = (rec: Texts, f: string): unknown => (rec as Record<string, unknown>)[f];
type Trx = Knex.Transaction;

const TEXT_FIELDS = [
  'chequeNumber',
  'chequeHolder',
  'chequeBank',
  'payingInstitution',
  'cardHolder',
  'notes',
  'giftVoucherCode',
];
const refuse = (code: MessageCode, field: string, params?: Record<string, string | number>): never => {
  throw badRequest(code, { [field]: formatMessage(code, params) }, params);
};
const blank = (v: unknown) => v == null || String(v).trim() === '';

/** Refuses a full card number typed in any text of a payment (or of a cheque line). */
export function assertNoCardNumber(rec: Texts, prefix = ''): void {
  for (const f of TEXT_FIELDS)
    if (typeof field(rec, f) === 'string' && containsCardNumber(field(rec, f) as string))
      refuse('CARD_NUMBER_FORBIDDEN', `${prefix}${f}`);
}

/** The §5 (docs/billing.md#payments) cheque fields. */
export function assertChequeFields(rec: Texts, prefix = ''): void {
  for (const f of ['chequeNumber', 'chequeHolder', 'payingInstitution'])
    if (blank(field(rec, f))) refuse('CHEQUE_FIELDS_REQUIRED', `${prefix}${f}`);
}

export async function methodOf(trx: Knex | Trx, id: number): Promise<PaymentMethodRow> {
  const m: PaymentMethodRow | undefined = await trx('payment_method')
    .where('id', id)
    .first('id', 'kind', 'label', 'isBankable', 'isAutoRemittance', 'bankAccountId', 'isPaperVoucher');
  if (!m) return refuse('REFERENCE_NOT_FOUND', 'paymentMethodId');
  return m;
}

/** What is left to use of a credit note (cents, positive), its own payment aside. */
export async function creditNoteRemaining(
  trx: Knex | Trx,
  billId: number,
  exceptPaymentId: number | null,
): Promise<number> {
  const bill = await trx('bill').where('id', billId).first('totalInclVat');
  const used = await trx('payment')
    .where('creditNoteBillId', billId)
    .modify((q) => {
      if (exceptPaymentId) q.whereNot('id', exceptPaymentId);
    })
    .sum({ s: 'amount' })
    .first();
  return -(bill?.totalInclVat ?? 0) - Number(used?.s ?? 0);
}

/** The credit notes of the stay's customer with something left to pay with (the payment dialog's picker). */
export async function usableCreditNotes(
  db: Knex,
  bookingId: number,
): Promise<{ id: number; number: string; date: string; remaining: number }[]> {
  const stay = await db('booking').where('id', bookingId).first('customerId');
  if (!stay) throw new HttpError(404, 'NOT_FOUND');
  if (stay.customerId == null) return [];
  const { rows } = await db.raw(
    `
    SELECT n.id, n.number, n.date, (-n.total_incl_vat - coalesce((SELECT sum(p.amount) FROM payment p
      WHERE p.credit_note_bill_id = n.id), 0))::int AS remaining
    FROM bill n WHERE n.kind = 'credit-note' AND n.customer_id = ? ORDER BY n.id`,
    [stay.customerId],
  );
  return (rows as { id: number; number: string; date: string; remaining: number }[]).filter((r) => r.remaining > 0);
}

async function checkCreditNote(trx: Trx, rec: Payment, existing: PaymentRecord | null): Promise<void> {
  if (rec.creditNoteBillId == null) return refuse('CREDIT_NOTE_PAYMENT_INVALID', 'creditNoteBillId');
  const cn = await trx('bill').where('id', rec.creditNoteBillId).first('id', 'kind', 'customerId');
  if (!cn || cn.kind !== 'credit-note' || (rec.customerId != null && cn.customerId !== rec.customerId))
    refuse('CREDIT_NOTE_PAYMENT_INVALID', 'creditNoteBillId');
  // Two payments on one credit note at once: the second waits, then sees the first.
  await trx.raw('SELECT pg_advisory_xact_lock(?, ?)', [1_400_002, rec.creditNoteBillId]);
  const remaining = await creditNoteRemaining(trx, rec.creditNoteBillId, existing?.id ?? null);
  if (rec.amount > remaining)
    refuse('CREDIT_NOTE_EXHAUSTED', 'amount', { remaining: formatCents(Math.max(remaining, 0)) });
}

async function useGiftVoucher(trx: Trx, rec: Payment, existing: PaymentRecord | null): Promise<void> {
  if (blank(rec.giftVoucherCode)) refuse('GIFT_VOUCHER_CODE_REQUIRED', 'giftVoucherCode');
  const unchanged = existing && existing.giftVoucherCode === rec.giftVoucherCode && existing.amount === rec.amount;
  if (unchanged) return;
  const r = giftVoucherRedeemer();
  if (!r) refuse('GIFT_VOUCHER_UNAVAILABLE', 'giftVoucherCode');
  if (existing?.giftVoucherCode)
    await r!.release(trx, {
      code: existing.giftVoucherCode,
      amount: existing.amount,
      paymentId: existing.id,
      customerId: existing.customerId,
    });
  if (
    !(await r!.redeem(trx, {
      code: String(rec.giftVoucherCode).trim(),
      amount: rec.amount,
      paymentId: existing?.id ?? null,
      customerId: rec.customerId ?? null,
    }))
  ) {
    refuse('GIFT_VOUCHER_UNAVAILABLE', 'giftVoucherCode');
  }
}

export function registerPaymentKindRules(): void {
  registerHooks('payment', {
    async beforeSave(rec: Payment, existing: PaymentRecord | null, { trx }) {
      assertNoCardNumber(rec);
      // Money received is positive; a refund (paid back, refunds.ts) is the one negative payment.
      if ((rec.category === 'refund') !== rec.amount < 0) refuse('PAYMENT_SIGN_INVALID', 'amount');
      const method = await methodOf(trx, rec.paymentMethodId);
      if (rec.category === 'refund') {
        if (!['none', 'cash', 'card', 'cheque', 'regulation'].includes(method.kind))
          refuse('INVALID_CHOICE', 'paymentMethodId');
        rec.commissionAmount = 0;
        rec.doNotRemitBefore = null;
        rec.downPaymentNature = 'arrhes';
        return;
      }
      if (method.kind === 'grouped' && !existing) refuse('GROUP_PAYMENTS_INVALID', 'paymentMethodId');
      if (method.kind === 'cheque') assertChequeFields(rec);
      if (method.kind !== 'cheque' && method.kind !== 'holiday-voucher') rec.doNotRemitBefore = null;
      if (method.kind === 'holiday-voucher' || method.kind === 'card') {
        const commissionGiven = existing
          ? rec.commissionAmount !== existing.commissionAmount
          : (rec.commissionAmount ?? 0) > 0;
        if (!commissionGiven && (!existing || rec.amount !== existing.amount)) {
          const prefs = await financePreferences(trx);
          const bp = method.kind === 'card' ? prefs.cardCommissionBp : prefs.holidayVoucherCommissionBp;
          rec.commissionAmount = Math.round((rec.amount * bp) / 10_000);
        }
      } else if (!existing) rec.commissionAmount = rec.commissionAmount ?? 0;
      if ((rec.commissionAmount ?? 0) > rec.amount) refuse('COMMISSION_EXCEEDS_AMOUNT', 'commissionAmount');
      if (method.kind === 'credit-note') await checkCreditNote(trx, rec, existing);
      else rec.creditNoteBillId = null;
      if (method.kind === 'gift') await useGiftVoucher(trx, rec, existing);
      if (rec.payerType === 'partner' && rec.partnerId == null && rec.bookingId != null) {
        rec.partnerId = (await trx('booking').where('id', rec.bookingId).first('partnerId'))?.partnerId ?? null;
      }
      if (rec.category !== 'down-payment') rec.downPaymentNature = 'arrhes';
    },
    async beforeDelete(existing: PaymentRecord, { trx }) {
      if (existing.giftVoucherCode) {
        const method = await methodOf(trx, existing.paymentMethodId);
        const r = giftVoucherRedeemer();
        if (method.kind === 'gift' && r)
          await r.release(trx, {
            code: existing.giftVoucherCode,
            amount: existing.amount,
            paymentId: existing.id,
            customerId: existing.customerId,
          });
      }
    },
  });
  // A bank deposit is made with its payments (deposits.ts), never typed on the generic path.
  registerHooks('bank-deposit', {
    beforeSave(_rec, existing) {
      if (!existing) throw badRequest('DEPOSIT_CREATE_THROUGH_SCREEN');
    },
  });
}
