import { describe, expect, it } from 'vitest';
import { formatCount, formatCountOf, formatDuration, formatSongCount, formatTotalLength } from './format';

describe('formatDuration (m:ss, SPEC §9)', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [7.04, '0:07'],
    [59.6, '1:00'],
    [65, '1:05'],
    [600, '10:00'],
    [3725, '62:05'],
    [Number.NaN, '0:00'],
    [-3, '0:00'],
  ])('%s seconds → %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});

describe('formatTotalLength (minutes and seconds)', () => {
  it('adds the durations before rounding', () => {
    expect(formatTotalLength([60.4, 60.4, 4.3])).toBe('2 min 5 sec');
  });
  it('reads 0 min 0 sec for an empty list', () => {
    expect(formatTotalLength([])).toBe('0 min 0 sec');
  });
});

describe('formatCount', () => {
  it('writes what toLocaleString("en-US") writes, without Intl', () => {
    for (const count of [0, 7, 999, 1000, 12345, 100000, 999999, 1000000, 1234567890, -1234, Number.MAX_SAFE_INTEGER]) {
      expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
    }
  });
});

describe('formatSongCount', () => {
  it('says "1 song" for one and "N songs" otherwise', () => {
    expect(formatSongCount(1)).toBe('1 song');
    expect(formatSongCount(0)).toBe('0 songs');
    expect(formatSongCount(2)).toBe('2 songs');
    expect(formatSongCount(10000)).toBe('10,000 songs');
  });
});

describe('formatCountOf', () => {
  it('puts the noun in the singular for one only', () => {
    expect(formatCountOf(1, 'album', 'albums')).toBe('1 album');
    expect(formatCountOf(0, 'album', 'albums')).toBe('0 albums');
    expect(formatCountOf(10000, 'artist', 'artists')).toBe('10,000 artists');
  });
});
