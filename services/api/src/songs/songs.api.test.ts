import { MESSAGES, type Song, type SongsResponse } from '@tunafy/contracts';
import { ObjectId } from 'mongodb';
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, newUser, type ApiResponse } from '../test/api-client.js';
import {
  coverFile,
  createAlbum,
  createSong,
  form,
  mediaFileCount,
  mp3Seconds,
  rawFile,
  songBytes,
  songFile,
  songForm,
} from '../test/fixtures.js';
import { apiSuite, expectOnlyTheOwnerDeletes, expectValidationFailed, FILE_URL, HEX_ID, UNKNOWN_ID } from '../test/suite.js';

const apiUrl = inject('apiUrl');

const { db } = await apiSuite();

function expectedSong(client: ApiClient, overrides: Partial<Song> = {}): Song {
  return {
    id: expect.stringMatching(HEX_ID),
    song_name: 'Fixture Song',
    artist_id: client.user!.id,
    artist_username: client.user!.username,
    album_id: null,
    album_name: null,
    song_cover_url: expect.stringMatching(FILE_URL),
    song_file_url: expect.stringMatching(FILE_URL),
    duration: expect.any(Number),
    created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    audio_format: 'mp3',
    track: null,
    disc: null,
    year: null,
    genre: null,
    // A form-made song credits no artist: it shows as its owner's (docs/artists.md).
    artists: [],
    // Measured in the background (loudness/), by no process of this suite: always sent, null here.
    loudness: null,
    // No lyrics until an owner adds some or an import finds them (docs/lyrics.md).
    has_lyrics: false,
    ...overrides,
  };
}

