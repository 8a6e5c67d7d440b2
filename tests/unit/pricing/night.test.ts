// Price model NIGHT: each night at its period's price per night (golden cases by hand).
import { describe, expect, it } from 'vitest';
import { BillLineType, MinNightsOperator, PricingError, priceStay } from '../../../api/domain/pricing';
import { compact, context, grid, linesOf, request, seasons, warningCodes } from './fixtures';

describe('price model: night', () => {
  it('7 high-season nights at 30,00 € cost 210,00 €', () => {
    const quote = priceStay(context(), request());
    expect(compact(quote.lines)).toEqual([['Emplacement – nuit', 7, 3000, 21000]]);
    expect(quote.lines[0]).toMatchObject({
      lineType: BillLineType.OCCUPANCY,
      startDate: '2025-07-05',
      endDate: '2025-07-12',
      vatRateBp: 1000,
      vatAmount: 1909,
    });
    expect(quote.nights).toBe(7);
    expect(quote.total).toBe(21000);
    expect(quote.warnings).toEqual([]);
  });

  it('a stay across two periods gets one line per price', () => {
    // 2, 3, 4 July at 20 € (low season), 5, 6, 7 July at 30 € (high season)
    const quote = priceStay(context(), request({ startDate: '2025-07-02', endDate: '2025-07-08' }));
    expect(compact(quote.lines)).toEqual([
      ['Emplacement – nuit', 3, 2000, 6000],
      ['Emplacement – nuit', 3, 3000, 9000],
    ]);
    expect(quote.lines.map((l) => [l.startDate, l.endDate])).toEqual([
      ['2025-07-02', '2025-07-05'],
      ['2025-07-05', '2025-07-08'],
    ]);
    expect(quote.total).toBe(15000);
  });

  it('first-night and following-night prices make a degressive stay', () => {
    const g = grid({
      periods: seasons({ high: { pricePerNight: 3000, firstNightPrice: 8000, extraNightPrice: 5000 } }),
    });
    const quote = priceStay(context({ priceGrids: [g] }), request({ endDate: '2025-07-08' }));
    expect(compact(quote.lines)).toEqual([
      ['Emplacement – première nuit', 1, 8000, 8000],
      ['Emplacement – nuit', 2, 5000, 10000],
    ]);
    expect(quote.total).toBe(18000);
  });

  it('nights outside every period are not priced and warn "no pricing for period"', () => {
    // 29 and 30 September in the late season, 1 and 2 October in no period
    const quote = priceStay(context(), request({ startDate: '2025-09-29', endDate: '2025-10-03' }));
    expect(compact(quote.lines)).toEqual([['Emplacement – nuit', 2, 2000, 4000]]);
    expect(quote.warnings).toEqual([
      { code: 'NO_PRICING_FOR_PERIOD', message: 'Aucun tarif pour cette période', subject: '2025-10-01' },
    ]);
  });

  it('a period without price per night warns "price per night required"', () => {
    const g = grid({ periods: seasons({ high: { pricePerNight: null } }) });
    const quote = priceStay(context({ priceGrids: [g] }), request());
    expect(linesOf(quote, BillLineType.OCCUPANCY)).toEqual([]);
    expect(quote.warnings).toEqual([
      { code: 'PRICE_PER_NIGHT_REQUIRED', message: 'Prix par nuit obligatoire', subject: 'Haute saison' },
    ]);
  });

  it('a manual price per night replaces the grid price, is flagged and keeps the computed amount', () => {
    const quote = priceStay(context(), request({ overrides: [{ priceGridOptionId: null, unitPrice: 2500 }] }));
    expect(compact(quote.lines)).toEqual([['Emplacement – nuit', 7, 2500, 17500]]);
    expect(quote.lines[0]).toMatchObject({ isManualPrice: true, computedAmount: 21000 });
    expect(warningCodes(quote)).toEqual(['PRICE_MANUALLY_CHANGED']);
  });

  it('a manual price answers a missing price per night', () => {
    const g = grid({ periods: seasons({ high: { pricePerNight: null } }) });
    const quote = priceStay(
      context({ priceGrids: [g] }),
      request({ overrides: [{ priceGridOptionId: null, unitPrice: 2800 }] }),
    );
    expect(compact(quote.lines)).toEqual([['Emplacement – nuit', 7, 2800, 19600]]);
    expect(quote.lines[0].computedAmount).toBe(0);
    expect(warningCodes(quote)).toEqual(['PRICE_MANUALLY_CHANGED']);
  });

  it('a negative manual price is refused', () => {
    expect(() => priceStay(context(), request({ overrides: [{ priceGridOptionId: null, unitPrice: -1 }] }))).toThrow(
      PricingError,
    );
  });

  it('checks arrival and departure days and the minimum nights of the period', () => {
    const g = grid({
      periods: seasons({
        high: {
          pricePerNight: 3000,
          arrivalDays: [6],
          departureDays: [6],
          minNights: 7,
          minNightsOperator: MinNightsOperator.AT_LEAST,
        },
      }),
    });
    const c = context({ priceGrids: [g] });
    // Saturday to Saturday, 7 nights: all good
    expect(priceStay(c, request()).warnings).toEqual([]);
    // Sunday 6 July to Wednesday 9 July
    const quote = priceStay(c, request({ startDate: '2025-07-06', endDate: '2025-07-09' }));
    expect(warningCodes(quote)).toEqual(['ARRIVAL_DAY_NOT_ALLOWED', 'MIN_NIGHTS_NOT_MET', 'DEPARTURE_DAY_NOT_ALLOWED']);
    expect(quote.total).toBe(9000);
  });

  it('supports the "exactly" and "multiple of" minimum-night operators', () => {
    const make = (op: MinNightsOperator) =>
      context({
        priceGrids: [
          grid({ periods: seasons({ high: { pricePerNight: 3000, minNights: 7, minNightsOperator: op } }) }),
        ],
      });
    const exactly = make(MinNightsOperator.EXACTLY);
    expect(warningCodes(priceStay(exactly, request({ endDate: '2025-07-19' })))).toEqual(['MIN_NIGHTS_NOT_MET']);
    const multiple = make(MinNightsOperator.MULTIPLE_OF);
    expect(warningCodes(priceStay(multiple, request({ endDate: '2025-07-19' })))).toEqual([]);
    expect(warningCodes(priceStay(multiple, request({ endDate: '2025-07-20' })))).toEqual(['MIN_NIGHTS_NOT_MET']);
  });

  it('finds the active grid of the place type when no grid is given', () => {
    const inactive = grid({ id: 7, isActive: false, periods: seasons({ high: { pricePerNight: 9900 } }) });
    const quote = priceStay(
      context({ priceGrids: [inactive, grid()] }),
      request({ priceGridId: null, placeTypeId: 5 }),
    );
    expect(quote.priceGridId).toBe(1);
    expect(quote.total).toBe(21000);
  });

  it('refuses malformed requests', () => {
    const codeOf = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as PricingError).code;
      }
      return null;
    };
    expect(codeOf(() => priceStay(context(), request({ endDate: '2025-07-05' })))).toBe('START_NOT_EQUAL_END');
    expect(codeOf(() => priceStay(context(), request({ endDate: '2025-07-01' })))).toBe('START_BEFORE_END');
    expect(codeOf(() => priceStay(context(), request({ endDate: '2025-02-30' })))).toBe('INCORRECT_DATES');
    expect(codeOf(() => priceStay(context(), request({ priceGridId: 99 })))).toBe('PRICE_GRID_NOT_FOUND');
    expect(codeOf(() => priceStay(context(), request({ occupants: [{ ageCategoryId: 99, quantity: 1 }] })))).toBe(
      'AGE_CATEGORY_NOT_FOUND',
    );
    expect(codeOf(() => priceStay(context(), request({ occupants: [{ ageCategoryId: 1, quantity: -1 }] })))).toBe(
      'MUST_BE_POSITIVE',
    );
  });
});
