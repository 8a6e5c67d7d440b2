// Several cheques for one amount (§5 (docs/billing.md#payments) « cheque distribution must match expected amount »):
// a guest pays the balance with three cheques, some dated « do not remit before » a
// later day. Each cheque becomes a payment of its own (each is remitted on its own day),
// all created in one transaction through the generic write path (same rules, history),
// and only when their amounts add up exactly to the amount expected.
import type { Knex } from 'knex';
import { entityMeta } from '../../rest/entities';
import { saveRecord } from '../../rest/records';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { formatCents } from '../../../common/money';
import { todayParis } from '../../../common/dates';
import { methodOf } from './payment-rules';
import type { PaymentRecord } from '../../../common/generated/types';

export interface ChequeLine {
  amount: number;
  chequeNumber: string;
  chequeHolder: string;
  chequeBank?: string | null;
  payingInstitution: string;
  doNotRemitBefore?: string | null;
}
export interface ChequesInput {
  bookingId?: number | null;
  customerId?: number | null;
  billId?: number | null;
  paymentMethodId: number;
  expectedAmount: number;
  date?: string;
  payerType?: string;
  category?: string;
  downPaymentNature?: string;
  notes?: string | null;
  cheques: ChequeLine[];
}

/** The cheques' total against the amount expected (pure, tested). */
export function distributionMismatch(expected: number, cheques: { amount: number }[]): { total: number } | null {
  const total = cheques.reduce((s, c) => s + c.amount, 0);
  return total === expected ? null : { total };
}

export async function recordCheques(
  knex: Knex,
  input: ChequesInput,
  userId: number | null,
  confirm?: ReadonlySet<string>,
): Promise<PaymentRecord[]> {
  const off = distributionMismatch(input.expectedAmount, input.cheques);
  if (off) {
    const params = { total: formatCents(off.total), expected: formatCents(input.expectedAmount) };
    throw badRequest(
      'CHEQUE_DISTRIBUTION_MISMATCH',
      { cheques: formatMessage('CHEQUE_DISTRIBUTION_MISMATCH', params) },
      params,
    );
  }
  const meta = entityMeta('payment');
  return knex.transaction(async (trx) => {
    const method = await methodOf(trx, input.paymentMethodId);
    if (method.kind !== 'cheque' && method.kind !== 'holiday-voucher')
      throw badRequest('INVALID_CHOICE', { paymentMethodId: formatMessage('INVALID_CHOICE') });
    const { cheques, expectedAmount: _e, ...common } = input;
    const saved: PaymentRecord[] = [];
    for (const c of cheques) {
      // Nested: each save is a savepoint of this transaction, all or nothing.
      saved.push(
        (await saveRecord(
          trx as unknown as Knex,
          meta,
          { ...common, date: input.date ?? todayParis(), ...c },
          userId,
          0,
          {
            confirm,
          },
        )) as PaymentRecord,
      );
    }
    return saved;
  });
}
