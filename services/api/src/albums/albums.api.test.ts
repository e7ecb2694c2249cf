import { MESSAGES, type Album, type AlbumsResponse, type Song } from '@tunafy/contracts';
import { ObjectId } from 'mongodb';
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, newUser, type ApiResponse } from '../test/api-client.js';
import { coverFile, createAlbum, createSong, form, mediaFileCount, rawFile } from '../test/fixtures.js';
import { apiSuite, expectOnlyTheOwnerDeletes, expectValidationFailed, FILE_URL, HEX_ID, UNKNOWN_ID } from '../test/suite.js';

const apiUrl = inject('apiUrl');

const { db } = await apiSuite();

function expectedAlbum(client: ApiClient, overrides: Partial<Album> = {}): Album {
  return {
    id: expect.stringMatching(HEX_ID),
    album_name: 'Fixture Album',
    album_cover_url: expect.stringMatching(FILE_URL),
    artist_id: client.user!.id,
    artist_username: client.user!.username,
    created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    // A form-made album has no credited album artist and no tag year (docs/artists.md).
    album_artist: null,
    year: null,
    ...overrides,
  };
}

const songIds = (response: ApiResponse) => response.body.songs.map((song: Song) => song.id);

describe('POST /api/albums/new', () => {
  it('creates the album as the session user, ignoring artist_id', async () => {
    const client = await newUser(apiUrl);
    const other = await newUser(apiUrl);
    const response = await client.post<Album>('/api/albums/new', { form: form({ album_name: 'Debut', artist_id: other.user.id, album_cover_url: coverFile() }) });
    expect(response.status).toBe(201);
    expect(response.body).toEqual(expectedAlbum(client, { album_name: 'Debut' }));
    expect(Object.keys(response.body).sort()).toEqual(Object.keys(expectedAlbum(client)).sort());
    const cover = await new ApiClient(apiUrl).get(response.body.album_cover_url);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/png');
    expect((await client.get(`/api/albums/${response.body.id}`)).body).toEqual({ ...response.body, song_count: 0, total_duration: 0 });
  });

  it('reports a missing name and a missing cover together', async () => {
    const client = await newUser(apiUrl);
    const response = await client.post('/api/albums/new', { form: form({ artist_id: client.user.id }) });
    expectValidationFailed(response, { album_name: 'Name is required.', album_cover_url: 'Cover photo must be in .jpeg, .jpg, .pdf, .png or .gif format.' });
  });

  it('refuses bad, empty and oversized covers, leaving no files behind', async () => {
    const client = await newUser(apiUrl);
    const before = await mediaFileCount(db);
    for (const cover of [rawFile('text', 'cover.png', 'image/png'), rawFile('text', 'cover.txt', 'text/plain'), rawFile(Buffer.alloc(0), 'cover.jpg', 'image/jpeg')]) {
      const response = await client.post('/api/albums/new', { form: form({ album_name: 'A', album_cover_url: cover }) });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ album_cover_url: MESSAGES.coverFormat });
    }
    const big = await client.post('/api/albums/new', { form: form({ album_name: 'A', album_cover_url: rawFile(Buffer.alloc(10 * 1024 * 1024 + 1), 'cover.png') }) });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', errors: { album_cover_url: MESSAGES.coverTooLarge } });
    expect(await mediaFileCount(db)).toBe(before);
  });

  it('requires a login', async () => {
    const response = await new ApiClient(apiUrl).post('/api/albums/new', { form: form({ album_name: 'A', album_cover_url: coverFile() }) });
    expect(response.status).toBe(401);
  });
});

