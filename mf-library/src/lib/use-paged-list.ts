import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError } from '@tunafy/api-client';
import { asApiError, useReloadOn, type LibraryEntity } from './use-api';

export interface Page<T> {
  items: T[];
  next: string | null;
}

export interface PagedList<T> {
  items: T[];
  /** Every page is in. */
  complete: boolean;
  /** No page has arrived yet. */
  loading: boolean;
  /** A page is on its way. */
  fetching: boolean;
  error: ApiError | null;
  loadMore: () => void;
  reload: () => void;
}

interface Options {
  /** First page size: small, so the first rows show at once. */
  firstPageSize: number;
  pageSize: number;
  /** Keep fetching until the list is complete (the whole list is needed, e.g. to queue every song). */
  autoLoad: boolean;
  reloadOn?: readonly LibraryEntity[];
}

interface State<T> {
  items: T[];
  next: string | null;
  complete: boolean;
  started: boolean;
  error: ApiError | null;
}

const INITIAL: State<never> = { items: [], next: null, complete: false, started: false, error: null };

/**
 * A list read page by page with the API's limit/cursor. Either every page is
 * fetched one after another in the background (autoLoad), or the next one when
 * asked (loadMore). A reload starts over and drops answers still in flight.
 */
export function usePagedList<T>(fetchPage: (limit: number, cursor: string | null, signal: AbortSignal) => Promise<Page<T>>, options: Options): PagedList<T> {
  const { firstPageSize, pageSize, autoLoad, reloadOn = [] } = options;
  const [state, setState] = useState<State<T>>(INITIAL);
  const [fetching, setFetching] = useState(false);
  const [wanted, setWanted] = useState(1);
  const pagesLoaded = useRef(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  // A fresh state object: the fetch effect below restarts (aborting any answer in flight) from the first page.
  const reload = useCallback(() => {
    pagesLoaded.current = 0;
    setWanted(1);
    setState({ ...INITIAL });
  }, []);

  useEffect(() => {
    if (state.complete || state.error) return;
    if (state.started && !autoLoad && pagesLoaded.current >= wanted) return;
    const controller = new AbortController();
    const cursor = state.started ? state.next : null;
    setFetching(true);
    fetchRef
      .current(state.started ? pageSize : firstPageSize, cursor, controller.signal)
      .then(
        (page) => {
          if (controller.signal.aborted) return;
          pagesLoaded.current += 1;
          setState((previous) => ({
            items: previous.started ? [...previous.items, ...page.items] : page.items,
            next: page.next,
            complete: page.next === null,
            started: true,
            error: null,
          }));
          setFetching(false);
        },
        (error: unknown) => {
          if (controller.signal.aborted || (error as Error)?.name === 'AbortError') return;
          setState((previous) => ({ ...previous, error: asApiError(error) }));
          setFetching(false);
        },
      );
    return () => controller.abort();
  }, [state, wanted, autoLoad, pageSize, firstPageSize]);

  useReloadOn(reloadOn, reload);

  return {
    items: state.items,
    complete: state.complete,
    loading: !state.started && !state.error,
    fetching: fetching && !state.complete,
    error: state.error,
    loadMore: () => setWanted((current) => current + 1),
    reload,
  };
}
