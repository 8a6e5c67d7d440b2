// What French users type in number inputs, and the short searches left out of
// list and export requests.
import { describe, expect, it } from 'vitest';
import { parseDecimal, parseEurosToCents, parsePercentToBp } from '../../../common/money';
import { withoutShortSearch } from '../../../admin/src/entity/searchFilter';

describe('parseDecimal', () => {
  it('reads amounts typed with spaces, a decimal comma and the euro sign', () => {
    expect(parseDecimal('1 234,50 €', 2)).toBe(123450);
    expect(parseDecimal('1\u202f234,5\u00a0€', 2)).toBe(123450);
    expect(parseDecimal('12.30', 2)).toBe(1230);
    expect(parseDecimal('-3', 2)).toBe(-300);
    expect(parseEurosToCents('0,05 €')).toBe(5);
  });

  it('reads rates typed with the percent sign', () => {
    expect(parseDecimal('5,5 %', 2, '%')).toBe(550);
    expect(parseDecimal('5,5%', 2, '%')).toBe(550);
    expect(parseDecimal('20', 2, '%')).toBe(2000);
    expect(parsePercentToBp('10 %')).toBe(1000);
    expect(parsePercentToBp('0,25 %')).toBe(25);
  });

  it('accepts only the unit of the input', () => {
    expect(parseDecimal('5,5 %', 2)).toBeNaN();
    expect(parseDecimal('5 €', 2, '%')).toBeNaN();
  });

  it('answers null for nothing and NaN for what is not a number or too precise', () => {
    expect(parseDecimal('', 2)).toBeNull();
    expect(parseDecimal('  € ', 2)).toBeNull();
    expect(parseDecimal(' % ', 2, '%')).toBeNull();
    for (const bad of ['abc', '1,2,3', '1,234', ',', '--1', '1 2a']) expect(parseDecimal(bad, 2), bad).toBeNaN();
    expect(parseDecimal('1,230', 2)).toBe(123);
  });
});

describe('withoutShortSearch', () => {
  it('drops a search of 1 or 2 characters and keeps the other filters', () => {
    expect(withoutShortSearch({ q: 'ab', kind: 'dmds' })).toEqual({ kind: 'dmds' });
    expect(withoutShortSearch({ q: ' a ', id: 3 })).toEqual({ id: 3 });
    expect(withoutShortSearch({ q: '' })).toEqual({});
  });

  it('keeps searches from 3 characters, and filters without search untouched', () => {
    const f = { q: 'abc', x: 1 };
    expect(withoutShortSearch(f)).toBe(f);
    const g = { x: 1 };
    expect(withoutShortSearch(g)).toBe(g);
    expect(withoutShortSearch(undefined)).toBeUndefined();
  });
});
