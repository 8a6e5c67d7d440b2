// Cash and bank (§2, docs/screens.md#billing-and-finance): the cash fund of a cash method for one day (counted vs
// expected), the monthly lists of expenses and injections, the monthly starting bases, and the
// cash and bank journal (cash-journal.ts). Cash methods are payment methods of kind « cash »; expenses
// and injections are `cash_movement` rows; counts are `cash_count` rows (one per method
// and day, its expected amount stored as it was when counted).
import type { Knex } from 'knex';
import { registerHooks } from '../../rest/entities';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { cashDifference, expectedCash, monthRange, type CashFlows } from '../../../common/cash';
import { addDays } from '../pricing/dates';
import { financePreferences } from './preferences';
import { assertMonthOpen } from '../ledger/append';

import type {
  CashCountRecord,
  CashMovement,
  CashMovementRecord,
  PaymentMethodRecord,
  PaymentRecord,
  StartingBaseRecord,
} from '../../../common/generated/types';
import type { Db } from './records';

type CashMethod = Pick<PaymentMethodRecord, 'id' | 'label' | 'kind'>;

/** The /cash-fund screen: the day's flows, what is expected in the drawer, the day's payments and movements. */
export interface CashFund extends CashFlows {
  paymentMethodId: number;
  methodLabel: string;
  date: string;
  openingSource: string;
  from: string;
  expected: number;
  payments: (Pick<PaymentRecord, 'id' | 'amount' | 'bookingId' | 'category' | 'notes'> & {
    bookingCode: string | null;
  })[];
  movements: Pick<CashMovementRecord, 'id' | 'kind' | 'label' | 'amount'>[];
  count: CashCountRecord | null;
  tolerance: number;
  difference: number | null;
  withinTolerance: boolean | null;
}

/** A cash method with its starting base of a month. */
export interface StartingBaseRow {
  paymentMethodId: number;
  methodLabel: string;
  isActive: boolean;
  base: Pick<StartingBaseRecord, 'id' | 'paymentMethodId' | 'amount' | 'version'> | null;
}

/** An expense or injection as the month's list shows it. */
export type CashMovementRow = Pick<
  CashMovementRecord,
  'id' | 'date' | 'label' | 'amount' | 'notes' | 'paymentMethodId' | 'expenseTypeId' | 'version'
> & { methodLabel: string | null; expenseTypeLabel: string | null };

async function cashMethod(db: Db, id: number): Promise<CashMethod> {
  const m: CashMethod | undefined = await db('payment_method').where('id', id).first('id', 'label', 'kind');
  if (!m || m.kind !== 'cash')
    throw badRequest('CASH_METHOD_REQUIRED', { paymentMethodId: formatMessage('CASH_METHOD_REQUIRED') });
  return m;
}

const sumOf = async (q: Knex.QueryBuilder, col = 'amount'): Promise<number> =>
  Number((await q.sum({ s: col }).first())?.s ?? 0);

/** The opening of `date`: the last count of its month before it, else the month's starting base. */
async function opening(
  db: Db,
  methodId: number,
  date: string,
): Promise<{ amount: number; from: string; source: 'count' | 'starting-base' | 'none'; countDate?: string }> {
  const month = date.slice(0, 7);
  const { from } = monthRange(month);
  const count: Pick<CashCountRecord, 'date' | 'countedAmount'> | undefined = await db('cash_count')
    .where('paymentMethodId', methodId)
    .where('date', '>=', from)
    .where('date', '<', date)
    .orderBy('date', 'desc')
    .first('date', 'countedAmount');
  if (count)
    return { amount: count.countedAmount, from: addDays(count.date, 1), source: 'count', countDate: count.date };
  const base: Pick<StartingBaseRecord, 'amount'> | undefined = await db('starting_base')
    .where({ paymentMethodId: methodId, yearMonth: month })
    .first('amount');
  return { amount: base?.amount ?? 0, from, source: base ? 'starting-base' : 'none' };
}

export async function cashFlows(
  db: Db,
  methodId: number,
  date: string,
): Promise<CashFlows & { openingSource: string; from: string }> {
  const o = await opening(db, methodId, date);
  const span = <T extends Knex.QueryBuilder>(q: T) => q.where('date', '>=', o.from).where('date', '<=', date);
  const [receipts, injections, expenses, deposits] = await Promise.all([
    sumOf(span(db('payment').where('paymentMethodId', methodId))),
    sumOf(span(db('cash_movement').where({ paymentMethodId: methodId, kind: 'injection' }))),
    sumOf(span(db('cash_movement').where({ paymentMethodId: methodId, kind: 'expense' }))),
    sumOf(span(db('bank_deposit').where('paymentMethodId', methodId)), 'totalAmount'),
  ]);
  return { opening: o.amount, openingSource: o.source, from: o.from, receipts, injections, expenses, deposits };
}

