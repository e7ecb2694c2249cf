import { readdirSync } from 'node:fs';
import mongoose from 'mongoose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { SESSION_COOKIE } from '../common/session-cookie.js';
import { renderCover } from './synth/render-cover.js';
import { synthesizeSong } from './synth/synth-song.js';
import { ApiClient, newUser, type ApiResponse } from '../test/api-client.js';
import { mediaStoreSuite } from '../test/media-store-suite.js';
import type { GridFsMediaStore } from './gridfs-media.store.js';
import { tinyPdf } from './test-files.js';

const apiUrl = inject('apiUrl');

const suite = mediaStoreSuite('tunafy-files-test-');
let store: GridFsMediaStore;
let member: ApiClient;
const guest = new ApiClient(apiUrl);

const cover = renderCover({ seed: 11, title: 'files test', size: 64 });
const song = synthesizeSong({ seed: 12, seconds: 2 });
let coverId: string;
let songId: string;

// The files go into the API's own database through a second store, as another replica would put them.
beforeAll(async () => {
  ({ store } = suite);
  coverId = (await store.save({ kind: 'image', contentType: 'image/png', fileName: 'cover.png', data: cover })).id;
  songId = (await store.save({ kind: 'audio', contentType: 'audio/mpeg', fileName: 'song.mp3', data: song })).id;
  member = await newUser(apiUrl, 'listener');
});

/** Asserts a 200 carrying exactly `bytes`, with each of `headers` as given. */
function expectServed(response: ApiResponse, bytes: Buffer, headers: Record<string, string>): void {
  expect(response.status).toBe(200);
  for (const [name, value] of Object.entries(headers)) expect(response.headers.get(name), name).toBe(value);
  expect(response.raw.equals(bytes)).toBe(true);
}

