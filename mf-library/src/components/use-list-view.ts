import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { rowWindow, scrolledFor, virtualOffset, type ListGeometry, type RowWindow } from '../lib/scroll-scale';

// The windowing every long list shares (the song lists, the artists A–Z): where the list is against its scroller, the
// rows to render for that, and scrolling a row into view through the scaled mapping (docs/lists-at-scale.md).

/** Rows rendered past each edge of the viewport, so a wheel turn never shows an empty gap. */
export const OVERSCAN = 8;
/**
 * A song list's first commit renders the rows in view and this many more; the rest of the overscan follows once the
 * page is idle or the list scrolls (decision 0033): that commit's cost is mostly its rows' style and layout.
 */
export const FIRST_OVERSCAN = 2;
/**
 * Rows are placed inside a block of this many rows, and the block as a whole is moved to where the rows
 * belong: a scroll then changes one transform, and rows keep their props (so memoized rows do not render)
 * until the block changes, also when the scroll position is scaled.
 */
export const BLOCK_ROWS = 256;

/** The nearest ancestor that scrolls (the shell's main column), or null when the page itself scrolls. */
export function findScrollParent(element: HTMLElement | null): HTMLElement | null {
  for (let node = element?.parentElement ?? null; node && node !== document.body && node !== document.documentElement; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll' || overflowY === 'overlay') return node;
  }
  return null;
}

export interface View {
  /** How far the scroller is scrolled past the list's top (negative while the header shows). */
  scrolled: number;
  viewport: number;
}

/** One layout read per scroll event: the list's top (its full-height spacer) against the scroller's. */
export function measure(list: HTMLElement, scroller: HTMLElement | null): View {
  const top = list.getBoundingClientRect().top;
  if (!scroller) return { scrolled: -top, viewport: window.innerHeight };
  // jsdom (unit tests) lays nothing out; the window's height stands in for the scroller's.
  return { scrolled: scroller.getBoundingClientRect().top + scroller.clientTop - top, viewport: scroller.clientHeight || window.innerHeight };
}

/**
 * The first render's guess at the viewport, corrected by the layout effect's measure. Not `innerHeight`: read in a
 * render, it laid out the page just committed, inside the render (~40 ms of style and layout on a loaded machine,
 * decision 0026); the screen's height costs no layout and is at least the viewport's.
 */
function firstViewport(): number {
  return typeof window === 'undefined' ? 800 : window.screen?.height || 800;
}

const sameWindow = (a: RowWindow, b: RowWindow) => a.first === b.first && a.end === b.end && Math.abs(a.top - b.top) < 0.5;

export interface ListViewOptions {
  /** The overscan of the first rows, until the page is idle or the list scrolls; OVERSCAN from the start without it. */
  firstOverscan?: number;
  /** Where the list will be, known without laying the page out (a skeleton's place); the screen's height otherwise. */
  firstView?: View | null;
}

