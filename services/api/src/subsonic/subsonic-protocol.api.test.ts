import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, newUser } from '../test/api-client.js';
import { eventually } from '../test/fixtures.js';
import { checkSubsonicError, checkSubsonicResponse } from './testing/opensubsonic-schema.js';
import { xmlToSubsonicJson } from './testing/subsonic-xml.js';
import { appPassword, call, callOk, importTagged, listAppPasswords, subsonicClient } from './subsonic-testing.js';

// The Subsonic API's protocol, sign-in and browsing (issue 26, docs/subsonic.md), driven by npm's subsonic-api client
// against the real API process and engine; every answer is checked against the OpenSubsonic schemas.

const apiUrl = inject('apiUrl');
const dir = mkdtempSync(join(tmpdir(), 'tunafy-subsonic-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A raw call, for what the client library cannot send (wrong credentials, bare POSTs, missing parameters). */
async function raw(path: string, init?: RequestInit): Promise<{ status: number; type: string; text: string }> {
  const response = await fetch(`${apiUrl}/rest/${path}`, init);
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

const json = (text: string) => JSON.parse(text);

describe('app passwords (Connected apps)', () => {
  it('makes one with its secret shown once, lists it without the secret, and revokes it', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const made = await appPassword(ann, '  Symfonium\u0007 on my   phone ');
    expect(made).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), name: 'Symfonium on my phone', created_at: expect.any(String), last_used_at: null, last_used_client: null, password: expect.stringMatching(/^[a-z2-9]{4}(-[a-z2-9]{4}){5}$/) });
    const listed = await listAppPasswords(ann);
    expect(listed).toEqual({ username: ann.user.username, app_passwords: [{ id: made.id, name: made.name, created_at: made.created_at, last_used_at: null, last_used_client: null }] });
    expect(JSON.stringify(listed)).not.toContain(made.password);

    // Someone else cannot revoke it; its owner can, once.
    const bob = await newUser(apiUrl, 'bob');
    expect((await bob.delete(`/api/me/app-passwords/${made.id}`)).status).toBe(404);
    expect((await ann.delete(`/api/me/app-passwords/${made.id}`)).body).toEqual({ id: made.id, deleted: true });
    expect((await ann.delete(`/api/me/app-passwords/${made.id}`)).status).toBe(404);
    expect((await listAppPasswords(ann)).app_passwords).toEqual([]);
  });

  it('refuses a blank name, guests, and a request without the CSRF token', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const blank = await ann.post('/api/me/app-passwords', { json: { name: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({ name: 'Name is required.' });
    expect((await new ApiClient(apiUrl).get('/api/me/app-passwords')).status).toBe(401);
    expect((await ann.post('/api/me/app-passwords', { json: { name: 'x' }, withoutCsrf: true })).status).toBe(403);
  });

  it('stores the secret sealed, not in plain text', async () => {
    const { connectDb } = await import('../test/fixtures.js');
    const { db, close } = await connectDb(inject('mongodbUri'));
    try {
      const ann = await newUser(apiUrl, 'ann');
      const made = await appPassword(ann);
      const stored = JSON.stringify(await db.collection('app_passwords').find({}).toArray());
      expect(stored).not.toContain(made.password);
      expect(stored).not.toContain(made.password.replaceAll('-', ''));
    } finally {
      await close();
    }
  });
});

describe('signing in', () => {
  it('accepts an app password by token, as plain and enc: hex passwords, and as an API key, GET and POST alike; marks it used', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const { password, id } = await appPassword(ann);
    const username = ann.user.username;
    for (const post of [false, true]) {
      expect((await callOk(subsonicClient(apiUrl, { username, password }, post), 'ping')).status).toBe('ok');
      expect((await callOk(subsonicClient(apiUrl, { apiKey: password }, post), 'ping')).openSubsonic).toBe(true);
    }
    const plain = json((await raw(`ping.view?u=${username.toUpperCase()}&p=${password}&v=1.16.1&c=Tempo&f=json`)).text);
    checkSubsonicResponse('ping', plain);
    expect(plain['subsonic-response']).toEqual({ status: 'ok', version: '1.16.1', type: 'tunafy', serverVersion: expect.any(String), openSubsonic: true });
    const hex = Buffer.from(password).toString('hex');
    expect(json((await raw(`ping?u=${username}&p=enc:${hex}&v=1.16.1&c=Tempo&f=json`)).text)['subsonic-response'].status).toBe('ok');
    const listed = (await listAppPasswords(ann)).app_passwords.find((entry) => entry.id === id);
    expect(listed).toMatchObject({ last_used_at: expect.any(String), last_used_client: expect.any(String) });
  });

  it('refuses the web password, a wrong password, a wrong token and a wrong key, with the spec’s codes and HTTP 200', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const { password } = await appPassword(ann);
    const u = ann.user.username;
    const cases: [string, number][] = [
      [`u=${u}&p=${ann.password}`, 40],
      [`u=${u}&p=${password}x`, 40],
      [`u=nobody-here&p=${password}`, 40],
      [`u=${u}&t=${createHash('md5').update(`${password}salt1`).digest('hex')}&s=salt2`, 40],
      [`apiKey=${password}x`, 44],
      [`apiKey=${password}&u=${u}`, 43],
      [`u=${u}&t=abc`, 10],
      [`p=${password}`, 10],
      ['', 10],
    ];
    for (const [credentials, code] of cases) {
      const answer = await raw(`ping.view?${credentials}&v=1.16.1&c=test&f=json`);
      expect(answer.status).toBe(200);
      checkSubsonicError('ping', json(answer.text), code);
    }
    const token = createHash('md5').update(`${password}pepper`).digest('hex');
    expect(json((await raw(`ping.view?u=${u}&t=${token}&s=pepper&v=1.16.1&c=test&f=json`)).text)['subsonic-response'].status).toBe('ok');
  });

  it('refuses every call of a revoked app password at once', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const { password, id } = await appPassword(ann);
    const app = subsonicClient(apiUrl, { username: ann.user.username, password });
    await callOk(app, 'getArtists');
    await ann.delete(`/api/me/app-passwords/${id}`);
    for (const method of ['ping', 'getArtists', 'search3']) expect((await call(app, method, { query: '' })).error.code).toBe(40);
    expect((await call(subsonicClient(apiUrl, { apiKey: password }), 'ping')).error.code).toBe(44);
  });
});

