// The stay's price per VAT rate, which a payment's VAT follows (common/payment-vat.ts):
// from the final bill when one stands (its lines, credit notes included), else from the
// occupancies' stored prices (the lines a bill would take, lines.ts).
import type { Knex } from 'knex';
import type { RateShare } from '../../../common/payment-vat';
import type { StoredPrice } from '../stays/price-model';
import { stayLines } from './lines';

type Db = Knex | Knex.Transaction;
type Row = Record<string, any>;

function perRate(lines: { vatRateBp: number | null; amountInclVat: number }[]): RateShare[] {
  const m = new Map<number, number>();
  for (const l of lines) m.set(l.vatRateBp ?? 0, (m.get(l.vatRateBp ?? 0) ?? 0) + l.amountInclVat);
  return [...m].map(([vatRateBp, amountInclVat]) => ({ vatRateBp, amountInclVat }));
}

export async function stayRateShares(db: Db, bookingId: number): Promise<RateShare[]> {
  const billed: Row[] = await db('bill_line as l')
    .join('bill as b', 'b.id', 'l.billId')
    .where('b.bookingId', bookingId)
    .where('b.isDeposit', false)
    .where('l.lineType', '<>', 15)
    .select('l.vatRateBp', 'l.amountInclVat');
  if (billed.length) return perRate(billed as any);
  const occs = await db('occupancy').where({ bookingId, isCancelled: false }).orderBy('id').select('id', 'pricedQuote');
  const lines = occs.length
    ? stayLines(occs.map((o: Row) => ({ id: o.id, pricedQuote: o.pricedQuote as StoredPrice | null })))
    : null;
  return lines ? perRate(lines) : [];
}
