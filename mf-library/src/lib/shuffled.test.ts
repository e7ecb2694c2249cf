import { describe, expect, it } from 'vitest';
import { shuffled } from './shuffled';

describe('shuffled', () => {
  it('keeps every item once, in a new array', () => {
    const items = Array.from({ length: 50 }, (_, index) => index);
    const result = shuffled(items);
    expect(result).not.toBe(items);
    expect([...result].sort((a, b) => a - b)).toEqual(items);
  });

  it('follows the random draws (Fisher–Yates)', () => {
    // Draw 0 swaps each last position with the first: [1, 2, 3] → [3, 2, 1] → [2, 3, 1].
    expect(shuffled([1, 2, 3], () => 0)).toEqual([2, 3, 1]);
    // Draws just under 1 leave every item where it is.
    expect(shuffled([1, 2, 3], () => 0.999)).toEqual([1, 2, 3]);
  });
});
