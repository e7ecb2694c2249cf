import { startTransition, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { ApiError } from '@tunafy/api-client';
import { LIST_PAGE_ROWS } from '@tunafy/contracts';
import { PageCache } from './page-cache';
import { asApiError, useReloadOn, type LibraryEntity } from './use-api';

/** One answer of a positional list endpoint (`?limit=N&offset=K`), reduced to what the list needs. */
export interface RowsAnswer<T> {
  items: T[];
  total: number;
}

export type FetchRows<T> = (offset: number, limit: number, signal: AbortSignal) => Promise<RowsAnswer<T>>;

export interface PagedRows<T> {
  /** Rows in the whole list; null until the first page has answered. */
  total: number | null;
  /** Why the first page (or, later, a page on screen) could not be read; cleared by the next answer. */
  error: ApiError | null;
  /** The row at `index`, or undefined while its page is not in memory. */
  rowAt: (index: number) => T | undefined;
  /**
   * Rows `first` to `end - 1` are on screen now: fetches their pages that are missing or stale, and
   * cancels requests for pages that went off screen. Called by the list on every scroll.
   */
  show: (first: number, end: number) => void;
  /** Rows `start` to `end - 1` (at most LIMITS.pageSizeMax), from memory when all are there, else in one request. */
  rowsIn: (start: number, end: number) => Promise<T[]>;
  /** Fetches what is on screen again, keeping the old rows on screen until the new ones arrive. */
  reload: () => void;
  /** Changes whenever rows arrive, for memoized consumers. */
  version: number;
}

export interface PagedRowsOptions<T> {
  /** Rows per request. */
  pageSize?: number;
  /** Pages kept in memory at most (see PageCache). */
  maxPages?: number;
  /** Library changes (from any remote, on the bus) that make the list fetch its rows again. */
  reloadOn?: readonly LibraryEntity[];
  /**
   * The first page if it is already in memory (a prefetched answer that has arrived): the list's first render
   * then shows its rows, instead of waiting for the first effect's fetch and one more render.
   */
  firstPage?: () => RowsAnswer<T> | undefined;
}

/** LIST_PAGE_ROWS (100 rows, ~40 KB of JSON) per request; 30 of those pages are ~3,000 songs in memory. */
export const ROWS_PAGE_SIZE = LIST_PAGE_ROWS;
export const ROWS_MAX_PAGES = 30;
/**
 * After a jump of more than a page (a scrollbar drag, End), pages are asked for only once the view has stayed
 * put this long: a drag across a million rows then costs one or two requests, not one per frame. Scrolling by
 * less than a page per call (wheel, arrows) fetches at once.
 */
export const JUMP_SETTLE_MS = 80;

function isAbort(error: unknown): boolean {
  return (error as Error | null)?.name === 'AbortError';
}

/**
 * A list read by position: the first page gives `total`, so the list can be
 * sized (and scrolled anywhere) at once; after that only the pages on screen
 * are fetched, and only a bounded number are kept. The fetch function must
 * stay the same list for the hook's life: give the component a `key` per list.
 */
export function usePagedRows<T>(fetchRows: FetchRows<T>, options: PagedRowsOptions<T> = {}): PagedRows<T> {
  const { pageSize = ROWS_PAGE_SIZE, maxPages = ROWS_MAX_PAGES, reloadOn = [], firstPage } = options;
  const [{ cache, firstTotal }] = useState(() => {
    const pages = new PageCache<T>(pageSize, maxPages);
    const first = firstPage?.();
    if (first) pages.set(0, first.items, pages.generation);
    return { cache: pages, firstTotal: first ? first.total : null };
  });
  const [total, setTotal] = useState<number | null>(firstTotal);
  const [error, setError] = useState<ApiError | null>(null);
  const [version, bump] = useReducer((count: number) => count + 1, 0);
  const fetchRef = useRef(fetchRows);
  fetchRef.current = fetchRows;
  const totalRef = useRef<number | null>(firstTotal);
  /** Requests in flight by page, with the cache generation they were asked in. */
  const inflight = useRef(new Map<number, { controller: AbortController; generation: number }>());
  /** Pages on screen (the last `show`), spared by the cache's eviction. */
  const onScreen = useRef<ReadonlySet<number>>(new Set([0]));
  const lastFirst = useRef<number | null>(null);
  const settling = useRef<ReturnType<typeof setTimeout> | null>(null);

  const fetchPage = useCallback(
    (page: number) => {
      const controller = new AbortController();
      const generation = cache.generation;
      inflight.current.set(page, { controller, generation });
      fetchRef.current(page * pageSize, pageSize, controller.signal).then(
        (answer) => {
          if (controller.signal.aborted) return;
          inflight.current.delete(page);
          cache.set(page, answer.items, generation, onScreen.current);
          const first = totalRef.current === null;
          totalRef.current = answer.total;
          const apply = () => {
            setTotal(answer.total);
            setError(null);
            bump();
          };
          // The first answer's rows render as a transition, in slices that yield: as a default update they were one
          // task of ~50 ms of script here, ~200 ms on Lighthouse's phone (decision 0026). Later pages arrive while
          // the list scrolls, whose synchronous renders would keep interrupting a transition: they stay default.
          if (first) startTransition(apply);
          else apply();
        },
        (failure: unknown) => {
          if (controller.signal.aborted || isAbort(failure)) return;
          inflight.current.delete(page);
          setError(asApiError(failure));
        },
      );
    },
    [cache, pageSize],
  );

  const show = useCallback(
    (first: number, end: number) => {
      const last = totalRef.current === null ? end : Math.min(end, totalRef.current);
      const pages = cache.pagesFor(first, Math.max(last, first + 1));
      const wanted = new Set(pages);
      onScreen.current = wanted;
      // A page scrolled past is not worth its answer: cancel it, so a fling to the end costs a few requests.
      for (const [page, request] of inflight.current) {
        if (wanted.has(page)) continue;
        request.controller.abort();
        inflight.current.delete(page);
      }
      for (const page of pages) cache.touch(page);
      const fetchMissing = () => {
        settling.current = null;
        for (const page of pages) {
          const request = inflight.current.get(page);
          if (cache.isFresh(page) || (request && request.generation === cache.generation)) continue;
          request?.controller.abort();
          fetchPage(page);
        }
      };
      const jumped = lastFirst.current !== null && Math.abs(first - lastFirst.current) > pageSize;
      lastFirst.current = first;
      if (settling.current) clearTimeout(settling.current);
      if (jumped) settling.current = setTimeout(fetchMissing, JUMP_SETTLE_MS);
      else fetchMissing();
    },
    [cache, fetchPage],
  );

  const reload = useCallback(() => {
    cache.invalidate();
    const pages = [...onScreen.current];
    if (pages.length === 0) return;
    show(Math.min(...pages) * pageSize, (Math.max(...pages) + 1) * pageSize);
  }, [cache, pageSize, show]);

  const rowsIn = useCallback(
    async (start: number, end: number) => {
      const cached = cache.slice(start, end);
      if (cached) return cached;
      const answer = await fetchRef.current(start, end - start, new AbortController().signal);
      return answer.items;
    },
    [cache],
  );

  // The first page: it tells how long the list is. Unmounting cancels whatever is still on its way.
  useEffect(() => {
    const requests = inflight.current;
    show(0, pageSize);
    return () => {
      if (settling.current) clearTimeout(settling.current);
      settling.current = null;
      lastFirst.current = null;
      for (const request of requests.values()) request.controller.abort();
      requests.clear();
    };
  }, [show, pageSize]);

  useReloadOn(reloadOn, reload);

  const rowAt = useCallback((index: number) => cache.rowAt(index), [cache]);
  return useMemo(() => ({ total, error, rowAt, show, rowsIn, reload, version }), [total, error, rowAt, show, rowsIn, reload, version]);
}
