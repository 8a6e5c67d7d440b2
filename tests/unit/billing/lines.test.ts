// Properties of the bill arithmetic (api/domain/billing/lines.ts, view.ts): totals are
// sums of lines, VAT per rate is the sum of line VAT, a full credit note (in one go or
// after partial ones) cancels an invoice to the cent, deposit + final bill = the stay,
// and paid + due = billed.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { vatOfInclusive } from '../../../api/domain/pricing/money';
import { billTotals, depositLines, finalLines, numberLines, type LineInput } from '../../../api/domain/billing/lines';
import { creditLines, type CreditableLine } from '../../../api/domain/billing/credit-lines';
import { dueOf, overdueOf } from '../../../api/domain/billing/view';

const RATES = [null, 550, 1000, 2000] as const;

const lineArb: fc.Arbitrary<LineInput> = fc
  .record({
    lineType: fc.integer({ min: 1, max: 13 }),
    quantity: fc.integer({ min: 1, max: 14 }),
    unitPrice: fc.oneof(fc.integer({ min: 0, max: 30_000 }), fc.integer({ min: -3_000, max: -1 })),
    rate: fc.constantFrom(...RATES),
  })
  .map(({ lineType, quantity, unitPrice, rate }) => {
    const amount = quantity * unitPrice;
    return {
      lineType,
      label: `ligne ${lineType}`,
      quantity,
      unitPriceInclVat: unitPrice,
      amountInclVat: amount,
      vatRateBp: rate,
      vatAmount: rate == null ? 0 : vatOfInclusive(amount, rate),
      startDate: '2031-07-01',
      endDate: '2031-07-08',
    };
  });
/** a stay: some lines, whose total is positive (what a bill is made from) */
const stayArb = fc
  .array(lineArb, { minLength: 1, maxLength: 25 })
  .filter((ls) => ls.reduce((s, l) => s + l.amountInclVat, 0) > 0);

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const perRate = (lines: { vatRateBp: number | null; vatAmount: number; amountInclVat: number }[]) => {
  const m = new Map<string, { vat: number; incl: number }>();
  for (const l of lines) {
    const k = String(l.vatRateBp);
    const e = m.get(k) ?? { vat: 0, incl: 0 };
    e.vat += l.vatAmount;
    e.incl += l.amountInclVat;
    m.set(k, e);
  }
  return m;
};
const asCreditable = (lines: LineInput[]): CreditableLine[] =>
  numberLines(lines).map((l, i) => ({ ...l, id: i + 1, creditedQuantity: 0, creditedAmount: 0, creditedVat: 0 }));
const applyCredit = (inv: CreditableLine[], credit: LineInput[]) => {
  for (const c of credit) {
    const l = inv.find((x) => x.id === c.creditedLineId)!;
    l.creditedQuantity += c.quantity;
    l.creditedAmount += c.amountInclVat;
    l.creditedVat += c.vatAmount;
  }
};

describe('bill totals', () => {
  it('total = Σ lines, VAT per rate = Σ line VAT, excl. + VAT = incl.', () => {
    fc.assert(
      fc.property(stayArb, (stay) => {
        const lines = numberLines(stay);
        const t = billTotals(lines);
        expect(t.totalInclVat).toBe(sum(lines.map((l) => l.amountInclVat)));
        expect(t.totalVat).toBe(sum(lines.map((l) => l.vatAmount)));
        expect(t.totalExclVat + t.totalVat).toBe(t.totalInclVat);
        const rates = perRate(lines);
        for (const v of t.vatTotals) {
          expect(v.vatAmount).toBe(rates.get(String(v.vatRateBp))!.vat);
          expect(v.totalExclVat + v.vatAmount).toBe(v.totalInclVat);
        }
        expect(sum(t.vatTotals.map((v) => v.vatAmount))).toBe(t.totalVat);
        expect(t.vatTotals.some((v) => v.vatRateBp == null)).toBe(false);
      }),
    );
  });
});

describe('deposit and final bills', () => {
  it('a deposit bill totals its amount; deposit + final = the stay, per VAT rate too', () => {
    fc.assert(
      fc.property(
        stayArb,
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 3 }),
        (stay, raw, parts) => {
          const total = sum(stay.map((l) => l.amountInclVat));
          const amount = 1 + (raw % total);
          // the acompte in up to three deposit bills
          const amounts =
            parts === 1 || amount < parts ? [amount] : [Math.floor(amount / 2), amount - Math.floor(amount / 2)];
          const deposits = amounts.map((a, i) => ({
            id: i + 1,
            lines: numberLines(depositLines(stay, a, 'Acompte', { startDate: null, endDate: null })),
          }));
          deposits.forEach((d, i) => expect(billTotals(d.lines).totalInclVat).toBe(amounts[i]));
          const final = numberLines(
            finalLines(
              stay,
              deposits.flatMap((d) =>
                d.lines.map((l) => ({
                  billId: d.id,
                  number: `FA${d.id}`,
                  vatRateBp: l.vatRateBp,
                  amountInclVat: l.amountInclVat,
                  vatAmount: l.vatAmount,
                })),
              ),
            ),
          );
          const all = [...deposits.flatMap((d) => d.lines), ...final];
          expect(billTotals(all).totalInclVat).toBe(total);
          const stayRates = perRate(stay);
          const billedRates = perRate(all);
          for (const [k, v] of stayRates) expect(billedRates.get(k)).toEqual(v);
        },
      ),
    );
  });
});

