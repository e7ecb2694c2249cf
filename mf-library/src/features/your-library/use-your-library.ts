import { useMemo } from 'react';
import type { Album, LikedSongsPage, UserPlaylistsResponse } from '@tunafy/contracts';
import type { ApiError } from '@tunafy/api-client';
import { ownAlbumsPath } from '../shared/albums-api';
import { likedTracksPath } from '../shared/collection-api';
import { ownPlaylistsPath } from '../shared/playlists-api';
import { useApi } from '../../lib/use-api';
import { libraryItems, type LibraryItem } from './library-items';

export interface YourLibrary {
  /** Null until both lists have answered. */
  items: LibraryItem[] | null;
  /** Null until the count has answered (the row still shows, without a count). */
  likedCount: number | null;
  error: ApiError | null;
  reload: () => void;
}

/**
 * The user's playlists (private ones included) and albums, and how many songs they like: three reads the API
 * already has (docs/api.md). Each reloads when another part of the page says its kind changed
 * (`library:changed` on the bus), so a playlist created, renamed or deleted anywhere shows up here at once.
 * A deleted song also drops its likes, hence 'song' for the count.
 */
export function useYourLibrary(userId: string): YourLibrary {
  const playlists = useApi<UserPlaylistsResponse>(ownPlaylistsPath(userId), ['playlist']);
  const albums = useApi<Album[]>(ownAlbumsPath(userId), ['album']);
  // One row is enough: the page's `total` is the count.
  const liked = useApi<LikedSongsPage>(`${likedTracksPath(userId)}?limit=1`, ['like', 'song']);

  const items = useMemo(
    () => (playlists.data && albums.data ? libraryItems(playlists.data.playlists, albums.data) : null),
    [playlists.data, albums.data],
  );
  const error = playlists.error ?? albums.error;
  return {
    items,
    likedCount: liked.data?.total ?? null,
    error,
    reload: () => {
      if (playlists.error) playlists.reload();
      if (albums.error) albums.reload();
    },
  };
}
