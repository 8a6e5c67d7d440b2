// /daily-operations: the day's takings per payment method and its sales per VAT rate,
// read from the ledger (entries dated that day), with the Z of the day when it exists.
import type { Knex } from 'knex';
import { establishmentId, PAYMENT_KINDS, SALE_KINDS } from './append';
import { totalsOfEntries, type ClosureTotals } from './totals';
import { closureOf, type Closure } from './closures';

export async function dailyOperations(
  db: Knex,
  date: string,
): Promise<{
  date: string;
  totals: ClosureTotals;
  entries: { seq: number; kind: string; amount: number; number: string | null; method: string | null; at: string }[];
  closure: Closure | null;
}> {
  const est = await establishmentId(db);
  const rows = await db('ledger_entry')
    .where({ establishmentId: est, chain: 'fiscal', businessDate: date })
    .whereIn('kind', [...SALE_KINDS, ...PAYMENT_KINDS])
    .orderBy('seq')
    .select('seq', 'kind', 'amount', 'body');
  const entries = rows.map((r) => ({
    seq: Number(r.seq),
    kind: r.kind,
    amount: Number(r.amount),
    data: JSON.parse(r.body).data,
    at: JSON.parse(r.body).at,
  }));
  const z = await db('ledger_entry')
    .where({ establishmentId: est, chain: 'fiscal', kind: 'closure-day', businessDate: date })
    .first('seq', 'kind', 'body', 'hash', 'signature');
  return {
    date,
    totals: totalsOfEntries(entries),
    closure: z ? closureOf(z) : null,
    entries: entries.map((e) => ({
      seq: e.seq,
      kind: e.kind,
      amount: e.amount,
      number: e.data.number ?? null,
      method: e.data.method?.label ?? null,
      at: e.at,
    })),
  };
}
