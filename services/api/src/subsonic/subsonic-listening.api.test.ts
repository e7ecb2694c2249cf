import { ObjectId } from 'mongodb';
import type { LikedSong, PlayerState, Playlist, PlaylistSongsResponse, Song } from '@tunafy/contracts';
import type SubsonicAPI from 'subsonic-api';
import { describe, expect, inject, it } from 'vitest';
import { newUser } from '../test/api-client.js';
import { createAlbum, form } from '../test/fixtures.js';
import { apiSuite, UNKNOWN_ID, type TestUser as User } from '../test/suite.js';
import { songsToMove } from './methods/playlists.js';
import { appPassword, call, callOk, subsonicClient, type SubsonicBody } from './subsonic-testing.js';

// Stars, plays, playlists and the play queue through the Subsonic API (issue 26, docs/subsonic.md): each is the web
// app's own feature, so what an app does shows on the web and the other way round. Driven by npm's subsonic-api
// client in GET and form POST mode; every answer is checked against the OpenSubsonic schemas.

const apiUrl = inject('apiUrl');
const { db, artist, songs } = await apiSuite({ songs: ['First Light', 'Second Wind', 'Third Eye', 'Fourth Wall'] });
const [s1, s2, s3, s4] = songs.map((song) => song.id) as [string, string, string, string];

/** A user with the app signed in twice: GET (the default of most apps) and form POST (the `formPost` extension). */
async function listener(prefix = 'ann'): Promise<{ web: User; app: SubsonicAPI; posting: SubsonicAPI }> {
  const web = await newUser(apiUrl, prefix);
  const { password } = await appPassword(web);
  const auth = { username: web.user.username, password };
  return { web, app: subsonicClient(apiUrl, auth), posting: subsonicClient(apiUrl, auth, true) };
}

/** A JSON answer as its XML can say it: an empty list has no element in XML (testing/subsonic-xml.ts). */
function withoutEmptyLists(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmptyLists);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([key, field]) => (Array.isArray(field) && field.length === 0 ? [] : [[key, withoutEmptyLists(field)]])));
}

const ids = (items: { id: string }[] | undefined) => (items ?? []).map((item) => item.id);
const errorCode = async (app: SubsonicAPI, method: string, params: Record<string, unknown> = {}) => (await call(app, method, params)).error?.code;

async function webLikes(user: User): Promise<string[]> {
  return ((await user.get<LikedSong[]>(`/api/collection/${user.user.id}/tracks`)).body ?? []).map((like) => like.song_id);
}

async function webPlaylistSongs(user: User, playlistId: string): Promise<string[]> {
  const response = await user.get<PlaylistSongsResponse>(`/api/playlists/${playlistId}/songs`);
  expect(response.status).toBe(200);
  return response.body.playlist_songs.map((entry) => entry.song_id);
}

async function songPlays(songId: string): Promise<number> {
  return ((await db.collection('songs').findOne({ _id: new ObjectId(songId) }))?.plays as number | undefined) ?? 0;
}

