import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
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

/** How long a prefetched answer waits for the page that asked for it; later, the page fetches afresh. */
export const PREFETCH_TTL_MS = 5000;

interface Prefetched {
  answer: Promise<unknown>;
  expires: number;
  /** Set once the answer is in: a page rendering after that shows it in its first render. */
  arrived?: { value: unknown };
}

const prefetched = new Map<string, Prefetched>();

/**
 * Starts a GET before the page that needs it renders. A screen's module calls this when it is loaded, so
 * its data is on the way while React renders the page, instead of only after the page's first effect (on
 * the guest home page that moved the requests ~70 ms earlier, docs/benchmarks.md). The first useApi(path)
 * within PREFETCH_TTL_MS takes the answer, once; every other use fetches as usual. The promise returned settles
 * when the answer is in, with it (undefined when it failed).
 */
export function prefetch(path: string): Promise<unknown> {
  const answer = getApiClient().get(path);
  const entry: Prefetched = { answer, expires: Date.now() + PREFETCH_TTL_MS };
  prefetched.set(path, entry);
  // Settles once the answer is in (a screen module's `firstData`), never rejects: a failure is reported by the
  // useApi that takes it, and an answer nobody takes must not be an unhandled rejection.
  return answer.then(
    (value) => {
      entry.arrived = { value };
      return value;
    },
    () => undefined,
  );
}

/** Drops every prefetched answer not taken yet (each unit test starts without the home page's). */
export function forgetPrefetched(): void {
  prefetched.clear();
}

function take(path: string, arrivedOnly: boolean): Prefetched | null {
  const entry = prefetched.get(path);
  if (!entry || (arrivedOnly && !entry.arrived)) return null;
  prefetched.delete(path);
  return entry.expires > Date.now() ? entry : null;
}

/** The prefetched answer for `path`, once (null when there is none or it is too old). */
export function takePrefetched<T>(path: string): Promise<T> | null {
  return (take(path, false)?.answer as Promise<T> | undefined) ?? null;
}

/**
 * The prefetched answer for `path` if it is already in, once; else undefined, and it stays for takePrefetched.
 * A page's first render takes it from here: it then shows the data at once, where waiting for its first effect
 * to take the promise costs one more render, which on a cold start queues behind every other region's scripts
 * (docs/lists-at-scale.md, "The first rows").
 */
export function takeArrived<T>(path: string): T | undefined {
  return take(path, true)?.arrived?.value as T | undefined;
}

function isAbort(error: unknown): boolean {
  return (error as Error | null)?.name === 'AbortError';
}

/**
 * GETs `path` (null: nothing to fetch yet, e.g. no session; a prefetched answer
 * if there is one) and refetches when it changes, when `reload()` is called, or when another part of the page says
 * the library changed (`reloadOn`). A late answer for an older path or request
 * is dropped, so the page never shows stale data.
 */
export function useApi<T>(path: string | null, reloadOn: readonly LibraryEntity[] = []): Resource<T> {
  // A prefetched answer already in is shown by the first render; the first effect then has nothing to fetch.
  const [state, setState] = useState<State<T>>(() => ({ path, data: path === null ? undefined : takeArrived<T>(path), error: null }));
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((current) => current + 1), []);
  const current = state.path === path ? state : { path, data: undefined, error: null };
  if (current !== state) setState(current);
  // Read on the first render only, when the state's data can only have come from takeArrived.
  const arrived = useRef(state.data !== undefined);

  useEffect(() => {
    if (!path) return;
    if (arrived.current) {
      arrived.current = false;
      return;
    }
    const controller = new AbortController();
    (takePrefetched<T>(path) ?? getApiClient().get<T>(path, { signal: controller.signal })).then(
        // A transition, as the rows of usePagedRows: the page an answer completes renders in slices (decision 0026).
        (data) => !controller.signal.aborted && startTransition(() => setState({ path, data, error: null })),
        (error: unknown) => {
          if (controller.signal.aborted || isAbort(error)) return;
          setState((previous) => ({ path, data: previous.path === path ? previous.data : undefined, error: asApiError(error) }));
        },
      );
    return () => controller.abort();
  }, [path, version]);

  useReloadOn(reloadOn, reload);

  return {
    data: current.data,
    error: current.error,
    loading: path !== null && current.data === undefined && current.error === null,
    reload,
  };
}

/** Calls `reload` whenever the library reports a change to one of `entities` (a song, album, playlist or like). */
export function useReloadOn(entities: readonly LibraryEntity[], reload: () => void): void {
  // Joined, so a new array with the same entities on each render does not resubscribe.
  const watched = entities.join(',');
  useEffect(() => {
    if (!watched) return;
    const wanted = new Set(watched.split(','));
    const subscription = getEventBus()
      .on('library:changed')
      .subscribe((change) => wanted.has(change.entity) && reload());
    return () => subscription.unsubscribe();
  }, [watched, reload]);
}
