// The till as a bill source (api/domain/billing/sources.ts): the part of each ticket
// charged to a stay (payment kind « stay ») goes on the stay's final bill as
// « additional sales » lines (§9 line type 16), with the VAT of the ticket's lines; a
// gift voucher sold that way is a « gift vouchers » line (type 23, outside VAT: a
// liability, not turnover).
// A ticket partly charged gives its charged share, spread over its lines in proportion
// (largest remainder, so the lines add up to the charged amount exactly). Once billed,
// the ticket is linked to the bill (sale_stay_bill, migration 0039); a bill cancelled
// by credit notes frees its tickets for the next final bill.
import type { Knex } from 'knex';
import { registerBillSource } from '../billing/sources';
import type { LineInput } from '../billing/lines';
import { exclVat, spread } from '../../../common/sales-totals';

type Trx = Knex.Transaction;
const ADDITIONAL_SALES = 16;
const GIFT_VOUCHERS = 23;

/** Tickets of the stay with a charged part, not held by a standing bill; locked. */
async function unbilledCharges(trx: Trx, bookingId: number): Promise<{ saleId: number; charged: number }[]> {
  const rows = await trx('sale as s')
    .join('sale_payment as p', 'p.saleId', 's.id')
    .where('s.bookingId', bookingId)
    .where('p.kind', 'stay')
    .whereNotExists((q) =>
      q
        .select(trx.raw('1'))
        .from('sale_stay_bill as sb')
        .join('bill as f', 'f.id', 'sb.billId')
        .whereRaw('sb.sale_id = s.id')
        .whereRaw(
          'f.total_incl_vat + coalesce((SELECT sum(c.total_incl_vat) FROM bill c WHERE c.credited_bill_id = ' +
            'f.id), 0) <> 0',
        ),
    )
    .groupBy('s.id')
    .orderBy('s.id')
    .select('s.id as saleId', trx.raw('sum(p.amount)::int as charged'));
  if (rows.length)
    await trx('sale')
      .whereIn(
        'id',
        rows.map((r) => r.saleId),
      )
      .forUpdate()
      .select('id');
  return rows.filter((r) => r.charged !== 0);
}

export async function chargedLines(trx: Trx, bookingId: number): Promise<{ lines: LineInput[]; saleIds: number[] }> {
  const charges = await unbilledCharges(trx, bookingId);
  const lines: LineInput[] = [];
  for (const c of charges) {
    const sale = await trx('sale').where('id', c.saleId).first('number', 'date', 'totalInclVat');
    const own = await trx('sale_line')
      .where('saleId', c.saleId)
      .orderBy('position')
      .select('label', 'quantity', 'amountInclVat', 'vatRateBp', 'giftVoucherId');
    const shares =
      c.charged === sale.totalInclVat
        ? own.map((l) => l.amountInclVat)
        : spread(
            c.charged,
            own.map((l) => l.amountInclVat),
          );
    own.forEach((l, i) => {
      const amountInclVat = shares[i];
      if (!amountInclVat) return;
      const vatAmount = amountInclVat - exclVat(amountInclVat, l.vatRateBp);
      lines.push({
        lineType: l.giftVoucherId ? GIFT_VOUCHERS : ADDITIONAL_SALES,
        label: `${l.label} (ticket ${sale.number})`,
        quantity: l.quantity,
        unitPriceInclVat: Math.round(amountInclVat / (l.quantity || 1)),
        amountInclVat,
        vatRateBp: l.vatRateBp,
        vatAmount,
        startDate: sale.date,
        endDate: null,
      });
    });
  }
  return { lines, saleIds: charges.map((c) => c.saleId) };
}

export function registerSalesBillSource(): void {
  registerBillSource({
    key: 'sale',
    lines: async (trx, ctx) => (await chargedLines(trx, ctx.bookingId)).lines,
    billed: async (trx, ctx) => {
      const { saleIds } = await chargedLines(trx, ctx.bookingId);
      if (saleIds.length) await trx('sale_stay_bill').insert(saleIds.map((saleId) => ({ saleId, billId: ctx.billId })));
    },
  });
}
