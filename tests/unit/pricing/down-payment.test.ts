// Down payment (arrhes, a settings rate) and balance due dates.
import { describe, expect, it } from 'vitest';
import { DownPaymentKind, priceStay } from '../../../api/domain/pricing';
import { CAT, DOWN_PAYMENT_25, VAT, context, request, touristTax } from './fixtures';

const fees = [
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
const family = [
  { ageCategoryId: CAT.ADULT, quantity: 2 },
  { ageCategoryId: CAT.CHILD, quantity: 2 },
];
const withDeposit = (over = {}) =>
  context({ downPayment: { ...DOWN_PAYMENT_25, ...over }, bookingFees: fees, touristTax: touristTax() });

describe('down payment and balance', () => {
  it('25 % arrhes of the stay + fees at booking; tourist tax with the balance', () => {
    const quote = priceStay(withDeposit(), request({ occupants: family }));
    // stay 210 €, fees 15 €, tax 9,24 € → total 234,24 €
    expect(quote.total).toBe(23424);
    expect(quote.downPayment).toEqual({
      kind: DownPaymentKind.ARRHES,
      rateBp: 2500,
      amount: 5250 + 1500,
      dueDate: '2025-03-08',
      isFullPayment: false,
    });
    expect(quote.balance).toEqual({ amount: 16674, dueDate: '2025-06-05' });
  });

  it('the down payment is rounded half-up to the cent: 25 % of 210,42 € = 52,605 → 52,61 €', () => {
    const c = withDeposit();
    c.bookingFees = [];
    c.touristTax = null;
    c.priceGrids[0].periods[1].pricePerNight = 3006; // 7 × 30,06 € = 210,42 €
    expect(priceStay(c, request()).downPayment?.amount).toBe(5261);
    c.priceGrids[0].periods[1].pricePerNight = 3007; // 210,49 € → 52,6225 → 52,62 €
    expect(priceStay(c, request()).downPayment?.amount).toBe(5262);
  });

  it('a booking after the balance date pays everything now', () => {
    const quote = priceStay(withDeposit(), request({ occupants: family, quoteDate: '2025-06-20' }));
    expect(quote.downPayment).toMatchObject({ amount: 23424, dueDate: '2025-06-20', isFullPayment: true });
    expect(quote.balance).toEqual({ amount: 0, dueDate: '2025-06-20' });
  });

  it('full payment for short stays and for arrivals within X days', () => {
    expect(
      priceStay(withDeposit({ fullPaymentMaxNights: 3 }), request({ endDate: '2025-07-07' })).downPayment
        ?.isFullPayment,
    ).toBe(true);
    expect(priceStay(withDeposit({ fullPaymentMaxNights: 3 }), request()).downPayment?.isFullPayment).toBe(false);
    const late = withDeposit({ fullPaymentDaysBeforeArrival: 45 });
    expect(priceStay(late, request({ quoteDate: '2025-05-25' })).downPayment?.isFullPayment).toBe(true);
    expect(priceStay(late, request({ quoteDate: '2025-05-15' })).downPayment?.isFullPayment).toBe(false);
  });

  it('the down payment is never due after the balance', () => {
    const quote = priceStay(withDeposit({ dueDays: 100 }), request());
    expect(quote.downPayment?.dueDate).toBe('2025-06-05');
    expect(quote.balance.dueDate).toBe('2025-06-05');
  });

  it('an acompte of 30 %', () => {
    const c = withDeposit({ kind: DownPaymentKind.ACOMPTE, rateBp: 3000 });
    c.bookingFees = [];
    const quote = priceStay(c, request());
    expect(quote.downPayment).toMatchObject({ kind: DownPaymentKind.ACOMPTE, amount: 6300 });
    expect(quote.balance.amount).toBe(21000 - 6300 + 924);
  });

  it('cancellation insurance is paid with the down payment', () => {
    const c = withDeposit();
    c.cancellationInsurance = {
      id: 1,
      label: 'Assurance annulation',
      rateBp: 350,
      fixedAmount: null,
      minimumAmount: 0,
      vatRateId: null,
    };
    const quote = priceStay(c, request({ occupants: family, withCancellationInsurance: true }));
    // insurance 3,5 % of 210 € = 7,35 €
    expect(quote.downPayment?.amount).toBe(5250 + 1500 + 735);
  });

  it('without settings nothing is asked before arrival', () => {
    const quote = priceStay(context(), request());
    expect(quote.downPayment).toBeNull();
    expect(quote.balance).toEqual({ amount: 21000, dueDate: '2025-07-05' });
  });
});
