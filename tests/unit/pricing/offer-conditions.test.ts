// When a special offer applies: steps (up to 4 weeks), min and max duration, booking
// validity, stay period, promo code, channels, tariffs and accommodations.
import { describe, expect, it } from 'vitest';
import { addDays, priceStay, type SpecialOffer, type StayRequest } from '../../../api/domain/pricing';
import { context, offer, request, warningCodes } from './fixtures';

const applies = (o: SpecialOffer, over: Partial<StayRequest> = {}) =>
  priceStay(context({ specialOffers: [o] }), request(over)).appliedSpecialOfferIds.includes(o.id);

describe('special offer conditions', () => {
  const stepped = offer({
    id: 1,
    value: 0,
    steps: [1, 2, 3, 4].map((weeks) => ({ id: weeks, specialOfferId: 1, weeks, value: weeks * 500 })),
  });

  it.each([
    [6, null],
    [7, 500],
    [13, 500],
    [14, 1000],
    [21, 1500],
    [28, 2000],
    [35, 2000],
  ])('steps: %i nights → %s bp', (nights, bp) => {
    const quote = priceStay(context({ specialOffers: [stepped] }), request({ endDate: addDays('2025-07-05', nights) }));
    const full = nights * 3000;
    expect(quote.total).toBe(bp === null ? full : full - Math.round((full * bp) / 10000));
  });

  it('minimum and maximum duration', () => {
    const o = offer({ id: 1, minNights: 7, maxNights: 14 });
    expect(applies(o, { endDate: '2025-07-11' })).toBe(false);
    expect(applies(o, { endDate: '2025-07-12' })).toBe(true);
    expect(applies(o, { endDate: '2025-07-19' })).toBe(true);
    expect(applies(o, { endDate: '2025-07-20' })).toBe(false);
  });

  it('booking validity: the quote date must lie in [bookingStartDate, bookingEndDate)', () => {
    const o = offer({ id: 1, bookingStartDate: '2025-01-01', bookingEndDate: '2025-03-01' });
    expect(applies(o, { quoteDate: '2024-12-31' })).toBe(false);
    expect(applies(o, { quoteDate: '2025-01-01' })).toBe(true);
    expect(applies(o, { quoteDate: '2025-02-28' })).toBe(true);
    expect(applies(o, { quoteDate: '2025-03-01' })).toBe(false);
  });

  it('stay period: the whole stay must lie inside the offer period', () => {
    const o = offer({ id: 1, periodStartDate: '2025-07-01', periodEndDate: '2025-07-10' });
    expect(applies(o, { startDate: '2025-07-02', endDate: '2025-07-09' })).toBe(true);
    expect(applies(o, { startDate: '2025-07-02', endDate: '2025-07-10' })).toBe(true);
    expect(applies(o, { startDate: '2025-07-05', endDate: '2025-07-12' })).toBe(false);
    expect(applies(o, { startDate: '2025-06-30', endDate: '2025-07-05' })).toBe(false);
  });

  it('promo code: case and spaces do not matter; a wrong code warns', () => {
    const o = offer({ id: 1, promoCode: 'ETE25' });
    expect(applies(o)).toBe(false);
    expect(applies(o, { promoCode: ' ete25 ' })).toBe(true);
    const wrong = priceStay(context({ specialOffers: [o] }), request({ promoCode: 'HIVER' }));
    expect(wrong.appliedSpecialOfferIds).toEqual([]);
    expect(wrong.warnings).toEqual([
      {
        code: 'PROMO_CODE_NOT_APPLICABLE',
        message: 'Code promo inconnu ou non applicable à ce séjour',
        subject: 'HIVER',
      },
    ]);
    expect(warningCodes(priceStay(context({ specialOffers: [o] }), request({ promoCode: 'ete25' })))).toEqual([]);
  });

  it('channels: an offer for one channel only', () => {
    const o = offer({ id: 1, channelIds: [2] });
    expect(applies(o)).toBe(false);
    expect(applies(o, { channelId: 1 })).toBe(false);
    expect(applies(o, { channelId: 2 })).toBe(true);
  });

  it('tariffs and accommodations: an offer needs the grid, and the place type when listed', () => {
    expect(applies(offer({ id: 1, priceGridIds: [] }))).toBe(false);
    expect(applies(offer({ id: 1, priceGridIds: [2] }))).toBe(false);
    expect(applies(offer({ id: 1, placeTypeIds: [6] }))).toBe(false);
    expect(applies(offer({ id: 1, placeTypeIds: [5, 6] }))).toBe(true);
  });

  it('an inactive offer never applies', () => {
    expect(applies(offer({ id: 1, isActive: false }))).toBe(false);
  });
});
