// Price model SPECIAL_DURATION: the stay dates must equal the period's (spec §5, docs/pricing.md#validation).
import { describe, expect, it } from 'vitest';
import { PeriodType, PriceModel, priceStay } from '../../../api/domain/pricing';
import { compact, context, grid, period, request, seasons } from './fixtures';

const packages = grid({
  label: 'Tente safari',
  priceModel: PriceModel.SPECIAL_DURATION,
  periods: [
    period({
      id: 1,
      label: 'Semaine du 14 juillet',
      periodType: PeriodType.PACKAGE,
      startDate: '2025-07-12',
      endDate: '2025-07-19',
      pricePerStay: 65000,
    }),
    period({
      id: 2,
      label: 'Pont du 15 août',
      periodType: PeriodType.PACKAGE,
      startDate: '2025-08-14',
      endDate: '2025-08-18',
      pricePerStay: 30000,
    }),
    period({
      id: 3,
      label: 'Sans prix',
      periodType: PeriodType.PACKAGE,
      startDate: '2025-09-01',
      endDate: '2025-09-05',
    }),
  ],
});
const c = context({ priceGrids: [packages] });

describe('price model: special duration', () => {
  it('a stay on the period dates costs the package', () => {
    const quote = priceStay(c, request({ startDate: '2025-07-12', endDate: '2025-07-19' }));
    expect(compact(quote.lines)).toEqual([['Tente safari – forfait Semaine du 14 juillet', 1, 65000, 65000]]);
    expect(quote.warnings).toEqual([]);
    expect(priceStay(c, request({ startDate: '2025-08-14', endDate: '2025-08-18' })).total).toBe(30000);
  });

  it('other dates are refused with "stay dates must equal the period dates"', () => {
    const quote = priceStay(c, request({ startDate: '2025-07-12', endDate: '2025-07-18' }));
    expect(quote.lines).toEqual([]);
    expect(quote.total).toBe(0);
    expect(quote.warnings).toEqual([
      {
        code: 'SPECIAL_DURATION_DATES',
        message: 'Pour une durée spéciale, les dates du séjour doivent être celles de la période',
        subject: null,
      },
    ]);
  });

  it('a package without price warns "no pricing for period"', () => {
    const quote = priceStay(c, request({ startDate: '2025-09-01', endDate: '2025-09-05' }));
    expect(quote.warnings.map((w) => [w.code, w.subject])).toEqual([['NO_PRICING_FOR_PERIOD', 'Sans prix']]);
  });

  it('a package period inside a night grid sells exactly its dates as the package', () => {
    // the package is listed first: on its nights it wins over the low season that also covers them
    const g = grid({
      periods: [
        period({
          id: 9,
          label: 'Pont de l’Ascension',
          periodType: PeriodType.PACKAGE,
          startDate: '2025-05-29',
          endDate: '2025-06-01',
          pricePerNight: 2500,
          pricePerStay: 6000,
        }),
        ...seasons({ low: { pricePerNight: 2000 } }),
      ],
    });
    const cc = context({ priceGrids: [g] });
    expect(compact(priceStay(cc, request({ startDate: '2025-05-29', endDate: '2025-06-01' })).lines)).toEqual([
      ['Emplacement – forfait Pont de l’Ascension', 1, 6000, 6000],
    ]);
    // 2 nights only: the package period prices per night
    expect(priceStay(cc, request({ startDate: '2025-05-29', endDate: '2025-05-31' })).total).toBe(5000);
  });
});
