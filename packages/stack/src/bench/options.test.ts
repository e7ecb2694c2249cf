import { describe, expect, it } from 'vitest';
import { parseBenchOptions } from './options.js';

describe('bench options', () => {
  it('runs the catalog benchmark at 1,000, 10,000 and N songs, with a million on request, or a 1,000/5,000 smoke run', () => {
    expect(parseBenchOptions(['--catalog', '100000'])).toEqual({ sizes: [1000, 10_000, 100_000], quick: false });
    expect(parseBenchOptions(['--catalog', '100000', '--million'])).toEqual({ sizes: [1000, 10_000, 100_000, 1_000_000], quick: false });
    expect(parseBenchOptions(['--catalog', '5000'])).toEqual({ sizes: [1000, 5000], quick: false });
    expect(parseBenchOptions(['--catalog', '10000', '--quick'])).toEqual({ sizes: [1000, 5000], quick: true });
    expect(() => parseBenchOptions(['--catalog', 'lots'])).toThrow(/number of songs/);
    expect(() => parseBenchOptions(['--catalog', '10000', '--quick', '--million'])).toThrow(/--million/);
    expect(() => parseBenchOptions(['--catalog', '10000', '--fast'])).toThrow(/--fast/);
  });

  it('keeps the list and audio benchmark without --catalog', () => {
    expect(parseBenchOptions([])).toMatchObject({ quick: false, songCount: 1000 });
    expect(parseBenchOptions(['--quick'])).toMatchObject({ quick: true });
  });
});
