// The bill list of §2 (docs/screens.md#billing-and-finance) (/bill-list): bills and credit notes filtered by period,
// kind, name or number and state, newest first, with the totals of the whole selection. An
// invoice's state is derived from its credit notes as in view.ts. Without a period, a
// name or a state the totals are read from bill_total (migration 0560): the default
// screen costs the same whatever the years of bills.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { isValidDate } from '../../../common/formats';

import type { BillRecord } from '../../../common/generated/types';
import type { BillState, Db } from './records';

/** A bill as the list shows it. */
export type BillListRow = Pick<
  BillRecord,
  | 'id'
  | 'number'
  | 'date'
  | 'kind'
  | 'isDeposit'
  | 'depositNature'
  | 'payerType'
  | 'customerName'
  | 'bookingId'
  | 'dueDate'
  | 'totalExclVat'
  | 'totalVat'
  | 'totalInclVat'
  | 'touristTaxAmount'
  | 'creditedBillId'
> & { bookingCode: string | null; state: BillState; credited: number; isCancellation: boolean };

/** The totals of the whole selection. */
export interface BillListTotals {
  count: number;
  totalExclVat: number;
  totalVat: number;
  totalInclVat: number;
  touristTaxAmount: number;
}
/** The totals as SQL answers them (bigint sums come as strings). */
type RawTotals = Record<keyof BillListTotals, string | number>;

/** Σ of an invoice's credit notes (negative), as SQL on alias `b`. */
export const CREDITED = '(SELECT coalesce(sum(c.total_incl_vat), 0) FROM bill c WHERE c.credited_bill_id = b.id)';
const STATE =
  `CASE WHEN b.kind = 'credit-note' OR ${CREDITED} = 0 THEN 'issued' WHEN b.total_incl_vat + ${CREDITED} = 0 THEN ` +
  `'cancelled' ELSE 'partly-credited' END`;
export function date(v: unknown, field: string): string | null {
  if (v == null || v === '') return null;
  if (typeof v !== 'string' || !isValidDate(v)) throw badRequest('INCORRECT_DATES', { [field]: 'Date invalide' });
  return v;
}
export const num = (v: unknown) => Number(v ?? 0);

export interface BillListQuery {
  from?: string;
  to?: string;
  kind?: string;
  customer?: string;
  state?: string;
  limit?: number;
}
export const BILL_KINDS = ['invoice', 'deposit', 'final', 'cancellation', 'credit-note', 'partner'] as const;
export const BILL_STATES = ['issued', 'partly-credited', 'cancelled'] as const;

/** The list's filters on `b`: a bill, or a row of bill_total for those that need no other column. */
function billFilters(w: Knex.QueryBuilder, q: BillListQuery): Knex.QueryBuilder {
  const from = date(q.from, 'from'),
    to = date(q.to, 'to');
  if (from) w.where('b.date', '>=', from);
  if (to) w.where('b.date', '<=', to);
  if (q.kind === 'credit-note') w.where('b.kind', 'credit-note');
  else if (q.kind === 'partner') w.where({ 'b.kind': 'invoice', 'b.payerType': 'partner' });
  else if (q.kind === 'deposit') w.where({ 'b.kind': 'invoice', 'b.isDeposit': true });
  else if (q.kind === 'final')
    w.where({ 'b.kind': 'invoice', 'b.isDeposit': false, 'b.payerType': 'customer' }).whereNotExists((x) =>
      x.from('bill_line as l').whereRaw('l.bill_id = b.id').where('l.lineType', 20),
    );
  else if (q.kind === 'invoice') w.where('b.kind', 'invoice');
  else if (q.kind === 'cancellation')
    w.where('b.kind', 'invoice').whereExists((x) =>
      x.from('bill_line as l').whereRaw('l.bill_id = b.id').where('l.lineType', 20),
    );
  if (q.customer?.trim())
    w.where((x) =>
      x.whereILike('b.customerName', `%${q.customer!.trim()}%`).orWhereILike('b.number', `%${q.customer!.trim()}%`),
    );
  if (q.state && (BILL_STATES as readonly string[]).includes(q.state)) w.whereRaw(`${STATE} = ?`, [q.state]);
  return w;
}

const SUMS = ['totalExclVat', 'totalVat', 'totalInclVat', 'touristTaxAmount'];
const column = (f: string) => f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The totals of the selection. Without a period, a name or a state, filtered by kind at
 * most (the screen's default): summed from bill_total (migration 0560, a few rows per
 * kind whatever the years of bills), exact in the reader's snapshot; else over the bills.
 */
async function listTotals(db: Db, base: Knex.QueryBuilder, q: BillListQuery): Promise<RawTotals> {
  const byKind = !q.from && !q.to && !q.customer?.trim() && !q.state && q.kind !== 'final' && q.kind !== 'cancellation';
  const [totals]: RawTotals[] = byKind
    ? await billFilters(db('bill_total as b'), q).select(
        db.raw('coalesce(sum(b.n), 0)::bigint AS count'),
        ...SUMS.map((f) => db.raw(`coalesce(sum(b.${column(f)}), 0)::bigint AS "${f}"`)),
      )
    : await base
        .clone()
        .select(
          db.raw('count(*)::int AS count'),
          ...SUMS.map((f) => db.raw(`coalesce(sum(b.${column(f)}), 0)::bigint AS "${f}"`)),
        );
  return totals;
}

/** Bills matching the filters (newest first, `limit` rows) and the totals of all of them. */
export async function billList(db: Db, q: BillListQuery): Promise<{ rows: BillListRow[]; totals: BillListTotals }> {
  const base = billFilters(db('bill as b'), q);
  const [rows, totals]: [BillListRow[], RawTotals] = await Promise.all([
    base
      .clone()
      .leftJoin('booking as k', 'k.id', 'b.bookingId')
      .orderBy('b.id', 'desc')
      .limit(Math.min(q.limit ?? 500, 2000))
      .select(
        'b.id',
        'b.number',
        'b.date',
        'b.kind',
        'b.isDeposit',
        'b.depositNature',
        'b.payerType',
        'b.customerName',
        'b.bookingId',
        'k.code as bookingCode',
        'b.dueDate',
        'b.totalExclVat',
        'b.totalVat',
        'b.totalInclVat',
        'b.touristTaxAmount',
        'b.creditedBillId',
        db.raw(`${STATE} AS state`),
        db.raw(`${CREDITED}::int AS credited`),
        db.raw('EXISTS (SELECT 1 FROM bill_line l WHERE l.bill_id = b.id AND l.line_type = 20) AS "isCancellation"'),
      ),
    listTotals(db, base, q),
  ]);
  return {
    rows,
    totals: {
      count: num(totals.count),
      totalExclVat: num(totals.totalExclVat),
      totalVat: num(totals.totalVat),
      totalInclVat: num(totals.totalInclVat),
      touristTaxAmount: num(totals.touristTaxAmount),
    },
  };
}
