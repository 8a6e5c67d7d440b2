// Cash and bank (§2, docs/screens.md#billing-and-finance): the cash fund of a cash method for one day (counted vs
// expected), the monthly lists of expenses and injections, the monthly starting bases, and the
// cash and bank journal. Cash methods are payment methods of kind « cash »; expenses
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

type Db = Knex | Knex.Transaction;
type Row = Record<string, any>;

async function cashMethod(db: Db, id: number): Promise<Row> {
  const m = await db('payment_method').where('id', id).first('id', 'label', 'kind');
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
  const count = await db('cash_count')
    .where('paymentMethodId', methodId)
    .where('date', '>=', from)
    .where('date', '<', date)
    .orderBy('date', 'desc')
    .first('date', 'countedAmount');
  if (count)
    return { amount: count.countedAmount, from: addDays(count.date, 1), source: 'count', countDate: count.date };
  const base = await db('starting_base').where({ paymentMethodId: methodId, yearMonth: month }).first('amount');
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
export async function cashFund(db: Db, methodId: number, date: string): Promise<Row> {
  const method = await cashMethod(db, methodId);
  const flows = await cashFlows(db, methodId, date);
  const expected = expectedCash(flows);
  const count = await db('cash_count').where({ paymentMethodId: methodId, date }).first();
  const prefs = await financePreferences(db);
  const day = <T extends Knex.QueryBuilder>(q: T) => q.where('date', date);
  const [payments, movements] = await Promise.all([
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
export async function startingBases(db: Db, yearMonth: string): Promise<Row[]> {
  const methods = await db('payment_method')
    .where('kind', 'cash')
    .orderBy(['order', 'id'])
    .select('id', 'label', 'isActive');
  const bases = new Map(
    (await db('starting_base').where('yearMonth', yearMonth).select('id', 'paymentMethodId', 'amount', 'version')).map(
      (b: Row) => [b.paymentMethodId, b],
    ),
  );
  return methods.map((m: Row) => ({
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
): Promise<{ rows: Row[]; total: number }> {
  const { from, to } = monthRange(yearMonth);
  const rows = await db('cash_movement as c')
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
  return { rows, total: rows.reduce((s: number, r: Row) => s + r.amount, 0) };
}

export interface JournalQuery {
  from: string;
  to: string;
  paymentMethodId?: number;
}

/**
 * The cash and bank journal over [from, to]: every receipt by method, expenses and
 * injections of the tills, and the bank deposits; with the « result » preferences
 * (bank receipts dated by remittance, down payments counted or not). Totals per method.
 */
export async function cashAndBankJournal(
  db: Db,
  q: JournalQuery,
): Promise<{ rows: Row[]; totals: Row[]; basis: string }> {
  const prefs = await financePreferences(db);
  const byDeposit = prefs.resultBasis === 'deposit-date';
  const pay = db('payment as p')
    .join('payment_method as m', 'm.id', 'p.paymentMethodId')
    .leftJoin('bank_deposit as d', 'd.id', 'p.bankDepositId')
    .leftJoin('booking as b', 'b.id', 'p.bookingId')
    // A grouped payment stands for the ones it groups: those count, not it.
    .whereNot('m.kind', 'grouped')
    .select(
      'p.id',
      'p.paymentMethodId',
      'm.label as methodLabel',
      'm.kind as methodKind',
      'p.amount',
      'p.category',
      'p.bookingId',
      'b.code as bookingCode',
      'p.bankDepositId',
      'd.number as depositNumber',
    )
    .select(db.raw(byDeposit ? `CASE WHEN m.is_bankable THEN d.date ELSE p.date END AS day` : 'p.date AS day'));
  if (!prefs.resultIncludesDownPayments) pay.whereNot('p.category', 'down-payment');
  if (q.paymentMethodId) pay.where('p.paymentMethodId', q.paymentMethodId);
  const payments = (await db
    .from(pay.as('x'))
    .where('x.day', '>=', q.from)
    .where('x.day', '<=', q.to)
    .orderBy(['x.day', 'x.id'])
    .limit(5000)
    .select('*')) as Row[];
  const mv = db('cash_movement as c')
    .join('payment_method as m', 'm.id', 'c.paymentMethodId')
    .where('c.date', '>=', q.from)
    .where('c.date', '<=', q.to)
    .orderBy(['c.date', 'c.id'])
    .limit(5000)
    .select('c.id', 'c.date', 'c.kind', 'c.label', 'c.amount', 'c.paymentMethodId', 'm.label as methodLabel');
  const dep = db('bank_deposit as d')
    .join('payment_method as m', 'm.id', 'd.paymentMethodId')
    .where('d.date', '>=', q.from)
    .where('d.date', '<=', q.to)
    .orderBy(['d.date', 'd.id'])
    .limit(5000)
    .select(
      'd.id',
      'd.date',
      'd.number',
      'd.totalAmount',
      'd.paymentMethodId',
      'm.label as methodLabel',
      'm.kind as methodKind',
    );
  if (q.paymentMethodId) {
    mv.where('c.paymentMethodId', q.paymentMethodId);
    dep.where('d.paymentMethodId', q.paymentMethodId);
  }
  const [movements, deposits] = await Promise.all([mv, dep]);
  const rows: Row[] = [
    ...payments.map((p) => ({
      date: p.day,
      type: 'payment',
      label: p.bookingCode ? `Paiement du séjour ${p.bookingCode}` : 'Paiement',
      reference: p.depositNumber ?? null,
      paymentMethodId: p.paymentMethodId,
      methodLabel: p.methodLabel,
      receipt: p.amount,
      outflow: 0,
      id: p.id,
    })),
    ...movements.map((m: Row) => ({
      date: m.date,
      type: m.kind,
      label: m.label,
      reference: null,
      paymentMethodId: m.paymentMethodId,
      methodLabel: m.methodLabel,
      receipt: m.kind === 'injection' ? m.amount : 0,
      outflow: m.kind === 'expense' ? m.amount : 0,
      id: m.id,
    })),
    // Cash taken to the bank leaves the till; cheques and cards were never in it.
    ...deposits
      .filter((d: Row) => d.methodKind === 'cash')
      .map((d: Row) => ({
        date: d.date,
        type: 'deposit',
        label: `Remise en banque ${d.number}`,
        reference: d.number,
        paymentMethodId: d.paymentMethodId,
        methodLabel: d.methodLabel,
        receipt: 0,
        outflow: d.totalAmount,
        id: d.id,
      })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const totals = new Map<number, Row>();
  for (const r of rows) {
    const t = totals.get(r.paymentMethodId) ?? {
      paymentMethodId: r.paymentMethodId,
      methodLabel: r.methodLabel,
      receipts: 0,
      outflows: 0,
      net: 0,
    };
    t.receipts += r.receipt;
    t.outflows += r.outflow;
    t.net = t.receipts - t.outflows;
    totals.set(r.paymentMethodId, t);
  }
  return { rows, totals: [...totals.values()], basis: prefs.resultBasis };
}

/**
 * A closed month keeps its cash records: neither the month a row is in nor the one it
 * would move to may be closed (migration 0048's triggers are the guarantee in plain SQL).
 */
async function assertCashMonthsOpen(db: Db, field: string, rec: Row | null, existing: Row | null): Promise<void> {
  for (const day of new Set([existing?.[field], rec?.[field]]))
    if (typeof day === 'string' && day) await assertMonthOpen(db, day, field);
}

export function registerCashRules(): void {
  registerHooks('cash-movement', {
    async beforeSave(rec, existing, { trx }) {
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
    async afterSave(saved, _existing, { trx }) {
      const expectedAmount = expectedCash(await cashFlows(trx, saved.paymentMethodId, saved.date));
      if (expectedAmount !== saved.expectedAmount)
        await trx('cash_count').where('id', saved.id).update({ expectedAmount });
    },
    async beforeDelete(existing, { trx }) {
      await assertCashMonthsOpen(trx, 'date', null, existing);
    },
  });
}
