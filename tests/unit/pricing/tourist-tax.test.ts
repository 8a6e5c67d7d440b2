// Tourist tax (rules-fr §1, docs/statements.md#tourist-tax): au réel, rate per person-night = round_half_up(tariff ×
// (1 + Σ surcharges)); outside the VAT base; au forfait, not on the bill.
import { describe, expect, it } from 'vitest';
import { BillLineType, TouristTaxMode, priceStay } from '../../../api/domain/pricing';
import { CAT, compact, context, linesOf, request, touristTax, warningCodes } from './fixtures';

const family = [
  { ageCategoryId: CAT.ADULT, quantity: 2 },
  { ageCategoryId: CAT.CHILD, quantity: 2 },
];
const withTax = (over = {}) => context({ touristTax: touristTax(over) });

describe('tourist tax', () => {
  it('3★ tariff 0,60 € + 10 % département, 2 adults + 2 minors, 7 nights → 9,24 €', () => {
    const quote = priceStay(withTax(), request({ occupants: family }));
    expect(compact(linesOf(quote, BillLineType.TAX))).toEqual([['Taxe de séjour', 14, 66, 924]]);
    expect(linesOf(quote, BillLineType.TAX)[0]).toMatchObject({ vatRateBp: null, vatAmount: 0 });
    expect(quote.touristTaxTotal).toBe(924);
    expect(quote.touristTax).toEqual({
      mode: TouristTaxMode.REAL,
      taxablePersons: 2,
      exemptPersons: 2,
      nights: 7,
      amount: 924,
    });
    expect(quote.total).toBe(21000 + 924);
  });

  it('is outside the VAT base', () => {
    const quote = priceStay(withTax(), request({ occupants: family }));
    expect(quote.vatTotals).toEqual([{ vatRateBp: 1000, totalExclVat: 19091, vatAmount: 1909, totalInclVat: 21000 }]);
    expect(quote.totalVat).toBe(1909);
  });

  it('persons exempt for another reason (seasonal worker) are not taxed', () => {
    const quote = priceStay(
      withTax(),
      request({ occupants: [{ ageCategoryId: CAT.ADULT, quantity: 2, exemptQuantity: 1 }] }),
    );
    expect(quote.touristTaxTotal).toBe(7 * 66);
    expect(quote.touristTax).toMatchObject({ taxablePersons: 1, exemptPersons: 1 });
  });

  it('more exemptions than persons are capped and warned', () => {
    const quote = priceStay(
      withTax(),
      request({ occupants: [{ ageCategoryId: CAT.ADULT, quantity: 1, exemptQuantity: 2 }] }),
    );
    expect(quote.touristTaxTotal).toBe(0);
    expect(warningCodes(quote)).toEqual(['EXEMPTIONS_ABOVE_OCCUPANTS']);
  });

  it('a stay of minors only owes no tax and has no tax line', () => {
    const quote = priceStay(withTax(), request({ occupants: [{ ageCategoryId: CAT.CHILD, quantity: 3 }] }));
    expect(linesOf(quote, BillLineType.TAX)).toEqual([]);
  });

  it('regional surcharge +34 %: 0,60 € × 1,44 = 0,864 → 0,86 €', () => {
    const quote = priceStay(
      withTax({
        surcharges: [
          { id: 1, label: 'Départementale', rateBp: 1000, startDate: '2025-01-01', endDate: null },
          { id: 2, label: 'Régionale', rateBp: 3400, startDate: '2025-01-01', endDate: null },
        ],
      }),
      request(),
    );
    expect(compact(linesOf(quote, BillLineType.TAX))).toEqual([['Taxe de séjour', 14, 86, 1204]]);
  });

  it('Île-de-France: +10 %, +15 % and +200 % → coefficient 3,25: 0,60 € → 1,95 €', () => {
    const quote = priceStay(
      withTax({
        surcharges: [
          { id: 1, label: 'Départementale', rateBp: 1000, startDate: '2025-01-01', endDate: null },
          { id: 2, label: 'Île-de-France Mobilités', rateBp: 1500, startDate: '2025-01-01', endDate: null },
          { id: 3, label: 'Île-de-France (JO)', rateBp: 20000, startDate: '2025-01-01', endDate: null },
        ],
      }),
      request(),
    );
    expect(compact(linesOf(quote, BillLineType.TAX))).toEqual([['Taxe de séjour', 14, 195, 2730]]);
  });

  it('the rate is rounded half-up once, per person-night: 0,45 € + 10 % = 0,495 → 0,50 €', () => {
    const quote = priceStay(
      withTax({
        tariffs: [{ id: 1, classificationId: 3, label: '3★', startDate: '2025-01-01', endDate: null, amount: 45 }],
      }),
      request(),
    );
    expect(compact(linesOf(quote, BillLineType.TAX))).toEqual([['Taxe de séjour', 14, 50, 700]]);
  });

  it('the tariff valid on each night applies (new year)', () => {
    const quote = priceStay(
      withTax({
        tariffs: [
          { id: 1, classificationId: 3, label: '2025', startDate: '2025-01-01', endDate: '2026-01-01', amount: 60 },
          { id: 2, classificationId: 3, label: '2026', startDate: '2026-01-01', endDate: null, amount: 70 },
          { id: 3, classificationId: 4, label: '4★', startDate: '2025-01-01', endDate: null, amount: 100 },
        ],
      }),
      request({ startDate: '2025-12-29', endDate: '2026-01-03' }),
    );
    // 3 nights at 0,66 € and 2 nights at 0,77 €, for 2 adults
    expect(compact(linesOf(quote, BillLineType.TAX))).toEqual([
      ['Taxe de séjour', 6, 66, 396],
      ['Taxe de séjour', 4, 77, 308],
    ]);
  });

  it('nights without tariff warn', () => {
    const quote = priceStay(withTax(), request({ startDate: '2025-12-30', endDate: '2026-01-02' }));
    expect(quote.touristTaxTotal).toBe(4 * 66);
    expect(warningCodes(quote)).toContain('TOURIST_TAX_TARIFF_MISSING');
  });

  it('au forfait: the operator owes it, nothing on the bill', () => {
    const quote = priceStay(withTax({ mode: TouristTaxMode.FLAT }), request({ occupants: family }));
    expect(linesOf(quote, BillLineType.TAX)).toEqual([]);
    expect(quote.touristTaxTotal).toBe(0);
    expect(quote.touristTax).toEqual({
      mode: TouristTaxMode.FLAT,
      taxablePersons: 2,
      exemptPersons: 2,
      nights: 7,
      amount: 0,
    });
    expect(quote.total).toBe(21000);
  });

  it('no tourist tax settings: no summary', () => {
    expect(priceStay(context(), request()).touristTax).toBeNull();
  });
});