/** Every song of the catalog, following cursors page by page. */
async function allPages(client: ApiClient, limit: number): Promise<Song[]> {
  const songs: Song[] = [];
  let cursor: string | null = null;
  do {
    const response: ApiResponse<SongsResponse> = await client.get<SongsResponse>(`/api/songs?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.status).toBe(200);
    expect(response.body.songs.length).toBeLessThanOrEqual(limit);
    songs.push(...response.body.songs);
    cursor = response.body.next_cursor;
  } while (cursor);
  return songs;
}

describe('POST /api/songs/new', () => {
  it('creates the song as the session user with the mp3’s real duration, ignoring artist_id and duration 260', async () => {
    const client = await newUser(apiUrl);
    const other = await newUser(apiUrl);
    const data = songForm(client, { seconds: 3 });
    data.set('artist_id', other.user.id);
    const response = await client.post<Song>('/api/songs/new', { form: data });
    expect(response.status).toBe(201);
    const duration = await mp3Seconds(songBytes(3));
    expect(duration).toBe(3);
    expect(response.body).toEqual(expectedSong(client, { duration }));
    expect(Object.keys(response.body).sort()).toEqual(Object.keys(expectedSong(client)).sort());

    const cover = await client.get(response.body.song_cover_url);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/png');
    const audio = await client.get(response.body.song_file_url);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toMatch(/^audio\/mpeg/);
    expect(audio.raw.equals(songBytes(3))).toBe(true);

    expect((await client.get(`/api/songs/${response.body.id}`)).body).toEqual(response.body);
  });

  it('puts the song into one of the user’s albums when album_id is given', async () => {
    const client = await newUser(apiUrl);
    const album = await createAlbum(client, { album_name: 'First Album' });
    const song = await createSong(client, { album_id: album.id });
    expect(song).toMatchObject({ album_id: album.id, album_name: 'First Album' });
    expect((await client.get(`/api/albums/${album.id}/songs`)).body.songs.map((row: Song) => row.id)).toEqual([song.id]);
  });

  it('refuses someone else’s album (403), an unknown one (404) and a malformed id (400), storing nothing', async () => {
    const client = await newUser(apiUrl);
    const owner = await newUser(apiUrl);
    const theirs = await createAlbum(owner);
    const before = await mediaFileCount(db);
    expect((await client.post('/api/songs/new', { form: songForm(client, { album_id: theirs.id }) })).status).toBe(403);
    expect((await client.post('/api/songs/new', { form: songForm(client, { album_id: UNKNOWN_ID }) })).status).toBe(404);
    const malformed = await client.post('/api/songs/new', { form: songForm(client, { album_id: 'nope' }) });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual({ album_id: 'Invalid id.' });
    expect(await mediaFileCount(db)).toBe(before);
  });

  it('answers one 400 with every field’s message', async () => {
    const client = await newUser(apiUrl);
    const response = await client.post('/api/songs/new', { form: form({ artist_id: client.user.id, duration: '260' }) });
    expectValidationFailed(response, {
      song_name: 'Name is required.',
      song_cover_url: 'Cover photo must be in .jpeg, .jpg, .pdf, .png or .gif format.',
      song_file_url: 'Song is required and must be in .mp3 format.',
    });
  });

  it('judges files by their bytes as well as their names', async () => {
    const client = await newUser(apiUrl);
    const cases: { cover?: Blob; audio?: Blob; errors: Record<string, string> }[] = [
      { cover: rawFile('just text', 'cover.txt', 'text/plain'), errors: { song_cover_url: MESSAGES.coverFormat } },
      { cover: rawFile('just text', 'cover.png', 'image/png'), errors: { song_cover_url: MESSAGES.coverFormat } },
      { cover: coverFile({ name: 'cover.bmp' }), errors: { song_cover_url: MESSAGES.coverFormat } },
      { audio: rawFile('ID3 but really text', 'song.mp3', 'audio/mpeg'), errors: { song_file_url: 'Song is required and must be in .mp3 format.' } },
      { audio: songFile(2, { name: 'song.wav' }), errors: { song_file_url: MESSAGES.songFormat } },
      { audio: rawFile(Buffer.alloc(0), 'song.mp3', 'audio/mpeg'), errors: { song_file_url: MESSAGES.songFormat } },
      { cover: rawFile(Buffer.alloc(0), 'cover.png', 'image/png'), errors: { song_cover_url: MESSAGES.coverFormat } },
      { cover: songFile(2, { name: 'cover.png' }), audio: coverFile({ name: 'song.mp3' }), errors: { song_cover_url: MESSAGES.coverFormat, song_file_url: MESSAGES.songFormat } },
    ];
    for (const testCase of cases) {
      const response = await client.post('/api/songs/new', { form: songForm(client, { cover: testCase.cover, audio: testCase.audio }) });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual(testCase.errors);
    }
  });

  it('answers 413 for files over the limits', async () => {
    const client = await newUser(apiUrl);
    const bigSong = await client.post('/api/songs/new', { form: songForm(client, { audio: rawFile(Buffer.alloc(30 * 1024 * 1024 + 1), 'song.mp3', 'audio/mpeg') }) });
    expect(bigSong.status).toBe(413);
    expect(bigSong.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', errors: { song_file_url: MESSAGES.songTooLarge } });
    const bigCover = await client.post('/api/songs/new', { form: songForm(client, { cover: rawFile(Buffer.alloc(10 * 1024 * 1024 + 1), 'cover.png', 'image/png') }) });
    expect(bigCover.status).toBe(413);
    expect(bigCover.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', errors: { song_cover_url: MESSAGES.coverTooLarge } });
  });

  it('leaves no files in GridFS when the upload is refused', async () => {
    const client = await newUser(apiUrl);
    const before = await mediaFileCount(db);
    const response = await client.post('/api/songs/new', { form: songForm(client, { audio: rawFile('text', 'song.mp3') }) });
    expect(response.status).toBe(400);
    expect(await mediaFileCount(db)).toBe(before);
  });

  it('requires a login', async () => {
    const client = await newUser(apiUrl);
    const guest = new ApiClient(apiUrl);
    const response = await guest.post('/api/songs/new', { form: songForm(client) });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/songs and /api/songs/:id', () => {
  it('lists every song in full without paging, and pages with limit and cursor', async () => {
    const client = await newUser(apiUrl);
    const created = [await createSong(client, { song_name: 'P1' }), await createSong(client, { song_name: 'P2' }), await createSong(client, { song_name: 'P3' })];
    const full = await client.get('/api/songs');
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toMatch(/^application\/json/);
    expect(full.body.next_cursor).toBeNull();
    const ids = full.body.songs.map((song: Song) => song.id);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toEqual(expect.arrayContaining(created.map((song) => song.id)));
    expect(full.body.songs.find((song: Song) => song.id === created[1]!.id)).toEqual(created[1]);

    const paged = await allPages(client, 2);
    expect(paged).toEqual(full.body.songs);
    const afterFirst = await client.get(`/api/songs?limit=1&cursor=${(await client.get('/api/songs?limit=1')).body.next_cursor}`);
    expect(afterFirst.body.songs[0]).toEqual(full.body.songs[1]);
  });

  it('refuses bad paging input', async () => {
    const client = await newUser(apiUrl);
    for (const query of ['limit=0', 'limit=501', 'limit=abc', 'cursor=garbage']) {
      const response = await client.get(`/api/songs?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers 304 to a matching If-None-Match and a new ETag after a write', async () => {
    const client = await newUser(apiUrl);
    await createSong(client);
    for (const encoding of ['gzip', 'identity']) {
      const first = await client.get('/api/songs', { headers: { 'accept-encoding': encoding } });
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"/);
      // fetch adds `Cache-Control: no-cache` to conditional requests unless told otherwise, which forbids a 304.
      const conditional = { 'accept-encoding': encoding, 'if-none-match': etag, 'cache-control': 'max-age=0' };
      const again = await client.get('/api/songs', { headers: conditional });
      expect(again.status).toBe(304);
      expect(again.raw.length).toBe(0);
      await createSong(client);
      const changed = await client.get('/api/songs', { headers: conditional });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
    }
  });

  it('shows every write at once (cache invalidation)', async () => {
    const client = await newUser(apiUrl);
    await client.get('/api/songs');
    const song = await createSong(client, { song_name: 'Fresh' });
    const listed = async () => (await client.get('/api/songs')).body.songs.find((row: Song) => row.id === song.id);
    expect(await listed()).toEqual(song);

    await client.put(`/api/songs/${song.id}/update`, { form: form({ song_name: 'Renamed' }) });
    expect((await listed()).song_name).toBe('Renamed');

    const album = await createAlbum(client, { album_name: 'Holder' });
    await client.put(`/api/albums/${album.id}/add`, { json: { song_id: song.id } });
    expect(await listed()).toMatchObject({ album_id: album.id, album_name: 'Holder' });
    await client.put(`/api/albums/${album.id}/update`, { form: form({ album_name: 'Holder 2' }) });
    expect((await listed()).album_name).toBe('Holder 2');
    await client.put(`/api/albums/${album.id}/remove`, { json: { song_id: song.id } });
    expect(await listed()).toMatchObject({ album_id: null, album_name: null });

    await client.delete(`/api/songs/${song.id}`);
    expect(await listed()).toBeUndefined();
  });

  it('answers 400 for a malformed id, 404 for an unknown one and 401 for guests', async () => {
    const client = await newUser(apiUrl);
    const song = await createSong(client);
    const malformed = await client.get('/api/songs/not-an-id');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('INVALID_ID');
    expect((await client.get(`/api/songs/${UNKNOWN_ID}`)).status).toBe(404);
    expect((await client.get(`/api/songs/${UNKNOWN_ID}`)).body.code).toBe('NOT_FOUND');
    const guest = new ApiClient(apiUrl);
    expect((await guest.get('/api/songs')).status).toBe(401);
    expect((await guest.get(`/api/songs/${song.id}`)).status).toBe(401);
  });
});

