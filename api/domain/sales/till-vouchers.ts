// Paper holiday vouchers (Chèques-Vacances ANCV) at the till, taken as at the desk: by
// count of each denomination, the tender's amount being their sum (issue 29 point 7, docs/history.md#issue-29).
// They are kept on payment_voucher rows of the ticket's payment (sale_payment_id); the
// database checks at commit that they add up (migration 0531), and never lets them change.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { formatCents } from '../../../common/money';
import { normaliseVouchers, vouchersTotal, type VoucherLine } from '../../../common/holiday-vouchers';
import { vouchersOf } from '../billing/vouchers';
import type { TillMethod } from './sale-context';

type Trx = Knex.Transaction;
type Db = Knex | Trx;

interface Tender {
  kind: string;
  amount: number;
  paymentMethodId?: number | null;
  vouchers?: VoucherLine[] | null;
}

/** The paper-voucher method a counted tender is taken with when none is named (methods: active, in order). */
export function paperVoucherMethodId(methods: TillMethod[], tenders: Tender[]): number | null {
  if (!tenders.some((t) => t.kind === 'holiday-voucher' && t.vouchers?.length && !t.paymentMethodId)) return null;
  return methods.find((m) => m.kind === 'holiday-voucher' && m.isPaperVoucher)?.id ?? null;
}

/**
 * The vouchers of each tender (by index), checked against its method (`paper`: the
 * paper-voucher methods): a paper-voucher method takes them counted, adding up to the
 * amount; no other tender has any.
 */
export function tenderVouchers(tenders: Tender[], methods: (number | null)[], paper: Set<number>): VoucherLine[][] {
  return tenders.map((t, i) => {
    const lines = normaliseVouchers(t.vouchers ?? []);
    const isPaper = methods[i] != null && paper.has(methods[i]!);
    if (!isPaper || t.amount <= 0) {
      if (lines.length) throw badRequest('ANCV_METHOD_REQUIRED', { payments: formatMessage('ANCV_METHOD_REQUIRED') });
      return [];
    }
    if (!lines.length)
      throw badRequest('ANCV_VOUCHERS_MISMATCH', { payments: formatMessage('ANCV_VOUCHERS_MISMATCH') });
    const total = vouchersTotal(lines);
    if (total !== t.amount) {
      const params = { total: formatCents(total), amount: formatCents(t.amount) };
      throw badRequest('ANCV_VOUCHERS_TOTAL', { payments: formatMessage('ANCV_VOUCHERS_TOTAL', params) }, params);
    }
    return lines;
  });
}

/** The voucher lines of the ticket's payments just inserted (ids in the order of `lines`). */
export async function insertTenderVouchers(trx: Trx, salePaymentIds: number[], lines: VoucherLine[][]): Promise<void> {
  const rows = lines.flatMap((l, i) => l.map((v) => ({ salePaymentId: salePaymentIds[i], ...v })));
  if (rows.length) await trx('payment_voucher').insert(rows);
}

/** Each payment of a ticket with its counted vouchers (none: an empty list). */
export async function withTenderVouchers<P extends { id: number }>(
  db: Db,
  payments: P[],
): Promise<(P & { vouchers: VoucherLine[] })[]> {
  const lines = await vouchersOf(
    db,
    payments.map((p) => p.id),
    'salePaymentId',
  );
  return payments.map((p) => ({ ...p, vouchers: lines.get(p.id) ?? [] }));
}

/** The paper vouchers a register window took, by denomination: what its Z says to hand to the ANCV. */
export async function windowVouchers(db: Db, windowId: number): Promise<VoucherLine[]> {
  const rows = await db('payment_voucher as v')
    .join('sale_payment as p', 'p.id', 'v.salePaymentId')
    .join('sale as s', 's.id', 'p.saleId')
    .where('s.cashRegisterWindowId', windowId)
    .groupBy('v.denomination')
    .orderBy('v.denomination', 'desc')
    .select('v.denomination', db.raw('sum(v.count)::int AS count'));
  return rows.map((r) => ({ denomination: r.denomination, count: r.count }));
}
