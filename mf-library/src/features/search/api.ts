import { getApiClient } from '@tunafy/api-client';
import type { SearchGroup, SearchResponse } from '@tunafy/contracts';

/** The top bar's dropdown: a few of each group, enough for a quick jump. */
export const SEARCH_LIMIT = 5;
/** The search screen's "All" view: one more than it shows of each group, so it knows when "See all" finds more. */
export const SCREEN_LIMIT = 7;
/** One page of a group on its own (the API's LIMITS.searchResultsMax). */
export const GROUP_PAGE = 20;

export function search(query: string, signal: AbortSignal, limit = SEARCH_LIMIT): Promise<SearchResponse> {
  const params = new URLSearchParams({ q: query, limit: String(limit) });
  return getApiClient().get<SearchResponse>(`/api/search?${params}`, { signal });
}

/** The search screen's address: `/search?q=…` and, for one group, `&type=…` (so back, forward and reload keep it). */
export function searchPagePath(query: string, type?: SearchGroup | 'lyrics' | null): string {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  if (type) params.set('type', type);
  const search = params.toString();
  return search ? `/search?${search}` : '/search';
}

/** One group's page from `offset`; `next` is where the following page starts, null after the last. */
export function searchGroupPage<T>(query: string, type: SearchGroup, offset: number, signal: AbortSignal, limit = GROUP_PAGE): Promise<{ items: T[]; next: number | null }> {
  const params = new URLSearchParams({ q: query, type, offset: String(offset), limit: String(limit) });
  return getApiClient()
    .get<SearchResponse>(`/api/search?${params}`, { signal })
    .then((answer) => ({ items: ((answer[type] ?? []) as T[]), next: answer.next_offset ?? null }));
}
