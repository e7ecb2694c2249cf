import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LikedSong, PlayerState, PlaylistSongsResponse } from '@tunafy/contracts';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { newUser } from '../test/api-client.js';
import { eventually } from '../test/fixtures.js';
import { appPassword, call, callOk, importTagged, subsonicClient } from './subsonic-testing.js';

// Issue 26's "done when": one listening session of an app, start to end, through npm's subsonic-api client — in GET
// mode with JSON answers and in form POST mode with XML answers (the default format), every answer schema-checked.

const apiUrl = inject('apiUrl');
const dir = mkdtempSync(join(tmpdir(), 'tunafy-subsonic-session-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each([
  { mode: 'GET, JSON', post: false, format: 'json' as const },
  { mode: 'form POST, XML', post: true, format: 'xml' as const },
])('a listening session in an app ($mode)', ({ post, format }) => {
  it('connects, browses, streams, searches, stars, scrobbles, keeps a playlist and a queue, and is refused once revoked', async () => {
    const web = await newUser(apiUrl, 'listener');
    const token = Math.random().toString(36).slice(2, 8);
    const album = `Harbor Lights ${token}`;
    const tracks = [];
    for (const [track, title] of ['Salt and Static', 'Neon Harbor', 'Glasshouse'].entries()) {
      tracks.push((await importTagged(web, dir, { format: 'flac', title: `${title} ${token}`, album, artists: [`Marlow ${token}`], albumArtist: `Marlow ${token}`, track: track + 1, year: 2024, genre: 'Dream Pop' })).song);
    }
    const [first, second, third] = tracks.map((song) => song.id) as [string, string, string];

    // Connect with an app password made on Connected apps.
    const { password, id: appPasswordId } = await appPassword(web, 'Session phone');
    const app = subsonicClient(apiUrl, { username: web.user.username, password }, post);
    const ok = (method: string, params: Record<string, unknown> = {}) => callOk(app, method, params, format);
    expect((await ok('ping')).status).toBe('ok');

    // Browse: artists → artist → album → song.
    const index = await eventually(() => ok('getArtists'), (answer) => JSON.stringify(answer).includes(`Marlow ${token}`));
    const marlow = index.artists.index.flatMap((entry: { artist: { id: string; name: string }[] }) => entry.artist).find((artist: { name: string }) => artist.name === `Marlow ${token}`);
    const albums = (await ok('getArtist', { id: marlow.id })).artist.album;
    expect(albums.map((entry: { name: string }) => entry.name)).toEqual([album]);
    const songs = (await ok('getAlbum', { id: albums[0].id })).album.song;
    expect(songs.map((song: { id: string }) => song.id)).toEqual([first, second, third]);
    expect((await ok('getSong', { id: second })).song).toMatchObject({ title: `Neon Harbor ${token}`, albumId: albums[0].id, artistId: marlow.id });

    // Stream with Range: the same bytes as the web player's file route.
    const webBytes = Buffer.from((await web.get(tracks[1]!.song_file_url)).raw);
    const whole = await app.stream({ id: second });
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(webBytes)).toBe(true);
    const ranged = await fetch(`${apiUrl}/rest/stream.view?apiKey=${password}&id=${second}`, { headers: { range: 'bytes=16-1039' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(webBytes.subarray(16, 1040))).toBe(true);

    // Search, and the empty query that syncs the whole library page by page.
    expect((await ok('search3', { query: `neon harbor ${token}` })).searchResult3.song.map((song: { id: string }) => song.id)).toEqual([second]);
    const synced: string[] = [];
    for (let offset = 0; ; offset += 2) {
      const page = (await ok('search3', { query: '', artistCount: 0, albumCount: 0, songCount: 2, songOffset: offset })).searchResult3.song ?? [];
      synced.push(...page.map((song: { id: string }) => song.id));
      if (page.length < 2) break;
    }
    expect(synced).toEqual(expect.arrayContaining([first, second, third]));
    expect(new Set(synced).size).toBe(synced.length);

    // Star (the web's like) and scrobble (the web's play count and recently played).
    await ok('star', { id: third });
    expect(((await web.get<LikedSong[]>(`/api/collection/${web.user.id}/tracks`)).body ?? []).map((like) => like.song_id)).toEqual([third]);
    await ok('scrobble', { id: first, submission: true });
    expect((await web.get<{ songs: { id: string }[] }>('/api/me/recently-played')).body.songs.map((song) => song.id)).toEqual([first]);

    // Make a playlist and reorder it; the web sees the same songs in the same order.
    const made = (await ok('createPlaylist', { name: `Road ${token}`, songId: [first, second, third] })).playlist;
    await ok('createPlaylist', { playlistId: made.id, songId: [third, first, second] });
    const webOrder = (await web.get<PlaylistSongsResponse>(`/api/playlists/${made.id}/songs`)).body.playlist_songs.map((entry) => entry.song_id);
    expect(webOrder).toEqual([third, first, second]);
    expect((await ok('getPlaylist', { id: made.id })).playlist.entry.map((song: { id: string }) => song.id)).toEqual([third, first, second]);

    // Save the play queue in the app; the web player resumes there, and the app reads it back.
    await ok('savePlayQueue', { id: [second, third], current: third, position: 61_000 });
    expect((await web.get<PlayerState>('/api/me/player-state')).body).toMatchObject({ index: 1, position: 61 });
    expect((await ok('getPlayQueue')).playQueue).toMatchObject({ current: third, position: 61_000 });

    // Revoke the app password on the web: every call is refused from then on.
    expect((await web.delete(`/api/me/app-passwords/${appPasswordId}`)).status).toBe(200);
    for (const method of ['ping', 'getArtists', 'getAlbum', 'search3', 'star', 'getPlayQueue']) {
      const refused = await call(app, method, { id: second, query: '' }, format);
      expect(refused).toMatchObject({ status: 'failed', error: { code: 40 } });
    }
    const stream = await app.stream({ id: second });
    expect(((await stream.json()) as { 'subsonic-response': { error: { code: number } } })['subsonic-response'].error.code).toBe(40);
  });
});