describe('PUT /api/songs/:id/update', () => {
  it('renames without touching the files, keeping the artist even if the form names another', async () => {
    const client = await newUser(apiUrl);
    const other = await newUser(apiUrl);
    const song = await createSong(client);
    const response = await client.put<Song>(`/api/songs/${song.id}/update`, { form: form({ song_name: 'New Name', artist_id: other.user.id, duration: '260' }) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...song, song_name: 'New Name' });
  });

  it('replaces cover and audio: new files first, the old ones gone only after', async () => {
    const client = await newUser(apiUrl);
    const song = await createSong(client, { seconds: 2 });
    const before = await mediaFileCount(db);
    const response = await client.put<Song>(`/api/songs/${song.id}/update`, {
      form: form({ song_name: 'Longer', song_cover_url: coverFile({ seed: 7 }), song_file_url: songFile(4), duration: '260' }),
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...song, song_name: 'Longer', song_cover_url: expect.stringMatching(FILE_URL), song_file_url: expect.stringMatching(FILE_URL), duration: 4 });
    expect(response.body.song_cover_url).not.toBe(song.song_cover_url);
    expect(response.body.song_file_url).not.toBe(song.song_file_url);
    expect((await client.get(song.song_cover_url)).status).toBe(404);
    expect((await client.get(song.song_file_url)).status).toBe(404);
    expect((await client.get(response.body.song_cover_url)).status).toBe(200);
    expect((await client.get(response.body.song_file_url)).raw.equals(songBytes(4))).toBe(true);
    expect(await mediaFileCount(db)).toBe(before);
    expect((await client.get(`/api/songs/${song.id}`)).body).toEqual(response.body);
  });

  it('replaces only the cover when only the cover is sent', async () => {
    const client = await newUser(apiUrl);
    const song = await createSong(client);
    const response = await client.put<Song>(`/api/songs/${song.id}/update`, { form: form({ song_name: song.song_name, song_cover_url: coverFile({ seed: 9 }) }) });
    expect(response.body.song_file_url).toBe(song.song_file_url);
    expect(response.body.song_cover_url).not.toBe(song.song_cover_url);
    expect((await client.get(song.song_file_url)).status).toBe(200);
  });

  it('validates the name and replacement files, changing and storing nothing on failure', async () => {
    const client = await newUser(apiUrl);
    const song = await createSong(client);
    const before = await mediaFileCount(db);
    const response = await client.put(`/api/songs/${song.id}/update`, {
      form: form({ song_name: '  ', song_cover_url: coverFile(), song_file_url: rawFile('not audio', 'song.mp3') }),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ song_name: 'Name is required.', song_file_url: MESSAGES.songFormat });
    expect(await mediaFileCount(db)).toBe(before);
    expect((await client.get(`/api/songs/${song.id}`)).body).toEqual(song);
  });

  it('lets only the artist update (403), refusing guests (401), bad ids (400) and unknown ids (404)', async () => {
    const client = await newUser(apiUrl);
    const song = await createSong(client);
    const stranger = await newUser(apiUrl);
    const forbidden = await stranger.put(`/api/songs/${song.id}/update`, { form: form({ song_name: 'Mine now', artist_id: stranger.user.id }) });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('FORBIDDEN');
    expect((await new ApiClient(apiUrl).put(`/api/songs/${song.id}/update`, { form: form({ song_name: 'x' }) })).status).toBe(401);
    expect((await client.put('/api/songs/xyz/update', { form: form({ song_name: 'x' }) })).status).toBe(400);
    expect((await client.put(`/api/songs/${UNKNOWN_ID}/update`, { form: form({ song_name: 'x' }) })).status).toBe(404);
    expect((await client.get(`/api/songs/${song.id}`)).body).toEqual(song);
  });
});