/** The /cash-fund/{paymentMethodId}/{date} screen. */
export async function cashFund(db: Db, methodId: number, date: string): Promise<CashFund> {
  const method = await cashMethod(db, methodId);
  const flows = await cashFlows(db, methodId, date);
  const expected = expectedCash(flows);
  const count: CashCountRecord | undefined = await db('cash_count').where({ paymentMethodId: methodId, date }).first();
  const prefs = await financePreferences(db);
  const day = <T extends Knex.QueryBuilder>(q: T) => q.where('date', date);
  const [payments, movements]: [CashFund['payments'], CashFund['movements']] = await Promise.all([
    day(db('payment as p').where('p.paymentMethodId', methodId))
      .leftJoin('booking as b', 'b.id', 'p.bookingId')
      .orderBy('p.id')
      .select('p.id', 'p.amount', 'p.bookingId', 'b.code as bookingCode', 'p.category', 'p.notes'),
    day(db('cash_movement').where('paymentMethodId', methodId)).orderBy('id').select('id', 'kind', 'label', 'amount'),
  ]);
  return {
    paymentMethodId: method.id,
    methodLabel: method.label,
    date,
    ...flows,
    expected,
    payments,
    movements,
    count: count ?? null,
    tolerance: prefs.cashDifferenceTolerance,
    ...(count
      ? cashDifference(count.countedAmount, expected, prefs.cashDifferenceTolerance)
      : { difference: null, withinTolerance: null }),
  };
}

/** Cash methods with their starting base of the month (null when none yet). */
export async function startingBases(db: Db, yearMonth: string): Promise<StartingBaseRow[]> {
  const methods: Pick<PaymentMethodRecord, 'id' | 'label' | 'isActive'>[] = await db('payment_method')
    .where('kind', 'cash')
    .orderBy(['order', 'id'])
    .select('id', 'label', 'isActive');
  const stored: NonNullable<StartingBaseRow['base']>[] = await db('starting_base')
    .where('yearMonth', yearMonth)
    .select('id', 'paymentMethodId', 'amount', 'version');
  const bases = new Map(stored.map((b) => [b.paymentMethodId, b]));
  return methods.map((m) => ({
    paymentMethodId: m.id,
    methodLabel: m.label,
    isActive: m.isActive,
    base: bases.get(m.id) ?? null,
  }));
}

/** Expenses or injections of a month, with their total. */
export async function movementsOfMonth(
  db: Db,
  kind: 'expense' | 'injection',
  yearMonth: string,
): Promise<{ rows: CashMovementRow[]; total: number }> {
  const { from, to } = monthRange(yearMonth);
  const rows: CashMovementRow[] = await db('cash_movement as c')
    .leftJoin('payment_method as m', 'm.id', 'c.paymentMethodId')
    .leftJoin('expense_type as t', 't.id', 'c.expenseTypeId')
    .where('c.kind', kind)
    .where('c.date', '>=', from)
    .where('c.date', '<', to)
    .orderBy([{ column: 'c.date' }, { column: 'c.id' }])
    .select(
      'c.id',
      'c.date',
      'c.label',
      'c.amount',
      'c.notes',
      'c.paymentMethodId',
      'm.label as methodLabel',
      'c.expenseTypeId',
      't.label as expenseTypeLabel',
      'c.version',
    );
  return { rows, total: rows.reduce((s, r) => s + r.amount, 0) };
}

/**
 * A closed month keeps its cash records: neither the month a row is in nor the one it
 * would move to may be closed (migration 0048's triggers are the guarantee in plain SQL).
 */
async function assertCashMonthsOpen(
  db: Db,
  field: 'date' | 'yearMonth',
  rec: Partial<Record<typeof field, string>> | null,
  existing: Partial<Record<typeof field, string>> | null,
): Promise<void> {
  for (const day of new Set([existing?.[field], rec?.[field]]))
    if (typeof day === 'string' && day) await assertMonthOpen(db, day, field);
}

export function registerCashRules(): void {
  registerHooks('cash-movement', {
    async beforeSave(rec: CashMovement, existing: CashMovementRecord | null, { trx }) {
      await assertCashMonthsOpen(trx, 'date', rec, existing);
      await cashMethod(trx, rec.paymentMethodId);
      if (rec.kind !== 'expense' && rec.expenseTypeId != null)
        throw badRequest('EXPENSE_TYPE_ONLY_FOR_EXPENSES', {
          expenseTypeId: formatMessage('EXPENSE_TYPE_ONLY_FOR_EXPENSES'),
        });
    },
    async beforeDelete(existing, { trx }) {
      await assertCashMonthsOpen(trx, 'date', null, existing);
    },
  });
  registerHooks('starting-base', {
    async beforeSave(rec, existing, { trx }) {
      await assertCashMonthsOpen(trx, 'yearMonth', rec, existing);
      await cashMethod(trx, rec.paymentMethodId);
    },
    async beforeDelete(existing, { trx }) {
      await assertCashMonthsOpen(trx, 'yearMonth', null, existing);
    },
  });
  // A count stores what was expected when it was made (the screen recomputes it live).
  registerHooks('cash-count', {
    async beforeSave(rec, existing, { trx }) {
      await assertCashMonthsOpen(trx, 'date', rec, existing);
      await cashMethod(trx, rec.paymentMethodId);
    },
    async afterSave(saved: CashCountRecord, _existing, { trx }) {
      const expectedAmount = expectedCash(await cashFlows(trx, saved.paymentMethodId, saved.date));
      if (expectedAmount !== saved.expectedAmount)
        await trx('cash_count').where('id', saved.id).update({ expectedAmount });
    },
    async beforeDelete(existing, { trx }) {
      await assertCashMonthsOpen(trx, 'date', null, existing);
    },
  });
}
