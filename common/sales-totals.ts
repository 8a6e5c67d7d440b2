// The till's arithmetic, shared by the server (which decides) and the till screen (which
// shows the running ticket): line and ticket discounts, VAT per line and per rate, and
// the split of a payment with the change to give. Integer cents throughout; prices are
// VAT-inclusive, as on a shop shelf.

export interface TicketLineInput {
  unitPrice: number;
  quantity: number;
  /** cents taken off the line (same sign as the line: a return's discount is negative) */
  lineDiscount?: number;
  /** basis points; null: outside the scope of VAT (gift vouchers, a liability) */
  vatRateBp: number | null;
}

export interface TicketLine extends TicketLineInput {
  lineDiscount: number;
  gross: number;
  ticketDiscountShare: number;
  amountInclVat: number;
  amountExclVat: number;
  vatAmount: number;
}

export interface VatTotal {
  vatRateBp: number | null;
  totalExclVat: number;
  vatAmount: number;
  totalInclVat: number;
}

export interface Ticket {
  lines: TicketLine[];
  grossInclVat: number;
  lineDiscounts: number;
  ticketDiscount: number;
  totalInclVat: number;
  totalExclVat: number;
  totalVat: number;
  vatTotals: VatTotal[];
}

export class TicketError extends Error {
  constructor(public code: 'SALE_EMPTY' | 'SALE_DISCOUNT_TOO_HIGH') {
    super(code);
  }
}

/** VAT-exclusive part of a VAT-inclusive amount, rounded half away from zero. */
export function exclVat(amountInclVat: number, vatRateBp: number | null): number {
  if (!vatRateBp) return amountInclVat;
  const x = (Math.abs(amountInclVat) * 10000) / (10000 + vatRateBp);
  return Math.sign(amountInclVat) * Math.round(x);
}

/**
 * Spreads `total` over `weights` in proportion (largest remainder), so the shares add up
 * to `total` exactly; zero weights get nothing.
 */
export function spread(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const raw = weights.map((w) => (total * w) / sum);
  const shares = raw.map((r) => Math.trunc(r));
  let rest = total - shares.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [Math.abs(r - Math.trunc(r)), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; rest !== 0 && k < order.length; k++) {
    const i = order[k][1];
    if (weights[i] === 0) continue;
    const step = Math.sign(rest);
    shares[i] += step;
    rest -= step;
  }
  return shares;
}

/**
 * The ticket: each line's gross (unit price × quantity) less its discount, then the
 * ticket discount spread over the lines in proportion to what remains of them, then the
 * VAT of each line from its VAT-inclusive amount. Total = Σ lines, per rate too.
 */
export function computeTicket(inputs: TicketLineInput[], ticketDiscount = 0): Ticket {
  if (!inputs.length) throw new TicketError('SALE_EMPTY');
  const pre = inputs.map((l) => {
    const gross = l.unitPrice * l.quantity;
    const lineDiscount = l.lineDiscount ?? 0;
    if (
      Math.abs(lineDiscount) > Math.abs(gross) ||
      (lineDiscount !== 0 && Math.sign(lineDiscount) !== Math.sign(gross))
    )
      throw new TicketError('SALE_DISCOUNT_TOO_HIGH');
    return { ...l, gross, lineDiscount, net: gross - lineDiscount };
  });
  const netTotal = pre.reduce((a, l) => a + l.net, 0);
  if (
    Math.abs(ticketDiscount) > Math.abs(netTotal) ||
    (ticketDiscount !== 0 && Math.sign(ticketDiscount) !== Math.sign(netTotal))
  )
    throw new TicketError('SALE_DISCOUNT_TOO_HIGH');
  // Only lines going the ticket's way share its discount (a sale line, not a returned one).
  const shares = spread(
    ticketDiscount,
    pre.map((l) => (Math.sign(l.net) === Math.sign(netTotal) ? Math.abs(l.net) : 0)),
  );
  const lines: TicketLine[] = pre.map((l, i) => {
    const amountInclVat = l.net - shares[i];
    const amountExclVat = exclVat(amountInclVat, l.vatRateBp);
    return {
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      vatRateBp: l.vatRateBp,
      lineDiscount: l.lineDiscount,
      gross: l.gross,
      ticketDiscountShare: shares[i],
      amountInclVat,
      amountExclVat,
      vatAmount: amountInclVat - amountExclVat,
    };
  });
  const byRate = new Map<string, VatTotal>();
  for (const l of lines) {
    const key = String(l.vatRateBp);
    const v = byRate.get(key) ?? { vatRateBp: l.vatRateBp, totalExclVat: 0, vatAmount: 0, totalInclVat: 0 };
    v.totalExclVat += l.amountExclVat;
    v.vatAmount += l.vatAmount;
    v.totalInclVat += l.amountInclVat;
    byRate.set(key, v);
  }
  const vatTotals = [...byRate.values()].sort((a, b) => (b.vatRateBp ?? -1) - (a.vatRateBp ?? -1));
  return {
    lines,
    grossInclVat: lines.reduce((a, l) => a + l.gross, 0),
    lineDiscounts: lines.reduce((a, l) => a + l.lineDiscount, 0),
    ticketDiscount,
    totalInclVat: lines.reduce((a, l) => a + l.amountInclVat, 0),
    totalExclVat: lines.reduce((a, l) => a + l.amountExclVat, 0),
    totalVat: lines.reduce((a, l) => a + l.vatAmount, 0),
    vatTotals,
  };
}

export const PAYMENT_KINDS = ['cash', 'card', 'cheque', 'holiday-voucher', 'gift', 'credit-note', 'stay'] as const;
export type TillPaymentKind = (typeof PAYMENT_KINDS)[number];