describe('the protocol', () => {
  it('answers XML by default with the Subsonic namespace, and the same answer as JSON', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const { password } = await appPassword(ann);
    const query = `u=${ann.user.username}&p=${password}&v=1.16.1&c=test`;
    const xml = await raw(`getMusicFolders.view?${query}`);
    expect(xml.type).toContain('application/xml');
    expect(xml.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><subsonic-response xmlns="http:\/\/subsonic.org\/restapi" status="ok"/);
    const fromXml = xmlToSubsonicJson('getMusicFolders', xml.text);
    checkSubsonicResponse('getMusicFolders', fromXml);
    expect(fromXml).toEqual(json((await raw(`getMusicFolders.view?${query}&f=json`)).text));
    const failed = await raw(`getAlbum.view?${query}&id=nothing`);
    expect(xml.status).toBe(200);
    checkSubsonicError('getAlbum', xmlToSubsonicJson('getAlbum', failed.text), 70);
  });

  it('takes parameters from a form-encoded POST body, and answers getOpenSubsonicExtensions without signing in', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const { password } = await appPassword(ann);
    const posted = await raw('ping', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ u: ann.user.username, p: password, v: '1.16.1', c: 'Feishin', f: 'json' }) });
    expect(json(posted.text)['subsonic-response'].status).toBe('ok');
    const extensions = json((await raw('getOpenSubsonicExtensions?f=json')).text);
    checkSubsonicResponse('getOpenSubsonicExtensions', extensions);
    expect(extensions['subsonic-response'].openSubsonicExtensions.map((extension: { name: string }) => extension.name)).toEqual(expect.arrayContaining(['formPost', 'apiKeyAuthentication']));
  });

  it('answers a method it does not have, and bad parameters, with Subsonic errors — never an HTTP error', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const { password } = await appPassword(ann);
    const app = subsonicClient(apiUrl, { username: ann.user.username, password });
    const missing = (await (await app.custom('getPodcasts.view', {})).json()) as { 'subsonic-response': unknown };
    expect(missing['subsonic-response']).toMatchObject({ status: 'failed', error: { code: 70 } });
    expect((await call(app, 'getAlbum')).error.code).toBe(10);
    expect((await call(app, 'getAlbumList2', { type: 'sideways' })).error.code).toBe(0);
    expect((await call(app, 'getAlbumList2', { type: 'newest', size: 'many' })).error.code).toBe(0);
    expect((await call(app, 'getAlbumList2', { type: 'byYear', fromYear: 1990 })).error.code).toBe(10);
    expect((await call(app, 'getSong', { id: '../../etc/passwd' })).error.code).toBe(70);
    expect((await call(app, 'getUser', { username: 'someone-else' })).error.code).toBe(50);
  });

  it('limits failed sign-ins per address with a clear error', async () => {
    // The suite's API allows 100,000 a minute (AUTH_RATE_LIMIT); the limiter itself is unit-tested in subsonic-auth.test.ts.
    const answer = json((await raw('ping.view?u=ann&p=wrong&f=json')).text);
    expect(answer['subsonic-response'].error.code).toBe(40);
  });
});

