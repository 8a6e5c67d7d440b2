// The ledger entries of billing's records, built from the rows as written: a bill or
// credit note (number, date, totals per VAT rate, lines outside VAT) and a payment or
// its cancellation (method, amount). Called inside the transaction that writes them.
import type { Knex } from 'knex';
import { appendEntry, type AppendedEntry } from './append';
import { billLinesDigest } from './digest';

type Trx = Knex.Transaction;
type Row = Record<string, any>;

export interface VatCents {
  rateBp: number;
  exclVat: number;
  vat: number;
  inclVat: number;
}

/** Per-rate totals of a bill row (its `vatTotals`) and what lies outside VAT (tourist tax…). */
export function vatOfBill(bill: Row): { vat: VatCents[]; outsideVat: number } {
  const totals: Row[] = typeof bill.vatTotals === 'string' ? JSON.parse(bill.vatTotals) : (bill.vatTotals ?? []);
  const vat = totals
    .map((t) => ({
      rateBp: Number(t.vatRateBp),
      exclVat: Number(t.totalExclVat),
      vat: Number(t.vatAmount),
      inclVat: Number(t.totalInclVat),
    }))
    .sort((a, b) => a.rateBp - b.rateBp);
  return { vat, outsideVat: Number(bill.totalInclVat) - vat.reduce((s, v) => s + v.inclVat, 0) };
}

/** The entry of a bill or credit note just inserted (billing's issue.ts). */
export async function appendBillEntry(trx: Trx, billId: number): Promise<AppendedEntry> {
  const b = await trx('bill').where('id', billId).first();
  const lines = await trx('bill_line').where('billId', billId);
  const { vat, outsideVat } = vatOfBill(b);
  return appendEntry(trx, {
    kind: b.kind === 'credit-note' ? 'credit-note' : 'bill',
    date: b.date,
    source: { table: 'bill', id: b.id },
    amount: Number(b.totalInclVat),
    data: {
      number: b.number,
      isDeposit: !!b.isDeposit,
      customer: b.customerName ?? '',
      customerId: b.customerId ?? null,
      creditedBillId: b.creditedBillId ?? null,
      exclVat: Number(b.totalExclVat),
      vatTotal: Number(b.totalVat),
      inclVat: Number(b.totalInclVat),
      outsideVat,
      touristTax: Number(b.touristTaxAmount ?? 0),
      vat: vat as any,
      // The lines as issued (label, quantity, prices…), compared by the verifier.
      lineCount: lines.length,
      lines: billLinesDigest(lines),
    },
  });
}

/** A payment received (`payment`) or cancelled (`payment-cancel`, negative), with its method. */
export async function appendPaymentEntry(trx: Trx, p: Row, kind: 'payment' | 'payment-cancel'): Promise<AppendedEntry> {
  const m = await trx('payment_method').where('id', p.paymentMethodId).first('id', 'label', 'kind');
  const amount = Number(p.amount) * (kind === 'payment' ? 1 : -1);
  return appendEntry(trx, {
    kind,
    date: p.date,
    source: { table: 'payment', id: p.id },
    amount,
    data: {
      method: { id: m?.id ?? p.paymentMethodId, label: m?.label ?? '', kind: m?.kind ?? '' },
      bookingId: p.bookingId ?? null,
      customerId: p.customerId ?? null,
      billId: p.billId ?? null,
      payerType: p.payerType ?? 'customer',
      category: p.category ?? 'payment',
    },
  });
}

/** Payment fields whose change is a cancellation plus a new payment in the ledger. */
export const PAYMENT_LEDGER_FIELDS = [
  'amount',
  'date',
  'paymentMethodId',
  'bookingId',
  'billId',
  'payerType',
  'category',
];
