import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ARTIST_LIMITS, type AlbumDetail, type SongsTagsResponse, type ArtistDetail, type ArtistsResponse, type GenreSongsResponse, type GenresResponse, type ImportResponse, type SearchResponse, type Song } from '@tunafy/contracts';
import { startApi } from '@tunafy/stack';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, newUser, uniqueName, type ApiResponse } from '../test/api-client.js';
import { createAlbum, createSong, eventually, form } from '../test/fixtures.js';
import { FIXTURE_EXTENSIONS, writeAudio, type AudioFixture } from '../test/test-audio.js';

// Credited artists (issue 25, docs/artists.md) through the real API, database engine and ffmpeg-made tagged files.

const apiUrl = inject('apiUrl');
const dir = mkdtempSync(join(tmpdir(), 'tunafy-artists-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fixtureCount = 0;

async function importFile(client: ApiClient, fixture: AudioFixture): Promise<Extract<ImportResponse, { status: 'imported' }>> {
  const count = ++fixtureCount;
  const path = await writeAudio(join(dir, `${count}.${FIXTURE_EXTENSIONS[fixture.format]}`), { frequency: 300 + count, seconds: 1, ...fixture });
  const response = await client.post<ImportResponse>('/api/uploads/songs', { form: form({ file: new File([readFileSync(path)], `${count}.${FIXTURE_EXTENSIONS[fixture.format]}`) }) });
  if (response.status !== 201 || response.body.status !== 'imported') throw new Error(`upload failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

const names = (song: Song) => song.artists?.map((artist) => artist.name);

async function artistNamed(client: ApiClient, name: string): Promise<ArtistDetail> {
  const found = (await client.get<SearchResponse>(`/api/search?q=${encodeURIComponent(name)}`)).body.artists?.find((artist) => artist.name === name);
  if (!found) throw new Error(`no artist "${name}" found`);
  return (await client.get<ArtistDetail>(`/api/artists/${found.id}`)).body;
}

describe('credited artists from tags', () => {
  it('makes one artist of "Björk" and "bjork " uploaded by two people, spelled as first stored; the owner stays the uploader', async () => {
    const token = uniqueName('Bjork').slice(5);
    const first = await newUser(apiUrl, 'ann');
    const second = await newUser(apiUrl, 'bob');
    const a = await importFile(first, { format: 'flac', title: 'Jóga', artists: [`Björk ${token}`] });
    const b = await importFile(second, { format: 'mp3', title: 'Hunter', artists: [`  bjork   ${token.toUpperCase()} `] });
    expect(names(a.song)).toEqual([`Björk ${token}`]);
    expect(b.song.artists).toEqual(a.song.artists);
    // SPEC's owner fields are untouched: each song is its uploader's.
    expect([a.song.artist_id, a.song.artist_username]).toEqual([first.user.id, first.user.username]);
    expect(b.song.artist_id).toBe(second.user.id);

    const artist = await artistNamed(first, `Björk ${token}`);
    expect(artist.artist).toMatchObject({ name: `Björk ${token}`, sort_name: `Björk ${token}`, song_count: 2, album_count: 0, picture_url: expect.stringMatching(/^\/api\/files\//) });
    expect(artist.top_songs.map((song) => song.id).sort()).toEqual([a.song.id, b.song.id].sort());
    expect((await first.get<Song>(`/api/songs/${b.song.id}`)).body.artists).toEqual(a.song.artists);
  });

  it('credits several artists only where the tags hold several values; never splits "&", "feat." or "/"', async () => {
    const client = await newUser(apiUrl, 'multi');
    const token = uniqueName('x').slice(1);
    const duet = await importFile(client, { format: 'flac', title: 'Duet', artists: [`Alpha ${token}`, `Beta ${token}`] });
    expect(names(duet.song)).toEqual([`Alpha ${token}`, `Beta ${token}`]);
    const pair = await importFile(client, { format: 'flac', title: 'Pair', artists: [`Simon & Garfunkel feat. Guest ${token}`] });
    expect(names(pair.song)).toEqual([`Simon & Garfunkel feat. Guest ${token}`]);
    // ID3v2.3 (the mp3 fixtures' version) separates values with '/': each frame is one name there.
    const slash = await importFile(client, { format: 'mp3', title: 'Thunder', artists: [`AC/DC ${token}`] });
    expect(names(slash.song)).toEqual([`AC/DC ${token}`]);
    // Each credited artist has the song on its page.
    expect((await artistNamed(client, `Beta ${token}`)).top_songs.map((song) => song.id)).toEqual([duet.song.id]);
  });

  it('keeps a compilation as one album credited to Various Artists, and lists it under each artist as appears-on', async () => {
    const client = await newUser(apiUrl, 'comp');
    const album = uniqueName('Now That Is Music ');
    const token = uniqueName('t').slice(1);
    const tracks = [];
    for (const [index, artist] of [`Radiohead ${token}`, `Portishead ${token}`, `Massive Attack ${token}`].entries()) {
      tracks.push(await importFile(client, { format: 'flac', title: `Track ${index + 1}`, album, track: index + 1, year: 1998, artists: [artist] }));
    }
    const albumIds = new Set(tracks.map((track) => track.song.album_id));
    expect(albumIds.size).toBe(1);
    const detail = (await client.get<AlbumDetail>(`/api/albums/${tracks[0]!.song.album_id}`)).body;
    expect(detail).toMatchObject({ album_name: album, song_count: 3, year: 1998, album_artist: { name: 'Various Artists' } });

    const portishead = await artistNamed(client, `Portishead ${token}`);
    expect(portishead.albums).toEqual([]);
    expect(portishead.appears_on.map((entry) => entry.id)).toEqual([detail.id]);
    // The compilation flag alone makes one too, from its first file on.
    const flagged = uniqueName('Flagged ');
    const one = await importFile(client, { format: 'flac', title: 'One', album: flagged, compilation: true, artists: [`Solo ${token}`] });
    expect(one.album).toMatchObject({ album_name: flagged, album_artist: { name: 'Various Artists' } });
  });

  it('credits an album to its album-artist tag, and the artist page lists its albums newest first and its songs by plays', async () => {
    const client = await newUser(apiUrl, 'disco');
    const listener = await newUser(apiUrl, 'fan');
    const artistName = `Miles ${uniqueName('D')}`;
    const older = await importFile(client, { format: 'flac', title: 'So What', album: uniqueName('Kind of Blue '), year: 1959, artists: [artistName], albumArtist: artistName });
    const newer = await importFile(client, { format: 'flac', title: 'Bitches Brew', album: uniqueName('Brew '), year: 1970, artists: [artistName], albumArtist: artistName });
    expect(older.album?.album_artist?.name).toBe(artistName);
    for (const player of [client, listener]) expect((await player.post('/api/plays', { json: { song_id: older.song.id } })).body).toEqual({ counted: true });

    const page = await artistNamed(client, artistName);
    expect(page.artist).toMatchObject({ song_count: 2, album_count: 2 });
    expect(page.albums.map((album) => album.year)).toEqual([1970, 1959]);
    expect(page.top_songs.map((song) => song.id)).toEqual([older.song.id, newer.song.id]);
    expect(page.appears_on).toEqual([]);
  });

  it('lists artists A–Z with their letters and pages, shows genres, and finds both in search', async () => {
    const client = await newUser(apiUrl, 'lister');
    const token = uniqueName('').toLowerCase();
    const genre = `Trip Hop ${token}`;
    await importFile(client, { format: 'flac', title: 'Numbers', artists: [`2Pac ${token}`], genre });
    await importFile(client, { format: 'flac', title: 'Zebra', artists: [`Zed ${token}`], genre });

    const all = await client.get<ArtistsResponse>('/api/artists');
    expect(all.status).toBe(200);
    const listed = all.body.artists.map((artist) => artist.name);
    // Names under '#' first, then A–Z.
    expect(listed.indexOf(`2Pac ${token}`)).toBeLessThan(listed.indexOf(`Zed ${token}`));
    expect(listed.filter((name) => /^[^a-z]/i.test(name)).every((name) => listed.indexOf(name) < listed.findIndex((other) => /^[a-z]/i.test(other)))).toBe(true);
    const hash = await client.get<ArtistsResponse>('/api/artists?letter=%23&limit=500');
    expect(hash.body.artists.map((artist) => artist.name)).toContain(`2Pac ${token}`);
    expect(hash.body.artists.every((artist) => /^[^a-z]/i.test(artist.sort_name))).toBe(true);
    const zed = await client.get<ArtistsResponse>('/api/artists?letter=z');
    expect(zed.body.artists.map((artist) => artist.name)).toContain(`Zed ${token}`);
    expect(zed.body.artists.every((artist) => artist.sort_name.toLowerCase().startsWith('z'))).toBe(true);
    // Pages by cursor cover the list once, in order.
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const next: ApiResponse<ArtistsResponse> = await client.get<ArtistsResponse>(`/api/artists?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...next.body.artists.map((artist) => artist.id));
      cursor = next.body.next_cursor;
    } while (cursor);
    expect(paged).toEqual(all.body.artists.map((artist) => artist.id));
    for (const bad of ['ab', '1', '%C3%A9']) expect((await client.get(`/api/artists?letter=${bad}`)).status, bad).toBe(400);

    const genres = (await client.get<GenresResponse>('/api/genres')).body.genres;
    expect(genres).toContainEqual({ name: genre, song_count: 2 });
    const songs = await client.get<GenreSongsResponse>(`/api/genres/${encodeURIComponent(genre)}/songs?limit=1`);
    expect(songs.body).toMatchObject({ genre, total: 2, songs: [{ song_name: 'Numbers' }], next_cursor: expect.any(String) });
    expect((await client.get(`/api/genres/${encodeURIComponent(`No such ${token}`)}/songs`)).status).toBe(404);

    const search = (await client.get<SearchResponse>(`/api/search?q=${encodeURIComponent(`trip ${token}`)}`)).body;
    expect(search.genres).toEqual([{ name: genre, song_count: 2 }]);
    expect((await client.get<SearchResponse>(`/api/search?q=zed ${token}`)).body.artists?.map((artist) => artist.name)).toEqual([`Zed ${token}`]);
  });

  it('leaves songs and albums made with the forms as their owner’s, with no credited artist', async () => {
    const client = await newUser(apiUrl, 'former');
    const song = await createSong(client, { song_name: 'Form Song' });
    const album = await createAlbum(client, { album_name: 'Form Album' });
    expect(song.artists).toEqual([]);
    expect([song.artist_id, song.artist_username]).toEqual([client.user.id, client.user.username]);
    expect(album).toMatchObject({ album_artist: null, year: null, artist_username: client.user.username });
  });

  it('drops an artist whose last song is deleted from lists and answers 404 for it', async () => {
    const client = await newUser(apiUrl, 'leaver');
    const name = `Gone ${uniqueName('')}`;
    const only = await importFile(client, { format: 'flac', title: 'Last', artists: [name] });
    const id = only.song.artists![0]!.id;
    expect((await client.get(`/api/artists/${id}`)).status).toBe(200);
    expect((await client.delete(`/api/songs/${only.song.id}`)).status).toBe(200);
    expect((await client.get(`/api/artists/${id}`)).status).toBe(404);
    expect((await client.get<SearchResponse>(`/api/search?q=${encodeURIComponent(name)}`)).body.artists).toEqual([]);
    // Named again by a new file, it comes back as the same artist.
    const again = await importFile(client, { format: 'flac', title: 'Back', artists: [name] });
    expect(again.song.artists).toEqual([{ id, name }]);
  });

  it('cuts an artist tag of 5,000 names and a 10 KB name by the stated limits, never a 500', async () => {
    const client = await newUser(apiUrl, 'huge');
    const token = uniqueName('').toLowerCase();
    const many = await importFile(client, { format: 'flac', title: 'Crowd', artists: Array.from({ length: 5000 }, (_, index) => `Singer ${index} ${token}`) });
    expect(many.song.artists).toHaveLength(ARTIST_LIMITS.creditsMax);
    expect(names(many.song)![0]).toBe(`Singer 0 ${token}`);
    const long = await importFile(client, { format: 'flac', title: 'Long', artists: [`${token}${'x'.repeat(10_000)}`] });
    expect(names(long.song)![0]).toHaveLength(ARTIST_LIMITS.nameMax);
  });

  it('makes one artist when two replicas import it at the same moment, and each replica shows the other’s credits', async () => {
    const second = await startApi({ mongodbUri: inject('mongodbUri'), env: inject('apiEnv') });
    try {
      const ann = await newUser(apiUrl, 'racer');
      const onSecond = ann.withBaseUrl(second.url);
      const name = `Concurrent ${uniqueName('')}`;
      const [first, other] = await Promise.all([
        importFile(ann, { format: 'flac', title: 'Left', artists: [name] }),
        importFile(onSecond, { format: 'mp3', title: 'Right', artists: [name.toUpperCase()] }),
      ]);
      expect(other.song.artists).toEqual(first.song.artists);
      const id = first.song.artists![0]!.id;
      const page = await eventually(
        () => onSecond.get<ArtistDetail>(`/api/artists/${id}`),
        (response) => response.body.artist?.song_count === 2,
      );
      expect(page.body.top_songs.map((song) => song.id).sort()).toEqual([first.song.id, other.song.id].sort());
      expect((await ann.get<Song>(`/api/songs/${other.song.id}`)).body.artists).toEqual([{ id, name }]);
    } finally {
      await second.stop();
    }
  });

  it('lets the owner correct credited artists, album artist, genre and year, one song or a selection, and nobody else', async () => {
    const owner = await newUser(apiUrl, 'fixer');
    const stranger = await newUser(apiUrl, 'stranger');
    const token = uniqueName('').toLowerCase();
    const album = uniqueName('Fix Album ');
    const first = await importFile(owner, { format: 'flac', title: 'Wrong One', album, artists: [`Typo Artsit ${token}`], genre: 'Rok', year: 1990 });
    const second = await importFile(owner, { format: 'flac', title: 'Wrong Two', album, artists: [`Typo Artsit ${token}`] });
    const oldArtist = first.song.artists![0]!.id;

    const fixed = await owner.put<Song>(`/api/songs/${first.song.id}/tags`, { json: { artists: [`Real Artist ${token}`, `Guest ${token}`], album_artist: `Real Artist ${token}`, genre: 'Rock', year: 1991 } });
    expect(fixed.status).toBe(200);
    expect(names(fixed.body)).toEqual([`Real Artist ${token}`, `Guest ${token}`]);
    expect(fixed.body).toMatchObject({ genre: 'Rock', year: 1991, artist_id: owner.user.id });
    expect((await owner.get<AlbumDetail>(`/api/albums/${first.song.album_id}`)).body.album_artist?.name).toBe(`Real Artist ${token}`);

    // The selection: both songs at once; the misspelled artist is left with no song and drops out.
    const many = await owner.put<SongsTagsResponse>('/api/songs/tags', { json: { song_ids: [first.song.id, second.song.id], artists: [`Real Artist ${token}`], genre: null } });
    expect(many.status).toBe(200);
    expect(many.body.songs.map((song) => [names(song), song.genre])).toEqual([
      [[`Real Artist ${token}`], null],
      [[`Real Artist ${token}`], null],
    ]);
    expect((await owner.get(`/api/artists/${oldArtist}`)).status).toBe(404);

    // Nobody but the owner, and nothing of a mixed selection changes.
    const theirs = await importFile(stranger, { format: 'flac', title: 'Theirs', artists: [`Theirs ${token}`] });
    expect((await stranger.put(`/api/songs/${first.song.id}/tags`, { json: { artists: ['Hijack'] } })).status).toBe(403);
    expect((await owner.put('/api/songs/tags', { json: { song_ids: [second.song.id, theirs.song.id], artists: ['Hijack'] } })).status).toBe(403);
    expect(names((await owner.get<Song>(`/api/songs/${second.song.id}`)).body)).toEqual([`Real Artist ${token}`]);
    expect((await new ApiClient(apiUrl).put(`/api/songs/${first.song.id}/tags`, { json: { genre: 'x' } })).status).toBe(401);
    expect((await owner.put('/api/songs/0123456789abcdef01234567/tags', { json: { genre: 'x' } })).status).toBe(404);

    // Bad input: a clear 400 keyed by field, never a 500.
    const tooMany = await owner.put(`/api/songs/${first.song.id}/tags`, { json: { artists: Array.from({ length: ARTIST_LIMITS.creditsMax + 1 }, (_, index) => `A${index}`) } });
    expect([tooMany.status, Object.keys(tooMany.body.errors ?? {})]).toEqual([400, ['artists']]);
    const badYear = await owner.put(`/api/songs/${first.song.id}/tags`, { json: { year: 3 } });
    expect([badYear.status, Object.keys(badYear.body.errors ?? {})]).toEqual([400, ['year']]);
    expect((await owner.put(`/api/songs/${first.song.id}/tags`, { json: { artists: ['  '] } })).status).toBe(400);

    // A form-made song can be credited too; clearing the credits shows it as its owner's again.
    const formSong = await createSong(owner, { song_name: 'Form Made' });
    expect(names((await owner.put<Song>(`/api/songs/${formSong.id}/tags`, { json: { artists: [`Real Artist ${token}`] } })).body)).toEqual([`Real Artist ${token}`]);
    expect((await owner.put<Song>(`/api/songs/${formSong.id}/tags`, { json: { artists: [] } })).body.artists).toEqual([]);
  });

  it('refuses guests and malformed ids', async () => {
    const guest = new ApiClient(apiUrl);
    for (const path of ['/api/artists', '/api/genres', '/api/artists/0123456789abcdef01234567']) expect((await guest.get(path)).status, path).toBe(401);
    const client = await newUser(apiUrl, 'ids');
    const malformed = await client.get('/api/artists/not-an-id');
    expect([malformed.status, malformed.body.code]).toEqual([400, 'INVALID_ID']);
    expect((await client.get('/api/artists/0123456789abcdef01234567')).status).toBe(404);
  });
});
