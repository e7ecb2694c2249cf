import { describe, expect, it } from 'vitest';
import { listPixels, MAX_LIST_PIXELS, rowWindow, scrolledFor, virtualOffset, type ListGeometry } from './scroll-scale';

const ROW = 56;
const VIEWPORT = 800;
const geometry = (rowCount: number): ListGeometry => ({ rowCount, rowHeight: ROW, viewport: VIEWPORT });

describe('scroll scaling', () => {
  it('is the identity while the list fits under the cap', () => {
    const small = geometry(20_000);
    expect(listPixels(small)).toBe(20_000 * ROW);
    for (const scrolled of [-300, 0, 5_000, 20_000 * ROW - VIEWPORT, 20_000 * ROW]) {
      expect(virtualOffset(scrolled, small)).toBe(scrolled);
      expect(scrolledFor(scrolled, small)).toBe(scrolled);
    }
    expect(rowWindow(560, small, 2)).toEqual({ first: 8, end: 27, top: 8 * ROW });
  });

  it('caps a million rows well below Chromium’s limit and still reaches the last row at the end of the scroll range', () => {
    const huge = geometry(1_000_000);
    const height = listPixels(huge);
    expect(height).toBe(MAX_LIST_PIXELS);
    expect(height).toBeLessThan(33_554_428 / 2);
    const end = height - VIEWPORT;
    const window = rowWindow(end, huge, 0);
    expect(window.end).toBe(1_000_000);
    // The last row's bottom is the list element's bottom: nothing is cut off and nothing overhangs.
    expect(window.top + (999_999 - window.first) * ROW + ROW).toBeCloseTo(height, 6);
  });

  it('maps the middle of the scroll range to the middle row', () => {
    const huge = geometry(1_000_000);
    const middle = (listPixels(huge) - VIEWPORT) / 2;
    const window = rowWindow(middle, huge, 0);
    const firstVisible = Math.floor(virtualOffset(middle, huge) / ROW);
    expect(window.first).toBe(firstVisible);
    expect(Math.abs(firstVisible - (1_000_000 - VIEWPORT / ROW) / 2)).toBeLessThan(1);
    // The rows sit where the viewport is (within a row), whatever the scale.
    expect(Math.abs(window.top - middle)).toBeLessThan(ROW);
  });

  it('scrolls 1:1 above and below the list, so the header and footer do not jump', () => {
    const huge = geometry(1_000_000);
    expect(virtualOffset(-200, huge)).toBe(-200);
    expect(rowWindow(-200, huge, 0)).toMatchObject({ first: 0, top: 0 });
    const past = listPixels(huge) - VIEWPORT + 100;
    expect(virtualOffset(past, huge) - virtualOffset(past - 50, huge)).toBeCloseTo(50, 6);
  });

  it('inverts: the scroll position for any row brings that row into view', () => {
    const huge = geometry(1_000_000);
    for (const row of [0, 1, 599_186, 777_777, 999_999]) {
      const scrolled = Math.round(scrolledFor(Math.min(row * ROW, 1_000_000 * ROW - VIEWPORT), huge));
      const window = rowWindow(scrolled, huge, 0);
      expect(row).toBeGreaterThanOrEqual(window.first);
      expect(row).toBeLessThan(window.end);
    }
  });
});
