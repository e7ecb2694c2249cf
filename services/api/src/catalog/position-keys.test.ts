import { generateKeyBetween } from 'fractional-indexing';
import { describe, expect, it } from 'vitest';
import { comparePacked, implicitKey, isLong, PACKED_CHARS, packKey, unpackKey } from './position-keys.js';

const compareStrings = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const comparePackedKeys = (a: string, b: string) => {
  const [x, y] = [packKey(a), packKey(b)];
  return comparePacked(x.high, x.low, y.high, y.low, () => [a, b]);
};

/** Keys as a playlist makes them: appends, inserts at random places, and many into one gap (long keys). */
function keysLikeAPlaylist(): string[] {
  let random = 7;
  const next = () => (random = (random * 1103515245 + 12345) % 2147483648) / 2147483648;
  const keys: string[] = [];
  for (let i = 0; i < 300; i++) keys.push(generateKeyBetween(keys.at(-1) ?? null, null));
  for (let i = 0; i < 300; i++) {
    const sorted = [...keys].sort(compareStrings);
    const at = Math.floor(next() * (sorted.length + 1));
    keys.push(generateKeyBetween(sorted[at - 1] ?? null, sorted[at] ?? null));
  }
  // Sixty moves into the same gap: keys grow past the packed length (to 12 characters).
  let high = keys[1]!;
  for (let i = 0; i < 60; i++) keys.push((high = generateKeyBetween(keys[0]!, high)));
  return keys;
}

describe('packed order keys', () => {
  it('compare exactly as the strings do, long keys and the empty key included', () => {
    const keys = ['', ...keysLikeAPlaylist(), 'a0', 'a0V', 'Zz', 'abcdefgh', 'abcdefghV', 'abcdefgV', 'abcdefgi'];
    expect(keys.some((key) => key.length > PACKED_CHARS + 2)).toBe(true);
    const byStrings = [...keys].sort(compareStrings);
    const byPacked = [...keys].sort(comparePackedKeys);
    expect(byPacked).toEqual(byStrings);
    for (let i = 1; i < byStrings.length; i++) {
      expect(Math.sign(comparePackedKeys(byStrings[i - 1]!, byStrings[i]!))).toBe(Math.sign(compareStrings(byStrings[i - 1]!, byStrings[i]!)));
    }
  });

  it('unpack to the key, or to its first characters with the long mark', () => {
    for (const key of ['', 'a0', 'Zz', 'a0V', 'abcdefgh']) {
      const { high, low, long } = packKey(key);
      expect([unpackKey(high, low), isLong(low), long]).toEqual([key, false, null]);
    }
    const { high, low, long } = packKey('abcdefghij');
    expect([unpackKey(high, low), isLong(low), long]).toEqual(['abcdefgh', true, 'abcdefghij']);
    expect(packKey('')).toEqual({ high: 0, low: 0, long: null });
  });

  it('gives an entry without a key an implicit one: valid, in id order, below the first appended key', () => {
    const bytes = (hex: string) => Uint8Array.from(hex.match(/../g)!.map((pair) => parseInt(pair, 16)));
    const ids = ['000000000000000000000000', '6b0758c31a95658888197acb', '6b0758c31a95658888197acc', 'ffffffffffffffffffffffff'];
    const keys = ids.map((id) => implicitKey(bytes(id)));
    expect([...keys].sort(compareStrings)).toEqual(keys);
    expect(keys.every((key) => key.length === 20 && key < 'a0')).toBe(true);
    // Valid keys: one fits between any two, and before and after them.
    expect(generateKeyBetween(keys[1], keys[2]) > keys[1]!).toBe(true);
    expect(generateKeyBetween(null, keys[0])).toBe('Zz');
    expect(generateKeyBetween(keys[3], null)).toBe('a0');
  });
});