describe('credit notes', () => {
  it('a full credit note cancels the invoice exactly, line by line', () => {
    fc.assert(
      fc.property(stayArb, (stay) => {
        const inv = asCreditable(stay);
        const credit = creditLines(inv, null);
        expect(sum(credit.map((l) => l.amountInclVat)) + sum(inv.map((l) => l.amountInclVat))).toBe(0);
        expect(billTotals(numberLines(credit)).totalVat + billTotals(inv).totalVat).toBe(0);
        applyCredit(inv, credit);
        for (const l of inv)
          expect([
            l.amountInclVat + l.creditedAmount,
            l.vatAmount + l.creditedVat,
            l.quantity + l.creditedQuantity,
          ]).toEqual([0, 0, 0]);
      }),
    );
  });

  it('partial credit notes never exceed the invoice, and the rest cancels it exactly', () => {
    fc.assert(
      fc.property(
        stayArb,
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 14 })), { maxLength: 12 }),
        (stay, picks) => {
          const inv = asCreditable(stay);
          for (const [i, q] of picks) {
            const line = inv[i % inv.length];
            const left = line.quantity + line.creditedQuantity;
            if (q > left) {
              expect(() => creditLines(inv, [{ billLineId: line.id, quantity: q }])).toThrow('EXCEEDS');
              continue;
            }
            applyCredit(inv, creditLines(inv, [{ billLineId: line.id, quantity: q }]));
          }
          applyCredit(inv, creditLines(inv, null));
          for (const l of inv)
            expect([l.amountInclVat + l.creditedAmount, l.vatAmount + l.creditedVat]).toEqual([0, 0]);
          expect(creditLines(inv, null)).toEqual([]);
        },
      ),
    );
  });
});

describe('balance', () => {
  it('paid + due = billed once the final bill stands', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.nat(10_000_000), fc.nat(10_000_000), (stayTotal, billed, paid) => {
        expect(paid + dueOf(stayTotal, billed, true, paid)).toBe(billed);
        expect(paid + dueOf(stayTotal, billed, false, paid)).toBe(Math.max(billed, stayTotal));
      }),
    );
  });
});

describe('overdue', () => {
  const stay = {
    due: 30_000,
    paid: 0,
    downPaymentAmount: 9_000,
    downPaymentDueDate: '2031-05-01',
    balanceDueDate: '2031-06-01',
  };
  it(
    'nothing before the down-payment date, the missing down ' +
      'payment after it, everything due after the balance date',
    () => {
      expect(overdueOf(stay, '2031-05-01')).toBeNull();
      expect(overdueOf(stay, '2031-05-02')).toEqual({ amount: 9_000, since: '2031-05-01' });
      expect(overdueOf({ ...stay, paid: 4_000, due: 26_000 }, '2031-05-02')).toEqual({
        amount: 5_000,
        since: '2031-05-01',
      });
      expect(overdueOf({ ...stay, paid: 9_000, due: 21_000 }, '2031-05-20')).toBeNull();
      expect(overdueOf({ ...stay, paid: 9_000, due: 21_000 }, '2031-06-02')).toEqual({
        amount: 21_000,
        since: '2031-06-01',
      });
      expect(overdueOf({ ...stay, due: 0, paid: 30_000 }, '2031-07-01')).toBeNull();
    },
  );
  it('never more than what is due, never for a stay paid up', () => {
    const date = fc
      .integer({ min: 0, max: 400 })
      .map((n) => new Date(Date.UTC(2031, 0, 1 + n)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.integer({ min: -5_000, max: 100_000 }),
        fc.nat(100_000),
        fc.option(fc.nat(100_000)),
        fc.option(date),
        fc.option(date),
        date,
        (due, paid, downPaymentAmount, downPaymentDueDate, balanceDueDate, today) => {
          const o = overdueOf({ due, paid, downPaymentAmount, downPaymentDueDate, balanceDueDate }, today);
          if (due <= 0) expect(o).toBeNull();
          if (o) {
            expect(o.amount).toBeGreaterThan(0);
            expect(o.amount).toBeLessThanOrEqual(due);
            expect(o.since < today).toBe(true);
          }
        },
      ),
    );
  });
});
