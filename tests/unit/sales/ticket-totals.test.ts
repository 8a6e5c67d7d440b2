// Properties of the till's arithmetic (common/sales-totals.ts): a ticket's total is the
// sum of its lines after line and ticket discounts (per VAT rate too, VAT = incl. − excl.),
// the ticket discount is spread exactly; change given = cash received − cash due; the Z
// of a window = Σ its tickets per payment kind (cash with the float) and per VAT rate.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeTicket, settle, spread, zTotals, type TillPaymentKind } from '../../../common/sales-totals';

const rate = fc.constantFrom(null, 550, 1000, 2000);
const line = fc
  .record({
    unitPrice: fc.integer({ min: 0, max: 50_000 }),
    quantity: fc.integer({ min: 1, max: 20 }),
    vatRateBp: rate,
    discountPart: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map((l) => ({
    unitPrice: l.unitPrice,
    quantity: l.quantity,
    vatRateBp: l.vatRateBp,
    lineDiscount: Math.floor(l.unitPrice * l.quantity * l.discountPart),
  }));

describe('ticket totals', () => {
  it('total = Σ lines after discounts, per rate too; discounts spread exactly', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lines, part) => {
          const net = lines.reduce((a, l) => a + l.unitPrice * l.quantity - l.lineDiscount, 0);
          const ticketDiscount = Math.floor(net * part);
          const t = computeTicket(lines, ticketDiscount);
          expect(t.totalInclVat).toBe(net - ticketDiscount);
          expect(t.totalInclVat).toBe(t.lines.reduce((a, l) => a + l.amountInclVat, 0));
          expect(t.lines.reduce((a, l) => a + l.ticketDiscountShare, 0)).toBe(ticketDiscount);
          for (const l of t.lines) {
            expect(l.amountInclVat).toBe(l.unitPrice * l.quantity - l.lineDiscount - l.ticketDiscountShare);
            expect(l.amountInclVat).toBeGreaterThanOrEqual(0);
            expect(l.vatAmount).toBe(l.amountInclVat - l.amountExclVat);
            if (l.vatRateBp == null) expect(l.vatAmount).toBe(0);
          }
          expect(t.vatTotals.reduce((a, v) => a + v.totalInclVat, 0)).toBe(t.totalInclVat);
          expect(t.vatTotals.reduce((a, v) => a + v.totalExclVat + v.vatAmount, 0)).toBe(t.totalInclVat);
          expect(t.totalExclVat + t.totalVat).toBe(t.totalInclVat);
        },
      ),
    );
  });

  it('a discount larger than the line or the ticket is refused', () => {
    expect(() => computeTicket([{ unitPrice: 100, quantity: 1, lineDiscount: 101, vatRateBp: 2000 }])).toThrow(
      'SALE_DISCOUNT_TOO_HIGH',
    );
    expect(() => computeTicket([{ unitPrice: 100, quantity: 1, vatRateBp: 2000 }], 101)).toThrow(
      'SALE_DISCOUNT_TOO_HIGH',
    );
    expect(() => computeTicket([])).toThrow('SALE_EMPTY');
  });

  it('spread gives shares adding up to the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000, max: 100_000 }),
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 20 }),
        (total, weights) => {
          const s = spread(total, weights);
          if (weights.every((w) => w === 0)) expect(s.every((x) => x === 0)).toBe(true);
          else expect(s.reduce((a, b) => a + b, 0)).toBe(total);
        },
      ),
    );
  });
});

