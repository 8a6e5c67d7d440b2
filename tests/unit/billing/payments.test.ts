// Properties of the payments arithmetic: a payment's VAT split adds up to the payment
// and follows the stay's rates (common/payment-vat.ts); kept arrhes carry no VAT; the
// cash fund (common/cash.ts); the card-number guard (common/card-number.ts); the cheque
// distribution (api/domain/billing/cheques.ts).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { keptDownPaymentVat, paymentVat, vatIncluded } from '../../../common/payment-vat';
import { cashDifference, expectedCash, isYearMonth, monthRange } from '../../../common/cash';
import { containsCardNumber } from '../../../common/card-number';
import { distributionMismatch } from '../../../api/domain/billing/cheques';

const rate = fc.constantFrom(0, 550, 1000, 2000);
const shares = fc.array(fc.record({ vatRateBp: rate, amountInclVat: fc.integer({ min: 1, max: 5_000_000 }) }), {
  minLength: 1,
  maxLength: 6,
});

describe('VAT of a payment', () => {
  it('adds up to the payment exactly, each share within a cent of its proportion', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), shares, (amount, stay) => {
        const lines = paymentVat(amount, stay);
        expect(lines.reduce((s, l) => s + l.amountInclVat, 0)).toBe(amount);
        const total = stay.reduce((s, r) => s + r.amountInclVat, 0);
        for (const l of lines) {
          expect(l.vatAmount).toBe(vatIncluded(l.amountInclVat, l.vatRateBp));
          expect(l.vatAmount).toBeLessThanOrEqual(l.amountInclVat);
        }
        // Per rate, the payment's share is the rate's proportion, within a cent per stay share.
        for (const r of new Set(stay.map((x) => x.vatRateBp))) {
          const atRate = stay.filter((x) => x.vatRateBp === r);
          const exact = (amount * atRate.reduce((t, x) => t + x.amountInclVat, 0)) / total;
          const got = lines.filter((l) => l.vatRateBp === r).reduce((t, l) => t + l.amountInclVat, 0);
          expect(Math.abs(got - exact)).toBeLessThan(atRate.length);
        }
      }),
    );
  });

  it("a payment of the whole stay carries the stay's VAT per rate", () => {
    fc.assert(
      fc.property(shares, (stay) => {
        const total = stay.reduce((s, r) => s + r.amountInclVat, 0);
        const lines = paymentVat(total, stay);
        expect(lines.map((l) => l.amountInclVat)).toEqual(stay.map((r) => r.amountInclVat));
      }),
    );
  });

  it('kept arrhes are outside VAT, a kept acompte keeps it', () => {
    const stay = [{ vatRateBp: 1000, amountInclVat: 110_00 }];
    expect(keptDownPaymentVat('arrhes', 11000, stay)).toEqual([]);
    expect(keptDownPaymentVat('acompte', 11000, stay)).toEqual([
      { vatRateBp: 1000, amountInclVat: 11000, vatAmount: 1000 },
    ]);
  });
});

describe('cash fund', () => {
  it('expected = opening + receipts + injections − expenses − deposits; difference and tolerance', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 5, maxLength: 5 }),
        fc.integer({ min: 0, max: 10_000 }),
        ([o, r, i, e, d], tol) => {
          const exp = expectedCash({ opening: o, receipts: r, injections: i, expenses: e, deposits: d });
          expect(exp).toBe(o + r + i - e - d);
          expect(cashDifference(exp + tol, exp, tol)).toEqual({ difference: tol, withinTolerance: true });
          expect(cashDifference(exp - tol - 1, exp, tol).withinTolerance).toBe(false);
        },
      ),
    );
  });

  it('months: valid ones and their half-open range', () => {
    expect(isYearMonth('2026-11')).toBe(true);
    expect(isYearMonth('2026-13')).toBe(false);
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2027-01-01' });
  });
});

describe('card numbers', () => {
  it('finds a Luhn-valid 13–19-digit number, grouped or not', () => {
    for (const pan of ['4111111111111111', '4111 1111 1111 1111', '5500-0000-0000-0004', 'carte 378282246310005 merci'])
      expect(containsCardNumber(pan), pan).toBe(true);
  });
  it('leaves last four digits, cheque numbers, phones, IBANs and non-Luhn runs alone', () => {
    for (const text of [
      '4242',
      '0001234',
      '06 12 34 56 78',
      'FR76 3000 6000 0112 3456 7890 189',
      '4111111111111112',
      null,
    ])
      expect(containsCardNumber(text), String(text)).toBe(false);
  });
});

describe('cheque distribution', () => {
  it('matches only when the cheques add up to the amount expected', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: -500, max: 500 }),
        (amounts, off) => {
          const total = amounts.reduce((s, a) => s + a, 0);
          const r = distributionMismatch(
            total + off,
            amounts.map((amount) => ({ amount })),
          );
          expect(r === null).toBe(off === 0);
        },
      ),
    );
  });
});
