// Moving a row of an ordered list (up/down buttons of EntityList).
import { describe, expect, it } from 'vitest';
import { swapWithNeighbour } from '../../../admin/src/entity/order';

describe('swapWithNeighbour', () => {
  it('swaps a row with the one above or below it', () => {
    expect(swapWithNeighbour([1, 2, 3, 4], [1, 2, 3, 4], 3, -1)).toEqual([1, 3, 2, 4]);
    expect(swapWithNeighbour([1, 2, 3, 4], [1, 2, 3, 4], 3, 1)).toEqual([1, 2, 4, 3]);
  });

  it('moves within the scope of the list (one parent) and leaves the other rows in place', () => {
    // rows 10 and 30 belong to the shown parent; 20 and 40 to another one
    expect(swapWithNeighbour([10, 20, 30, 40], [10, 30], 30, -1)).toEqual([30, 20, 10, 40]);
  });

  it('does nothing past either end', () => {
    expect(swapWithNeighbour([1, 2], [1, 2], 1, -1)).toBeNull();
    expect(swapWithNeighbour([1, 2], [1, 2], 2, 1)).toBeNull();
    expect(swapWithNeighbour([1, 2], [1, 2], 9, 1)).toBeNull();
    expect(swapWithNeighbour([1, 2, 3], [2, 3], 1, 1)).toBeNull(); // not in the scope
  });
});