describe('GET /api/files/:id', () => {
  it('serves a cover to guests with immutable, public caching', async () => {
    expectServed(await guest.get(`/api/files/${coverId}`), cover, {
      'content-type': 'image/png',
      etag: `"${coverId}"`,
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-length': String(cover.length),
      'x-content-type-options': 'nosniff',
    });
  });

  it('serves audio only to logged-in users, privately cached', async () => {
    const refused = await guest.get(`/api/files/${songId}`);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    expectServed(await member.get(`/api/files/${songId}`), song, { 'content-type': 'audio/mpeg', 'cache-control': 'private, max-age=31536000, immutable' });
  });

  it('refuses audio to a session cookie that was logged out or tampered with', async () => {
    const listener = await newUser(apiUrl, 'leaver');
    const cookie = `${SESSION_COOKIE}=${listener.cookie(SESSION_COOKIE)!}`;
    const withCookie = (value: string) => fetch(`${apiUrl}/api/files/${songId}`, { headers: { cookie: value, range: 'bytes=0-9' } });
    expect((await withCookie(cookie)).status).toBe(206);
    // The signature covers the session id: changing one character of either makes the cookie no session.
    const tampered = cookie.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await withCookie(tampered)).status).toBe(401);
    expect((await listener.post('/api/auth/logout')).status).toBeLessThan(300);
    const after = await withCookie(cookie);
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
  });

  it.each([
    ['the start', 'bytes=0-99', 0, 100],
    ['the middle', 'bytes=1000-1999', 1000, 2000],
    ['an open end', `bytes=${song.length - 500}-`, song.length - 500, song.length],
    ['a suffix', 'bytes=-100', song.length - 100, song.length],
  ])('answers a range at %s with 206 and exactly those bytes', async (_where, range, start, end) => {
    const response = await member.get(`/api/files/${songId}`, { headers: { range } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end - 1}/${song.length}`);
    expect(response.headers.get('content-length')).toBe(String(end - start));
    expect(response.raw.equals(song.subarray(start, end))).toBe(true);
  });

  it('answers an unsatisfiable range with 416, the length, and our error shape', async () => {
    const response = await member.get(`/api/files/${songId}`, { headers: { range: 'bytes=999999999-' } });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe(`bytes */${song.length}`);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).not.toMatch(/immutable/);
    expect(response.body).toMatchObject({ statusCode: 416, code: 'RANGE_NOT_SATISFIABLE' });
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    // A browser revalidating sends max-age=0; without it fetch adds `no-cache`, which makes any server answer in full.
    const revalidate = { 'cache-control': 'max-age=0' };
    const response = await member.get(`/api/files/${songId}`, { headers: { ...revalidate, 'if-none-match': `"${songId}"` } });
    expect(response.status).toBe(304);
    expect(response.raw.length).toBe(0);
    const stale = await member.get(`/api/files/${songId}`, { headers: { ...revalidate, 'if-none-match': '"somethingelse"' } });
    expect(stale.status).toBe(200);
  });

  it('ignores a range whose If-Range names another version', async () => {
    const response = await member.get(`/api/files/${songId}`, { headers: { range: 'bytes=0-9', 'if-range': '"other"' } });
    expect(response.status).toBe(200);
    expect(response.raw.length).toBe(song.length);
  });

  it('answers a malformed or multi-part range with the whole file, as static servers do', async () => {
    for (const range of ['bytes=oops', 'bytes=0-9,20-29', 'pages=1-2']) {
      const response = await member.get(`/api/files/${songId}`, { headers: { range } });
      expect(response.status, range).toBe(200);
      expect(response.raw.equals(song), range).toBe(true);
    }
  });

  it('honours If-Match: 412 with the error shape when it names another version', async () => {
    const failed = await member.get(`/api/files/${songId}`, { headers: { 'if-match': '"other"' } });
    expect(failed.status).toBe(412);
    expect(failed.body).toMatchObject({ statusCode: 412, code: 'PRECONDITION_FAILED' });
    expect(failed.headers.get('etag')).not.toBe(`"${songId}"`);
    const matched = await member.get(`/api/files/${songId}`, { headers: { 'if-match': `"other", "${songId}"`, range: 'bytes=0-9' } });
    expect(matched.status).toBe(206);
    expect(matched.raw.equals(song.subarray(0, 10))).toBe(true);
  });

  it('answers HEAD with a range with the partial headers only', async () => {
    const response = await member.request('HEAD', `/api/files/${songId}`, { headers: { range: 'bytes=10-19' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 10-19/${song.length}`);
    expect(response.headers.get('content-length')).toBe('10');
    expect(response.raw.length).toBe(0);
  });

  it('answers HEAD with the headers only', async () => {
    const response = await member.request('HEAD', `/api/files/${songId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(song.length));
    expect(response.raw.length).toBe(0);
  });

  it('refuses a malformed id with 400 and an unknown one with 404', async () => {
    const malformed = await guest.get('/api/files/not-an-id');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('INVALID_ID');
    const unknown = await guest.get(`/api/files/${new mongoose.Types.ObjectId().toHexString()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
  });

  it('sandboxes PDF covers', async () => {
    const pdf = tinyPdf();
    const { id } = await store.save({ kind: 'image', contentType: 'application/pdf', fileName: 'cover.pdf', data: pdf });
    expectServed(await guest.get(`/api/files/${id}`), pdf, { 'content-type': 'application/pdf', 'content-security-policy': 'sandbox' });
  });

  it('answers 404 for a deleted file even though the API had cached it', async () => {
    const data = renderCover({ seed: 13, title: 'doomed', size: 32 });
    const { id } = await store.save({ kind: 'image', contentType: 'image/png', fileName: 'doomed.png', data });
    expect((await guest.get(`/api/files/${id}`)).status).toBe(200);
    await store.delete(id);
    expect((await guest.get(`/api/files/${id}`)).status).toBe(404);
  });

  it('gives many concurrent first readers the same complete bytes', async () => {
    const data = synthesizeSong({ seed: 14, seconds: 1 });
    const { id } = await store.save({ kind: 'audio', contentType: 'audio/mpeg', fileName: 'rush.mp3', data });
    const responses = await Promise.all(Array.from({ length: 8 }, () => member.get(`/api/files/${id}`)));
    for (const response of responses) expectServed(response, data, {});
    // The API filled its cache once, atomically: the copy is there and no temporary file is left.
    const apiCache = readdirSync(inject('apiEnv').MEDIA_CACHE_DIR!);
    expect(apiCache).toContain(id);
    expect(apiCache.filter((name) => name.endsWith('.part'))).toEqual([]);
  });
});
