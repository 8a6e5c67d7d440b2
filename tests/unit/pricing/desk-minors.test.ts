// The tourist-tax exemption of minors follows from the age range (rules-fr §1, docs/statements.md#tourist-tax): a
// category whose ages are all under 18 is exempt even when its tick was left off.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { priceStay } from '../../../api/domain/pricing';
import { isMinorsCategory, isTouristTaxExemptCategory } from '../../../api/domain/pricing/minors';
import { CAT, context, request, touristTax } from './fixtures';

const base = context({ touristTax: touristTax() });
const unticked = {
  ...base,
  ageCategories: base.ageCategories.map((c) => (c.id === CAT.CHILD ? { ...c, isTouristTaxExempt: false } : c)),
};

describe('minors and the tourist tax', () => {
  it('a child category (3–17) without the tick is not taxed', () => {
    const quote = priceStay(
      unticked,
      request({
        occupants: [
          { ageCategoryId: CAT.ADULT, quantity: 2 },
          { ageCategoryId: CAT.CHILD, quantity: 2 },
        ],
      }),
    );
    expect(quote.touristTax).toMatchObject({ taxablePersons: 2, exemptPersons: 2 });
    expect(quote.touristTaxTotal).toBe(2 * 7 * 66);
  });

  it('a category is exempt exactly when all its ages are under 18 or it is ticked', () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: 0, max: 130 }), { nil: null }), fc.boolean(), (maxAge, tick) => {
        expect(isMinorsCategory({ maxAge })).toBe(maxAge !== null && maxAge < 18);
        expect(isTouristTaxExemptCategory({ maxAge, isTouristTaxExempt: tick })).toBe(
          tick || (maxAge !== null && maxAge < 18),
        );
      }),
    );
  });
});
