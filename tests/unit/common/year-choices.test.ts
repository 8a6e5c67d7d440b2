// Spec §9 (docs/constants.md): year choices run from 2018 to the current year + 2 (the statements' year picker).
import { describe, expect, it } from 'vitest';
import { yearChoices } from '../../../common/year-choices';

describe('yearChoices', () => {
  it('offers 2018 to the current year + 2, in order', () => {
    expect(yearChoices(2026)).toEqual([2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028]);
  });
  it('keeps a year already chosen outside the range', () => {
    expect(yearChoices(2026, 2031).at(-1)).toBe(2031);
    expect(yearChoices(2026, 2017)[0]).toBe(2017);
    expect(yearChoices(2026, 2020)).toHaveLength(11);
  });
});