describe('settlement', () => {
  const other = fc.record({
    kind: fc.constantFrom(
      'card' as const,
      'cheque' as const,
      'holiday-voucher' as const,
      'gift' as const,
      'stay' as const,
    ),
    amount: fc.integer({ min: 1, max: 20_000 }),
  });

  it('change = cash received − cash due, cash due = total − other tenders', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(other, { maxLength: 4 }),
        fc.array(fc.integer({ min: 1, max: 50_000 }), { maxLength: 3 }),
        (total, others, cash) => {
          const otherSum = others.reduce((a, o) => a + o.amount, 0);
          const cashSum = cash.reduce((a, b) => a + b, 0);
          const tenders = [...others, ...cash.map((amount) => ({ kind: 'cash' as const, amount }))];
          if (otherSum > total || otherSum + cashSum < total) {
            expect(() => settle(total, tenders)).toThrow();
            return;
          }
          const s = settle(total, tenders);
          expect(s.cashDue).toBe(total - otherSum);
          expect(s.cashReceived).toBe(cashSum);
          expect(s.change).toBe(s.cashReceived - s.cashDue);
          expect(s.change).toBeGreaterThanOrEqual(0);
          expect(s.applied.reduce((a, b) => a + b, 0)).toBe(total);
        },
      ),
    );
  });

  it('a refund is exact, without change', () => {
    expect(settle(-500, [{ kind: 'cash', amount: -500 }])).toMatchObject({ change: 0, applied: [-500] });
    expect(() => settle(-500, [{ kind: 'cash', amount: -600 }])).toThrow('SALE_PAYMENTS_MISMATCH');
  });
});

describe('the Z of a window', () => {
  const kind = fc.constantFrom<TillPaymentKind>(
    'cash',
    'card',
    'cheque',
    'holiday-voucher',
    'gift',
    'credit-note',
    'stay',
  );
  // A ticket as the till issues it: lines, then tenders whose applied amounts are recorded.
  const ticket = fc
    .tuple(
      fc.array(line, { minLength: 1, maxLength: 5 }),
      fc.array(fc.tuple(kind, fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 1, maxLength: 3 }),
    )
    .map(([lines, split]) => {
      const t = computeTicket(lines);
      const amounts = spread(
        t.totalInclVat,
        split.map(([, w]) => Math.round(w * 1000) + 1),
      );
      const s = settle(
        t.totalInclVat,
        split.map(([k], i) => ({ kind: k, amount: amounts[i] })).filter((x) => x.amount > 0 || t.totalInclVat === 0),
      );
      const payments = split
        .map(([k], i) => ({ kind: k, amount: amounts[i] }))
        .filter((x) => x.amount > 0 || t.totalInclVat === 0)
        .map((p, i) => ({ kind: p.kind, amount: s.applied[i] }));
      return { totalInclVat: t.totalInclVat, vatTotals: t.vatTotals, payments };
    });

  it(
    "expected per kind = Σ the tickets' payments of that kind (+ the float in cash); Σ kinds and Σ rates = Σ " +
      'tickets',
    () => {
      fc.assert(
        fc.property(
          fc.array(ticket, { maxLength: 15 }),
          fc.integer({ min: 0, max: 50_000 }),
          fc.integer({ min: -500, max: 500 }),
          (tickets, float, off) => {
            const total = tickets.reduce((a, t) => a + t.totalInclVat, 0);
            const z = zTotals(tickets, float, null);
            for (const k of z.byKind) {
              const sum = tickets
                .flatMap((t) => t.payments)
                .filter((p) => p.kind === k.kind)
                .reduce((a, p) => a + p.amount, 0);
              expect(k.expected).toBe(sum + (k.kind === 'cash' ? float : 0));
            }
            expect(z.byKind.reduce((a, k) => a + k.expected, 0) - float).toBe(total);
            expect(z.totalInclVat).toBe(total);
            expect(z.vatTotals.reduce((a, v) => a + v.totalInclVat, 0)).toBe(total);
            expect(z.vatTotals.reduce((a, v) => a + v.totalExclVat + v.vatAmount, 0)).toBe(total);
            // Counted against expected: the difference; a stay charge is never counted.
            const cash = z.byKind.find((k) => k.kind === 'cash')!.expected;
            const counted = zTotals(tickets, float, { cash: cash + off, stay: 1 });
            expect(counted.byKind.find((k) => k.kind === 'cash')!.difference).toBe(off);
            expect(counted.byKind.find((k) => k.kind === 'stay')?.counted ?? null).toBeNull();
          },
        ),
      );
    },
  );
});
