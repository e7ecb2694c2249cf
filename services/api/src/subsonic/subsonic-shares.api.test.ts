import type { Playlist, SharesPage } from '@tunafy/contracts';
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, newUser } from '../test/api-client.js';
import { createAlbum, createSong, eventually, form } from '../test/fixtures.js';
import { appPassword, call, callOk, subsonicClient } from './subsonic-testing.js';

// Share links through the Subsonic API (getShares, createShare, updateShare, deleteShare; docs/subsonic.md): the
// web's shares with the web's rules, driven by npm's subsonic-api client in GET and form POST mode, every answer
// checked against the OpenSubsonic schemas.

const apiUrl = inject('apiUrl');

async function sharer(prefix: string) {
  const web = await newUser(apiUrl, prefix);
  const { password } = await appPassword(web);
  const auth = { username: web.user.username, password };
  return { web, app: subsonicClient(apiUrl, auth), posting: subsonicClient(apiUrl, auth, true) };
}

async function playlistOf(client: ApiClient, isPrivate: boolean, songId: string): Promise<Playlist> {
  const response = await client.post<Playlist>('/api/playlists/new', { form: form({ playlist_name: isPrivate ? 'Secret Mix' : 'Open Mix', private: String(isPrivate) }) });
  expect(response.status).toBe(201);
  expect((await client.put(`/api/playlists/${response.body.id}/add`, { json: { song_id: songId } })).status).toBe(200);
  return response.body;
}

describe('share links through the Subsonic API', () => {
  it('makes a link that opens on the web, lists it with its songs, changes its description and expiry, and revokes it', async () => {
    const { web, app, posting } = await sharer('subshare');
    const album = await createAlbum(web, { album_name: 'App Shared Album' });
    const songs = [];
    for (const song_name of ['Track One', 'Track Two']) {
      const song = await createSong(web, { song_name });
      expect((await web.put(`/api/albums/${album.id}/add`, { json: { song_id: song.id } })).status).toBe(200);
      songs.push(song);
    }
    const expires = Date.now() + 7 * 24 * 60 * 60 * 1000;
    const created = (await callOk(app, 'createShare', { id: album.id, description: 'For the road', expires })).shares.share;
    expect(created).toHaveLength(1);
    const share = created[0];
    expect(share).toMatchObject({ description: 'For the road', username: web.user.username, visitCount: 0 });
    expect(new Date(share.expires).getTime()).toBe(expires);
    expect(share.entry.map((entry: { id: string }) => entry.id).sort()).toEqual(songs.map((song) => song.id).sort());
    // The web's link: anyone opens it without an account.
    const token = String(share.url).split('/s/')[1]!;
    expect(share.url).toBe(`${apiUrl}/s/${token}`);
    const opened = await new ApiClient(apiUrl).get<{ name: string }>(`/api/shares/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.body.name).toBe('App Shared Album');

    // Listed by the app (the token is shown once: no url) and by the web, with the open counted.
    // The open is counted without holding its answer back, so the list may show it a moment later.
    const listed = await eventually(
      async () => (await callOk(app, 'getShares')).shares.share as Array<{ visitCount: number }>,
      (rows) => rows[0]?.visitCount === 1,
    );
    expect(listed).toEqual([expect.objectContaining({ id: share.id, url: '', description: 'For the road', visitCount: 1 })]);
    expect((await callOk(app, 'getShares', {}, 'xml')).shares.share[0].id).toBe(share.id);
    expect((await web.get<SharesPage>('/api/me/shares')).body.shares.map((row) => row.id)).toEqual([share.id]);

    // Another description, then no expiry (0), by form POST as apps with `formPost` send it.
    await callOk(posting, 'updateShare', { id: share.id, description: 'Changed', expires: 0 });
    const changed = (await callOk(app, 'getShares')).shares.share[0];
    expect(changed.description).toBe('Changed');
    expect(changed.expires).toBeUndefined();

    await callOk(app, 'deleteShare', { id: share.id });
    expect((await callOk(app, 'getShares')).shares.share ?? []).toEqual([]);
    expect((await new ApiClient(apiUrl).get(`/api/shares/${token}`)).status).toBe(404);
  });

  it('refuses what the web refuses, with the Subsonic codes: others’ items 50, private playlists 50, unknown ids 70', async () => {
    const { web, app } = await sharer('subrefuse');
    const other = await sharer('subother');
    const mine = await createSong(web, { song_name: 'Mine' });
    const theirs = await createSong(other.web, { song_name: 'Theirs' });
    const secret = await playlistOf(web, true, mine.id);
    const theirSecret = await playlistOf(other.web, true, theirs.id);
    const open = await playlistOf(web, false, mine.id);

    const code = async (method: string, params: Record<string, unknown>) => (await call(app, method, params)).error?.code;
    expect(await code('createShare', { id: theirs.id })).toBe(50);
    expect(await code('createShare', { id: secret.id })).toBe(50);
    expect(await code('createShare', { id: theirSecret.id })).toBe(70);
    expect(await code('createShare', { id: '0123456789abcdef01234567' })).toBe(70);
    expect(await code('createShare', {})).toBe(10);
    expect(await code('createShare', { id: [mine.id, open.id] })).toBe(0);
    expect(await code('createShare', { id: mine.id, expires: Date.now() - 1000 })).toBe(0);

    // A public playlist of one's own is shared; someone else cannot change or revoke that link, nor see it.
    const made = (await callOk(app, 'createShare', { id: open.id })).shares.share[0];
    expect(made.entry.map((entry: { id: string }) => entry.id)).toEqual([mine.id]);
    expect((await call(other.app, 'updateShare', { id: made.id, description: 'Mine now' })).error?.code).toBe(70);
    expect((await call(other.app, 'deleteShare', { id: made.id })).error?.code).toBe(70);
    expect((await callOk(other.app, 'getShares')).shares.share ?? []).toEqual([]);
    expect(await code('updateShare', { description: 'No id' })).toBe(10);
    expect((await callOk(app, 'getShares')).shares.share.map((row: { id: string }) => row.id)).toEqual([made.id]);
  });
});
