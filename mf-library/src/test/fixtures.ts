import type { Album, Playlist, SessionUser, Song } from '@tunafy/contracts';

export const ANN: SessionUser = { id: 'a00000000000000000000001', username: 'ann', email: 'ann@example.com' };
export const BOB: SessionUser = { id: 'b00000000000000000000002', username: 'bob', email: 'bob@example.com' };

let next = 0;
function id(prefix: string): string {
  next += 1;
  return `${prefix}${String(next).padStart(24 - prefix.length, '0')}`;
}

const CREATED = { created_at: '2026-11-01T00:00:00.000Z' };
const BY_ANN = { artist_id: ANN.id, artist_username: ANN.username };

/** A factory of `T`s: the defaults, a fresh id (its first character tells the kind in a failing test) and the test's overrides. */
function factory<T extends { id: string }>(idPrefix: string, defaults: Omit<T, 'id'>) {
  return (overrides: Partial<T> = {}): T => ({ id: id(idPrefix), ...defaults, ...overrides }) as T;
}

export const song = factory<Song>('5', {
  song_name: 'Blue Hour',
  ...BY_ANN,
  album_id: null,
  album_name: null,
  song_cover_url: '/api/files/cover',
  song_file_url: '/api/files/audio',
  duration: 185,
  ...CREATED,
});

export const album = factory<Album>('a', { album_name: 'Night Drive', album_cover_url: '/api/files/album-cover', ...BY_ANN, ...CREATED });

export const playlist = factory<Playlist>('c', {
  playlist_name: 'Chill',
  playlist_cover_url: null,
  description: null,
  private: false,
  creator_id: ANN.id,
  creator_username: ANN.username,
  ...CREATED,
});

export function file(name: string, type = 'application/octet-stream', size = 16): File {
  return new File([new Uint8Array(size)], name, { type });
}
