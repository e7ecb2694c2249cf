import { useEffect, useState } from 'react';
import type { SearchResponse } from '@tunafy/contracts';
import { search } from './api';

export const SEARCH_DEBOUNCE_MS = 250;

export type SearchStatus = 'idle' | 'searching' | 'done' | 'failed';

/** Results for `query`, asked `SEARCH_DEBOUNCE_MS` after the typing stops; older answers are dropped. */
export function useSearch(query: string): { results: SearchResponse | null; status: SearchStatus; for: string } {
  const [state, setState] = useState<{ results: SearchResponse | null; status: SearchStatus; for: string }>({ results: null, status: 'idle', for: '' });
  const trimmed = query.trim();
  useEffect(() => {
    if (!trimmed) {
      setState({ results: null, status: 'idle', for: '' });
      return;
    }
    const controller = new AbortController();
    setState((current) => ({ ...current, status: 'searching' }));
    const timer = setTimeout(() => {
      search(trimmed.slice(0, 100), controller.signal).then(
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
  }, [trimmed]);
  return state;
}
