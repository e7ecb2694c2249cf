import { useCallback, useEffect, useRef, useState } from 'react';
import type { SearchGroup, Song } from '@tunafy/contracts';
import type { FetchRows } from '../../lib/use-paged-rows';
import { GROUP_PAGE, searchGroupPage } from './api';

export interface SearchGroupPages<T> {
  items: T[];
  status: 'loading' | 'done' | 'failed';
  /** More after what is shown. */
  more: boolean;
  loadMore: () => void;
  retry: () => void;
}

/**
 * One group's results a page at a time ("See all", a chip), for the card grids: the pages so far, in order, and the
 * next on request. Keyed by the caller per query and group: a new query starts a new list.
 */
export function useSearchGroup<T>(query: string, type: SearchGroup): SearchGroupPages<T> {
  const [state, setState] = useState<{ items: T[]; next: number | null; status: SearchGroupPages<T>['status'] }>({ items: [], next: 0, status: 'loading' });
  const inflight = useRef<AbortController | null>(null);
  const load = useCallback(
    (offset: number) => {
      if (inflight.current) return;
      const controller = new AbortController();
      inflight.current = controller;
      setState((current) => ({ ...current, status: 'loading' }));
      searchGroupPage<T>(query, type, offset, controller.signal).then(
        (page) => {
          inflight.current = null;
          if (controller.signal.aborted) return;
          setState((current) => ({ items: offset === 0 ? page.items : [...current.items, ...page.items], next: page.next, status: 'done' }));
        },
        (error: unknown) => {
          inflight.current = null;
          if (controller.signal.aborted || (error as Error)?.name === 'AbortError') return;
          setState((current) => ({ ...current, status: 'failed' }));
        },
      );
    },
    [query, type],
  );
  useEffect(() => {
    load(0);
    return () => {
      inflight.current?.abort();
      inflight.current = null;
    };
  }, [load]);
  const next = state.next;
  const loadMore = useCallback(() => {
    if (next !== null) load(next);
  }, [load, next]);
  const retry = useCallback(() => load(state.items.length === 0 ? 0 : (next ?? 0)), [load, next, state.items.length]);
  return { items: state.items, status: state.status, more: next !== null && state.items.length > 0, loadMore, retry };
}

/**
 * The Songs group by position, for the windowed song list (usePagedRows): the list is as long as the rows known plus
 * one while the API says there are more, so scrolling to that last row fetches the next page (infinite scroll without
 * a count, which a search cannot give cheaply). `loaded()` is how many rows are real, for what Play queues.
 */
export function searchSongRows(query: string): { fetchRows: FetchRows<Song>; loaded: () => number } {
  let known = 0;
  let more = true;
  const fetchRows: FetchRows<Song> = async (offset, limit, signal) => {
    const items: Song[] = [];
    let at: number | null = offset;
    // Play may ask for more than a page at once (the rows around the one chosen): read it page by page.
    while (at !== null && items.length < limit) {
      const page: { items: Song[]; next: number | null } = await searchGroupPage<Song>(query, 'songs', at, signal, Math.min(GROUP_PAGE, limit - items.length));
      items.push(...page.items);
      at = page.items.length === 0 ? null : page.next;
    }
    // The page reaching furthest says whether more follow (an earlier range read for Play does not).
    const end = offset + items.length;
    if (end >= known) {
      known = end;
      more = at !== null;
    }
    return { items, total: known + (more ? 1 : 0) };
  };
  return { fetchRows, loaded: () => known };
}
