/**
 * Browsers cap an element's height (Chromium at about 33.5 million px, Firefox
 * at about 17.9 million): a list of 1,000,000 rows of 56 px (56 million px)
 * would be cut off near row 600,000 and nothing after it could be scrolled to.
 * So a list never grows taller than MAX_LIST_PIXELS; when its real height is
 * more, the part of the scroll range the list covers is mapped proportionally
 * onto the rows (scroll fraction -> row), and everything above and below the
 * list (header, footer) still scrolls 1:1. Below the cap (up to ~267,000 rows
 * of 56 px) the mapping is the identity. The price above the cap: one pixel of
 * scrolling moves more than one pixel of rows (3.7 at 1,000,000 rows).
 * See docs/lists-at-scale.md.
 */
export const MAX_LIST_PIXELS = 15_000_000;

export interface ListGeometry {
  rowCount: number;
  rowHeight: number;
  /** Height of the scroller's visible area. */
  viewport: number;
  maxPixels?: number;
}

export interface RowWindow {
  /** First row to render (overscan included). */
  first: number;
  /** One past the last row to render. */
  end: number;
  /** Where row `first` sits, in px from the top of the (capped) list element. */
  top: number;
}

/** The list element's height: its real height, capped. */
export function listPixels({ rowCount, rowHeight, maxPixels = MAX_LIST_PIXELS }: ListGeometry): number {
  return Math.min(rowCount * rowHeight, maxPixels);
}

/** Extra height the cap took away (0 below the cap). */
function hidden(geometry: ListGeometry): number {
  return geometry.rowCount * geometry.rowHeight - listPixels(geometry);
}

/** Scroll distance covered by the mapped part: from the list's top at the viewport's top to its bottom at the viewport's bottom. */
function span(geometry: ListGeometry): number {
  return listPixels(geometry) - geometry.viewport;
}

/**
 * How far into the full-height list the viewport's top is, given `scrolled`: how far the scroller is
 * scrolled past the list element's top (negative while what is above the list shows).
 */
export function virtualOffset(scrolled: number, geometry: ListGeometry): number {
  const extra = hidden(geometry);
  if (extra === 0 || scrolled <= 0 || span(geometry) <= 0) return scrolled;
  if (scrolled >= span(geometry)) return scrolled + extra;
  return (scrolled * (span(geometry) + extra)) / span(geometry);
}

/** The inverse of virtualOffset: the `scrolled` that shows the full-height list from `offset` on. */
export function scrolledFor(offset: number, geometry: ListGeometry): number {
  const extra = hidden(geometry);
  if (extra === 0 || offset <= 0 || span(geometry) <= 0) return offset;
  if (offset >= span(geometry) + extra) return offset - extra;
  return (offset * span(geometry)) / (span(geometry) + extra);
}

/** The rows in view (plus `overscan` on each side) and where the first of them goes in the list element. */
export function rowWindow(scrolled: number, geometry: ListGeometry, overscan: number): RowWindow {
  const { rowCount, rowHeight, viewport } = geometry;
  const offset = virtualOffset(scrolled, geometry);
  const first = Math.min(rowCount, Math.max(0, Math.floor(offset / rowHeight) - overscan));
  const end = Math.min(rowCount, Math.max(first, Math.ceil((offset + viewport) / rowHeight) + overscan));
  // The viewport's top is at `scrolled` in the list element and at `offset` in the full-height list.
  return { first, end, top: scrolled + first * rowHeight - offset };
}
