import { getApiClient } from '@tunafy/api-client';
import type { Album, AlbumsResponse, Playlist, PlaylistsResponse, Song, UserSongsResponse } from '@tunafy/contracts';
import type { Page } from '../../lib/use-paged-list';
import type { FetchRows } from '../../lib/use-paged-rows';

export const userPath = (id: string) => `/api/users/${encodeURIComponent(id)}`;
/** The user's albums and the playlists the viewer may see there (the server leaves others' private ones out). */
export const userAlbumsPath = (id: string) => `${userPath(id)}/albums`;
export const userPlaylistsPath = (id: string) => `${userPath(id)}/playlists`;

/** A user's songs by position, most played first: read a page at a time (an importer can own 100,000). */
export function userSongRows(userId: string): FetchRows<Song> {
  return (offset, limit, signal) =>
    getApiClient()
      .get<UserSongsResponse>(`${userPath(userId)}/songs?limit=${limit}&offset=${offset}`, { signal })
      .then((answer) => ({ items: answer.songs, total: answer.total }));
}

function pageQuery(limit: number, cursor: string | null): URLSearchParams {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  return query;
}

/** The user's albums, oldest first, a page at a time (for a grid with Show more). */
export function userAlbumPages(userId: string) {
  return (limit: number, cursor: string | null, signal: AbortSignal): Promise<Page<Album>> =>
    getApiClient()
      .get<AlbumsResponse>(`${userAlbumsPath(userId)}?${pageQuery(limit, cursor)}`, { signal })
      .then((answer) => ({ items: answer.albums, next: answer.next_cursor }));
}

/** The playlists of the user that the viewer may see, oldest first, a page at a time. */
export function userPlaylistPages(userId: string) {
  return (limit: number, cursor: string | null, signal: AbortSignal): Promise<Page<Playlist>> =>
    getApiClient()
      .get<PlaylistsResponse>(`${userPlaylistsPath(userId)}?${pageQuery(limit, cursor)}`, { signal })
      .then((answer) => ({ items: answer.playlists, next: answer.next_cursor }));
}
