// The 7 special offer types of spec §9 (docs/constants.md#prices), on a 7-night high-season stay at 30 € a night
// (210,00 €) unless said otherwise.
import { describe, expect, it } from 'vitest';
import {
  BillLineType,
  OptionPriceUnit,
  SpecialOfferType,
  priceStay,
  type SpecialOffer,
} from '../../../api/domain/pricing';
import { CAT, EXTRA, HIGH, VAT, compact, context, grid, linesOf, offer, option, request } from './fixtures';

const cleaning = option(
  { id: 11, label: 'Ménage', extraId: EXTRA.CLEANING, priceUnit: OptionPriceUnit.PER_STAY },
  { [HIGH]: 5000 },
);
const withOffers = (...offers: SpecialOffer[]) =>
  context({ priceGrids: [grid({ options: [cleaning] })], specialOffers: offers });

describe('special offer types', () => {
  it('less X euros: −25,00 €', () => {
    const quote = priceStay(
      withOffers(offer({ id: 1, label: 'Remise 25 €', type: SpecialOfferType.LESS_AMOUNT, value: 2500 })),
      request(),
    );
    expect(compact(linesOf(quote, BillLineType.SPECIAL_OFFER))).toEqual([['Remise 25 €', 1, -2500, -2500]]);
    expect(linesOf(quote, BillLineType.SPECIAL_OFFER)[0]).toMatchObject({
      specialOfferId: 1,
      vatRateBp: 1000,
      vatAmount: -227,
    });
    expect(quote.total).toBe(18500);
    expect(quote.appliedSpecialOfferIds).toEqual([1]);
  });

  it('less X percent: −10 % of 210 € = −21,00 €', () => {
    const quote = priceStay(withOffers(offer({ id: 1, type: SpecialOfferType.LESS_PERCENT, value: 1000 })), request());
    expect(quote.total).toBe(18900);
  });

  it('less X percent rounds half-up to the cent: 7,5 % of 210 € = 15,75 €; of 30,10 € × 7 = 15,8025 → 15,80 €', () => {
    expect(priceStay(withOffers(offer({ id: 1, value: 750 })), request()).total).toBe(21000 - 1575);
    const g = grid({ options: [cleaning], periods: grid().periods.map((p) => ({ ...p, pricePerNight: 3010 })) });
    const quote = priceStay(context({ priceGrids: [g], specialOffers: [offer({ id: 1, value: 750 })] }), request());
    expect(amountOfOffers(quote)).toBe(-1580);
  });

  it('booking fees offered: the fees come back as an offer line at the fees’ VAT rate', () => {
    const c = withOffers(offer({ id: 1, label: 'Frais de dossier offerts', type: SpecialOfferType.BOOKING_FEES }));
    c.bookingFees = [
      {
        id: 1,
        label: 'Frais de dossier',
        amount: 1500,
        vatRateId: VAT.STANDARD,
        channelIds: [],
        priceGridIds: [],
        isActive: true,
      },
    ];
    const quote = priceStay(c, request());
    expect(compact(linesOf(quote, BillLineType.FEES))).toEqual([['Frais de dossier', 1, 1500, 1500]]);
    expect(linesOf(quote, BillLineType.SPECIAL_OFFER)[0]).toMatchObject({
      amount: -1500,
      vatRateBp: 2000,
      vatAmount: -250,
    });
    expect(quote.total).toBe(21000);
  });

  it('X equals Y: 7 = 6, one night free', () => {
    const seven = offer({ id: 1, label: '7 = 6', type: SpecialOfferType.X_EQUALS_Y, stayNights: 7, paidNights: 6 });
    expect(priceStay(withOffers(seven), request()).total).toBe(18000);
    // 14 nights: two free nights
    expect(priceStay(withOffers(seven), request({ endDate: '2025-07-19' })).total).toBe(36000);
    // 6 nights: not eligible
    const six = priceStay(withOffers(seven), request({ endDate: '2025-07-11' }));
    expect(six.total).toBe(18000);
    expect(six.appliedSpecialOfferIds).toEqual([]);
  });

  it('X equals Y across two periods offers the average night: 170 € × 1/7 = 24,29 €', () => {
    const seven = offer({ id: 1, type: SpecialOfferType.X_EQUALS_Y, stayNights: 7, paidNights: 6 });
    // 4 low nights at 20 € + 3 high nights at 30 € = 170 €
    const quote = priceStay(withOffers(seven), request({ startDate: '2025-07-01', endDate: '2025-07-08' }));
    expect(amountOfOffers(quote)).toBe(-2429);
    expect(quote.total).toBe(14571);
  });

  it('price strikeout: the unit price is cut by 20 % and the old one is shown crossed out', () => {
    const quote = priceStay(
      withOffers(offer({ id: 1, type: SpecialOfferType.PRICE_STRIKEOUT, value: 2000 })),
      request(),
    );
    expect(quote.lines).toHaveLength(1);
    expect(quote.lines[0]).toMatchObject({
      quantity: 7,
      unitPrice: 2400,
      amount: 16800,
      strikeoutUnitPrice: 3000,
      specialOfferId: 1,
    });
    expect(quote.appliedSpecialOfferIds).toEqual([1]);
  });

  it('included service: the cleaning is offered', () => {
    const c = withOffers(
      offer({ id: 1, label: 'Ménage offert', type: SpecialOfferType.INCLUDED_SERVICE, appliedOptionIds: [11] }),
    );
    const quote = priceStay(c, request({ extras: [{ extraId: EXTRA.CLEANING, quantity: 1 }] }));
    expect(compact(linesOf(quote, BillLineType.EXTRA))).toEqual([['Ménage', 1, 5000, 5000]]);
    expect(linesOf(quote, BillLineType.SPECIAL_OFFER)[0]).toMatchObject({
      amount: -5000,
      vatRateBp: 2000,
      vatAmount: -833,
    });
    expect(quote.total).toBe(21000);
    // without the cleaning in the stay there is nothing to offer
    expect(priceStay(c, request()).appliedSpecialOfferIds).toEqual([]);
  });

  it('last minute: −15 % when arriving within 10 days of the quote', () => {
    const last = offer({
      id: 1,
      label: 'Dernière minute',
      type: SpecialOfferType.LAST_MINUTE,
      value: 1500,
      lastMinuteDays: 10,
    });
    expect(priceStay(withOffers(last), request({ quoteDate: '2025-06-28' })).total).toBe(21000 - 3150);
    expect(priceStay(withOffers(last), request({ quoteDate: '2025-06-25' })).total).toBe(21000 - 3150);
    expect(priceStay(withOffers(last), request({ quoteDate: '2025-06-24' })).total).toBe(21000);
    // a quote made after arrival is no last-minute booking
    expect(priceStay(withOffers(last), request({ quoteDate: '2025-07-06' })).total).toBe(21000);
  });

  it('occupant supplements are part of the discounted stay; other options only when applied', () => {
    const adult = option({ id: 1, label: 'Adulte', ageCategoryId: CAT.ADULT }, { [HIGH]: 500 });
    const electricity = option(
      { id: 10, label: 'Électricité', extraId: EXTRA.ELECTRICITY, vatRateId: VAT.STANDARD },
      { [HIGH]: 500 },
    );
    const make = (applied: number[]) =>
      context({
        priceGrids: [grid({ options: [adult, electricity] })],
        specialOffers: [offer({ id: 1, value: 1000, appliedOptionIds: applied })],
      });
    const req = request({ extras: [{ extraId: EXTRA.ELECTRICITY, quantity: 1 }] });
    // 210 € pitch + 70 € adults = 280 € → −28 €
    expect(amountOfOffers(priceStay(make([]), req))).toBe(-2800);
    // + 35 € electricity at 20 %: −31,50 €, split per VAT rate
    const quote = priceStay(make([10]), req);
    expect(linesOf(quote, BillLineType.SPECIAL_OFFER).map((l) => [l.vatRateBp, l.amount])).toEqual([
      [1000, -2800],
      [2000, -350],
    ]);
  });

  it('a manually priced line is not discounted by offers', () => {
    const quote = priceStay(
      withOffers(offer({ id: 1, value: 1000 })),
      request({ overrides: [{ priceGridOptionId: null, unitPrice: 2500 }] }),
    );
    expect(quote.total).toBe(17500);
    expect(quote.appliedSpecialOfferIds).toEqual([]);
  });
});

function amountOfOffers(quote: ReturnType<typeof priceStay>): number {
  return linesOf(quote, BillLineType.SPECIAL_OFFER).reduce((s, l) => s + l.amount, 0);
}