describe('GET /api/albums', () => {
  it('is open to guests, lists in id order, and pages', async () => {
    const client = await newUser(apiUrl);
    const created = [await createAlbum(client, { album_name: 'L1' }), await createAlbum(client, { album_name: 'L2' })];
    const guest = new ApiClient(apiUrl);
    const full = await guest.get<AlbumsResponse>('/api/albums');
    expect(full.status).toBe(200);
    expect(full.body.next_cursor).toBeNull();
    const ids = full.body.albums.map((album) => album.id);
    expect(ids).toEqual([...ids].sort());
    expect(full.body.albums.find((album) => album.id === created[0]!.id)).toEqual(created[0]);

    const pages: Album[] = [];
    let cursor: string | null = null;
    do {
      const page: ApiResponse<AlbumsResponse> = await guest.get<AlbumsResponse>(`/api/albums?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.body.albums.length).toBeLessThanOrEqual(1);
      pages.push(...page.body.albums);
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(pages).toEqual(full.body.albums);
    expect((await guest.get('/api/albums?limit=0')).status).toBe(400);
    expect((await guest.get('/api/albums?cursor=garbage')).status).toBe(400);
  });

  it('shows writes at once and revalidates with ETags', async () => {
    const client = await newUser(apiUrl);
    const first = await client.get<AlbumsResponse>('/api/albums');
    const etag = first.headers.get('etag')!;
    const conditional = { 'if-none-match': etag, 'cache-control': 'max-age=0' };
    expect((await client.get('/api/albums', { headers: conditional })).status).toBe(304);
    const album = await createAlbum(client, { album_name: 'Brand New' });
    const after = await client.get<AlbumsResponse>('/api/albums', { headers: conditional });
    expect(after.status).toBe(200);
    expect(after.body.albums.find((row) => row.id === album.id)).toEqual(album);
    await client.put(`/api/albums/${album.id}/update`, { form: form({ album_name: 'Renamed' }) });
    expect((await client.get<AlbumsResponse>('/api/albums')).body.albums.find((row) => row.id === album.id)?.album_name).toBe('Renamed');
  });
});

describe('GET /api/albums/:id, /:id/songs and /current/:userId', () => {
  it('needs a login, a well-formed id and an existing album', async () => {
    const client = await newUser(apiUrl);
    const album = await createAlbum(client);
    const guest = new ApiClient(apiUrl);
    expect((await guest.get(`/api/albums/${album.id}`)).status).toBe(401);
    expect((await guest.get(`/api/albums/${album.id}/songs`)).status).toBe(401);
    for (const path of ['/api/albums/nope', '/api/albums/nope/songs']) {
      const response = await client.get(path);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_ID');
    }
    expect((await client.get(`/api/albums/${UNKNOWN_ID}`)).status).toBe(404);
    expect((await client.get(`/api/albums/${UNKNOWN_ID}/songs`)).status).toBe(404);
    expect((await client.get(`/api/albums/${album.id}/songs`)).body).toEqual({ songs: [], next_cursor: null, total: 0 });
  });

  it('lists your own albums as a bare array, and only yours', async () => {
    const client = await newUser(apiUrl);
    const other = await newUser(apiUrl);
    const mine = [await createAlbum(client, { album_name: 'M1' }), await createAlbum(client, { album_name: 'M2' })];
    await createAlbum(other);
    const response = await client.get(`/api/albums/current/${client.user.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(mine);
    expect((await client.get(`/api/albums/current/${other.user.id}`)).status).toBe(403);
    expect((await client.get('/api/albums/current/me')).status).toBe(400);
    expect((await new ApiClient(apiUrl).get(`/api/albums/current/${client.user.id}`)).status).toBe(401);
  });
});

describe('PUT /api/albums/:id/update', () => {
  it('renames, and replaces the cover only after the album points at the new one', async () => {
    const client = await newUser(apiUrl);
    const album = await createAlbum(client);
    const renamed = await client.put<Album>(`/api/albums/${album.id}/update`, { form: form({ album_name: 'Second Name', artist_id: UNKNOWN_ID }) });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...album, album_name: 'Second Name' });

    const before = await mediaFileCount(db);
    const replaced = await client.put<Album>(`/api/albums/${album.id}/update`, { form: form({ album_name: 'Third', album_cover_url: coverFile({ seed: 5 }) }) });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({ ...album, album_name: 'Third', album_cover_url: expect.stringMatching(FILE_URL) });
    expect(replaced.body.album_cover_url).not.toBe(album.album_cover_url);
    expect((await client.get(album.album_cover_url)).status).toBe(404);
    expect((await client.get(replaced.body.album_cover_url)).status).toBe(200);
    expect(await mediaFileCount(db)).toBe(before);
  });

  it('validates, and lets only the artist update', async () => {
    const client = await newUser(apiUrl);
    const album = await createAlbum(client);
    const invalid = await client.put(`/api/albums/${album.id}/update`, { form: form({ album_name: '', album_cover_url: rawFile('x', 'c.gif') }) });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({ album_name: 'Name is required.', album_cover_url: MESSAGES.coverFormat });
    const stranger = await newUser(apiUrl);
    expect((await stranger.put(`/api/albums/${album.id}/update`, { form: form({ album_name: 'Taken' }) })).status).toBe(403);
    expect((await new ApiClient(apiUrl).put(`/api/albums/${album.id}/update`, { form: form({ album_name: 'Taken' }) })).status).toBe(401);
    expect((await client.put('/api/albums/zzz/update', { form: form({ album_name: 'x' }) })).status).toBe(400);
    expect((await client.put(`/api/albums/${UNKNOWN_ID}/update`, { form: form({ album_name: 'x' }) })).status).toBe(404);
    expect((await client.get(`/api/albums/${album.id}`)).body).toEqual({ ...album, song_count: 0, total_duration: 0 });
  });
});

describe('PUT /api/albums/:id/add and /remove', () => {
  it('accepts song_id as multipart, urlencoded or JSON, answers the album’s songs, and is idempotent', async () => {
    const client = await newUser(apiUrl);
    const album = await createAlbum(client);
    const [a, b, c] = [await createSong(client), await createSong(client), await createSong(client)];
    const multipart = await client.put(`/api/albums/${album.id}/add`, { form: form({ song_id: a.id }) });
    expect(multipart.status).toBe(200);
    expect(multipart.body).toEqual({ songs: [{ ...a, album_id: album.id, album_name: album.album_name }], next_cursor: null, total: 1 });
    expect(songIds(await client.put(`/api/albums/${album.id}/add`, { urlencoded: { song_id: b.id } }))).toEqual([a.id, b.id]);
    expect(songIds(await client.put(`/api/albums/${album.id}/add`, { json: { song_id: c.id } }))).toEqual([a.id, b.id, c.id]);
    const again = await client.put(`/api/albums/${album.id}/add`, { json: { song_id: a.id } });
    expect(again.status).toBe(200);
    expect(songIds(again)).toEqual([a.id, b.id, c.id]);

    const removed = await client.put(`/api/albums/${album.id}/remove`, { form: form({ song_id: b.id }) });
    expect(removed.status).toBe(200);
    expect(songIds(removed)).toEqual([a.id, c.id]);
    expect((await client.get(`/api/songs/${b.id}`)).body).toMatchObject({ album_id: null, album_name: null });
    const twice = await client.put(`/api/albums/${album.id}/remove`, { json: { song_id: b.id } });
    expect(twice.status).toBe(404);
    expect(songIds(await client.get(`/api/albums/${album.id}/songs`))).toEqual([a.id, c.id]);
  });

  it('moves a song between the artist’s albums; removing it from the old one is then a 404', async () => {
    const client = await newUser(apiUrl);
    const first = await createAlbum(client, { album_name: 'One' });
    const second = await createAlbum(client, { album_name: 'Two' });
    const song = await createSong(client, { album_id: first.id });
    expect(songIds(await client.put(`/api/albums/${second.id}/add`, { json: { song_id: song.id } }))).toEqual([song.id]);
    expect((await client.get(`/api/albums/${first.id}/songs`)).body.songs).toEqual([]);
    expect((await client.get(`/api/songs/${song.id}`)).body).toMatchObject({ album_id: second.id, album_name: 'Two' });
    expect((await client.put(`/api/albums/${first.id}/remove`, { json: { song_id: song.id } })).status).toBe(404);
  });

  it('allows only the album’s artist, and only their own songs', async () => {
    const artist = await newUser(apiUrl);
    const stranger = await newUser(apiUrl);
    const album = await createAlbum(artist);
    const mine = await createSong(artist, { album_id: album.id });
    const theirs = await createSong(stranger);
    const forbiddenSong = await artist.put(`/api/albums/${album.id}/add`, { json: { song_id: theirs.id } });
    expect(forbiddenSong.status).toBe(403);
    expect(forbiddenSong.body.code).toBe('FORBIDDEN');
    expect((await stranger.put(`/api/albums/${album.id}/add`, { json: { song_id: theirs.id } })).status).toBe(403);
    expect((await stranger.put(`/api/albums/${album.id}/remove`, { json: { song_id: mine.id } })).status).toBe(403);
    const guest = new ApiClient(apiUrl);
    expect((await guest.put(`/api/albums/${album.id}/add`, { json: { song_id: mine.id } })).status).toBe(401);
    expect((await guest.put(`/api/albums/${album.id}/remove`, { json: { song_id: mine.id } })).status).toBe(401);
    expect(songIds(await artist.get(`/api/albums/${album.id}/songs`))).toEqual([mine.id]);
    expect((await artist.get(`/api/songs/${theirs.id}`)).body.album_id).toBeNull();
  });

  it('validates the song reference and the album id', async () => {
    const client = await newUser(apiUrl);
    const album = await createAlbum(client);
    const song = await createSong(client);
    const missing = await client.put(`/api/albums/${album.id}/add`, { json: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ song_id: 'Song is required.' });
    expect((await client.put(`/api/albums/${album.id}/add`, { json: { song_id: 'abc' } })).body.errors).toEqual({ song_id: 'Invalid id.' });
    expect((await client.put(`/api/albums/${album.id}/add`, { json: { song_id: { $ne: null } } })).status).toBe(400);
    expect((await client.put(`/api/albums/${album.id}/add`, { json: { song_id: UNKNOWN_ID } })).status).toBe(404);
    expect((await client.put(`/api/albums/${album.id}/remove`, { json: { song_id: UNKNOWN_ID } })).status).toBe(404);
    expect((await client.put('/api/albums/bad/add', { json: { song_id: song.id } })).body.code).toBe('INVALID_ID');
    expect((await client.put(`/api/albums/${UNKNOWN_ID}/add`, { json: { song_id: song.id } })).status).toBe(404);
  });
});

describe('DELETE /api/albums/:id', () => {
  it('keeps the songs without an album, deletes the record and then its cover', async () => {
    const client = await newUser(apiUrl);
    const album = await createAlbum(client);
    const song = await createSong(client, { album_id: album.id });
    const second = await createSong(client, { album_id: album.id });
    const elsewhere = await createSong(client, { album_id: (await createAlbum(client)).id });
    const response = await client.delete(`/api/albums/${album.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: album.id, deleted: true });
    const albumIdOf = async (id: string) => (await db.collection('songs').findOne({ _id: new ObjectId(id) }))!.album_id;
    expect([await albumIdOf(song.id), await albumIdOf(second.id)]).toEqual([null, null]);
    expect(String(await albumIdOf(elsewhere.id))).toBe(elsewhere.album_id);
    expect((await client.get(`/api/songs/${song.id}`)).body).toEqual({ ...song, album_id: null, album_name: null });
    expect((await client.get(`/api/albums/${album.id}`)).status).toBe(404);
    expect((await client.get(album.album_cover_url)).status).toBe(404);
    expect((await client.get(song.song_cover_url)).status).toBe(200);
    expect((await client.get<AlbumsResponse>('/api/albums')).body.albums.some((row) => row.id === album.id)).toBe(false);
    expect((await client.get(`/api/albums/current/${client.user.id}`)).body.map((row: { id: string }) => row.id)).toEqual([elsewhere.album_id]);
    expect((await client.delete(`/api/albums/${album.id}`)).status).toBe(404);
  });

  it('lets only the artist delete', async () => {
    const client = await newUser(apiUrl);
    const album = await createAlbum(client);
    await expectOnlyTheOwnerDeletes(client, '/api/albums', album.id);
    expect((await client.get(`/api/albums/${album.id}`)).body).toEqual({ ...album, song_count: 0, total_duration: 0 });
  });
});
