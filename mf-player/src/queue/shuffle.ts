import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/**
 * Fisher-Yates over a copy, drawn from a seeded generator (pure-rand's xoroshiro128+): the same seed gives
 * the same order, so a shuffle is reproducible in tests. (The order itself is what the player saves, not the
 * seed, so the generator may change between versions.)
 */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = xoroshiro128plus(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = uniformInt(random, 0, i);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** A fresh seed for callers outside tests. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 0x100000000);
}
