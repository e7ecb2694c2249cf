import { getApiClient } from '@tunafy/api-client';
import type { Artist, ArtistsResponse } from '@tunafy/contracts';
import type { FetchRows } from '../../lib/use-paged-rows';

/** The A–Z index: a letter, or '#' for names that start with anything else (artistLetter of @tunafy/contracts). */
export const ARTIST_LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#'] as const;

/** `?letter=` of the artists page as the list asks for it: one of ARTIST_LETTERS, or null (every artist) for anything else. */
export function letterFrom(param: string | null): string | null {
  const letter = param?.trim().toUpperCase() ?? '';
  return (ARTIST_LETTERS as readonly string[]).includes(letter) ? letter : null;
}

/** The artists page, filtered to `letter` (or all of them). */
export function artistsPagePath(letter: string | null): string {
  return letter ? `/artists?${new URLSearchParams({ letter })}` : '/artists';
}

export const artistPath = (id: string) => `/api/artists/${encodeURIComponent(id)}`;

/**
 * Artists A–Z by sort name (only those under `letter` when given), read by position a page at a time: an instance can
 * hold 10,000 artists and more, and the list shows them in the windowed rows every long list uses.
 */
export function artistRows(letter: string | null): FetchRows<Artist> {
  return (offset, limit, signal) => {
    const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
    if (letter) query.set('letter', letter);
    return getApiClient()
      .get<ArtistsResponse>(`/api/artists?${query}`, { signal })
      .then((answer) => ({ items: answer.artists, total: answer.total }));
  };
}
