// Address rules by country (common/address.ts): a French postcode has 5 digits and is
// needed to bill; abroad it is optional and kept as typed.
import { describe, expect, it } from 'vitest';
import { postcodeAndTown, postcodeRequired, postcodeValid } from '../../../common/address';

describe('address rules by country', () => {
  it('needs a 5-digit postcode in France (and Monaco, or an unknown country), none abroad', () => {
    expect(postcodeRequired('FR')).toBe(true);
    expect(postcodeRequired('MC')).toBe(true);
    expect(postcodeRequired(null)).toBe(true);
    expect(postcodeRequired('IE')).toBe(false);
    expect(postcodeValid('FR', '56340')).toBe(true);
    expect(postcodeValid('FR', '5634')).toBe(false);
    expect(postcodeValid('GB', 'SW1A 1AA')).toBe(true);
    expect(postcodeValid('IE', '')).toBe(true);
  });

  it('writes the town alone when there is no postcode', () => {
    expect(postcodeAndTown('56340', 'Carnac')).toBe('56340 Carnac');
    expect(postcodeAndTown(null, 'Dingle')).toBe('Dingle');
  });
});
