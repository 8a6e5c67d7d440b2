// A sublet through the campsite sold as a stay (api/domain/residential/sublet-stay.ts): for
// any price and commission rate, the stay's lines add up to the sublet's price, split into
// the commission (the campsite's sale, at the place's VAT rate) and the resident's share
// (outside VAT) — the amount the resident's next rent receipt pays back (line 24).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { subletStayLines } from '../../../api/domain/residential/sublet-stay';
import { subletSplit } from '../../../api/domain/residential/engine';

describe('a sublet’s stay', () => {
  it('price = resident’s share + commission, the share outside VAT', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom(550, 1000, 2000),
        (price, rate, vat) => {
          const lines = subletStayLines(
            { price, commissionRateBp: rate, startDate: '2030-07-01', endDate: '2030-07-15' },
            'Claire Martin',
            vat,
          );
          const { commission, residentShare } = subletSplit(price, rate);
          expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(price);
          const taxed = lines.filter((l) => l.vatRateBp === vat);
          const outside = lines.filter((l) => l.vatRateBp === null);
          expect(taxed.reduce((s, l) => s + l.amount, 0)).toBe(commission);
          expect(outside.reduce((s, l) => s + l.amount, 0)).toBe(residentShare);
          expect(lines.every((l) => l.amount > 0 && Number.isInteger(l.amount))).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
