import { getApiClient } from '@tunafy/api-client';
import type { Page } from '../../lib/use-paged-list';
import type { FetchRows, RowsAnswer } from '../../lib/use-paged-rows';

// The request shapes the features' api modules share: multipart bodies as the spec names their fields, and the two
// ways the API pages a list (by position for song rows, by cursor for card grids).

/** A multipart body: text and files as they are, booleans as text (multipart has none), and nothing for a file not chosen. */
export function multipart(fields: Record<string, string | boolean | File | null>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === null) continue;
    form.append(name, typeof value === 'boolean' ? String(value) : value);
  }
  return form;
}

/** The body of a request about one song (like it, add it to or remove it from an album or a playlist). */
export const songForm = (songId: string) => multipart({ song_id: songId });

/** A list read by position from `path` (limit and offset), the answer's rows picked out by `pick`. */
export function offsetRows<Answer, T>(path: string, pick: (answer: Answer) => RowsAnswer<T>): FetchRows<T> {
  return (offset, limit, signal) => getApiClient().get<Answer>(`${path}?limit=${limit}&offset=${offset}`, { signal }).then(pick);
}

/** A list read a page at a time from `path` (limit and the previous page's cursor), for a grid with Show more. */
export function cursorPages<Answer, T>(path: string, pick: (answer: Answer) => Page<T>) {
  return (limit: number, cursor: string | null, signal: AbortSignal): Promise<Page<T>> => {
    const query = new URLSearchParams({ limit: String(limit) });
    if (cursor) query.set('cursor', cursor);
    return getApiClient().get<Answer>(`${path}?${query}`, { signal }).then(pick);
  };
}
