import { ObjectId } from 'mongodb';
import { MESSAGES, type Playlist } from '@tunafy/contracts';
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, newUser, type ApiResponse } from '../test/api-client.js';
import { coverBytes, coverFile, createSong, fileId, form, mediaFileCount, rawFile, songForm, announceDirectWrite, eventually } from '../test/fixtures.js';
import { apiSuite, expectCursorPaging, expectValidationFailed, HEX_ID, ISO_DATE, type TestUser as User } from '../test/suite.js';

const apiUrl = inject('apiUrl');

// One song serves every test that only needs "a song": encoding mp3s is the slow part.
const { db, artist, songs: [song, otherSong] } = await apiSuite({ songs: ['First Tune', 'Second Tune'] });
const unknownId = () => new ObjectId().toHexString();

interface PlaylistForm {
  playlist_name?: string;
  description?: string;
  private?: string;
  creator_id?: string;
  cover?: Blob;
}

async function createPlaylist(client: ApiClient, fields: PlaylistForm = {}): Promise<Playlist> {
  const response = await client.post<Playlist>('/api/playlists/new', {
    form: form({
      playlist_name: fields.playlist_name ?? 'Road Trip',
      description: fields.description,
      private: fields.private,
      creator_id: fields.creator_id,
      playlist_cover_url: fields.cover,
    }),
  });
  if (response.status !== 201) throw new Error(`create playlist failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A fresh user, Ann, and a playlist of hers made from `fields`: what most tests here start from. */
async function annWithPlaylist(fields: PlaylistForm = {}): Promise<{ ann: User; playlist: Playlist }> {
  const ann = await newUser(apiUrl, 'ann');
  return { ann, playlist: await createPlaylist(ann, fields) };
}

function entryCount(playlistId: string): Promise<number> {
  return db.collection('playlist_songs').countDocuments({ playlist_id: new ObjectId(playlistId) });
}

/**
 * Ann's public and private playlist (holding `song` or not), changed by Bob and by a guest through `change`: 403 on
 * the public one, naming nothing in it; 404 on the private one, the same answer as for no playlist at all; 401 for
 * the guest; and neither playlist changed.
 */
async function expectOnlyTheCreatorMay(change: (client: ApiClient, playlistId: string) => Promise<ApiResponse>, options: { holdingSong: boolean }): Promise<void> {
  const ann = await newUser(apiUrl, 'ann');
  const bob = await newUser(apiUrl, 'bob');
  const open = await createPlaylist(ann);
  const hidden = await createPlaylist(ann, { private: 'true' });
  if (options.holdingSong) for (const playlist of [open, hidden]) await ann.put(`/api/playlists/${playlist.id}/add`, { json: { song_id: song.id } });
  const toOpen = await change(bob, open.id);
  expect(toOpen.status).toBe(403);
  expect(toOpen.body.code).toBe('FORBIDDEN');
  expect(toOpen.raw.toString()).not.toContain(song.song_name);
  const toHidden = await change(bob, hidden.id);
  expect(toHidden.status).toBe(404);
  expect(toHidden.body).toEqual((await change(bob, unknownId())).body);
  expect((await change(new ApiClient(apiUrl), open.id)).status).toBe(401);
  const entries = options.holdingSong ? 1 : 0;
  expect(await entryCount(open.id)).toBe(entries);
  expect(await entryCount(hidden.id)).toBe(entries);
}

describe('POST /api/playlists/new', () => {
  it('refuses names and descriptions with control or text-direction characters (display spoofing)', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const response = await ann.post('/api/playlists/new', { form: form({ playlist_name: '\u202Eevil', description: 'nul\u0000' }) });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { playlist_name: MESSAGES.nameHiddenCharacters, description: MESSAGES.descriptionHiddenCharacters } });
    const song = await ann.post('/api/songs/new', { form: songForm(ann, { song_name: 'a\u2066b' }) });
    expect(song.status).toBe(400);
    expect(song.body.errors.song_name).toBe(MESSAGES.nameHiddenCharacters);
  });

  it('creates a playlist with a cover and answers its full shape', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const response = await ann.post('/api/playlists/new', {
      form: form({ playlist_name: 'Road Trip', description: 'Songs for the car', playlist_cover_url: coverFile() }),
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(HEX_ID),
      playlist_name: 'Road Trip',
      playlist_cover_url: expect.stringMatching(/^\/api\/files\/[0-9a-f]{24}$/),
      description: 'Songs for the car',
      private: false,
      creator_id: ann.user.id,
      creator_username: ann.user.username,
      created_at: expect.stringMatching(ISO_DATE),
    });
    const cover = await ann.get(response.body.playlist_cover_url);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toMatch(/^image\/png/);
    expect(cover.raw.equals(coverBytes())).toBe(true);
  });

  it('needs no cover and stores a blank description as null', async () => {
    const { ann, playlist } = await annWithPlaylist({ description: '   ' });
    expect(playlist).toMatchObject({ playlist_cover_url: null, description: null });
  });

  it('stores the private checkbox as it was sent', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const sent: [string | undefined, boolean][] = [['true', true], ['on', true], ['false', false], [undefined, false]];
    for (const [value, stored] of sent) {
      const created = await createPlaylist(ann, { private: value });
      expect(created.private, `private=${value}`).toBe(stored);
      expect((await ann.get(`/api/playlists/${created.id}`)).body.private, `private=${value}`).toBe(stored);
    }
  });

  it('accepts a JSON body with a real boolean', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const response = await ann.post('/api/playlists/new', { json: { playlist_name: 'Json', private: true } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ playlist_name: 'Json', private: true, creator_id: ann.user.id });
  });

  it('ignores creator_id in the body: the creator is the session user', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const bob = await newUser(apiUrl, 'bob');
    const playlist = await createPlaylist(ann, { creator_id: bob.user.id, playlist_name: 'Not Bob’s' });
    expect(playlist.creator_id).toBe(ann.user.id);
    expect((await bob.get(`/api/playlists/${bob.user.id}/manage`)).body.playlists).toEqual([]);
  });

  it('reports a missing name and bad cover bytes together, storing nothing', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const filesBefore = await mediaFileCount(db);
    const response = await ann.post('/api/playlists/new', {
      form: form({ playlist_name: '  ', playlist_cover_url: rawFile('this is not a picture', 'cover.png', 'image/png') }),
    });
    expectValidationFailed(response, { playlist_name: 'Name is required.', playlist_cover_url: 'Cover photo must be in .jpeg, .jpg, .pdf, .png or .gif format.' });
    expect(await mediaFileCount(db)).toBe(filesBefore);
    expect((await ann.get(`/api/playlists/${ann.user.id}/manage`)).body.playlists).toEqual([]);
  });

  it('refuses a real picture with the wrong file name', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const response = await ann.post('/api/playlists/new', { form: form({ playlist_name: 'x', playlist_cover_url: coverFile({ name: 'cover.txt' }) }) });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ playlist_cover_url: 'Cover photo must be in .jpeg, .jpg, .pdf, .png or .gif format.' });
  });

  it('refuses a too-long description under its field', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const response = await ann.post('/api/playlists/new', { form: form({ playlist_name: 'x', description: 'a'.repeat(1001) }) });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ description: 'Description must be at most 1000 characters.' });
  });

  it('refuses guests', async () => {
    const response = await new ApiClient(apiUrl).post('/api/playlists/new', { form: form({ playlist_name: 'x', playlist_cover_url: coverFile() }) });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/playlists', () => {
  it('shows guests public playlists only', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const open = await createPlaylist(ann, { playlist_name: 'Open' });
    const hidden = await createPlaylist(ann, { playlist_name: 'Hidden', private: 'true' });
    const response = await new ApiClient(apiUrl).get('/api/playlists');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ playlists: expect.any(Array), next_cursor: null, total: response.body.playlists.length });
    const ids = response.body.playlists.map((playlist: Playlist) => playlist.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(hidden.id);
    expect(response.body.playlists.find((playlist: Playlist) => playlist.id === open.id)).toEqual(open);
    expect(JSON.stringify(response.body)).not.toContain('Hidden');
  });

  it('shows private playlists to their creator and to nobody else', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const bob = await newUser(apiUrl, 'bob');
    const hidden = await createPlaylist(ann, { private: 'on' });
    const ids = async (client: ApiClient) => (await client.get('/api/playlists')).body.playlists.map((playlist: Playlist) => playlist.id);
    expect(await ids(ann)).toContain(hidden.id);
    expect(await ids(bob)).not.toContain(hidden.id);
  });

  it('pages with limit and cursor and refuses bad paging', async () => {
    const ann = await newUser(apiUrl, 'ann');
    await createPlaylist(ann);
    await createPlaylist(ann);
    const [first, second] = await expectCursorPaging(ann, '/api/playlists', 'playlists');
    expect(second.body.playlists[0].id > first.body.playlists[0].id).toBe(true);
  });
});

describe('GET /api/playlists/:id and /songs', () => {
  it('answers a public playlist to any logged-in user', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const bob = await newUser(apiUrl, 'bob');
    const playlist = await createPlaylist(ann);
    const response = await bob.get(`/api/playlists/${playlist.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...playlist, song_count: 0, total_duration: 0 });
  });

  it('answers someone else’s private playlist exactly like a missing one', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const bob = await newUser(apiUrl, 'bob');
    const hidden = await createPlaylist(ann, { private: 'true', playlist_name: 'Secret Mix' });
    await ann.put(`/api/playlists/${hidden.id}/add`, { json: { song_id: song.id } });
    const missing = await bob.get(`/api/playlists/${unknownId()}`);
    for (const path of [`/api/playlists/${hidden.id}`, `/api/playlists/${hidden.id}/songs`]) {
      const response = await bob.get(path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).toEqual(missing.body);
      expect(response.raw.toString(), path).not.toContain('Secret');
    }
    expect((await ann.get(`/api/playlists/${hidden.id}`)).body.playlist_name).toBe('Secret Mix');
    expect((await ann.get(`/api/playlists/${hidden.id}/songs`)).body.playlist_songs).toHaveLength(1);
  });

  it('refuses guests, even for public playlists', async () => {
    const { ann, playlist } = await annWithPlaylist();
    const guest = new ApiClient(apiUrl);
    expect((await guest.get(`/api/playlists/${playlist.id}`)).status).toBe(401);
    expect((await guest.get(`/api/playlists/${playlist.id}/songs`)).status).toBe(401);
  });

  it('answers 400 for malformed ids and 404 for unknown ones', async () => {
    const ann = await newUser(apiUrl, 'ann');
    for (const path of ['/api/playlists/nope', '/api/playlists/nope/songs', '/api/playlists/123/manage']) {
      const response = await ann.get(path);
      expect(response.status, path).toBe(400);
      expect(response.body.code, path).toBe('INVALID_ID');
    }
    expect((await ann.get(`/api/playlists/${unknownId()}/songs`)).status).toBe(404);
  });

  it('lists entries oldest first with the song embedded', async () => {
    const { ann, playlist } = await annWithPlaylist();
    expect((await ann.get(`/api/playlists/${playlist.id}/songs`)).body).toEqual({ playlist_songs: [], next_cursor: null, total: 0 });
    const first = await ann.put(`/api/playlists/${playlist.id}/add`, { json: { song_id: otherSong.id } });
    const second = await ann.put(`/api/playlists/${playlist.id}/add`, { json: { song_id: song.id } });
    const response = await ann.get(`/api/playlists/${playlist.id}/songs`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ playlist_songs: [first.body, second.body], next_cursor: null, total: 2 });
    expect((await ann.get(`/api/playlists/${playlist.id}`)).body).toEqual(expect.objectContaining({ song_count: 2, total_duration: song.duration + otherSong.duration }));
    expect(response.body.playlist_songs[1]).toEqual({
      id: expect.stringMatching(HEX_ID),
      playlist_id: playlist.id,
      song_id: song.id,
      added_at: expect.stringMatching(ISO_DATE),
      song,
    });
  });

  it('skips entries whose song record is gone', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const doomed = await createSong(ann, { song_name: 'Doomed' });
    const playlist = await createPlaylist(ann);
    await ann.put(`/api/playlists/${playlist.id}/add`, { json: { song_id: doomed.id } });
    await ann.put(`/api/playlists/${playlist.id}/add`, { json: { song_id: song.id } });
    // What a crash midway through a song delete leaves behind: entries pointing at nothing.
    await db.collection('songs').deleteOne({ _id: new ObjectId(doomed.id) });
    await announceDirectWrite(db);
    // The API sees a direct write after its reload, which a loaded machine can stretch past a read's 2 s wait for it.
    const response = await eventually(
      () => ann.get(`/api/playlists/${playlist.id}/songs`),
      (answer) => answer.body.playlist_songs?.length === 1,
    );
    expect(response.body.playlist_songs.map((entry: { song_id: string }) => entry.song_id)).toEqual([song.id]);
  });
});

