import type { QueueItem } from '@tunafy/event-bus';

/** A queue item with readable ids: song(1) is 'song-1', "Song 1", by "Artist 1". */
export function song(n: number, overrides: Partial<QueueItem> = {}): QueueItem {
  return {
    id: `song-${n}`,
    song_name: `Song ${n}`,
    artist_id: `artist-${n}`,
    artist_username: `Artist ${n}`,
    album_id: null,
    album_name: null,
    song_cover_url: `/api/files/cover-${n}`,
    song_file_url: `/api/files/audio-${n}`,
    duration: 100 + n,
    ...overrides,
  };
}

export function songs(count: number): QueueItem[] {
  return Array.from({ length: count }, (_, i) => song(i + 1));
}
