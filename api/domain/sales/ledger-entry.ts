// The one place a ticket becomes a fiscal ledger entry (api/domain/ledger), inside the
// transaction that writes the ticket: both commit or roll back together. A sale or a
// return dated in a closed day or month is refused by the ledger, and the ticket with it.
import type { Knex } from 'knex';
import { appendEntry } from '../ledger/append';
import { saleLinesDigest } from '../ledger/digest';

type Row = Record<string, any>;

export async function appendTicketEntry(
  trx: Knex.Transaction,
  sale: Row,
  registerCode: string,
  payments: Row[],
): Promise<void> {
  const vatTotals: Row[] = sale.vatTotals ?? [];
  const vat = vatTotals
    .filter((t) => t.vatRateBp != null)
    .map((t) => ({
      rateBp: Number(t.vatRateBp),
      exclVat: Number(t.totalExclVat),
      vat: Number(t.vatAmount),
      inclVat: Number(t.totalInclVat),
    }))
    .sort((a, b) => a.rateBp - b.rateBp);
  const outsideVat = Number(sale.totalInclVat) - vat.reduce((s, v) => s + v.inclVat, 0);
  const lines = await trx('sale_line').where('saleId', sale.id);
  await appendEntry(trx, {
    kind: 'cash-ticket',
    date: sale.date,
    source: { table: 'sale', id: sale.id },
    amount: Number(sale.totalInclVat),
    data: {
      number: sale.number,
      register: registerCode,
      returnOfSaleId: sale.returnOfSaleId ?? null,
      bookingId: sale.bookingId ?? null,
      exclVat: Number(sale.totalExclVat),
      vatTotal: Number(sale.totalVat),
      inclVat: Number(sale.totalInclVat),
      outsideVat,
      vat,
      payments: payments.map((p) => ({ kind: String(p.kind), amount: Number(p.amount) })),
      userId: sale.userId ?? null,
      // The lines as sold, compared by the verifier.
      lineCount: lines.length,
      lines: saleLinesDigest(lines),
    },
  });
}
