import { LIMITS, type SearchResponse } from '@tunafy/contracts';
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, newUser, uniqueName } from '../test/api-client.js';
import { createAlbum, createSong, form } from '../test/fixtures.js';

const apiUrl = inject('apiUrl');

const names = (rows: { song_name?: string; album_name?: string; playlist_name?: string }[]) =>
  rows.map((row) => row.song_name ?? row.album_name ?? row.playlist_name).sort();

describe('GET /api/search', () => {
  it('finds songs, albums and playlists with a word starting with q, ignoring case', async () => {
    const client = await newUser(apiUrl);
    const token = uniqueName('Tok');
    const song = await createSong(client, { song_name: `Blue ${token} Song` });
    const album = await createAlbum(client, { album_name: `${token.toUpperCase()} Album` });
    const playlist = await client.post('/api/playlists/new', { form: form({ playlist_name: `my ${token.toLowerCase()} list` }) });
    expect(playlist.status).toBe(201);
    await createSong(client, { song_name: 'Unrelated' });

    const response = await client.get<SearchResponse>(`/api/search?q=${token.toLowerCase()}`);
    expect(response.status).toBe(200);
    // The album's name starts with the query, so it is the top result (docs/search.md).
    expect(response.body).toEqual({ top: { kind: 'album', album }, songs: [song], albums: [album], playlists: [playlist.body], artists: [], users: [], genres: [], lyrics: [] });
  });

  it('matches word prefixes ignoring accents and case, every word required, best match first', async () => {
    const client = await newUser(apiUrl);
    const token = uniqueName('pfx').toLowerCase();
    const exact = await createSong(client, { song_name: `${token}` });
    const starts = await createSong(client, { song_name: `${token} Café Olé` });
    const inside = await createSong(client, { song_name: `Mañana ${token}ing Søn` });
    const search = async (q: string) => (await client.get<SearchResponse>(`/api/search?q=${encodeURIComponent(q)}`)).body.songs.map((song) => song.id);
    expect(await search(token)).toEqual([exact.id, starts.id, inside.id]);
    expect(await search(`${token.toUpperCase()} CAFE`)).toEqual([starts.id]);
    expect(await search(`manana ${token}`)).toEqual([inside.id]);
    expect(await search(`son ${token}`)).toEqual([inside.id]);
    // A word's inside is not a prefix of it (four letters off is past the one typo a 7-letter word may carry).
    expect(await search(`${token.slice(4)}`)).toEqual([]);
    expect(await search(`${token} zzzz`)).toEqual([]);
  });

  it('shows private playlists only to their creator', async () => {
    const creator = await newUser(apiUrl);
    const other = await newUser(apiUrl);
    const token = uniqueName('priv');
    const secret = await creator.post('/api/playlists/new', { form: form({ playlist_name: `${token} secret`, private: 'true' }) });
    const open = await creator.post('/api/playlists/new', { form: form({ playlist_name: `${token} open` }) });
    expect([secret.status, open.status]).toEqual([201, 201]);
    expect(names((await creator.get<SearchResponse>(`/api/search?q=${token}`)).body.playlists)).toEqual([`${token} open`, `${token} secret`]);
    expect(names((await other.get<SearchResponse>(`/api/search?q=${token}`)).body.playlists)).toEqual([`${token} open`]);
  });

  it('treats q as text, not a pattern, and honours limit', async () => {
    const client = await newUser(apiUrl);
    const token = uniqueName('lim');
    for (const suffix of ['a', 'b', 'c']) await createSong(client, { song_name: `${token} (${suffix})` });
    const limited = await client.get<SearchResponse>(`/api/search?q=${token}&limit=2`);
    expect(limited.body.songs).toHaveLength(2);
    expect((await client.get<SearchResponse>(`/api/search?q=${encodeURIComponent(`${token} (b)`)}`)).body.songs.map((song) => song.song_name)).toEqual([`${token} (b)`]);
    expect((await client.get<SearchResponse>(`/api/search?q=${encodeURIComponent('.*')}`)).body.songs).toEqual([]);
  });

  it('answers odd input with empty groups, never an error: punctuation, emoji, control characters, right-to-left text', async () => {
    const client = await newUser(apiUrl);
    for (const q of ['!!!', '🎸🎶', '\u0007\u001b', 'שלום עולם', '\u202eabc', 'x', 'a b c d e f g h i j k l m n o p q r s t u v w x y z']) {
      const response = await client.get<SearchResponse>(`/api/search?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
      expect(Object.keys(response.body).sort(), q).toEqual(['albums', 'artists', 'genres', 'lyrics', 'playlists', 'songs', 'top', 'users']);
    }
    const empty = await client.get<SearchResponse>(`/api/search?q=${encodeURIComponent('🎸 !!')}`);
    expect(empty.body).toEqual({ top: null, songs: [], albums: [], playlists: [], artists: [], users: [], genres: [], lyrics: [] });
    const long = await client.get<{ message: string }>(`/api/search?q=${'x'.repeat(1000)}`);
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('at most 100 characters');
  });

  it('pages one group with type and offset: no repeats, no gaps, the same order as one long page', async () => {
    const client = await newUser(apiUrl);
    const token = uniqueName('pg').toLowerCase();
    for (let n = 0; n < 7; n++) expect((await client.post('/api/playlists/new', { form: form({ playlist_name: `${token} mix ${n}` }) })).status).toBe(201);
    for (const suffix of ['a', 'b', 'c']) await createSong(client, { song_name: `${token} tune ${suffix}` });
    const page = async (type: string, offset: number, limit: number) => {
      const response = await client.get<SearchResponse>(`/api/search?q=${token}&type=${type}&offset=${offset}&limit=${limit}`);
      expect(response.status).toBe(200);
      return response.body;
    };
    const whole = await page('playlists', 0, 20);
    expect(whole.playlists).toHaveLength(7);
    expect(whole.next_offset).toBeNull();
    const pages = [await page('playlists', 0, 3), await page('playlists', 3, 3), await page('playlists', 6, 3)];
    expect(pages.map((answer) => answer.next_offset)).toEqual([3, 6, null]);
    const paged = pages.flatMap((answer) => answer.playlists.map((playlist) => playlist.id));
    expect(paged).toEqual(whole.playlists.map((playlist) => playlist.id));
    expect(new Set(paged).size).toBe(7);
    // The one group only: the others are empty and there is no top result.
    expect(pages[0]).toMatchObject({ top: null, songs: [], albums: [], artists: [], users: [], genres: [] });
    // Songs page the same way, in the order of the whole answer's group.
    const songs = (await client.get<SearchResponse>(`/api/search?q=${token}`)).body.songs.map((song) => song.id);
    const songPages = [await page('songs', 0, 2), await page('songs', 2, 2)];
    expect(songPages.map((answer) => answer.next_offset)).toEqual([2, null]);
    expect(songPages.flatMap((answer) => answer.songs.map((song) => song.id))).toEqual(songs);
    // Past the end: an empty page, not an error.
    expect(await page('songs', 40, 5)).toMatchObject({ songs: [], next_offset: null });
    const users = await page('users', 0, 5);
    expect(users.users).toEqual([]);
  });

  it("pages someone's private playlists only for them, and never counts them for others", async () => {
    const creator = await newUser(apiUrl);
    const other = await newUser(apiUrl);
    const token = uniqueName('pp').toLowerCase();
    for (let n = 0; n < 4; n++) {
      const made = await creator.post('/api/playlists/new', { form: form({ playlist_name: `${token} list ${n}`, private: n % 2 ? 'true' : 'false' }) });
      expect(made.status).toBe(201);
    }
    const all = async (client: ApiClient) => {
      const ids: string[] = [];
      let offset: number | null = 0;
      for (let guard = 0; offset !== null && guard < 10; guard++) {
        const answer: SearchResponse = (await client.get<SearchResponse>(`/api/search?q=${token}&type=playlists&offset=${offset}&limit=1`)).body;
        ids.push(...answer.playlists.map((playlist) => playlist.playlist_name));
        offset = answer.next_offset ?? null;
      }
      return ids.sort();
    };
    expect(await all(creator)).toEqual([0, 1, 2, 3].map((n) => `${token} list ${n}`));
    expect(await all(other)).toEqual([`${token} list 0`, `${token} list 2`]);
  });

  it('refuses a bad type or offset with the field-keyed validation shape', async () => {
    const client = await newUser(apiUrl);
    const cases: [string, string][] = [
      ['q=x&type=lyricz', 'type'],
      ['q=x&type=songs&offset=-1', 'offset'],
      ['q=x&type=songs&offset=1.5', 'offset'],
      ['q=x&type=songs&offset=abc', 'offset'],
      [`q=x&type=songs&offset=${LIMITS.searchOffsetMax + 1}`, 'offset'],
      ['q=x&offset=20', 'offset'],
    ];
    for (const [query, field] of cases) {
      const response = await client.get(`/api/search?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.code, query).toBe('VALIDATION_FAILED');
      expect(Object.keys(response.body.errors), query).toEqual([field]);
    }
    const bad = await client.get(`/api/search?q=x&type=nope`);
    expect(bad.body.errors.type).toBe('Search one of: songs, artists, albums, playlists, users, genres.');
    expect((await client.get(`/api/search?q=x&type=songs&offset=${LIMITS.searchOffsetMax}`)).status).toBe(200);
  });

  it('validates the query and requires a login', async () => {
    const client = await newUser(apiUrl);
    for (const query of ['', 'q=', 'q=%20%20', 'q=x&limit=0', 'q=x&limit=21', `q=${'x'.repeat(101)}`]) {
      const response = await client.get(`/api/search?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await new ApiClient(apiUrl).get('/api/search?q=x')).status).toBe(401);
  });
});
