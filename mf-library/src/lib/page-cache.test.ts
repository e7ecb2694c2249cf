import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache';

const rows = (page: number, size = 100) => Array.from({ length: size }, (_, at) => page * size + at);

describe('PageCache', () => {
  it('maps rows to pages and back', () => {
    const cache = new PageCache<number>(100, 10);
    expect(cache.pageOf(0)).toBe(0);
    expect(cache.pageOf(99)).toBe(0);
    expect(cache.pageOf(100)).toBe(1);
    expect(cache.pageOf(999_999)).toBe(9_999);
    expect(cache.pagesFor(95, 205)).toEqual([0, 1, 2]);
    expect(cache.pagesFor(100, 200)).toEqual([1]);
    expect(cache.pagesFor(10, 10)).toEqual([]);
    cache.set(1, rows(1), 0);
    expect(cache.rowAt(150)).toBe(150);
    expect(cache.rowAt(50)).toBeUndefined();
  });

  it('keeps at most maxPages, evicting the least recently shown, never the pages on screen', () => {
    const cache = new PageCache<number>(100, 3);
    for (const page of [0, 1, 2]) cache.set(page, rows(page), 0);
    cache.touch(0);
    cache.set(3, rows(3), 0);
    expect([0, 1, 2, 3].map((page) => cache.has(page))).toEqual([true, false, true, true]);
    // Pages 2 and 3 are on screen: page 0 goes even though 2 is older.
    cache.set(4, rows(4), 0, new Set([2, 3]));
    expect([0, 2, 3, 4].map((page) => cache.has(page))).toEqual([false, true, true, true]);
    expect(cache.size).toBe(3);
  });

  it('stays bounded however far a million-row list is scrolled', () => {
    const cache = new PageCache<number>(100, 30);
    for (let page = 0; page < 10_000; page += 7) cache.set(page, rows(page), 0, new Set([page]));
    expect(cache.size).toBe(30);
    expect(cache.rowAt(9_996 * 100 + 42)).toBe(999_642);
  });

  it('keeps invalidated pages on show until a fresher copy replaces them, and never takes an older answer', () => {
    const cache = new PageCache<string>(2, 5);
    cache.set(0, ['a', 'b'], cache.generation);
    cache.invalidate();
    expect(cache.isFresh(0)).toBe(false);
    expect(cache.rowAt(1)).toBe('b');
    cache.set(0, ['a', 'c'], cache.generation);
    expect(cache.isFresh(0)).toBe(true);
    cache.set(0, ['old', 'old'], cache.generation - 1);
    expect(cache.rowAt(1)).toBe('c');
  });

  it('slices rows only when all of them are in memory', () => {
    const cache = new PageCache<number>(100, 5);
    cache.set(0, rows(0), 0);
    cache.set(1, rows(1), 0);
    expect(cache.slice(90, 110)).toEqual(rows(0).slice(90).concat(rows(1).slice(0, 10)));
    expect(cache.slice(150, 250)).toBeNull();
  });
});
