// The one place a ticket becomes a fiscal ledger entry (api/domain/ledger), inside the
// transaction that writes the ticket: both commit or roll back together. A sale or a
// return dated in a closed day or month is refused by the ledger, and the ticket with it.
// A ticket is revenue on its own date, in full — also the share charged to a stay
// (billing README, « Till sales charged to a stay »). `takings` is the money received at
// the till per method (everything but the share charged to a stay): the closures count it
// with the payments, the FEC debits the method's account with it.
import type { Knex } from 'knex';
import { appendEntry } from '../ledger/append';
import { saleLinesDigest } from '../ledger/digest';
import type { PaymentMethodRecord, SalePayment, SaleRecord } from '../../../common/generated/types';
import type { VatTotal } from '../../../common/sales-totals';

export async function appendTicketEntry(
  trx: Knex.Transaction,
  sale: SaleRecord,
  registerCode: string,
  payments: Pick<SalePayment, 'paymentMethodId' | 'kind' | 'amount'>[],
  /** what the caller holds already: the methods (with their labels) and the lines as inserted */
  known: { methods?: Pick<PaymentMethodRecord, 'id' | 'label' | 'kind'>[]; lines?: object[] } = {},
): Promise<void> {
  const vatTotals = (sale.vatTotals ?? []) as VatTotal[];
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
  const methodIds = [...new Set(payments.map((p) => p.paymentMethodId).filter((id) => id != null))];
  const methods: Pick<PaymentMethodRecord, 'id' | 'label' | 'kind'>[] = !methodIds.length
    ? []
    : (known.methods?.filter((m) => methodIds.includes(m.id)) ??
      (await trx('payment_method').whereIn('id', methodIds).select('id', 'label', 'kind')));
  const takings = payments
    .filter((p) => p.kind !== 'stay' && Number(p.amount) !== 0)
    .map((p) => {
      const m = methods.find((x) => x.id === p.paymentMethodId);
      return {
        id: m?.id ?? null,
        label: String(m?.label ?? p.kind),
        kind: String(m?.kind ?? p.kind),
        amount: Number(p.amount),
      };
    });
  const lines = known.lines ?? (await trx('sale_line').where('saleId', sale.id));
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
      customerId: sale.customerId ?? null,
      customer: sale.customerName ?? '',
      exclVat: Number(sale.totalExclVat),
      vatTotal: Number(sale.totalVat),
      inclVat: Number(sale.totalInclVat),
      outsideVat,
      vat,
      payments: payments.map((p) => ({ kind: String(p.kind), amount: Number(p.amount) })),
      takings,
      userId: sale.userId ?? null,
      // The lines as sold, compared by the verifier.
      lineCount: lines.length,
      lines: saleLinesDigest(lines),
    },
  });
}
