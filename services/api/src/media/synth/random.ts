/**
 * Seeded randomness for the generated demo media. Seeding must give the same
 * bytes on every machine and every run, so the seed can compare stored files
 * by hash and skip re-uploading them; Math.random cannot give that.
 */

export type Random = () => number;

/** mulberry32: tiny, fast, and good enough for musical and visual choices. */
export function createRandom(seed: number): Random {
  // Scrambling first keeps neighbouring seeds (1, 2, 3...) from starting with
  // visibly similar first draws.
  let state = hashNumbers(seed >>> 0, 0x9e3779b9);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Combines integers into one 32-bit seed, so sub-generators stay independent. */
export function hashNumbers(...values: number[]): number {
  let h = 0x811c9dc5;
  for (const value of values) {
    h = Math.imul(h ^ (value >>> 0), 0x01000193);
    h ^= h >>> 13;
    h = Math.imul(h, 0x5bd1e995);
    h ^= h >>> 15;
  }
  return h >>> 0;
}

/** FNV-1a over UTF-16 code units; stable across platforms, unlike locale-aware hashing. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function pick<T>(random: Random, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('pick() needs at least one item');
  return items[Math.floor(random() * items.length)] as T;
}

export function between(random: Random, min: number, max: number): number {
  return min + (max - min) * random();
}

export function intBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}