describe('DELETE /api/songs/:id', () => {
  it('removes the song from albums, playlists and likes, then the record, then its files', async () => {
    const artist = await newUser(apiUrl);
    const fan = await newUser(apiUrl);
    const album = await createAlbum(artist);
    const song = await createSong(artist, { album_id: album.id });
    const keeper = await createSong(artist, { album_id: album.id });

    const playlist = await fan.post('/api/playlists/new', { form: form({ playlist_name: 'Fan list' }) });
    expect(playlist.status).toBe(201);
    for (const id of [song.id, keeper.id]) {
      expect((await fan.put(`/api/playlists/${playlist.body.id}/add`, { form: form({ song_id: id }) })).status).toBeLessThan(300);
    }
    // In a second playlist, of its artist.
    const own = await artist.post('/api/playlists/new', { form: form({ playlist_name: 'Own list' }) });
    expect((await artist.put(`/api/playlists/${own.body.id}/add`, { form: form({ song_id: song.id }) })).status).toBeLessThan(300);
    for (const user of [artist, fan]) {
      expect((await user.post(`/api/collection/${user.user.id}/new`, { form: form({ song_id: song.id }) })).status).toBe(201);
    }
    const references = async () => ({
      entries: await db.collection('playlist_songs').countDocuments({ song_id: new ObjectId(song.id) }),
      likes: await db.collection('likes').countDocuments({ song_id: new ObjectId(song.id) }),
    });
    expect(await references()).toEqual({ entries: 2, likes: 2 });

    const response = await artist.delete(`/api/songs/${song.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: song.id, deleted: true });

    expect(await references()).toEqual({ entries: 0, likes: 0 });
    expect((await artist.get(`/api/songs/${song.id}`)).status).toBe(404);
    expect((await artist.get(`/api/albums/${album.id}/songs`)).body.songs.map((row: Song) => row.id)).toEqual([keeper.id]);
    const entries = (await fan.get(`/api/playlists/${playlist.body.id}/songs`)).body.playlist_songs;
    expect(entries.map((entry: { song_id: string }) => entry.song_id)).toEqual([keeper.id]);
    expect((await fan.get(`/api/collection/${fan.user.id}/tracks`)).body).toEqual([]);
    expect((await artist.get(`/api/playlists/${own.body.id}/songs`)).body.total).toBe(0);
    // The other song's references are untouched.
    expect(await db.collection('playlist_songs').countDocuments({ song_id: new ObjectId(keeper.id) })).toBe(1);
    expect((await artist.get(song.song_cover_url)).status).toBe(404);
    expect((await artist.get(song.song_file_url)).status).toBe(404);
    expect((await artist.get(keeper.song_file_url)).status).toBe(200);
    expect((await artist.delete(`/api/songs/${song.id}`)).status).toBe(404);
  });

  it('lets only the artist delete (403), refusing guests (401), bad ids (400) and unknown ids (404)', async () => {
    const artist = await newUser(apiUrl);
    const song = await createSong(artist);
    await expectOnlyTheOwnerDeletes(artist, '/api/songs', song.id);
    expect((await artist.get(`/api/songs/${song.id}`)).status).toBe(200);
  });
});
