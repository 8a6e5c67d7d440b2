// Special offer visibility (spec §9, docs/constants.md#prices): competition (the best applies), duplicate
// (cumulates), dominant (applies alone). Stay: 7 nights at 30 € = 210,00 €.
import { describe, expect, it } from 'vitest';
import { OfferVisibility, SpecialOfferType, priceStay, type SpecialOffer } from '../../../api/domain/pricing';
import { context, offer, request } from './fixtures';

const { COMPETITION, DUPLICATE, DOMINANT } = OfferVisibility;
const quoteWith = (...offers: SpecialOffer[]) => priceStay(context({ specialOffers: offers }), request());

describe('special offer visibility', () => {
  it('competing offers: only the best for the customer applies', () => {
    const quote = quoteWith(
      offer({ id: 1, visibility: COMPETITION, value: 1000 }), // −21 €
      offer({ id: 2, visibility: COMPETITION, type: SpecialOfferType.LESS_AMOUNT, value: 2500 }), // −25 €
    );
    expect(quote.appliedSpecialOfferIds).toEqual([2]);
    expect(quote.total).toBe(18500);
  });

  it('competing offers of equal value: the lower id wins', () => {
    const quote = quoteWith(
      offer({ id: 5, visibility: COMPETITION, type: SpecialOfferType.LESS_AMOUNT, value: 2100 }),
      offer({ id: 3, visibility: COMPETITION, value: 1000 }),
    );
    expect(quote.appliedSpecialOfferIds).toEqual([3]);
  });

  it('a duplicate offer cumulates with the best competing one', () => {
    const quote = quoteWith(
      offer({ id: 1, visibility: COMPETITION, value: 1000 }),
      offer({ id: 2, visibility: DUPLICATE, value: 500 }),
    );
    expect(quote.appliedSpecialOfferIds).toEqual([1, 2]);
    expect(quote.total).toBe(21000 - 2100 - 1050);
  });

  it('duplicate percentages add up, they do not compound', () => {
    const quote = quoteWith(
      offer({ id: 1, visibility: DUPLICATE, value: 1000 }),
      offer({ id: 2, visibility: DUPLICATE, value: 1000 }),
    );
    expect(quote.total).toBe(16800);
  });

  it('a dominant offer applies alone, even when smaller', () => {
    const quote = quoteWith(
      offer({ id: 1, visibility: COMPETITION, value: 2000 }),
      offer({ id: 2, visibility: DUPLICATE, value: 1000 }),
      offer({ id: 3, visibility: DOMINANT, value: 500 }),
    );
    expect(quote.appliedSpecialOfferIds).toEqual([3]);
    expect(quote.total).toBe(19950);
  });

  it('among dominant offers the best applies', () => {
    const quote = quoteWith(
      offer({ id: 1, visibility: DOMINANT, value: 500 }),
      offer({ id: 2, visibility: DOMINANT, value: 800 }),
    );
    expect(quote.appliedSpecialOfferIds).toEqual([2]);
  });

  it('a dominant offer that does not apply leaves the others', () => {
    const quote = quoteWith(
      offer({ id: 1, visibility: DOMINANT, value: 5000, minNights: 14 }),
      offer({ id: 2, visibility: COMPETITION, value: 1000 }),
    );
    expect(quote.appliedSpecialOfferIds).toEqual([2]);
  });

  it('cumulated offers never take the stay below zero', () => {
    const quote = quoteWith(
      offer({ id: 1, visibility: DUPLICATE, value: 6000 }),
      offer({ id: 2, visibility: DUPLICATE, value: 6000 }),
    );
    expect(quote.total).toBe(0);
    expect(quote.lines.map((l) => l.amount)).toEqual([21000, -12600, -8400]);
  });

  it('a strikeout cumulated with a percentage: the percentage is taken on the struck-out price', () => {
    const quote = quoteWith(
      offer({ id: 2, visibility: DUPLICATE, type: SpecialOfferType.PRICE_STRIKEOUT, value: 2000 }),
      offer({ id: 1, visibility: DUPLICATE, value: 1000 }),
    );
    // 7 × 24 € = 168 € then −16,80 €
    expect(quote.total).toBe(15120);
    expect(quote.appliedSpecialOfferIds).toEqual([1, 2]);
  });
});
