// Early departure with « les nuits prévues restent dues » (api/domain/stays/early-departure.ts):
// over quotes of the real engine, the stay cut short keeps every VAT rate's planned
// base and VAT, its tourist tax is that of the nights spent, and the down payment and
// balance still add up to the total.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DownPaymentKind, priceStay } from '../../../api/domain/pricing';
import { BillLineType } from '../../../api/domain/pricing/types';
import type { StayQuote } from '../../../api/domain/pricing/quote-for-stay';
import { keepPlannedPrice } from '../../../api/domain/stays/early-departure';
import { addDays } from '../../../common/dates';
import { CAT, DOWN_PAYMENT_25, context, request, touristTax } from '../pricing/fixtures';

const quote = (start: string, end: string, adults: number, kind: DownPaymentKind): StayQuote => {
  const q = priceStay(
    context({ downPayment: { ...DOWN_PAYMENT_25, kind }, touristTax: touristTax() }),
    request({ startDate: start, endDate: end, occupants: [{ ageCategoryId: CAT.ADULT, quantity: adults }] }),
  );
  return { ...q, lines: q.lines.map((l) => ({ ...l, lastMinuteOfferId: null })), appliedLastMinuteOfferIds: [] };
};

/** Amount and VAT per rate of the lines, the tourist tax aside or alone. */
const byRate = (lines: StayQuote['lines'], tax: boolean) => {
  const m: Record<string, [number, number]> = {};
  for (const l of lines) {
    if ((l.lineType === BillLineType.TAX) !== tax) continue;
    const s = (m[String(l.vatRateBp)] ??= [0, 0]);
    s[0] += l.amount;
    s[1] += l.vatAmount;
  }
  for (const k of Object.keys(m)) if (m[k][0] === 0 && m[k][1] === 0) delete m[k];
  return m;
};

describe('early departure, planned nights due', () => {
  it('keeps each rate’s planned amount and VAT, with the tourist tax of the nights spent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 2, max: 21 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(DownPaymentKind.ARRHES, DownPaymentKind.ACOMPTE),
        (offset, nights, cut, adults, kind) => {
          const start = addDays('2025-05-01', offset);
          const end = addDays(start, nights);
          const date = addDays(start, Math.min(cut, nights - 1));
          const planned = quote(start, end, adults, kind);
          const consumed = quote(start, date, adults, kind);
          const kept = keepPlannedPrice([planned], consumed, date);

          expect(byRate(kept.lines, false)).toEqual(byRate(planned.lines, false));
          expect(byRate(kept.lines, true)).toEqual(byRate(consumed.lines, true));
          expect(kept.lines.slice(0, consumed.lines.length)).toEqual(consumed.lines);
          const extra = kept.lines.slice(consumed.lines.length);
          expect(extra.every((l) => l.lineType === BillLineType.EARLY_DEPARTURE && l.endDate === end)).toBe(true);
          expect(kept.total).toBe(planned.total - planned.touristTaxTotal + consumed.touristTaxTotal);
          expect(kept.total).toBe(kept.lines.reduce((s, l) => s + l.amount, 0));
          expect(kept.totalVat).toBe(planned.totalVat);
          expect(kept.vatTotals).toEqual(planned.vatTotals);
          expect((kept.downPayment?.amount ?? 0) + kept.balance.amount).toBe(kept.total);
          expect(kept.balance.amount).toBeGreaterThanOrEqual(0);
          expect(kept.endDate).toBe(date);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('folds an occupancy the departure cancelled whole into the one kept', () => {
    const a = quote('2025-07-01', '2025-07-08', 2, DownPaymentKind.ARRHES);
    const b = quote('2025-07-08', '2025-07-15', 2, DownPaymentKind.ARRHES);
    const spent = quote('2025-07-01', '2025-07-04', 2, DownPaymentKind.ARRHES);
    const kept = keepPlannedPrice([a, b], spent, '2025-07-04');
    expect(kept.total).toBe(a.total + b.total - a.touristTaxTotal - b.touristTaxTotal + spent.touristTaxTotal);
    expect(kept.lines.at(-1)?.label).toMatch(
      /^Départ anticipé le 04\/07\/2025 : séjour prévu jusqu’au 15\/07\/2025 dû \(TVA 10 %\)$/,
    );
  });

  it('adds no line when the nights spent cost what was planned', () => {
    const q = quote('2025-07-01', '2025-07-08', 2, DownPaymentKind.ARRHES);
    expect(keepPlannedPrice([q], q, '2025-07-08').lines).toEqual(q.lines);
  });
});
