// The ledger entries of billing's records, built from the rows as written: a bill or
// credit note (number, date, totals per VAT rate, lines outside VAT) and a payment or
// its cancellation (method, amount). Called inside the transaction that writes them.
import type { Knex } from 'knex';
import { appendEntry, type AppendedEntry } from './append';
import { billLinesDigest } from './digest';

import type { BillLineRecord, BillRecord, Payment, PaymentMethodRecord } from '../../../common/generated/types';

type Trx = Knex.Transaction;

// Type aliases, not interfaces: they are written as they are into an entry's canonical JSON.
export type VatCents = {
  rateBp: number;
  exclVat: number;
  vat: number;
  inclVat: number;
};
/** A bill's total of one VAT rate, as its `vatTotals` stores it. */
type BillVatTotal = { vatRateBp: number; totalExclVat: number; vatAmount: number; totalInclVat: number };

/** Per-rate totals of a bill row (its `vatTotals`) and what lies outside VAT (tourist tax…). */
export function vatOfBill(bill: Pick<BillRecord, 'vatTotals' | 'totalInclVat'>): {
  vat: VatCents[];
  outsideVat: number;
} {
  const totals: BillVatTotal[] =
    typeof bill.vatTotals === 'string' ? JSON.parse(bill.vatTotals) : (bill.vatTotals ?? []);
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

/**
 * Bill line types that repeat a till ticket charged to the stay (« Ventes annexes », « Bons
 * cadeaux »: only the sales bill source makes them). The ticket is the revenue; on the bill
 * they are what the guest owes for it, not a second sale (billing README).
 */
export const TILL_LINE_TYPES = [16, 23];

/** Bill line types of §9 (docs/constants.md#bill-line-types) whose amounts belong to a third party: insurance premiums,
 * VACAF aid. */
export const INSURANCE_LINE_TYPE = 11;
export const HOLIDAY_AID_LINE_TYPE = 10;

export type TillShare = {
  inclVat: number;
  outsideVat: number;
  vat: VatCents[];
};

/** The share of a bill (or credit note) that repeats till tickets, per rate, from its lines; null without any. */
export function tillShareOfLines(
  lines: Pick<BillLineRecord, 'lineType' | 'vatRateBp' | 'amountExclVat' | 'vatAmount' | 'amountInclVat'>[],
): TillShare | null {
  const byRate = new Map<number | null, { excl: number; vat: number; incl: number }>();
  for (const l of lines) {
    if (!TILL_LINE_TYPES.includes(Number(l.lineType))) continue;
    const rate = l.vatRateBp == null ? null : Number(l.vatRateBp);
    const t = byRate.get(rate) ?? { excl: 0, vat: 0, incl: 0 };
    t.excl += Number(l.amountExclVat);
    t.vat += Number(l.vatAmount);
    t.incl += Number(l.amountInclVat);
    byRate.set(rate, t);
  }
  if (!byRate.size) return null;
  const vat = [...byRate]
    .filter(([rate]) => rate != null)
    .map(([rate, t]) => ({ rateBp: rate!, exclVat: t.excl, vat: t.vat, inclVat: t.incl }))
    .sort((a, b) => a.rateBp - b.rateBp);
  const inclVat = [...byRate.values()].reduce((s, t) => s + t.incl, 0);
  return { inclVat, outsideVat: inclVat - vat.reduce((s, v) => s + v.inclVat, 0), vat };
}

/**
 * The entry of a bill or credit note just inserted (billing's issue.ts). `written`: its row and
 * its lines' rows as the inserts returned them, so that the entry, written while the series'
 * counter is locked, does not read them back.
 */
export async function appendBillEntry(
  trx: Trx,
  billId: number,
  written?: { bill: BillRecord; lines: BillLineRecord[] },
): Promise<AppendedEntry> {
  const b: BillRecord = written?.bill ?? (await trx('bill').where('id', billId).first());
  const lines: BillLineRecord[] = written?.lines ?? (await trx('bill_line').where('billId', billId));
  const { vat, outsideVat } = vatOfBill(b);
  const till = tillShareOfLines(lines);
  // Third parties' shares outside VAT (issue 30, docs/history.md#issue-30): premiums collected for the insurer (line
  // 11) and the aid the CAF pays for the family (line 10, negative). Not revenue: the FEC sends them to
  // their third-party accounts.
  const share = (type: number) =>
    lines.filter((l) => l.lineType === type && l.vatRateBp == null).reduce((s, l) => s + Number(l.amountInclVat), 0);
  const insurance = share(INSURANCE_LINE_TYPE);
  const holidayAid = share(HOLIDAY_AID_LINE_TYPE);
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
      vat,
      // the share already recorded as revenue by till tickets: not counted again
      ...(till ? { till } : {}),
      ...(insurance ? { insurance } : {}),
      ...(holidayAid ? { holidayAid } : {}),
      // The lines as issued (label, quantity, prices…), compared by the verifier.
      lineCount: lines.length,
      lines: billLinesDigest(lines),
    },
  });
}

/** A payment received (`payment`) or cancelled (`payment-cancel`, negative), with its method. */
export async function appendPaymentEntry(
  trx: Trx,
  p: Pick<
    Payment,
    'id' | 'paymentMethodId' | 'amount' | 'date' | 'bookingId' | 'customerId' | 'billId' | 'payerType' | 'category'
  >,
  kind: 'payment' | 'payment-cancel',
): Promise<AppendedEntry> {
  const m: Pick<PaymentMethodRecord, 'id' | 'label' | 'kind'> | undefined = await trx('payment_method')
    .where('id', p.paymentMethodId)
    .first('id', 'label', 'kind');
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
export const PAYMENT_LEDGER_FIELDS: (keyof Payment)[] = [
  'amount',
  'date',
  'paymentMethodId',
  'bookingId',
  'billId',
  'payerType',
  'category',
];