export const PAYMENT_KIND_LABELS: Record<TillPaymentKind, string> = {
  cash: 'Espèces',
  card: 'Carte bancaire',
  cheque: 'Chèque',
  'holiday-voucher': 'Chèques-vacances',
  gift: 'Bon cadeau',
  'credit-note': 'Avoir',
  stay: 'Porté sur le séjour',
};

export interface TenderInput {
  kind: TillPaymentKind;
  amount: number;
}

export interface Settlement {
  /** what each tender pays of the ticket (cash: at most what is due in cash) */
  applied: number[];
  cashDue: number;
  cashReceived: number;
  change: number;
}

export class SettlementError extends Error {
  constructor(
    public code: 'SALE_PAYMENTS_MISMATCH' | 'SALE_CHANGE_ONLY_CASH',
    public paid: number,
  ) {
    super(code);
  }
}

/**
 * Splits a ticket's total over the tenders. Tenders other than cash pay exactly what they
 * say and may not exceed the total; cash pays the rest (cash due) and the surplus of cash
 * received is the change: change = cash received − cash due. A return (negative total)
 * is refunded exactly, without change.
 */
export function settle(total: number, tenders: TenderInput[]): Settlement {
  const cashIdx = tenders.map((t, i) => (t.kind === 'cash' ? i : -1)).filter((i) => i >= 0);
  const other = tenders.reduce((a, t) => a + (t.kind === 'cash' ? 0 : t.amount), 0);
  const cashReceived = tenders.reduce((a, t) => a + (t.kind === 'cash' ? t.amount : 0), 0);
  const paid = other + cashReceived;
  if (total < 0 || tenders.some((t) => t.amount < 0)) {
    // A refund: exact amounts, all of the same sign as the total.
    if (paid !== total || tenders.some((t) => Math.sign(t.amount) !== Math.sign(total) && t.amount !== 0))
      throw new SettlementError('SALE_PAYMENTS_MISMATCH', paid);
    return { applied: tenders.map((t) => t.amount), cashDue: cashReceived, cashReceived, change: 0 };
  }
  if (other > total)
    throw new SettlementError(
      cashReceived > 0 || other > total ? 'SALE_CHANGE_ONLY_CASH' : 'SALE_PAYMENTS_MISMATCH',
      paid,
    );
  const cashDue = total - other;
  if (cashReceived < cashDue) throw new SettlementError('SALE_PAYMENTS_MISMATCH', paid);
  // Cash tenders pay the cash due in order; the change comes out of the last one.
  const applied = tenders.map((t) => (t.kind === 'cash' ? 0 : t.amount));
  let left = cashDue;
  for (const i of cashIdx) {
    applied[i] = Math.min(tenders[i].amount, left);
    left -= applied[i];
  }
  return { applied, cashDue, cashReceived, change: cashReceived - cashDue };
}

export interface ZTicket {
  totalInclVat: number;
  vatTotals: VatTotal[];
  payments: { kind: TillPaymentKind; amount: number }[];
}
export interface ZKindLine {
  kind: TillPaymentKind;
  label: string;
  expected: number;
  counted: number | null;
  difference: number | null;
}

/**
 * The Z of a window from its tickets: per payment kind what is expected (Σ the tickets'
 * payments of that kind; cash also holds the opening float), counted and the
 * difference (nothing is counted for sales charged to stays); per VAT rate the sums.
 * Cash always has a line (the float is in the drawer even without a sale).
 */
export function zTotals(
  tickets: ZTicket[],
  openingFloat: number,
  counted: Partial<Record<TillPaymentKind, number>> | null = null,
): { byKind: ZKindLine[]; vatTotals: VatTotal[]; totalInclVat: number } {
  const paid = new Map<TillPaymentKind, number>();
  const byRate = new Map<string, VatTotal>();
  for (const t of tickets) {
    for (const p of t.payments) paid.set(p.kind, (paid.get(p.kind) ?? 0) + p.amount);
    for (const v of t.vatTotals) {
      const key = String(v.vatRateBp);
      const acc = byRate.get(key) ?? { vatRateBp: v.vatRateBp, totalExclVat: 0, vatAmount: 0, totalInclVat: 0 };
      acc.totalExclVat += v.totalExclVat;
      acc.vatAmount += v.vatAmount;
      acc.totalInclVat += v.totalInclVat;
      byRate.set(key, acc);
    }
  }
  const byKind = PAYMENT_KINDS.filter((k) => paid.has(k) || k === 'cash' || (counted && counted[k] != null)).map(
    (kind) => {
      const expected = (paid.get(kind) ?? 0) + (kind === 'cash' ? openingFloat : 0);
      const c = kind === 'stay' ? null : (counted?.[kind] ?? null);
      return {
        kind,
        label: PAYMENT_KIND_LABELS[kind],
        expected,
        counted: c,
        difference: c == null ? null : c - expected,
      };
    },
  );
  return {
    byKind,
    vatTotals: [...byRate.values()].sort((a, b) => (b.vatRateBp ?? -1) - (a.vatRateBp ?? -1)),
    totalInclVat: tickets.reduce((a, t) => a + t.totalInclVat, 0),
  };
}

/**
 * What returning `quantity` units of a ticket line gives back: its share of the line's
 * amount, the last unit returned taking exactly what remains (a full return cancels
 * the line to the cent). `returned*`: what earlier returns took.
 */
export function returnShare(
  line: { quantity: number; amountInclVat: number },
  returnedQuantity: number,
  returnedAmount: number,
  quantity: number,
): number {
  return returnedQuantity + quantity === line.quantity
    ? line.amountInclVat - returnedAmount
    : Math.round((line.amountInclVat * quantity) / line.quantity);
}
