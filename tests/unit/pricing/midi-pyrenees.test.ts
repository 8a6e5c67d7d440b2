// Regional model MIDI_PYRENEES: full weeks at the weekly price, every other night at
// one seventh of the weekly price (rounded half-up to the cent).
import { describe, expect, it } from 'vitest';
import { PriceModel, priceStay } from '../../../api/domain/pricing';
import { compact, context, grid, request, seasons } from './fixtures';

const c = context({
  priceGrids: [
    grid({
      label: 'Gîte',
      priceModel: PriceModel.MIDI_PYRENEES,
      periods: seasons({ low: { pricePerWeek: 40000 }, high: { pricePerWeek: 60000 } }),
    }),
  ],
});

describe('price model: Midi-Pyrénées', () => {
  it('a week costs the weekly price exactly', () => {
    expect(compact(priceStay(c, request()).lines)).toEqual([['Gîte – semaine', 1, 60000, 60000]]);
  });

  it('3 nights cost 3/7 of the week: 3 × 85,71 € (600 / 7 = 85,714…)', () => {
    expect(compact(priceStay(c, request({ endDate: '2025-07-08' })).lines)).toEqual([
      ['Gîte – nuit (1/7 de la semaine)', 3, 8571, 25713],
    ]);
  });

  it('10 nights: a week and 3 nights at 1/7', () => {
    expect(priceStay(c, request({ endDate: '2025-07-15' })).total).toBe(60000 + 25713);
  });

  it('nights across two periods take their own period’s seventh', () => {
    // 3 and 4 July low (400 / 7 = 57,142… → 57,14 €), 5 July high (85,71 €)
    const quote = priceStay(c, request({ startDate: '2025-07-03', endDate: '2025-07-06' }));
    expect(compact(quote.lines)).toEqual([
      ['Gîte – nuit (1/7 de la semaine)', 2, 5714, 11428],
      ['Gîte – nuit (1/7 de la semaine)', 1, 8571, 8571],
    ]);
  });

  it('weeks across two periods take the price of their first night', () => {
    const quote = priceStay(c, request({ startDate: '2025-06-28', endDate: '2025-07-12' }));
    expect(quote.total).toBe(40000 + 60000);
  });
});
