// Paper holiday vouchers (Chèques-Vacances ANCV) taken by count and denomination (issue
// 29 point 7): POST /rest/payment/vouchers makes the payment — through the generic write
// path (same rules, overpayment check, history, ledger) — for the sum of the vouchers,
// then its lines, in one transaction. The database checks at commit that the lines add
// up to the payment (migration 0451), so neither the generic path nor plain SQL can
// leave a paper-voucher payment without its vouchers or with other amounts.
import type { Knex } from 'knex';
import { entityMeta, registerHooks } from '../../rest/entities';
import { saveRecord } from '../../rest/records';
import { badRequest } from '../../http/errors';
import { mapDbError } from '../../db/errors';
import { formatMessage } from '../../../common/messages';
import { formatCents } from '../../../common/money';
import { todayParis } from '../../../common/dates';
import {
  ANCV_DENOMINATIONS,
  normaliseVouchers,
  vouchersTotal,
  type VoucherLine,
} from '../../../common/holiday-vouchers';
import { methodOf } from './payment-rules';
import type { PaymentRecord } from '../../../common/generated/types';

export interface VouchersInput {
  bookingId?: number | null;
  customerId?: number | null;
  paymentMethodId: number;
  /** the amount the screen showed; when given, it must be the vouchers' sum */
  amount?: number;
  date?: string;
  payerType?: 'customer' | 'holiday-aid' | 'partner';
  category?: 'payment' | 'down-payment';
  downPaymentNature?: 'arrhes' | 'acompte';
  payingInstitution?: string | null;
  notes?: string | null;
  vouchers: VoucherLine[];
}

/** The vouchers of a payment, as a route body takes them (a stay's payment, a till tender). */
export const VOUCHER_LINES_SCHEMA = {
  type: 'array',
  minItems: 1,
  maxItems: 4,
  items: {
    type: 'object',
    required: ['denomination', 'count'],
    additionalProperties: false,
    properties: {
      denomination: { enum: [...ANCV_DENOMINATIONS], 'x-message': 'INVALID_CHOICE' },
      count: { type: 'integer', minimum: 1, maximum: 9999, 'x-message': 'MUST_BE_POSITIVE' },
    },
  },
};

export async function recordVouchers(
  knex: Knex,
  input: VouchersInput,
  userId: number | null,
  confirm?: ReadonlySet<string>,
): Promise<PaymentRecord> {
  const vouchers = normaliseVouchers(input.vouchers);
  const total = vouchersTotal(vouchers);
  if (!vouchers.length)
    throw badRequest('ANCV_VOUCHERS_MISMATCH', { vouchers: formatMessage('ANCV_VOUCHERS_MISMATCH') });
  if (input.amount != null && input.amount !== total) {
    const params = { total: formatCents(total), amount: formatCents(input.amount) };
    throw badRequest('ANCV_VOUCHERS_TOTAL', { amount: formatMessage('ANCV_VOUCHERS_TOTAL', params) }, params);
  }
  const { vouchers: _v, amount: _a, ...common } = input;
  try {
    return await knex.transaction(async (trx) => {
      const method = await methodOf(trx, input.paymentMethodId);
      if (!method.isPaperVoucher)
        throw badRequest('ANCV_METHOD_REQUIRED', { paymentMethodId: formatMessage('ANCV_METHOD_REQUIRED') });
      // Nested: a savepoint of this transaction; the lines follow in the same one.
      const payment = (await saveRecord(
        trx as unknown as Knex,
        entityMeta('payment'),
        { ...common, date: input.date ?? todayParis(), amount: total },
        userId,
        0,
        { confirm },
      )) as PaymentRecord;
      await trx('payment_voucher').insert(vouchers.map((v) => ({ paymentId: payment.id, ...v })));
      return payment;
    });
  } catch (err) {
    throw mapDbError(err) ?? err;
  }
}

/** The voucher lines of payments, by payment id: a stay's payments (`paymentId`) or a ticket's (`salePaymentId`). */
export async function vouchersOf(
  db: Knex | Knex.Transaction,
  paymentIds: number[],
  key: 'paymentId' | 'salePaymentId' = 'paymentId',
): Promise<Map<number, VoucherLine[]>> {
  const out = new Map<number, VoucherLine[]>();
  if (!paymentIds.length) return out;
  const rows = await db('payment_voucher')
    .whereIn(key, paymentIds)
    .orderBy([{ column: key }, { column: 'denomination', order: 'desc' }])
    .select(key, 'denomination', 'count');
  for (const r of rows) out.set(r[key], [...(out.get(r[key]) ?? []), { denomination: r.denomination, count: r.count }]);
  return out;
}

/** Voucher lines are written with their payment only, never on their own. */
export function registerVoucherRules(): void {
  registerHooks('payment-voucher', {
    beforeSave() {
      throw badRequest('ANCV_VOUCHERS_THROUGH_PAYMENT');
    },
    beforeDelete() {
      throw badRequest('ANCV_VOUCHERS_THROUGH_PAYMENT');
    },
  });
}