describe('star and unstar are the web’s likes', () => {
  it('a star in the app is a like on the web, a like on the web a star in the app, newest first, in JSON and XML', async () => {
    const { web, app, posting } = await listener();
    await callOk(app, 'star', { id: s1 });
    await callOk(posting, 'star', { id: s1.toUpperCase() }); // twice is fine
    expect(await webLikes(web)).toEqual([s1]);

    expect((await web.post(`/api/collection/${web.user.id}/new`, { json: { song_id: s2 } })).status).toBe(201);
    const starred2 = (await callOk(app, 'getStarred2')).starred2;
    expect(starred2).toEqual({ artist: [], album: [], song: [expect.objectContaining({ id: s2, starred: expect.any(String) }), expect.objectContaining({ id: s1 })] });
    expect(ids((await callOk(posting, 'getStarred')).starred.song)).toEqual([s2, s1]);
    expect(ids((await callOk(app, 'getStarred2', {}, 'xml')).starred2.song)).toEqual([s2, s1]);
    expect((await callOk(app, 'getSong', { id: s2 })).song.starred).toEqual(expect.any(String));

    // Several at once, and unstar clears the web's like.
    await callOk(posting, 'star', { id: [s3, s4] });
    await callOk(posting, 'unstar', { id: [s1, s3] });
    expect(await webLikes(web)).toEqual([s4, s2]);
    expect((await callOk(app, 'getSong', { id: s1 })).song.starred).toBeUndefined();
    await callOk(app, 'unstar', { id: [s1, UNKNOWN_ID] }); // idempotent, as the web's unlike
  });

  it('refuses albums and artists (only songs can be liked), unknown songs and missing ids, changing nothing', async () => {
    const { web, app } = await listener();
    const album = await createAlbum(artist, { album_name: 'Not Starrable' });
    for (const params of [{ albumId: album.id }, { artistId: artist.user.id }, { id: album.id }, { id: [s1], albumId: album.id }]) {
      const answer = await call(app, 'star', params);
      expect(answer.error).toEqual({ code: 0, message: 'Only songs can be starred in Tunafy' });
    }
    expect(await errorCode(app, 'star', { id: [s1, UNKNOWN_ID] })).toBe(70);
    expect(await errorCode(app, 'star', { id: 'abc' })).toBe(70);
    expect(await errorCode(app, 'star')).toBe(10);
    expect(await errorCode(app, 'unstar', { albumId: album.id })).toBe(0);
    expect(await webLikes(web)).toEqual([]);
  });
});

describe('scrobble is the web’s play', () => {
  it('counts a play once per 30 s (the web’s rule), shows it in the web’s recently played, and in getSong’s playCount', async () => {
    const { web, app, posting } = await listener();
    const before = await songPlays(s3);
    await callOk(app, 'scrobble', { id: s3, time: Date.now() });
    await callOk(posting, 'scrobble', { id: s3, submission: true });
    expect(await songPlays(s3)).toBe(before + 1);
    const recent = (await web.get<{ songs: Song[] }>('/api/me/recently-played')).body.songs;
    expect(recent.map((song) => song.id)).toEqual([s3]);
    expect((await callOk(app, 'getSong', { id: s3 })).song.playCount).toBe(before + 1);
  });

  it('submission=false only says what is playing: getNowPlaying shows the caller’s own entries, nobody else’s', async () => {
    const { web, app, posting } = await listener();
    const before = await songPlays(s4);
    expect((await callOk(app, 'getNowPlaying')).nowPlaying).toEqual({ entry: [] });
    await callOk(posting, 'scrobble', { id: s4, submission: false });
    expect(await songPlays(s4)).toBe(before);
    expect((await web.get<{ songs: Song[] }>('/api/me/recently-played')).body.songs).toEqual([]);

    const [entry, ...others] = (await callOk(app, 'getNowPlaying')).nowPlaying.entry;
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ id: s4, title: 'Fourth Wall', username: web.user.username, minutesAgo: 0, playerId: 0, playerName: 'subsonic-api' });
    // The same app reporting the next song replaces its entry.
    await callOk(app, 'scrobble', { id: s1, submission: 'false' });
    expect(ids((await callOk(app, 'getNowPlaying', {}, 'xml')).nowPlaying.entry)).toEqual([s1]);

    const bob = await listener('bob');
    expect((await callOk(bob.app, 'getNowPlaying')).nowPlaying.entry).toEqual([]);
  });

  it('answers the spec’s codes for bad input', async () => {
    const { app } = await listener();
    expect(await errorCode(app, 'scrobble')).toBe(10);
    expect(await errorCode(app, 'scrobble', { id: UNKNOWN_ID })).toBe(70);
    expect(await errorCode(app, 'scrobble', { id: s1, submission: 'maybe' })).toBe(0);
  });
});

