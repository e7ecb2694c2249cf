import { useCallback, useEffect, useState } from 'react';
import type { SearchResponse } from '@tunafy/contracts';
import { search, SEARCH_LIMIT } from './api';

export const SEARCH_DEBOUNCE_MS = 250;

export type SearchStatus = 'idle' | 'searching' | 'done' | 'failed';

export interface SearchState {
  results: SearchResponse | null;
  status: SearchStatus;
  /** The query `results` (or the failure) answer. */
  for: string;
  /** Asks again for the same query (after a failure). */
  retry: () => void;
}

/** Results for `query`, asked `SEARCH_DEBOUNCE_MS` after the typing stops; older answers are dropped. */
export function useSearch(query: string, limit = SEARCH_LIMIT): SearchState {
  const [state, setState] = useState<Omit<SearchState, 'retry'>>({ results: null, status: 'idle', for: '' });
  const [attempt, setAttempt] = useState(0);
  const trimmed = query.trim();
  useEffect(() => {
    if (!trimmed) {
      setState({ results: null, status: 'idle', for: '' });
      return;
    }
    const controller = new AbortController();
    setState((current) => ({ ...current, status: 'searching' }));
    const timer = setTimeout(() => {
      search(trimmed.slice(0, 100), controller.signal, limit).then(
        (results) => !controller.signal.aborted && setState({ results, status: 'done', for: trimmed }),
        (error: unknown) => {
          if (controller.signal.aborted || (error as Error)?.name === 'AbortError') return;
          setState({ results: null, status: 'failed', for: trimmed });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed, limit, attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, retry };
}
