// Bank deposits (remises en banque): the cheques, vouchers or cash of one payment method
// handed to the bank together, under a unique number. Once deposited a payment is never
// changed (migration 0030's trigger). A cheque dated « do not remit before » a later day
// stays out; a method with automatic remittance needs its bank account.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { todayParis } from '../../../common/dates';
import { monthRange } from '../../../common/cash';
import { financePreferences } from './preferences';
import { vouchersOf } from './vouchers';
import { normaliseVouchers, type VoucherLine } from '../../../common/holiday-vouchers';
import type { BankDepositRecord, PaymentRecord } from '../../../common/generated/types';

export interface DepositInput {
  paymentMethodId: number;
  paymentIds: number[];
  date?: string;
  number?: string;
  bankAccountId?: number | null;
  notes?: string | null;
  slipType?: 'detailed' | 'summary';
}

const DEPOSIT_TYPE: Record<string, string> = {
  cheque: 'cheque',
  'holiday-voucher': 'holiday-voucher',
  cash: 'cash',
  card: 'card',
};

type Db = Knex | Knex.Transaction;

/** A payment at hand or deposited, with its paper vouchers when it has some. */
/** The columns of a payment a deposit lists (its answer schemas, finance-schemas.ts, name the same). */
export const REMITTED_COLUMNS = [
  'id',
  'date',
  'amount',
  'bookingId',
  'customerId',
  'chequeNumber',
  'chequeHolder',
  'chequeBank',
  'payingInstitution',
] as const;

export type DepositPayment = Pick<
  PaymentRecord,
  | 'id'
  | 'date'
  | 'amount'
  | 'bookingId'
  | 'customerId'
  | 'chequeNumber'
  | 'chequeHolder'
  | 'chequeBank'
  | 'payingInstitution'
  | 'commissionAmount'
> &
  Partial<Pick<PaymentRecord, 'doNotRemitBefore' | 'payerType' | 'notes'>> & { vouchers?: VoucherLine[] };

/** A deposit of a month's list. */
export type DepositRow = Omit<BankDepositRecord, 'createdAt' | 'updatedAt' | 'version' | 'notes'> & {
  methodLabel: string;
  bankAccountLabel: string | null;
};

/** A deposit with its payments and their vouchers (the slip and the deposit screen). */
export type DepositDetail = BankDepositRecord & {
  methodLabel: string;
  isPaperVoucher: boolean;
  bankAccountLabel: string | null;
  iban: string | null;
  payments: DepositPayment[];
  vouchers: VoucherLine[];
};

/** Payments of a method still at hand, oldest first (what /create-deposit/{paymentMethodId} offers). */
export async function depositCandidates(db: Db, paymentMethodId: number): Promise<DepositPayment[]> {
  // Money received only: a refund (paid back to a guest) is never remitted to the bank.
  const rows: DepositPayment[] = await db('payment')
    .where({ paymentMethodId, isDeposited: false })
    .where('amount', '>', 0)
    .orderBy(['date', 'id'])
    .select(...REMITTED_COLUMNS, 'doNotRemitBefore', 'payerType', 'commissionAmount', 'notes');
  return withVouchers(db, rows);
}

/** Each payment with its paper holiday vouchers (count × denomination), when it has some. */
async function withVouchers(db: Db, rows: DepositPayment[]): Promise<DepositPayment[]> {
  const vouchers = await vouchersOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => (vouchers.has(r.id) ? { ...r, vouchers: vouchers.get(r.id) } : r));
}

/** Deposits of a month (/deposit-list/{yearMonth}) with their total. */
export async function depositsOfMonth(db: Db, yearMonth: string): Promise<{ rows: DepositRow[]; total: number }> {
  const { from, to } = monthRange(yearMonth);
  const rows: DepositRow[] = await db('bank_deposit as d')
    .join('payment_method as m', 'm.id', 'd.paymentMethodId')
    .leftJoin('bank_account as a', 'a.id', 'd.bankAccountId')
    .where('d.date', '>=', from)
    .where('d.date', '<', to)
    .orderBy([{ column: 'd.date' }, { column: 'd.id' }])
    .select(
      'd.id',
      'd.number',
      'd.date',
      'd.paymentMethodId',
      'm.label as methodLabel',
      'd.bankAccountId',
      'a.label as bankAccountLabel',
      'd.depositType',
      'd.slipType',
      'd.totalAmount',
      'd.paymentCount',
    );
  return { rows, total: rows.reduce((s, r) => s + r.totalAmount, 0) };
}

