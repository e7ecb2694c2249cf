import { getApiClient } from '@tunafy/api-client';
import type { SearchResponse } from '@tunafy/contracts';

export const SEARCH_LIMIT = 5;

export function search(query: string, signal: AbortSignal): Promise<SearchResponse> {
  const params = new URLSearchParams({ q: query, limit: String(SEARCH_LIMIT) });
  return getApiClient().get<SearchResponse>(`/api/search?${params}`, { signal });
}
