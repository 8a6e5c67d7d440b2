// The stay's price per VAT rate, which a payment's VAT follows (common/payment-vat.ts):
// from the final bills (their lines, credit notes included, deposit deductions left out)
// while something of them stands, else from the
// occupancies' stored prices (the lines a bill would take, lines.ts). The bill's lines
// repeating till tickets are one share apart (TILL_SHARE): the tickets carried their VAT.
import type { Knex } from 'knex';
import { TILL_SHARE, type RateShare } from '../../../common/payment-vat';
import { TILL_LINE_TYPES } from '../ledger/entries';
import type { StoredPrice } from '../stays/price-model';
import { stayLines } from './lines';
import type { BillLineRecord } from '../../../common/generated/types';

type Db = Knex | Knex.Transaction;

function perRate(lines: { vatRateBp: number | null; amountInclVat: number; lineType?: number }[]): RateShare[] {
  const m = new Map<number, number>();
  for (const l of lines) {
    const k = l.lineType != null && TILL_LINE_TYPES.includes(l.lineType) ? TILL_SHARE : (l.vatRateBp ?? 0);
    m.set(k, (m.get(k) ?? 0) + l.amountInclVat);
  }
  return [...m].map(([vatRateBp, amountInclVat]) => ({ vatRateBp, amountInclVat }));
}

export async function stayRateShares(db: Db, bookingId: number): Promise<RateShare[]> {
  const billed: Pick<BillLineRecord, 'vatRateBp' | 'amountInclVat' | 'lineType'>[] = await db('bill_line as l')
    .join('bill as b', 'b.id', 'l.billId')
    .where('b.bookingId', bookingId)
    .where('b.isDeposit', false)
    // the stay's price, not the deposits: their deductions (14) would turn a rate negative
    .whereNotIn('l.lineType', [14, 15])
    .select('l.vatRateBp', 'l.amountInclVat', 'l.lineType');
  const shares = perRate(billed);
  // A final bill wholly credited (and not billed again) leaves nothing: the stored price then.
  if (shares.some((s) => s.amountInclVat > 0))
    return shares.map((s) => ({ ...s, amountInclVat: Math.max(0, s.amountInclVat) }));
  const occs: { id: number; pricedQuote: StoredPrice | null }[] = await db('occupancy')
    .where({ bookingId, isCancelled: false })
    .orderBy('id')
    .select('id', 'pricedQuote');
  const lines = occs.length ? stayLines(occs) : null;
  return lines ? perRate(lines) : [];
}
