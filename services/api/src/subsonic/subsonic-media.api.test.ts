import type { Album, Song } from '@tunafy/contracts';
import sharp from 'sharp';
import SubsonicAPI from 'subsonic-api';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { renderCover } from '../media/synth/render-cover.js';
import { ApiClient, newUser } from '../test/api-client.js';
import { createAlbum, createSong, fileId, form } from '../test/fixtures.js';
import { mediaStoreSuite } from '../test/media-store-suite.js';
import { checkSubsonicError } from './testing/opensubsonic-schema.js';
import { appPassword } from './subsonic-testing.js';

// stream, download and getCoverArt (issue 26, docs/subsonic.md) through npm's subsonic-api client in GET and POST
// mode: the bytes must be exactly those the web player and pages fetch from /api/files/{id}.

const apiUrl = inject('apiUrl');
const suite = mediaStoreSuite('tunafy-subsonic-media-');

type Auth = { username: string; password: string } | { apiKey: string };
let listener: Awaited<ReturnType<typeof newUser>>;
let auth: Auth;
let song: Song;
let album: Album;
let webAudio: Buffer;
let webCover: Buffer;

/** The client library, sending extra headers (Range, If-None-Match) or another method (HEAD) through its fetch. */
function app({ post = false, headers = {}, method }: { post?: boolean; headers?: Record<string, string>; method?: string } = {}): SubsonicAPI {
  const send: typeof fetch = (input, init) => fetch(input, { ...init, method: method ?? init?.method, headers: { ...(init?.headers as Record<string, string>), ...headers } });
  return new SubsonicAPI({ url: apiUrl, auth, post, fetch: send });
}

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

/** A failed call: HTTP 200 with the Subsonic error in JSON, checked against the schema; answers its message. */
async function failed(response: Response, method: string, code: number): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/json');
  const body = (await response.json()) as { 'subsonic-response': { error: { message: string } } };
  checkSubsonicError(method, body, code);
  return body['subsonic-response'].error.message;
}

beforeAll(async () => {
  listener = await newUser(apiUrl, 'listener');
  auth = { username: listener.user.username, password: (await appPassword(listener)).password };
  // A 300 px cover, so a size of 64 has something to shrink.
  const cover = new File([renderCover({ seed: 26, title: 'subsonic media', size: 300 })], 'cover.png', { type: 'image/png' });
  album = await createAlbum(listener, { album_name: 'Media Album', cover });
  song = await createSong(listener, { song_name: 'Tide: Pool / Mix', album_id: album.id, seconds: 3, cover });
  webAudio = (await listener.get(song.song_file_url)).raw;
  webCover = (await new ApiClient(apiUrl).get(song.song_cover_url)).raw;
  expect(webAudio.length).toBeGreaterThan(1000);
});

