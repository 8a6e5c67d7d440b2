// Booking fees, cancellation insurance, desk discounts and partner commission.
import { describe, expect, it } from 'vitest';
import { BillLineType, DiscountUnit, SpecialOfferType, priceStay } from '../../../api/domain/pricing';
import { ANIMAL, HIGH, VAT, compact, context, grid, linesOf, offer, option, request, warningCodes } from './fixtures';

const fee = (over = {}) => ({
  id: 1,
  label: 'Frais de dossier',
  amount: 1500,
  vatRateId: VAT.STANDARD,
  channelIds: [],
  priceGridIds: [],
  isActive: true,
  ...over,
});

describe('booking fees', () => {
  it('a fee per stay at 20 %', () => {
    const quote = priceStay(context({ bookingFees: [fee()] }), request());
    expect(compact(linesOf(quote, BillLineType.FEES))).toEqual([['Frais de dossier', 1, 1500, 1500]]);
    expect(linesOf(quote, BillLineType.FEES)[0]).toMatchObject({ vatRateBp: 2000, vatAmount: 250 });
    expect(quote.total).toBe(22500);
  });

  it('fees limited to a channel or a grid, inactive fees', () => {
    const fees = [
      fee({ id: 2, label: 'Frais internet', amount: 900, channelIds: [3] }),
      fee({ id: 3, priceGridIds: [2] }),
      fee({ id: 4, isActive: false }),
    ];
    expect(linesOf(priceStay(context({ bookingFees: fees }), request()), BillLineType.FEES)).toEqual([]);
    expect(
      compact(linesOf(priceStay(context({ bookingFees: fees }), request({ channelId: 3 })), BillLineType.FEES)),
    ).toEqual([['Frais internet', 1, 900, 900]]);
  });
});

describe('cancellation insurance', () => {
  const insurance = {
    id: 1,
    label: 'Assurance annulation',
    rateBp: 350,
    fixedAmount: null,
    minimumAmount: 500,
    vatRateId: null,
  };
  const dog = option({ id: 20, label: 'Chien', animalTypeId: ANIMAL.DOG }, { [HIGH]: 300 });

  it('3,5 % of the stay (options included, fees excluded), rounded half-up, outside VAT', () => {
    const c = context({
      priceGrids: [grid({ options: [dog] })],
      cancellationInsurance: insurance,
      bookingFees: [fee()],
    });
    // 210 € + dog 21 € = 231 € × 3,5 % = 8,085 → 8,09 €
    const quote = priceStay(
      c,
      request({ animals: [{ animalTypeId: ANIMAL.DOG, quantity: 1 }], withCancellationInsurance: true }),
    );
    expect(compact(linesOf(quote, BillLineType.INSURANCE))).toEqual([['Assurance annulation', 1, 809, 809]]);
    expect(linesOf(quote, BillLineType.INSURANCE)[0]).toMatchObject({ vatRateBp: null, vatAmount: 0 });
  });

  it('a floor for short stays, a fixed amount, and nothing unless asked', () => {
    const c = context({ cancellationInsurance: insurance });
    expect(priceStay(c, request({ endDate: '2025-07-06', withCancellationInsurance: true })).total).toBe(3000 + 500);
    c.cancellationInsurance = { ...insurance, fixedAmount: 2000 };
    expect(priceStay(c, request({ withCancellationInsurance: true })).total).toBe(21000 + 2000);
    expect(priceStay(c, request()).total).toBe(21000);
  });

  it('is computed on the stay after offers', () => {
    const c = context({
      cancellationInsurance: insurance,
      specialOffers: [offer({ id: 1, type: SpecialOfferType.LESS_AMOUNT, value: 1000 })],
    });
    // (210 − 10) × 3,5 % = 7,00 €
    expect(amount(priceStay(c, request({ withCancellationInsurance: true })), BillLineType.INSURANCE)).toBe(700);
  });
});

describe('discounts chosen by the desk', () => {
  const discounts = [
    { id: 1, label: 'Fidélité 5 %', unit: DiscountUnit.PERCENT, value: 500 },
    { id: 2, label: 'Geste commercial', unit: DiscountUnit.AMOUNT, value: 2000 },
  ];

  it('a percentage and an amount on the stay', () => {
    const quote = priceStay(context({ discounts }), request({ discountIds: [1, 2] }));
    expect(compact(linesOf(quote, BillLineType.DISCOUNT))).toEqual([
      ['Fidélité 5 %', 1, -1050, -1050],
      ['Geste commercial', 1, -2000, -2000],
    ]);
    expect(linesOf(quote, BillLineType.DISCOUNT)[0]).toMatchObject({ discountId: 1, vatRateBp: 1000, vatAmount: -95 });
    expect(quote.total).toBe(17950);
  });

  it('after the special offers, and on manual prices too', () => {
    const c = context({ discounts, specialOffers: [offer({ id: 1, value: 1000 })] });
    // 210 − 21 = 189 € → 5 % = 9,45 €
    expect(amount(priceStay(c, request({ discountIds: [1] })), BillLineType.DISCOUNT)).toBe(-945);
    const manual = priceStay(
      c,
      request({ discountIds: [1], overrides: [{ priceGridOptionId: null, unitPrice: 2000 }] }),
    );
    expect(amount(manual, BillLineType.DISCOUNT)).toBe(-700);
  });

  it('an unknown discount warns', () => {
    expect(warningCodes(priceStay(context({ discounts }), request({ discountIds: [9] })))).toEqual([
      'DISCOUNT_NOT_FOUND',
    ]);
  });
});

describe('partner commission', () => {
  const partner = {
    id: 4,
    label: 'Comité d’entreprise',
    commissionRateBp: 1000,
    vatRateId: VAT.STANDARD,
    commissionPeriods: [{ id: 1, partnerId: 4, startDate: '2025-08-01', endDate: '2025-09-01', rateBp: 1500 }],
  };

  it('10 % of the stay on the partner bill, not on the customer’s', () => {
    const quote = priceStay(context({ partners: [partner], bookingFees: [fee()] }), request({ partnerId: 4 }));
    expect(compact(quote.partnerLines)).toEqual([['Commission Comité d’entreprise', 1, 2100, 2100]]);
    expect(quote.partnerLines[0]).toMatchObject({
      lineType: BillLineType.PARTNER_COMMISSION,
      vatRateBp: 2000,
      vatAmount: 350,
    });
    expect(quote.partnerCommissionTotal).toBe(2100);
    expect(quote.total).toBe(22500);
  });

  it('a commission period holding the arrival sets the rate', () => {
    const quote = priceStay(
      context({ partners: [partner] }),
      request({ partnerId: 4, startDate: '2025-08-02', endDate: '2025-08-09' }),
    );
    expect(quote.partnerCommissionTotal).toBe(3150);
  });

  it('no partner, no commission', () => {
    expect(priceStay(context({ partners: [partner] }), request()).partnerLines).toEqual([]);
  });
});

function amount(quote: ReturnType<typeof priceStay>, lineType: number): number {
  return linesOf(quote, lineType).reduce((s, l) => s + l.amount, 0);
}