/** The next free number of the month: R<yyyymm>-<n>. */
async function nextNumber(trx: Knex.Transaction, date: string): Promise<string> {
  const prefix = `R${date.slice(0, 4)}${date.slice(5, 7)}-`;
  const { rows } = await trx.raw(
    `SELECT coalesce(max(substring(number from '^${prefix}([0-9]+)$')::int), 0) + 1 AS n FROM bank_deposit WHERE ` +
      `number LIKE ?`,
    [`${prefix}%`],
  );
  return `${prefix}${String(rows[0].n).padStart(3, '0')}`;
}

export async function createDeposit(knex: Knex, input: DepositInput): Promise<number> {
  const date = input.date ?? todayParis();
  return knex.transaction(async (trx) => {
    const method = await trx('payment_method').where('id', input.paymentMethodId).first();
    if (!method) throw badRequest('REFERENCE_NOT_FOUND', { paymentMethodId: formatMessage('REFERENCE_NOT_FOUND') });
    if (!method.isBankable && !method.isAutoRemittance)
      throw badRequest('DEPOSIT_METHOD_NOT_BANKABLE', {
        paymentMethodId: formatMessage('DEPOSIT_METHOD_NOT_BANKABLE'),
      });
    const bankAccountId = input.bankAccountId ?? method.bankAccountId ?? null;
    if (method.isAutoRemittance && bankAccountId == null)
      throw badRequest('AUTO_REMITTANCE_NEEDS_BANK_ACCOUNT', {
        bankAccountId: formatMessage('AUTO_REMITTANCE_NEEDS_BANK_ACCOUNT'),
      });
    const ids = [...new Set(input.paymentIds)];
    const payments = await trx('payment')
      .whereIn('id', ids)
      .forUpdate()
      .select('id', 'amount', 'paymentMethodId', 'isDeposited', 'doNotRemitBefore');
    if (
      !ids.length ||
      payments.length !== ids.length ||
      payments.some((p) => p.paymentMethodId !== method.id || p.isDeposited || !(p.amount > 0))
    ) {
      throw badRequest('DEPOSIT_PAYMENTS_INVALID', { paymentIds: formatMessage('DEPOSIT_PAYMENTS_INVALID') });
    }
    const early = payments.find((p) => p.doNotRemitBefore && p.doNotRemitBefore > date);
    if (early)
      throw badRequest('DEPOSIT_CHEQUE_TOO_EARLY', undefined, {
        date: early.doNotRemitBefore.split('-').reverse().join('/'),
      });
    const number = input.number?.trim() || (await nextNumber(trx, date));
    const [{ id }] = await trx('bank_deposit')
      .insert({
        number,
        date,
        paymentMethodId: method.id,
        bankAccountId,
        notes: input.notes ?? null,
        depositType: DEPOSIT_TYPE[method.kind] ?? 'other',
        slipType: input.slipType ?? (await financePreferences(trx)).depositSlipType,
        totalAmount: payments.reduce((s, p) => s + p.amount, 0),
        paymentCount: payments.length,
      })
      .returning('id');
    await trx('payment').whereIn('id', ids).update({ isDeposited: true, bankDepositId: id, updatedAt: trx.fn.now() });
    return id;
  });
}

export async function loadDeposit(db: Db, id: number): Promise<DepositDetail | null> {
  const d: Omit<DepositDetail, 'payments' | 'vouchers'> | undefined = await db('bank_deposit as d')
    .join('payment_method as m', 'm.id', 'd.paymentMethodId')
    .leftJoin('bank_account as a', 'a.id', 'd.bankAccountId')
    .where('d.id', id)
    .first('d.*', 'm.label as methodLabel', 'm.isPaperVoucher', 'a.label as bankAccountLabel', 'a.iban');
  if (!d) return null;
  const payments: DepositPayment[] = await db('payment')
    .where('bankDepositId', id)
    .orderBy(['date', 'id'])
    .select(...REMITTED_COLUMNS, 'commissionAmount');
  // Paper holiday vouchers go to the ANCV, which asks for their count by denomination.
  const lines = await withVouchers(db, payments);
  const vouchers = normaliseVouchers(lines.flatMap((p): VoucherLine[] => p.vouchers ?? []));
  return { ...d, payments: lines, vouchers };
}
