import { useCallback, useEffect, useState } from 'react';
import { ApiError, getApiClient } from '@tunafy/api-client';
import { MESSAGES } from '@tunafy/contracts';
import { getEventBus, type EventMap } from '@tunafy/event-bus';

export type LibraryEntity = EventMap['library:changed']['entity'];

export interface Resource<T> {
  /** The last answer; kept while a reload runs, so the page does not flash back to a skeleton. */
  data: T | undefined;
  error: ApiError | null;
  /** True until the first answer (or failure) for the current path. */
  loading: boolean;
  reload: () => void;
}

interface State<T> {
  path: string | null;
  data: T | undefined;
  error: ApiError | null;
}

export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({ statusCode: 500, code: 'INTERNAL', message: MESSAGES.serverError });
}

function isAbort(error: unknown): boolean {
  return (error as Error | null)?.name === 'AbortError';
}

/**
 * GETs `path` (null: nothing to fetch yet, e.g. no session) and refetches when
 * it changes, when `reload()` is called, or when another part of the page says
 * the library changed (`reloadOn`). A late answer for an older path or request
 * is dropped, so the page never shows stale data.
 */
export function useApi<T>(path: string | null, reloadOn: readonly LibraryEntity[] = []): Resource<T> {
  const [state, setState] = useState<State<T>>({ path, data: undefined, error: null });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((current) => current + 1), []);
  const current = state.path === path ? state : { path, data: undefined, error: null };
  if (current !== state) setState(current);

  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    getApiClient()
      .get<T>(path, { signal: controller.signal })
      .then(
        (data) => !controller.signal.aborted && setState({ path, data, error: null }),
        (error: unknown) => {
          if (controller.signal.aborted || isAbort(error)) return;
          setState((previous) => ({ path, data: previous.path === path ? previous.data : undefined, error: asApiError(error) }));
        },
      );
    return () => controller.abort();
  }, [path, version]);

  const watched = reloadOn.join(',');
  useEffect(() => {
    if (!watched) return;
    const entities = new Set(watched.split(','));
    const subscription = getEventBus()
      .on('library:changed')
      .subscribe((change) => entities.has(change.entity) && reload());
    return () => subscription.unsubscribe();
  }, [watched, reload]);

  return {
    data: current.data,
    error: current.error,
    loading: path !== null && current.data === undefined && current.error === null,
    reload,
  };
}