/** Follows the scroller: re-renders only when the rows to show (or their place) change. */
export function useListView(
  list: HTMLElement | null,
  geometry: Omit<ListGeometry, 'viewport'>,
  { firstOverscan, firstView }: ListViewOptions = {},
): { view: View; scroller: HTMLElement | null; overscan: number } {
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [view, setView] = useState<View>(() => firstView ?? { scrolled: 0, viewport: firstViewport() });
  const [settled, setSettled] = useState(firstOverscan === undefined);
  const geometryRef = useRef(geometry);
  geometryRef.current = geometry;
  /** The row count `view` was last measured for: a commit that changes nothing else lays the page out no more. */
  const measuredCount = useRef<number | null>(null);

  useLayoutEffect(() => {
    if (!list) return;
    const parent = findScrollParent(list);
    setScroller(parent);
    const follow = (next: View) =>
      setView((current) => {
        if (current.viewport !== next.viewport) return next;
        const shape = { ...geometryRef.current, viewport: next.viewport };
        return sameWindow(rowWindow(current.scrolled, shape, OVERSCAN), rowWindow(next.scrolled, shape, OVERSCAN)) ? current : next;
      });
    // Rendered in the scroll event itself, so the rows move in the same frame as the scroll (no gap, and no
    // one-frame lag when the position is scaled).
    const update = (event?: Event) => {
      const next = measure(list, parent);
      flushSync(() => {
        if (event?.type === 'scroll') setSettled(true);
        follow(next);
      });
    };
    follow(measure(list, parent));
    measuredCount.current = geometryRef.current.rowCount;
    const target: HTMLElement | Window = parent ?? window;
    target.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    const resize = typeof ResizeObserver === 'undefined' || !parent ? null : new ResizeObserver(() => update());
    resize?.observe(parent!);
    return () => {
      target.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      resize?.disconnect();
    };
  }, [list]);

  // The list's length changed (a write elsewhere): where the rows go changed with it.
  useLayoutEffect(() => {
    if (!list || measuredCount.current === geometry.rowCount) return;
    measuredCount.current = geometry.rowCount;
    setView(measure(list, scroller));
  }, [list, scroller, geometry.rowCount]);

  // The rest of the overscan once the page is idle: a render and commit of a few rows, in tasks of their own.
  useEffect(() => {
    if (settled) return;
    const settle = () => startTransition(() => setSettled(true));
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(settle, { timeout: 1000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(settle, 100);
    return () => clearTimeout(id);
  }, [settled]);

  return { view, scroller, overscan: settled ? OVERSCAN : firstOverscan! };
}

/** Scrolls just enough for row `index` to be in view (through the scaled mapping when the list is capped). */
export function scrollRowIntoView(spacer: HTMLElement, scroller: HTMLElement | null, geometry: Omit<ListGeometry, 'viewport'>, index: number): void {
  const current = measure(spacer, scroller);
  const shape = { ...geometry, viewport: current.viewport };
  const offset = virtualOffset(current.scrolled, shape);
  const rowTop = index * geometry.rowHeight;
  let wanted = offset;
  if (rowTop < offset) wanted = rowTop;
  else if (rowTop + geometry.rowHeight > offset + current.viewport) wanted = rowTop + geometry.rowHeight - current.viewport;
  const delta = scrolledFor(wanted, shape) - current.scrolled;
  if (delta === 0) return;
  if (scroller) scroller.scrollTop += delta;
  else window.scrollBy(0, delta);
}

/** A row's focusable controls (its cells' links and buttons; not the items of an open row menu). */
const CONTROLS = 'a[href], button:not([disabled]):not([role="menuitem"])';

/**
 * The grid is one Tab stop (the grid pattern's roving tabindex): the control last focused in it, or the first
 * control of the first rendered row when that row has scrolled away. Set on the DOM after each render, so rows
 * keep their props (and their memoized render) when the stop moves; only changed values are written.
 */
export function applyTabStop(list: HTMLElement, active: { index: number; control: number }): void {
  // Row by row with a simple selector: this runs after every render of the list (scrolling included).
  const rows = list.children;
  let stop: HTMLElement | null = null;
  let first: HTMLElement | null = null;
  const all: HTMLElement[][] = [];
  for (let at = 0; at < rows.length; at++) {
    const controls = controlsOf(rows[at]!);
    all.push(controls);
    first ??= controls[0] ?? null;
    if (Number(rows[at]!.getAttribute('data-index')) === active.index) stop = controls[active.control] ?? controls[0] ?? null;
  }
  stop ??= first;
  for (const controls of all)
    for (const control of controls) {
      const wanted = control === stop ? 0 : -1;
      if (control.tabIndex !== wanted) control.tabIndex = wanted;
    }
}

export function controlsOf(row: Element): HTMLElement[] {
  return [...row.querySelectorAll<HTMLElement>(CONTROLS)];
}

/**
 * Where a list's arrow, Page Up/Down, Home and End keys move focus from the row at `index` (undefined: not one of
 * them); a page is the rows the viewport shows, less one, so the row moved from stays in view.
 */
export function keyedRowTarget(key: string, index: number, total: number, view: View, rowHeight: number): number | undefined {
  const page = Math.max(1, Math.floor(view.viewport / rowHeight) - 1);
  const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, PageDown: index + page, PageUp: index - page, Home: 0, End: total - 1 };
  const target = moves[key];
  return target === undefined ? undefined : Math.min(total - 1, Math.max(0, target));
}