describe('browsing a tagged library', () => {
  it('walks artists → artist → album → song with the tags’ credits, by ID3 and as folders, in JSON and XML', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const token = Math.random().toString(36).slice(2, 8);
    const album = `Glass Harbor ${token}`;
    const first = await importTagged(ann, dir, { format: 'mp3', title: 'Neon Tide', album, artists: [`Marlow ${token}`], albumArtist: `Marlow ${token}`, track: 2, year: 2021, genre: 'Synthpop' });
    const second = await importTagged(ann, dir, { format: 'flac', title: 'Chrome Lullaby', album, artists: [`Marlow ${token}`, `Juno ${token}`], albumArtist: `Marlow ${token}`, track: 1, year: 2021, genre: 'Synthpop' });
    const { password } = await appPassword(ann);
    const app = subsonicClient(apiUrl, { username: ann.user.username, password });

    const artists = await eventually(() => callOk(app, 'getArtists'), (answer) => JSON.stringify(answer).includes(`Juno ${token}`));
    const index = artists.artists.index as { name: string; artist: { id: string; name: string; albumCount?: number }[] }[];
    const marlow = index.find((entry) => entry.name === 'M')!.artist.find((artist) => artist.name === `Marlow ${token}`)!;
    expect(marlow.albumCount).toBe(1);
    expect(index.find((entry) => entry.name === 'J')!.artist.some((artist) => artist.name === `Juno ${token}`)).toBe(true);

    const artist = (await callOk(app, 'getArtist', { id: marlow.id })).artist;
    expect(artist.album.map((entry: { name: string }) => entry.name)).toEqual([album]);
    const got = (await callOk(app, 'getAlbum', { id: artist.album[0].id })).album;
    expect(got).toMatchObject({ name: album, artist: `Marlow ${token}`, artistId: marlow.id, songCount: 2, year: 2021 });
    expect(got.song.map((song: { title: string; track: number }) => [song.track, song.title])).toEqual([[1, 'Chrome Lullaby'], [2, 'Neon Tide']]);
    expect(got.song[0]).toMatchObject({ id: second.song.id, artist: `Marlow ${token}, Juno ${token}`, artists: [{ name: `Marlow ${token}` }, { name: `Juno ${token}` }], suffix: 'flac', contentType: 'audio/flac', genre: 'Synthpop', albumId: got.id, isDir: false });
    expect((await callOk(app, 'getSong', { id: first.song.id })).song).toMatchObject({ title: 'Neon Tide', suffix: 'mp3', contentType: 'audio/mpeg', duration: 1 });

    // The artist list is everyone's: the same bytes (gzipped once) for every app, and 304 to one that holds them.
    const url = `${apiUrl}/rest/getArtists.view?apiKey=${password}&f=json`;
    const full = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(full.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(await full.text())).toEqual({ 'subsonic-response': artists });
    // Other suites write to the same catalog meanwhile, which makes a new list (and ETag): ask until one holds still.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5 && !statuses.includes(304); attempt++) {
      const etag = (await fetch(url, { headers: { 'accept-encoding': 'gzip' } })).headers.get('etag')!;
      // As a revalidating app sends it: fetch would otherwise add `no-cache`, which makes any server answer in full.
      statuses.push((await fetch(url, { headers: { 'accept-encoding': 'gzip', 'if-none-match': etag, 'cache-control': 'max-age=0' } })).status);
    }
    expect(statuses).toContain(304);

    // The same in XML, and folder browsing reaches the same songs.
    const xmlAlbum = (await callOk(app, 'getAlbum', { id: got.id }, 'xml')).album;
    expect(xmlAlbum.song.map((song: { id: string }) => song.id)).toEqual(got.song.map((song: { id: string }) => song.id));
    const folders = (await callOk(app, 'getIndexes')).indexes.index.flatMap((entry: { artist: { id: string }[] }) => entry.artist);
    expect(folders.some((folder: { id: string }) => folder.id === marlow.id)).toBe(true);
    const directory = (await callOk(app, 'getMusicDirectory', { id: marlow.id })).directory;
    expect(directory.child).toEqual([expect.objectContaining({ id: got.id, isDir: true, title: album })]);
    // The folder-era list and search show the album as the same directory.
    const folderAlbum = expect.objectContaining({ id: got.id, parent: marlow.id, isDir: true, title: album, duration: got.duration });
    expect((await callOk(app, 'search2', { query: album, artistCount: 0, songCount: 0 })).searchResult2.album).toEqual([folderAlbum]);
    expect((await callOk(app, 'getAlbumList', { type: 'byYear', fromYear: 2021, toYear: 2021, size: 500 })).albumList.album).toEqual(expect.arrayContaining([folderAlbum]));
    // Albums by genre and the genres' album counts come from the songs' genre tags.
    expect((await callOk(app, 'getAlbumList2', { type: 'byGenre', genre: 'Synthpop', size: 500 })).albumList2.album).toEqual(expect.arrayContaining([expect.objectContaining({ id: got.id })]));
    const synthpop = (await callOk(app, 'getGenres')).genres.genre.find((genre: { value: string }) => genre.value === 'Synthpop');
    expect(synthpop).toMatchObject({ songCount: expect.any(Number), albumCount: expect.any(Number) });
    expect([synthpop.songCount >= 2, synthpop.albumCount >= 1]).toEqual([true, true]);
    const albumDirectory = (await callOk(app, 'getMusicDirectory', { id: got.id })).directory;
    expect(albumDirectory.child.map((child: { id: string }) => child.id)).toEqual([second.song.id, first.song.id]);
  });

  it('keeps a compilation as one album of Various Artists, and shows music its tags credit to no one under its uploader', async () => {
    const { createAlbum, createSong } = await import('../test/fixtures.js');
    const bob = await newUser(apiUrl, 'bob');
    const token = Math.random().toString(36).slice(2, 8);
    const compilation = `Now Subsonic ${token}`;
    await importTagged(bob, dir, { format: 'flac', title: 'One', album: compilation, artists: [`Alpha ${token}`], compilation: true, track: 1 });
    await importTagged(bob, dir, { format: 'flac', title: 'Two', album: compilation, artists: [`Beta ${token}`], compilation: true, track: 2 });
    // Made with the web's forms: no tags, so shown as the uploader's, as the web app shows it.
    const formAlbum = await createAlbum(bob, { album_name: `Form Album ${token}` });
    const formSong = await createSong(bob, { song_name: `Form Song ${token}`, album_id: formAlbum.id });
    const { password } = await appPassword(bob);
    const app = subsonicClient(apiUrl, { apiKey: password });

    const search = (await callOk(app, 'search3', { query: compilation, artistCount: 0, songCount: 0 })).searchResult3;
    expect(search.album).toEqual([expect.objectContaining({ name: compilation, artist: 'Various Artists', isCompilation: true, songCount: 2 })]);
    const alpha = (await callOk(app, 'search3', { query: `Alpha ${token}`, albumCount: 0, songCount: 0 })).searchResult3.artist;
    expect(alpha).toEqual([expect.objectContaining({ name: `Alpha ${token}` })]);

    const song = (await callOk(app, 'getSong', { id: formSong.id })).song;
    expect(song).toMatchObject({ artist: bob.user.username, artistId: bob.user.id, artists: [{ id: bob.user.id, name: bob.user.username }], albumId: formAlbum.id });
    const standIn = (await callOk(app, 'getArtist', { id: bob.user.id })).artist;
    expect(standIn).toMatchObject({ id: bob.user.id, name: bob.user.username, albumCount: 1 });
    expect(standIn.album.map((album: { id: string }) => album.id)).toEqual([formAlbum.id]);
    const listed = (await callOk(app, 'getArtists')).artists.index.flatMap((entry: { artist: { id: string }[] }) => entry.artist);
    expect(listed.find((artist: { id: string }) => artist.id === bob.user.id)).toMatchObject({ name: bob.user.username, albumCount: 1, coverArt: standIn.album[0].coverArt });

    // Newest albums first, and a page at an offset is that part of the list.
    const newest = (await callOk(app, 'getAlbumList2', { type: 'newest', size: 500 })).albumList2.album.map((album: { id: string }) => album.id);
    const compilationId = search.album[0].id;
    expect([newest.indexOf(formAlbum.id) >= 0, newest.indexOf(formAlbum.id) < newest.indexOf(compilationId)]).toEqual([true, true]);
    expect((await callOk(app, 'getAlbumList2', { type: 'newest', offset: 1, size: 2 })).albumList2.album.map((album: { id: string }) => album.id)).toEqual(newest.slice(1, 3));
  });
});