describe('stream', () => {
  it('sends the whole song, the same bytes as the web player’s file route, GET and POST', async () => {
    for (const post of [false, true]) {
      const response = await app({ post }).stream({ id: song.id });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('audio/mpeg');
      expect(response.headers.get('accept-ranges')).toBe('bytes');
      expect(response.headers.get('content-length')).toBe(String(webAudio.length));
      expect((await bytesOf(response)).equals(webAudio)).toBe(true);
    }
  });

  it('answers a Range with 206 and exactly those bytes, GET and POST', async () => {
    for (const post of [false, true]) {
      const response = await app({ post, headers: { range: 'bytes=100-199' } }).stream({ id: song.id });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes 100-199/${webAudio.length}`);
      expect((await bytesOf(response)).equals(webAudio.subarray(100, 200))).toBe(true);
    }
    const past = await app({ headers: { range: `bytes=${webAudio.length + 10}-` } }).stream({ id: song.id });
    expect(past.status).toBe(416);
  });

  it('answers HEAD with the length and no body', async () => {
    const response = await app({ method: 'HEAD' }).stream({ id: song.id });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(webAudio.length));
    expect((await bytesOf(response)).length).toBe(0);
  });

  it('sends the stored file for format=raw whatever the rest, a limit of 0 or over its bitrate, and odd values (transcodes: streaming/subsonic-stream.api.test.ts)', async () => {
    const raw = await app().stream({ id: song.id, maxBitRate: 96, format: 'raw', timeOffset: 30, estimateContentLength: true });
    expect(raw.status).toBe(200);
    expect((await bytesOf(raw)).equals(webAudio)).toBe(true);
    for (const maxBitRate of [0, 320]) expect((await bytesOf(await app().stream({ id: song.id, maxBitRate }))).equals(webAudio)).toBe(true);
    // An unknown format is no format: the limit alone decides.
    expect((await bytesOf(await app().custom('stream.view', { id: song.id, maxBitRate: 320, format: 'wma' }))).equals(webAudio)).toBe(true);
    const odd = await app().custom('stream.view', { id: song.id, maxBitRate: 'fast', timeOffset: '1.5' });
    expect((await bytesOf(odd)).equals(webAudio)).toBe(true);
  });

  it('answers error 70 in the envelope for an unknown or malformed id, or an id that is not a song’s', async () => {
    for (const id of ['0123456789abcdef01234567', 'not-an-id', album.id, fileId(song.song_file_url), fileId(song.song_cover_url)]) {
      expect(await failed(await app().stream({ id }), 'stream', 70)).toBe('Song not found');
    }
    await failed(await app().custom('stream.view', {}), 'stream', 10);
  });

  it('refuses an app that is not signed in', async () => {
    const stranger = new SubsonicAPI({ url: apiUrl, auth: { apiKey: 'nothing-like-a-key' } });
    await failed(await stranger.stream({ id: song.id }), 'stream', 44);
  });
});

describe('download', () => {
  it('sends the stored file as an attachment named after the title, with its suffix', async () => {
    for (const post of [false, true]) {
      const response = await app({ post }).download({ id: song.id });
      expect(response.status).toBe(200);
      // A title's path separators and colons would make a bad file name.
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="Tide_ Pool _ Mix.mp3"');
      expect((await bytesOf(response)).equals(webAudio)).toBe(true);
    }
    await failed(await app().download({ id: album.id }), 'download', 70);
  });
});

describe('getCoverArt', () => {
  it('sends the stored cover for its file id, and for a song, album, artist or playlist id', async () => {
    const playlist = await listener.post('/api/playlists/new', { form: form({ playlist_name: 'Covered', private: 'true', playlist_cover_url: new File([webCover], 'c.png', { type: 'image/png' }) }) });
    expect(playlist.status).toBe(201);
    const playlistCover = (await new ApiClient(apiUrl).get(playlist.body.playlist_cover_url)).raw;
    for (const post of [false, true]) {
      const response = await app({ post }).getCoverArt({ id: fileId(song.song_cover_url) });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect((await bytesOf(response)).equals(webCover)).toBe(true);
    }
    for (const id of [song.id, album.id, listener.user.id]) expect((await bytesOf(await app().getCoverArt({ id }))).equals(webCover), id).toBe(true);
    expect((await bytesOf(await app().getCoverArt({ id: playlist.body.id }))).equals(playlistCover)).toBe(true);

    // Someone else's private playlist is not found, as everywhere else.
    const other = await newUser(apiUrl, 'other');
    const otherAuth = { username: other.user.username, password: (await appPassword(other)).password };
    await failed(await new SubsonicAPI({ url: apiUrl, auth: otherAuth }).getCoverArt({ id: playlist.body.id }), 'getCoverArt', 70);
  });

  it('answers 70 for an unknown or malformed id and for an audio file', async () => {
    for (const id of ['0123456789abcdef01234567', 'al-1', fileId(song.song_file_url)]) await failed(await app().getCoverArt({ id }), 'getCoverArt', 70);
  });

  it('resizes to fit `size` as a cached JPEG or PNG with an ETag, answers 304 when the app has it, never enlarges', async () => {
    const id = fileId(song.song_cover_url);
    const first = await app().getCoverArt({ id, size: 64 });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/u);
    expect(first.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const bytes = await bytesOf(first);
    expect(first.headers.get('content-length')).toBe(String(bytes.length));
    const { width, height, format } = await sharp(bytes).metadata();
    expect(Math.max(width!, height!)).toBe(64);
    expect(first.headers.get('content-type')).toBe(`image/${format}`);

    const again = await app({ post: true }).getCoverArt({ id, size: 64 });
    expect(again.headers.get('etag')).toBe(etag);
    expect((await bytesOf(again)).equals(bytes)).toBe(true);
    // As a revalidating app sends it: fetch would otherwise add `no-cache`, which makes any server answer in full.
    const cached = await app({ headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } }).getCoverArt({ id, size: 64 });
    expect(cached.status).toBe(304);
    expect((await bytesOf(cached)).length).toBe(0);

    // Larger than the stored picture: the stored file itself, not an enlarged copy.
    expect((await bytesOf(await app().getCoverArt({ id, size: 2000 }))).equals(webCover)).toBe(true);
    await failed(await app().getCoverArt({ id, size: 0 }), 'getCoverArt', 0);
  });

  it('answers a clear error, not a 5xx, for a damaged picture stored as a cover, and still sends the stored file without size', async () => {
    const pixels = Buffer.alloc(400 * 400 * 3);
    for (let at = 0; at < pixels.length; at++) pixels[at] = (at * 7919) % 251;
    const detailed = await sharp(pixels, { raw: { width: 400, height: 400, channels: 3 } }).jpeg().toBuffer();
    const truncated = detailed.subarray(0, detailed.length / 2);
    // Straight into GridFS, as a damaged upload or a bad import would leave it.
    const { id } = await suite.store.save({ kind: 'image', contentType: 'image/jpeg', fileName: 'cut.jpg', data: truncated });
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(await failed(await app().getCoverArt({ id, size: 64 }), 'getCoverArt', 0)).toMatch(/damaged or too large/u);
    }
    expect((await bytesOf(await app().getCoverArt({ id }))).equals(truncated)).toBe(true);
    // The API is still there.
    expect((await app().stream({ id: song.id })).status).toBe(200);
  });
});
