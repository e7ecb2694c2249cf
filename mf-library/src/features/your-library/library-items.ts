import type { Album, Playlist } from '@tunafy/contracts';

/** One row of "Your Library": a playlist the user made or an album they are the artist of. */
export interface LibraryItem {
  kind: 'playlist' | 'album';
  id: string;
  name: string;
  coverUrl: string | null;
  /** Only playlists can be private (SPEC §3). */
  private: boolean;
  createdAt: string;
  to: string;
}

/**
 * The user's playlists and albums in one list, newest first (the API lists both oldest first, by id). Ties
 * (same second) keep the id order reversed, so the list never reorders between two loads.
 */
export function libraryItems(playlists: readonly Playlist[], albums: readonly Album[]): LibraryItem[] {
  const items: LibraryItem[] = [
    ...playlists.map((playlist) => ({
      kind: 'playlist' as const,
      id: playlist.id,
      name: playlist.playlist_name,
      coverUrl: playlist.playlist_cover_url,
      private: playlist.private,
      createdAt: playlist.created_at,
      to: `/playlists/${playlist.id}`,
    })),
    ...albums.map((album) => ({
      kind: 'album' as const,
      id: album.id,
      name: album.album_name,
      coverUrl: album.album_cover_url,
      private: false,
      createdAt: album.created_at,
      to: `/albums/${album.id}`,
    })),
  ];
  return items.sort((a, b) => compareDesc(a.createdAt, b.createdAt) || compareDesc(a.id, b.id));
}

function compareDesc(a: string, b: string): number {
  return a < b ? 1 : a > b ? -1 : 0;
}

/** Lower case without accents, so "cafe" finds "Café" (the API's search folds the same way). */
export function foldForFilter(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase('en-US');
}

/** Whether `name` has every word of `query` somewhere in it (a filter over a short list, not a search). */
export function matchesFilter(name: string, query: string): boolean {
  const words = foldForFilter(query).split(/\s+/).filter(Boolean);
  const folded = foldForFilter(name);
  return words.every((word) => folded.includes(word));
}
