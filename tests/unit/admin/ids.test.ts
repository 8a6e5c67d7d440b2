import { describe, expect, it } from 'vitest';
import { isPositiveId } from '../../../admin/src/ui/ids';

describe('isPositiveId', () => {
  it('takes the digits of an existing record only', () => {
    expect(['1', '42', '1000000'].map(isPositiveId)).toEqual([true, true, true]);
    expect(['0', '', '01', '-3', '1.5', '3a', ' 3'].map(isPositiveId)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(isPositiveId(undefined)).toBe(false);
  });
});
