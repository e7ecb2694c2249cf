import { ObjectId } from 'mongodb';
import type { Album, AlbumsResponse, Playlist, PlaylistsResponse, Song, UserProfile, UserSongsResponse } from '@tunafy/contracts';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, newUser } from '../test/api-client.js';
import { createAlbum, createSong, form } from '../test/fixtures.js';

const apiUrl = inject('apiUrl');

type User = Awaited<ReturnType<typeof newUser>>;

// One artist with four songs, an album and a public and a private playlist; two listeners give the songs plays.
let artist: User;
let fan: User;
let otherFan: User;
let guest: ApiClient;
let never: Song;
let hit: Song;
let liked: Song;
let alsoNever: Song;
let album: Album;
let publicList: Playlist;
let privateList: Playlist;

async function createPlaylist(client: ApiClient, name: string, isPrivate: boolean): Promise<Playlist> {
  const response = await client.post<Playlist>('/api/playlists/new', { form: form({ playlist_name: name, private: isPrivate ? 'true' : 'false' }) });
  if (response.status !== 201) throw new Error(`create playlist failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function play(client: ApiClient, song: Song): Promise<void> {
  const response = await client.post('/api/plays', { json: { song_id: song.id } });
  expect(response.status).toBe(201);
}

beforeAll(async () => {
  artist = await newUser(apiUrl, 'artist');
  fan = await newUser(apiUrl, 'fan');
  otherFan = await newUser(apiUrl, 'fan');
  guest = new ApiClient(apiUrl);
  // Made in this order, so by id: never < hit < liked < alsoNever.
  never = await createSong(artist, { song_name: 'Never Played' });
  hit = await createSong(artist, { song_name: 'The Hit' });
  liked = await createSong(artist, { song_name: 'Played Once' });
  alsoNever = await createSong(artist, { song_name: 'Also Never Played' });
  album = await createAlbum(artist, { album_name: 'First Record' });
  publicList = await createPlaylist(artist, 'Out Loud', false);
  privateList = await createPlaylist(artist, 'Just Me', true);
  // Through the API, as the player reports them: the hit twice (two listeners), the other once.
  await play(fan, hit);
  await play(otherFan, hit);
  await play(fan, liked);
});

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
const unknownId = () => new ObjectId().toHexString();

describe('GET /api/users/:id', () => {
  it('answers the profile with counts, and never an email', async () => {
    const response = await fan.get<UserProfile>(`/api/users/${artist.user.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: artist.user.id, username: artist.user.username, song_count: 4, album_count: 1, playlist_count: 1 });
  });

  it('counts the private playlist only for its creator', async () => {
    const response = await artist.get<UserProfile>(`/api/users/${artist.user.id}`);
    expect(response.body.playlist_count).toBe(2);
  });

  it('answers a user with nothing yet with zeros', async () => {
    const response = await artist.get<UserProfile>(`/api/users/${fan.user.id}`);
    expect(response.body).toEqual({ id: fan.user.id, username: fan.user.username, song_count: 0, album_count: 0, playlist_count: 0 });
  });

  it('takes the id in any letter case', async () => {
    const response = await fan.get<UserProfile>(`/api/users/${artist.user.id.toUpperCase()}`);
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(artist.user.id);
  });
});

describe('GET /api/users/:id/songs', () => {
  it('lists the songs most played first, ties oldest first, each with its plays', async () => {
    const response = await fan.get<UserSongsResponse>(`/api/users/${artist.user.id}/songs`);
    expect(response.status).toBe(200);
    expect(ids(response.body.songs)).toEqual([hit.id, liked.id, never.id, alsoNever.id]);
    expect(response.body.songs.map((song) => song.plays)).toEqual([2, 1, 0, 0]);
    expect(response.body.songs[0]).toMatchObject({ song_name: 'The Hit', artist_id: artist.user.id, artist_username: artist.user.username, song_file_url: hit.song_file_url });
    expect(response.body).toMatchObject({ next_cursor: null, total: 4 });
  });

  it('pages by cursor and by offset through the same order', async () => {
    const first = await fan.get<UserSongsResponse>(`/api/users/${artist.user.id}/songs?limit=3`);
    expect(ids(first.body.songs)).toEqual([hit.id, liked.id, never.id]);
    expect(first.body.total).toBe(4);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const rest = await fan.get<UserSongsResponse>(`/api/users/${artist.user.id}/songs?limit=3&cursor=${first.body.next_cursor}`);
    expect(ids(rest.body.songs)).toEqual([alsoNever.id]);
    expect(rest.body.next_cursor).toBeNull();
    const byOffset = await fan.get<UserSongsResponse>(`/api/users/${artist.user.id}/songs?limit=2&offset=1`);
    expect(ids(byOffset.body.songs)).toEqual([liked.id, never.id]);
    expect(byOffset.body).toMatchObject({ total: 4, next_cursor: expect.any(String) });
  });

  it('moves a song up when it is played, and a cursor continues after its song’s new place', async () => {
    const first = await fan.get<UserSongsResponse>(`/api/users/${artist.user.id}/songs?limit=2`);
    expect(ids(first.body.songs)).toEqual([hit.id, liked.id]);
    // Three plays of the song last in the list: now the most played.
    const listeners = await Promise.all([newUser(apiUrl, 'late'), newUser(apiUrl, 'late'), newUser(apiUrl, 'late')]);
    for (const listener of listeners) await play(listener, alsoNever);
    const now = await fan.get<UserSongsResponse>(`/api/users/${artist.user.id}/songs`);
    expect(ids(now.body.songs)).toEqual([alsoNever.id, hit.id, liked.id, never.id]);
    expect(now.body.songs[0]!.plays).toBe(3);
    // The cursor names "Played Once" (the second row before): the next page is what follows it now.
    const next = await fan.get<UserSongsResponse>(`/api/users/${artist.user.id}/songs?limit=2&cursor=${first.body.next_cursor}`);
    expect(ids(next.body.songs)).toEqual([never.id]);
  });

  it('refuses bad paging with the field named', async () => {
    const both = await fan.get(`/api/users/${artist.user.id}/songs?limit=2&offset=1&cursor=abc`);
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', errors: { offset: expect.any(String) } });
    const tooBig = await fan.get(`/api/users/${artist.user.id}/songs?limit=100000`);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.errors).toHaveProperty('limit');
    const badCursor = await fan.get(`/api/users/${artist.user.id}/songs?limit=2&cursor=nonsense`);
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.errors).toHaveProperty('cursor');
  });
});

