import { describe, expect, it } from 'vitest';
import { nameGenerator, vocabulary } from './grow-catalog.js';

describe('catalog generator', () => {
  it('draws the same names for the same seed, common words most often', () => {
    const first = nameGenerator(3);
    const second = nameGenerator(3);
    const names = Array.from({ length: 2000 }, () => first(3));
    expect(Array.from({ length: 2000 }, () => second(3))).toEqual(names);
    const vocab = vocabulary();
    expect(new Set(vocab).size).toBeGreaterThan(4000);
    const counts = new Map<string, number>();
    for (const word of names.join(' ').split(' ')) counts.set(word, (counts.get(word) ?? 0) + 1);
    expect(counts.get(vocab[0]!) ?? 0).toBeGreaterThan(counts.get(vocab[4000]!) ?? 0);
    expect(vocab.some((word) => /[éñøü]/.test(word))).toBe(true);
  });
});
