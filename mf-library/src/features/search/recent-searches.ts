import { useCallback, useSyncExternalStore } from 'react';

/** As many as Spotify's list shows: enough to come back to, short enough to scan. */
export const RECENT_SEARCHES_MAX = 10;

const NONE: readonly string[] = [];
const listeners = new Set<() => void>();
/** Parsed lists by their stored text, so a snapshot stays the same array until the list changes. */
let parsed: { raw: string | null; list: readonly string[] } = { raw: null, list: NONE };

/** One list per account on a shared device; a guest has none (search needs an account). */
export function recentSearchesKey(userId: string): string {
  return `tunafy:recent-searches:${userId}`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Blocked storage (some private modes) keeps no history rather than breaking the page.
    return null;
  }
}

/** The account's recent searches, most recent first; anything unreadable counts as none. */
export function readRecentSearches(userId: string): readonly string[] {
  const raw = storage()?.getItem(recentSearchesKey(userId)) ?? null;
  if (raw === parsed.raw) return parsed.list;
  let list: readonly string[] = NONE;
  try {
    const value: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(value)) list = value.filter((item): item is string => typeof item === 'string').slice(0, RECENT_SEARCHES_MAX);
  } catch {
    list = NONE;
  }
  parsed = { raw, list };
  return list;
}

function write(userId: string, list: readonly string[]): void {
  try {
    const store = storage();
    if (!store) return;
    if (list.length === 0) store.removeItem(recentSearchesKey(userId));
    else store.setItem(recentSearchesKey(userId), JSON.stringify(list));
  } catch {
    // A full storage keeps the old list.
  }
  for (const listener of listeners) listener();
}

/** Folded for the de-duplication only: "Radiohead" and "radiohead " are one search; the latest spelling is kept. */
const sameSearch = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/** Puts `query` first (moving it up if it was there already), keeping at most RECENT_SEARCHES_MAX. */
export function recordRecentSearch(userId: string, query: string): void {
  const text = query.trim().replace(/\s+/gu, ' ').slice(0, 100);
  if (!text) return;
  const rest = readRecentSearches(userId).filter((item) => !sameSearch(item, text));
  write(userId, [text, ...rest].slice(0, RECENT_SEARCHES_MAX));
}

export function removeRecentSearch(userId: string, query: string): void {
  write(
    userId,
    readRecentSearches(userId).filter((item) => item !== query),
  );
}

export function clearRecentSearches(userId: string): void {
  write(userId, []);
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Another tab's change to the same account's list.
  const onStorage = (event: StorageEvent) => event.key?.startsWith('tunafy:recent-searches:') && onChange();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The account's recent searches, live, with the actions on them. */
export function useRecentSearches(userId: string) {
  const list = useSyncExternalStore(
    subscribe,
    () => readRecentSearches(userId),
    () => NONE,
  );
  const record = useCallback((query: string) => recordRecentSearch(userId, query), [userId]);
  const remove = useCallback((query: string) => removeRecentSearch(userId, query), [userId]);
  const clear = useCallback(() => clearRecentSearches(userId), [userId]);
  return { list, record, remove, clear };
}