describe('GET /api/users/:id/albums', () => {
  it('lists the user’s albums with the artist’s name', async () => {
    const response = await fan.get<AlbumsResponse>(`/api/users/${artist.user.id}/albums`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ albums: [album], next_cursor: null, total: 1 });
    expect(response.body.albums[0]!.artist_username).toBe(artist.user.username);
  });

  it('answers an empty list for a user without albums', async () => {
    const response = await fan.get<AlbumsResponse>(`/api/users/${otherFan.user.id}/albums?limit=10`);
    expect(response.body).toEqual({ albums: [], next_cursor: null, total: 0 });
  });
});

describe('GET /api/users/:id/playlists: a private playlist never leaks', () => {
  it('shows the owner their public and private playlists', async () => {
    const response = await artist.get<PlaylistsResponse>(`/api/users/${artist.user.id}/playlists`);
    expect(response.status).toBe(200);
    expect(ids(response.body.playlists)).toEqual([publicList.id, privateList.id]);
    expect(response.body.total).toBe(2);
  });

  it('shows another user only the public ones, and a total that counts only those', async () => {
    const response = await fan.get<PlaylistsResponse>(`/api/users/${artist.user.id}/playlists`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ playlists: [expect.objectContaining({ id: publicList.id, private: false })], next_cursor: null, total: 1 });
    expect(response.raw.toString()).not.toContain(privateList.id);
    expect(response.raw.toString()).not.toContain('Just Me');
  });

  it('pages the owner’s list with the private one in it', async () => {
    const first = await artist.get<PlaylistsResponse>(`/api/users/${artist.user.id}/playlists?limit=1`);
    expect(ids(first.body.playlists)).toEqual([publicList.id]);
    const rest = await artist.get<PlaylistsResponse>(`/api/users/${artist.user.id}/playlists?limit=1&cursor=${first.body.next_cursor}`);
    expect(ids(rest.body.playlists)).toEqual([privateList.id]);
    expect(rest.body.next_cursor).toBeNull();
  });

  it('gives guests nothing at all: every user route needs a session', async () => {
    for (const path of ['', '/songs', '/albums', '/playlists']) {
      const response = await guest.get(`/api/users/${artist.user.id}${path}`);
      expect(response.status, path).toBe(401);
      expect(response.body).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
      expect(response.raw.toString()).not.toContain(privateList.id);
    }
  });
});

describe('unknown and malformed user ids', () => {
  it('answers 404 NOT_FOUND for an id no user has, on every user route', async () => {
    const id = unknownId();
    for (const path of ['', '/songs', '/albums', '/playlists']) {
      const response = await fan.get(`/api/users/${id}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'User not found.' });
    }
  });

  it('answers 400 INVALID_ID for an id that is not one, never a 500', async () => {
    for (const id of ['abc', 'zzzzzzzzzzzzzzzzzzzzzzzz', `${artist.user.id}0`]) {
      for (const path of ['', '/songs', '/albums', '/playlists']) {
        const response = await fan.get(`/api/users/${id}${path}`);
        expect(response.status, `${id}${path}`).toBe(400);
        expect(response.body).toMatchObject({ statusCode: 400, code: 'INVALID_ID' });
      }
    }
  });

  it('keeps the user list at /api/users', async () => {
    const response = await fan.get<{ users: { id: string; username: string }[] }>(`/api/users?limit=500`);
    expect(response.status).toBe(200);
    expect(response.body.users).toContainEqual({ id: artist.user.id, username: artist.user.username });
  });
});