describe('GET /api/playlists/:userId/manage', () => {
  it('lists the user’s own playlists, private ones included, and nobody else’s', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const bob = await newUser(apiUrl, 'bob');
    const open = await createPlaylist(ann);
    const hidden = await createPlaylist(ann, { private: 'true' });
    await createPlaylist(bob);
    const response = await ann.get(`/api/playlists/${ann.user.id}/manage`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ playlists: [open, hidden] });
  });

  it('refuses another user’s id and guests', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const bob = await newUser(apiUrl, 'bob');
    await createPlaylist(ann, { private: 'true', playlist_name: 'Secret Mix' });
    const response = await bob.get(`/api/playlists/${ann.user.id}/manage`);
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('FORBIDDEN');
    expect(response.raw.toString()).not.toContain('Secret');
    expect((await new ApiClient(apiUrl).get(`/api/playlists/${ann.user.id}/manage`)).status).toBe(401);
  });
});

describe('PUT /api/playlists/:id/add', () => {
  it('adds a song once, whichever way song_id is sent', async () => {
    const { ann, playlist } = await annWithPlaylist();
    const multipart = await ann.put(`/api/playlists/${playlist.id}/add`, { form: form({ song_id: song.id }) });
    expect(multipart.status).toBe(200);
    expect(multipart.body).toEqual({ id: expect.stringMatching(HEX_ID), playlist_id: playlist.id, song_id: song.id, added_at: expect.stringMatching(ISO_DATE), song });
    const urlencoded = await ann.put(`/api/playlists/${playlist.id}/add`, { urlencoded: { song_id: song.id } });
    const json = await ann.put(`/api/playlists/${playlist.id}/add`, { json: { song_id: song.id.toUpperCase() } });
    expect(urlencoded.status).toBe(200);
    expect(json.status).toBe(200);
    expect(urlencoded.body).toEqual(multipart.body);
    expect(json.body).toEqual(multipart.body);
    expect(await entryCount(playlist.id)).toBe(1);
  });

  it('keeps exactly one entry when the same add races itself', async () => {
    const { ann, playlist } = await annWithPlaylist();
    const responses = await Promise.all(Array.from({ length: 5 }, () => ann.put(`/api/playlists/${playlist.id}/add`, { json: { song_id: song.id } })));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(responses.map((response) => response.body.id)).size).toBe(1);
    expect(await entryCount(playlist.id)).toBe(1);
  });

  it('refuses bad song references', async () => {
    const { ann, playlist } = await annWithPlaylist();
    const add = (options: Parameters<ApiClient['put']>[1]) => ann.put(`/api/playlists/${playlist.id}/add`, options);
    const injection = await add({ json: { song_id: { $ne: null } } });
    expect(injection.status).toBe(400);
    expect(injection.body.code).toBe('VALIDATION_FAILED');
    const missing = await add({ json: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ song_id: 'Song is required.' });
    expect((await add({ urlencoded: { 'song_id[$ne]': 'x' } })).status).toBe(400);
    expect((await add({ json: { song_id: 'not-an-id' } })).status).toBe(400);
    const unknown = await add({ json: { song_id: unknownId() } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    expect(await entryCount(playlist.id)).toBe(0);
  });

  it('answers 400 for a malformed playlist id and 404 for an unknown one', async () => {
    const ann = await newUser(apiUrl, 'ann');
    expect((await ann.put('/api/playlists/nope/add', { json: { song_id: song.id } })).status).toBe(400);
    expect((await ann.put(`/api/playlists/${unknownId()}/add`, { json: { song_id: song.id } })).status).toBe(404);
  });

  it('lets only the creator add: 403 on someone else’s public playlist, 404 on a private one, 401 for guests', async () => {
    await expectOnlyTheCreatorMay((client, id) => client.put(`/api/playlists/${id}/add`, { json: { song_id: song.id } }), { holdingSong: false });
  });
});

describe('DELETE /api/playlists/:id/remove', () => {
  it('removes a song (form data body) and answers the songs left', async () => {
    const { ann, playlist } = await annWithPlaylist();
    await ann.put(`/api/playlists/${playlist.id}/add`, { json: { song_id: song.id } });
    const kept = await ann.put(`/api/playlists/${playlist.id}/add`, { json: { song_id: otherSong.id } });
    const response = await ann.delete(`/api/playlists/${playlist.id}/remove`, { form: form({ song_id: song.id }) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ playlist_songs: [kept.body], next_cursor: null, total: 1 });
    expect(await entryCount(playlist.id)).toBe(1);
  });

  it('accepts JSON and urlencoded bodies too', async () => {
    const { ann, playlist } = await annWithPlaylist();
    await ann.put(`/api/playlists/${playlist.id}/add`, { json: { song_id: song.id } });
    expect((await ann.delete(`/api/playlists/${playlist.id}/remove`, { json: { song_id: song.id } })).body).toEqual({ playlist_songs: [], next_cursor: null, total: 0 });
    await ann.put(`/api/playlists/${playlist.id}/add`, { json: { song_id: song.id } });
    expect((await ann.delete(`/api/playlists/${playlist.id}/remove`, { urlencoded: { song_id: song.id } })).body).toEqual({ playlist_songs: [], next_cursor: null, total: 0 });
  });

  it('answers 404 for a song that is not in the playlist and 400 for a bad reference', async () => {
    const { ann, playlist } = await annWithPlaylist();
    const response = await ann.delete(`/api/playlists/${playlist.id}/remove`, { json: { song_id: song.id } });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_FOUND');
    expect((await ann.delete(`/api/playlists/${playlist.id}/remove`, { json: { song_id: { $ne: null } } })).status).toBe(400);
    expect((await ann.delete(`/api/playlists/${playlist.id}/remove`)).status).toBe(400);
  });

  it('lets only the creator remove', async () => {
    await expectOnlyTheCreatorMay((client, id) => client.delete(`/api/playlists/${id}/remove`, { json: { song_id: song.id } }), { holdingSong: true });
  });
});

describe('DELETE /api/playlists/:id/remove, an entry the read model does not hold', () => {
  it('removes it by playlist and song (another replica’s, not seen yet)', async () => {
    const { ann, playlist } = await annWithPlaylist();
    // Written behind the API's back and not announced: only the database knows it.
    await db.collection('playlist_songs').insertOne({ playlist_id: new ObjectId(playlist.id), song_id: new ObjectId(song.id), added_at: new Date() });
    const response = await ann.delete(`/api/playlists/${playlist.id}/remove`, { json: { song_id: song.id } });
    expect(response.status).toBe(200);
    expect(await entryCount(playlist.id)).toBe(0);
  });
});

describe('DELETE /api/playlists/:id', () => {
  it('deletes the playlist, its entries and its cover', async () => {
    const { ann, playlist } = await annWithPlaylist({ cover: coverFile({ seed: 7 }) });
    await ann.put(`/api/playlists/${playlist.id}/add`, { json: { song_id: song.id } });
    await ann.put(`/api/playlists/${playlist.id}/add`, { json: { song_id: otherSong.id } });
    const kept = await createPlaylist(ann);
    await ann.put(`/api/playlists/${kept.id}/add`, { json: { song_id: song.id } });
    const coverId = fileId(playlist.playlist_cover_url!);
    expect((await ann.get(playlist.playlist_cover_url!)).status).toBe(200);

    const response = await ann.delete(`/api/playlists/${playlist.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: playlist.id, deleted: true });
    expect((await ann.get(`/api/playlists/${playlist.id}`)).status).toBe(404);
    expect(await entryCount(playlist.id)).toBe(0);
    expect(await entryCount(kept.id)).toBe(1);
    expect((await ann.get(playlist.playlist_cover_url!)).status).toBe(404);
    expect(await db.collection('media.files').countDocuments({ _id: new ObjectId(coverId) })).toBe(0);
    // The song itself is untouched.
    expect((await ann.get(`/api/songs/${song.id}`)).status).toBe(200);
    expect((await ann.delete(`/api/playlists/${playlist.id}`)).status).toBe(404);
  });

  it('lets only the creator delete', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const bob = await newUser(apiUrl, 'bob');
    const open = await createPlaylist(ann, { cover: coverFile() });
    const hidden = await createPlaylist(ann, { private: 'true' });
    const response = await bob.delete(`/api/playlists/${open.id}`);
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('FORBIDDEN');
    expect((await bob.delete(`/api/playlists/${hidden.id}`)).status).toBe(404);
    expect((await new ApiClient(apiUrl).delete(`/api/playlists/${open.id}`)).status).toBe(401);
    expect((await bob.delete('/api/playlists/nope')).status).toBe(400);
    expect((await ann.get(`/api/playlists/${open.id}`)).status).toBe(200);
    expect((await ann.get(`/api/playlists/${hidden.id}`)).status).toBe(200);
    expect((await ann.get(open.playlist_cover_url!)).status).toBe(200);
  });
});