describe('playlists are the web’s playlists', () => {
  it('makes, reorders, updates and deletes a playlist in the app, and the web shows each step; the web’s moves show in the app', async () => {
    const { web, app, posting } = await listener();
    // A song twice in one request: a Tunafy playlist holds a song once, at its first place.
    const made = (await callOk(posting, 'createPlaylist', { name: 'Road trip', songId: [s1, s2, s3, s1] })).playlist;
    expect(made).toMatchObject({ name: 'Road trip', owner: web.user.username, public: false, songCount: 3, readonly: false });
    expect(ids(made.entry)).toEqual([s1, s2, s3]);
    expect(await webPlaylistSongs(web, made.id)).toEqual([s1, s2, s3]);
    expect((await web.get<Playlist>(`/api/playlists/${made.id}`)).body).toMatchObject({ playlist_name: 'Road trip', private: true });

    // Apps save a reorder by sending the whole list again.
    const reordered = (await callOk(app, 'createPlaylist', { playlistId: made.id, songId: [s3, s1, s2] })).playlist;
    expect(ids(reordered.entry)).toEqual([s3, s1, s2]);
    expect(await webPlaylistSongs(web, made.id)).toEqual([s3, s1, s2]);
    await callOk(posting, 'createPlaylist', { playlistId: made.id, songId: [s2, s4, s3] });
    expect(await webPlaylistSongs(web, made.id)).toEqual([s2, s4, s3]);

    // Removals name places before the call; an added song already there keeps its place; the same name passes.
    await callOk(app, 'updatePlaylist', { playlistId: made.id, name: 'Road trip', songIndexToRemove: [0, 2], songIdToAdd: [s1, s4] });
    expect(await webPlaylistSongs(web, made.id)).toEqual([s4, s1]);
    const renamed = await call(app, 'updatePlaylist', { playlistId: made.id, name: 'Renamed', songIdToAdd: s2 });
    expect(renamed.error.code).toBe(0);
    expect(await webPlaylistSongs(web, made.id)).toEqual([s4, s1]);

    // A move on the web shows in the app, in JSON and XML alike.
    expect((await web.put(`/api/playlists/${made.id}/songs/order`, { json: { song_id: s1, after_song_id: null } })).status).toBe(200);
    const got = await callOk(app, 'getPlaylist', { id: made.id });
    expect(ids(got.playlist.entry)).toEqual([s1, s4]);
    const xml = await callOk(posting, 'getPlaylist', { id: made.id }, 'xml');
    expect(xml.playlist).toEqual(withoutEmptyLists(got.playlist));
    expect(ids((await callOk(app, 'getPlaylists')).playlists.playlist)).toContain(made.id);

    await callOk(posting, 'deletePlaylist', { id: made.id });
    expect((await web.get(`/api/playlists/${made.id}`)).status).toBe(404);
    expect(await errorCode(app, 'getPlaylist', { id: made.id })).toBe(70);
  });

  it('keeps the web’s privacy and owner rules: another’s private playlist is not found (70), their public one read-only (50)', async () => {
    const ann = await listener();
    const bob = await listener('bob');
    const secret = (await callOk(ann.app, 'createPlaylist', { name: 'Secret', songId: s1 })).playlist;
    const created = await ann.web.post<Playlist>('/api/playlists/new', { form: form({ playlist_name: 'Shared', private: 'false' }) });
    expect(created.status).toBe(201);
    const shared = created.body;
    await callOk(ann.app, 'updatePlaylist', { playlistId: shared.id, songIdToAdd: [s2, s3] });

    const annLists = ids((await callOk(ann.app, 'getPlaylists')).playlists.playlist);
    expect(annLists.sort()).toEqual([secret.id, shared.id].sort());
    // Bob's list is his own library; Ann's public playlists are reached through her username.
    expect(ids((await callOk(bob.app, 'getPlaylists')).playlists.playlist)).toEqual([]);
    expect(ids((await callOk(bob.posting, 'getPlaylists', { username: ann.web.user.username })).playlists.playlist)).toEqual([shared.id]);
    expect(await errorCode(bob.app, 'getPlaylists', { username: 'nobody-by-this-name' })).toBe(70);

    const readable = (await callOk(bob.app, 'getPlaylist', { id: shared.id })).playlist;
    expect(readable).toMatchObject({ owner: ann.web.user.username, public: true, readonly: true });
    expect(ids(readable.entry)).toEqual([s2, s3]);
    expect(await errorCode(bob.app, 'getPlaylist', { id: secret.id })).toBe(70);
    for (const id of [shared.id, secret.id]) {
      const expected = id === shared.id ? 50 : 70;
      expect(await errorCode(bob.app, 'updatePlaylist', { playlistId: id, songIdToAdd: s4 })).toBe(expected);
      expect(await errorCode(bob.posting, 'createPlaylist', { playlistId: id, songId: [s4] })).toBe(expected);
      expect(await errorCode(bob.app, 'deletePlaylist', { id })).toBe(expected);
    }
    expect(await webPlaylistSongs(ann.web, shared.id)).toEqual([s2, s3]);
    expect(await webPlaylistSongs(ann.web, secret.id)).toEqual([s1]);
  });

  it('answers bad input with the spec’s codes and makes nothing', async () => {
    const { web, app } = await listener();
    expect(await errorCode(app, 'createPlaylist')).toBe(10);
    expect(await errorCode(app, 'createPlaylist', { name: 'Half', songId: [s1, UNKNOWN_ID] })).toBe(70);
    expect(await errorCode(app, 'createPlaylist', { name: '   ' })).toBe(0);
    expect((await web.get(`/api/playlists/${web.user.id}/manage`)).body.playlists).toEqual([]);
    const { id } = (await callOk(app, 'createPlaylist', { name: 'Mine' })).playlist;
    expect(await errorCode(app, 'getPlaylist')).toBe(10);
    expect(await errorCode(app, 'getPlaylist', { id: 'nope' })).toBe(70);
    expect(await errorCode(app, 'updatePlaylist', { songIdToAdd: s1 })).toBe(10);
    expect(await errorCode(app, 'updatePlaylist', { playlistId: id, songIndexToRemove: 3 })).toBe(0);
    expect(await errorCode(app, 'updatePlaylist', { playlistId: id, songIdToAdd: 'abc' })).toBe(70);
    expect(await errorCode(app, 'updatePlaylist', { playlistId: id, public: true })).toBe(0);
    expect(await errorCode(app, 'deletePlaylist', { id: 'nope' })).toBe(70);
    expect(await errorCode(app, 'deletePlaylist', { id: UNKNOWN_ID })).toBe(70);
  });
});

