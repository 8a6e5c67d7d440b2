// What the closures (./closures.ts) are built on: a closure as read from the ledger, its
// lock, the last one of a level and the transactions it has not covered yet.
import type { Knex } from 'knex';
import { HttpError } from '../../http/errors';
import { addDays } from '../../../common/dates';
import { establishmentId, PAYMENT_KINDS, SALE_KINDS } from './append';
import { GENESIS } from './canonical';
import { totalsOf, totalsOfEntries, type ClosureTotals } from './totals';

export type Trx = Knex.Transaction;

/** A ledger entry as the closures read it: its body is the entry's canonical JSON (bigint columns come as strings). */
export interface EntryRow {
  seq: number | string;
  kind: string;
  body: string;
  amount?: number | string;
  businessDate?: string;
}
/** A closure's entry, with its hash and signature. */
export interface ClosureRow extends EntryRow {
  hash: string;
  signature: string;
}

export type ClosureLevel = 'day' | 'month' | 'year';

/** Advisory lock namespace of "a closure is running". */
const CLOSURE_LOCK = 15_001;

export const TRANSACTION_KINDS = [...SALE_KINDS, ...PAYMENT_KINDS];

export interface Closure extends ClosureTotals {
  seq: number;
  level: ClosureLevel;
  date: string;
  periodEnd: string;
  perpetual: number;
  at: string;
  hash: string;
  signature: string;
}

export function monthEnd(monthStart: string): string {
  const y = Number(monthStart.slice(0, 4)),
    m = Number(monthStart.slice(5, 7));
  return addDays(m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`, -1);
}

export function closureOf(row: ClosureRow): Closure {
  const body = JSON.parse(row.body);
  return {
    ...totalsOf(body.data),
    seq: Number(row.seq),
    level: String(row.kind).slice('closure-'.length) as ClosureLevel,
    date: body.date,
    periodEnd: body.periodEnd,
    perpetual: body.data.perpetual,
    at: body.at,
    hash: row.hash,
    signature: row.signature,
  };
}

export async function lockClosures(trx: Trx): Promise<number> {
  const { rows } = await trx.raw('SELECT pg_try_advisory_xact_lock(?, 0) AS ok', [CLOSURE_LOCK]);
  if (!rows[0].ok) throw new HttpError(409, 'CLOSING_IN_PROGRESS');
  const est = await establishmentId(trx);
  // The head first: no transaction is appended while the closure reads what it covers.
  await trx('ledger_head')
    .insert({ establishmentId: est, chain: 'fiscal', lastSeq: 0, lastHash: GENESIS })
    .onConflict(['establishmentId', 'chain'])
    .ignore();
  await trx('ledger_head').where({ establishmentId: est, chain: 'fiscal' }).forUpdate().first('lastSeq');
  return est;
}

export const closures = (db: Knex | Trx, est: number, level: ClosureLevel) =>
  db('ledger_entry').where({ establishmentId: est, chain: 'fiscal', kind: `closure-${level}` });

export async function lastClosure(db: Knex | Trx, est: number, level: ClosureLevel): Promise<Closure | null> {
  const row = await closures(db, est, level).orderBy('seq', 'desc').first('seq', 'kind', 'body', 'hash', 'signature');
  return row ? closureOf(row) : null;
}

/** Transactions no Z covers yet (see above), those dated up to `until` when given. */
export async function uncovered(trx: Knex | Trx, est: number, until?: string): Promise<EntryRow[]> {
  const last = await lastClosure(trx, est, 'day');
  const q = trx('ledger_entry')
    .where({ establishmentId: est, chain: 'fiscal' })
    .whereIn('kind', TRANSACTION_KINDS)
    .orderBy('seq')
    .select('seq', 'kind', 'amount', 'body', 'businessDate');
  if (last) q.where((w) => w.where('seq', '>', last.seq).orWhere('businessDate', '>', last.date));
  if (until) q.where('businessDate', '<=', until);
  return q;
}

export const totalsOfRows = (rows: EntryRow[]) =>
  totalsOfEntries(
    rows.map((r) => ({ seq: Number(r.seq), kind: r.kind, amount: Number(r.amount), data: JSON.parse(r.body).data })),
  );
