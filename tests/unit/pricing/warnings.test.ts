// The pricing warnings of spec §8 (docs/errors.md#messages), as codes with their French text.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../common/messages';
import { PRICING_WARNING_TEXTS, priceStay } from '../../../api/domain/pricing';
import { EXTRA, HIGH, context, grid, option, request, seasons } from './fixtures';

describe('pricing warnings', () => {
  it('the §8 warnings keep the shared catalogue’s French text', () => {
    for (const code of [
      'PRICE_MANUALLY_CHANGED',
      'OPTIONS_DATE_CUTS',
      'OPTION_NOT_MAPPED',
      'NO_PRICING_FOR_PERIOD',
      'PRICE_PER_NIGHT_REQUIRED',
    ] as const) {
      expect(PRICING_WARNING_TEXTS[code]).toBe(MESSAGES[code]);
    }
    expect(PRICING_WARNING_TEXTS.PRICE_MANUALLY_CHANGED).toBe('Prix modifié manuellement');
  });

  it('all five §8 warnings on one quote, each once per subject', () => {
    const g = grid({
      periods: seasons({ high: { pricePerNight: null } }),
      options: [option({ id: 10, label: 'Électricité', extraId: EXTRA.ELECTRICITY }, { [HIGH]: 450 })],
    });
    const quote = priceStay(
      context({ priceGrids: [g] }),
      request({
        // 28 September → 3 October: 2 October nights without any period
        startDate: '2025-09-28',
        endDate: '2025-10-03',
        extras: [
          { extraId: EXTRA.ELECTRICITY, quantity: 1, startDate: '2025-09-20' },
          { extraId: EXTRA.LINEN, quantity: 1 },
        ],
        overrides: [{ priceGridOptionId: null, unitPrice: 2000 }],
      }),
    );
    expect(quote.warnings.map((w) => [w.code, w.subject])).toEqual([
      ['NO_PRICING_FOR_PERIOD', '2025-10-01'],
      ['PRICE_MANUALLY_CHANGED', 'Emplacement – nuit'],
      ['OPTIONS_DATE_CUTS', 'Électricité'],
      ['OPTION_NOT_MAPPED', 'Électricité'],
      ['OPTION_NOT_MAPPED', 'Location de draps'],
    ]);
    const g2 = grid({ periods: seasons({ high: { pricePerNight: null } }) });
    const missing = priceStay(context({ priceGrids: [g2] }), request());
    expect(missing.warnings).toEqual([
      { code: 'PRICE_PER_NIGHT_REQUIRED', message: 'Prix par nuit obligatoire', subject: 'Haute saison' },
    ]);
  });
});
