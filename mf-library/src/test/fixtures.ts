import type { Album, Playlist, SessionUser, Song } from '@tunafy/contracts';

export const ANN: SessionUser = { id: 'a00000000000000000000001', username: 'ann', email: 'ann@example.com' };
export const BOB: SessionUser = { id: 'b00000000000000000000002', username: 'bob', email: 'bob@example.com' };

let next = 0;
function id(prefix: string): string {
  next += 1;
  return `${prefix}${String(next).padStart(24 - prefix.length, '0')}`;
}

export function song(overrides: Partial<Song> = {}): Song {
  return {
    id: id('5'),
    song_name: 'Blue Hour',
    artist_id: ANN.id,
    artist_username: ANN.username,
    album_id: null,
    album_name: null,
    song_cover_url: '/api/files/cover',
    song_file_url: '/api/files/audio',
    duration: 185,
    created_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

export function album(overrides: Partial<Album> = {}): Album {
  return {
    id: id('a'),
    album_name: 'Night Drive',
    album_cover_url: '/api/files/album-cover',
    artist_id: ANN.id,
    artist_username: ANN.username,
    created_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

export function playlist(overrides: Partial<Playlist> = {}): Playlist {
  return {
    id: id('c'),
    playlist_name: 'Chill',
    playlist_cover_url: null,
    description: null,
    private: false,
    creator_id: ANN.id,
    creator_username: ANN.username,
    created_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

export function file(name: string, type = 'application/octet-stream', size = 16): File {
  return new File([new Uint8Array(size)], name, { type });
}