describe('the play queue is the web player’s saved state', () => {
  it('saved in the app, the web resumes there; saved on the web, the app does', async () => {
    const { web, app, posting } = await listener();
    await callOk(posting, 'savePlayQueue', { id: [s1, s2, s3], current: s2, position: 12_500 });
    const resumed = (await web.get<PlayerState>('/api/me/player-state')).body;
    expect(resumed).toMatchObject({ index: 1, position: 12.5 });
    expect(ids(resumed.queue)).toEqual([s1, s2, s3]);
    const own = (await callOk(app, 'getPlayQueue')).playQueue;
    expect(own).toMatchObject({ current: s2, position: 12_500, username: web.user.username, changedBy: 'subsonic-api', changed: resumed.updated_at });

    expect((await web.put('/api/me/player-state', { json: { queue: [s3, s1, s3], index: 2, position: 42.25 } })).status).toBe(200);
    const queue = await callOk(app, 'getPlayQueue');
    expect(queue.playQueue).toMatchObject({ current: s3, position: 42_250, changedBy: 'Tunafy' });
    expect(ids(queue.playQueue.entry)).toEqual([s3, s1, s3]);
    expect((await callOk(posting, 'getPlayQueue', {}, 'xml')).playQueue).toEqual(withoutEmptyLists(queue.playQueue));
    // By index, the current one of a song queued twice is unambiguous.
    expect((await callOk(app, 'getPlayQueueByIndex')).playQueueByIndex).toMatchObject({ currentIndex: 2, position: 42_250 });
    await callOk(app, 'savePlayQueueByIndex', { id: [s4, s4, s2], currentIndex: 1, position: 0 });
    expect((await web.get<PlayerState>('/api/me/player-state')).body).toMatchObject({ index: 1, position: 0 });

    // No ids clears the queue, as the spec says.
    await callOk(app, 'savePlayQueue');
    expect((await web.get<PlayerState>('/api/me/player-state')).body).toMatchObject({ queue: [], index: 0, position: 0 });
    expect((await callOk(app, 'getPlayQueue')).playQueue).toEqual({ entry: [], position: 0, username: web.user.username, changed: expect.any(String), changedBy: 'subsonic-api' });
  });

  it('keeps the 500 songs around the current one of a longer queue (apps queue whole libraries)', async () => {
    const { web, posting } = await listener();
    const filler = (n: number) => n.toString(16).padStart(24, 'f');
    const queue = Array.from({ length: 600 }, (_, n) => filler(n));
    [queue[10], queue[550], queue[599]] = [s1, s2, s3];
    // By form POST: 600 ids do not fit in a URL (Node takes 16 KB of headers).
    await callOk(posting, 'savePlayQueue', { id: queue, current: s2, position: 1_000 });
    // Saved: positions 100–599 (s1 at 10 falls outside); unknown ids are dropped when read, as the web drops them.
    const resumed = (await web.get<PlayerState>('/api/me/player-state')).body;
    expect(ids(resumed.queue)).toEqual([s2, s3]);
    expect(resumed).toMatchObject({ index: 0, position: 1 });
  });

  it('answers a valid empty queue when nothing was saved, in JSON and XML', async () => {
    const { web, app } = await listener();
    const empty = { position: 0, username: web.user.username, changed: '1970-01-01T00:00:00.000Z', changedBy: 'Tunafy' };
    expect((await callOk(app, 'getPlayQueue')).playQueue).toEqual({ ...empty, entry: [] });
    expect((await callOk(app, 'getPlayQueue', {}, 'xml')).playQueue).toEqual(empty);
    expect((await callOk(app, 'getPlayQueueByIndex')).playQueueByIndex).toEqual({ ...empty, entry: [] });
    const extensions = (await callOk(app, 'getOpenSubsonicExtensions')).openSubsonicExtensions as SubsonicBody[];
    expect(extensions).toContainEqual({ name: 'indexBasedQueue', versions: [1] });
  });

  it('answers bad input with the spec’s codes and keeps what was saved', async () => {
    const { web, app } = await listener();
    await callOk(app, 'savePlayQueue', { id: [s1], current: s1, position: 1000 });
    expect(await errorCode(app, 'savePlayQueue', { id: [s1, s2], current: s3 })).toBe(0);
    expect(await errorCode(app, 'savePlayQueue', { id: ['abc'] })).toBe(70);
    expect(await errorCode(app, 'savePlayQueue', { id: [s1], position: -5 })).toBe(0);
    expect(await errorCode(app, 'savePlayQueueByIndex', { id: [s1, s2] })).toBe(10);
    expect(await errorCode(app, 'savePlayQueueByIndex', { id: [s1, s2], currentIndex: 2 })).toBe(0);
    expect((await web.get<PlayerState>('/api/me/player-state')).body).toMatchObject({ index: 0, position: 1 });
  });
});

describe('songsToMove (a reorder as the fewest web moves)', () => {
  it('moves only what left the longest run already in order', () => {
    expect(songsToMove(['a', 'b', 'c', 'd'], ['a', 'b', 'c', 'd'])).toEqual(new Set());
    expect(songsToMove(['a', 'b', 'c', 'd'], ['b', 'c', 'd', 'a'])).toEqual(new Set(['a']));
    expect(songsToMove(['a', 'b', 'c', 'd'], ['d', 'a', 'b', 'c'])).toEqual(new Set(['d']));
    expect(songsToMove(['a', 'b', 'c', 'd'], ['d', 'c', 'b', 'a']).size).toBe(3);
    // A song the playlist does not hold (yet) is always placed.
    const placing = songsToMove(['a', 'b'], ['b', 'x', 'a']);
    expect(placing.size).toBe(2);
    expect(placing.has('x')).toBe(true);
  });
});
