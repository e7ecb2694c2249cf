import { COVER_PIXELS_MESSAGE, COVER_SIZES, type Song } from '@tunafy/contracts';
import { ObjectId } from 'mongodb';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { synthesizeSong } from '../media/synth/synth-song.js';
import { ApiClient, newUser, type ApiResponse } from '../test/api-client.js';
import { createSong, fileId, form } from '../test/fixtures.js';
import { mediaStoreSuite } from '../test/media-store-suite.js';
import { apiSuite, expectValidationFailed, UNKNOWN_ID, type TestUser } from '../test/suite.js';
import { animatedGif, bomb, cmykJpeg, photo, png16, rotatedJpeg, truncatedJpeg } from './cover-test-pictures.js';

// Covers at the size they are shown (issue 31, docs/covers.md): the real API process, the real database, real sharp.
// Pictures are decoded with sharp to check what the API sent. Files stored straight into GridFS through a second
// store stand for covers stored before the pipeline (the API's own uploads derive theirs at once).

const apiUrl = inject('apiUrl');
const { db } = await apiSuite();
const store = mediaStoreSuite('tunafy-covers-test-');
const guest = new ApiClient(apiUrl);
const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

let artist: TestUser;
let song: Song;
let coverId: string;

/** What a cover answer decodes to: its format as sharp names it (AVIF is HEIF), its size. */
async function decoded(response: ApiResponse): Promise<{ format: string; width: number; height: number }> {
  const meta = await sharp(response.raw).metadata();
  return { format: meta.format === 'heif' ? 'avif' : meta.format!, width: meta.width!, height: meta.height! };
}

const sized = (id: string, size: number | string, options: { format?: string; accept?: string; headers?: Record<string, string> } = {}) =>
  guest.get(`/api/files/${id}?size=${size}${options.format ? `&format=${options.format}` : ''}`, { headers: { accept: options.accept ?? '*/*', ...options.headers } });

/** The derived set of a cover once the background has written it (or null when the time is up). */
async function setOf(id: string, timeoutMs = 60_000): Promise<{ variants: { size: number; format: string; file_id: string }[]; unreadable: string | null } | null> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const set = await db.collection<{ _id: string; variants: { size: number; format: string; file_id: string }[]; unreadable: string | null }>('cover_variants').findOne({ _id: id });
    if (set || Date.now() > until) return set;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const coverFiles = (ids: string[]) => db.collection('covers.files').countDocuments({ _id: { $in: ids.map((id) => new ObjectId(id)) } });

async function storedStraight(data: Buffer, contentType = 'image/jpeg'): Promise<string> {
  return (await store.store.save({ kind: 'image', contentType, fileName: 'cover', data })).id;
}

beforeAll(async () => {
  artist = await newUser(apiUrl, 'covers');
  song = await createSong(artist, { song_name: 'Sized', cover: new File([await photo('jpeg', 900, 700)], 'cover.jpg', { type: 'image/jpeg' }) });
  coverId = fileId(song.song_cover_url);
});

describe('GET /api/files/:id?size=', () => {
  it('answers each kept size in each format as a centre square, with immutable caching, Vary: Accept and one ETag per variant', async () => {
    for (const size of COVER_SIZES) {
      for (const format of ['avif', 'webp', 'jpeg']) {
        const response = await sized(coverId, size, { format });
        expect(response.status, `${size} ${format}`).toBe(200);
        expect(await decoded(response)).toEqual({ format, width: size, height: size });
        expect(response.headers.get('content-type')).toBe(`image/${format}`);
        expect(response.headers.get('etag')).toBe(`"${coverId}-${size}-${format}-v1"`);
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(response.headers.get('vary')).toMatch(/accept/iu);
        expect(response.headers.get('content-length')).toBe(String(response.raw.length));
      }
    }
    // The original stays as it was, at its URL without a query.
    const original = await guest.get(song.song_cover_url);
    expect(await decoded(original)).toEqual({ format: 'jpeg', width: 900, height: 700 });
    expect(original.headers.get('etag')).toBe(`"${coverId}"`);
  });

  it('made the set on upload, stored in the covers bucket: 4 sizes × AVIF, WebP, JPEG', async () => {
    const set = await setOf(coverId);
    expect(set?.unreadable).toBeNull();
    expect(set?.variants.map((variant) => `${variant.size}.${variant.format}`).sort()).toEqual(COVER_SIZES.flatMap((size) => [`${size}.avif`, `${size}.jpeg`, `${size}.webp`]).sort());
    expect(await coverFiles(set!.variants.map((variant) => variant.file_id))).toBe(12);
  });

  it('picks the format by Accept: AVIF, else WebP, else JPEG; snaps other sizes to the next kept one', async () => {
    expect(await decoded(await sized(coverId, 300, { accept: CHROME_ACCEPT }))).toMatchObject({ format: 'avif', width: 300 });
    expect(await decoded(await sized(coverId, 300, { accept: 'image/webp,image/*,*/*;q=0.8' }))).toMatchObject({ format: 'webp' });
    expect(await decoded(await sized(coverId, 300, { accept: 'image/*' }))).toMatchObject({ format: 'jpeg' });
    expect(await decoded(await sized(coverId, 100, { accept: CHROME_ACCEPT }))).toMatchObject({ format: 'avif', width: 128 });
    expect(await decoded(await sized(coverId, 4096))).toMatchObject({ width: 640 });
    // The override wins over Accept.
    expect(await decoded(await sized(coverId, 64, { accept: CHROME_ACCEPT, format: 'jpeg' }))).toMatchObject({ format: 'jpeg' });
  });

  it('answers 304 to a client holding the variant', async () => {
    const first = await sized(coverId, 128, { accept: CHROME_ACCEPT });
    const etag = first.headers.get('etag')!;
    const again = await sized(coverId, 128, { accept: CHROME_ACCEPT, headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    // Another format's ETag is not this one's.
    expect((await sized(coverId, 128, { accept: '*/*', headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } })).status).toBe(200);
  });

  it('never enlarges: a 100 px cover asked at 300 or 640 comes at 100 px', async () => {
    const id = await storedStraight(await photo('png', 100, 100), 'image/png');
    for (const size of [300, 640]) expect(await decoded(await sized(id, size, { format: 'webp' }))).toEqual({ format: 'webp', width: 100, height: 100 });
  });

  it('refuses a size that is not a whole number from 1 to 4096, an unknown format, a size of audio; 404 for no file', async () => {
    for (const size of ['0', '4097', 'big', '1.5']) expect((await sized(coverId, size)).body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', errors: { size: expect.any(String) } });
    expectValidationFailed(await sized(coverId, 64, { format: 'gif' }), { format: 'Format must be one of avif, webp, jpeg, png.' });
    const audio = fileId(song.song_file_url);
    expectValidationFailed(await artist.get(`/api/files/${audio}?size=64`), { size: 'Only pictures come in sizes.' });
    expect((await sized(UNKNOWN_ID, 64)).status).toBe(404);
  });
});

describe('covers stored before the pipeline', () => {
  it('are made on the first request (concurrent asks share it), the rest of the set in the background, then served stored', async () => {
    const id = await storedStraight(await photo('jpeg', 800, 800));
    expect(await db.collection('cover_variants').findOne({ _id: id as never })).toBeNull();
    const answers = await Promise.all(Array.from({ length: 4 }, () => sized(id, 300, { accept: CHROME_ACCEPT })));
    for (const answer of answers) {
      expect(await decoded(answer)).toEqual({ format: 'avif', width: 300, height: 300 });
      expect(answer.raw.equals(answers[0]!.raw)).toBe(true);
    }
    const set = await setOf(id);
    expect(set?.variants).toHaveLength(12);
    // Served from the stored set now: the same bytes (the request's picture was kept, not encoded again) and ETag.
    const later = await sized(id, 300, { accept: CHROME_ACCEPT });
    expect(later.raw.equals(answers[0]!.raw)).toBe(true);
    expect(later.headers.get('etag')).toBe(answers[0]!.headers.get('etag'));
    expect(later.headers.get('accept-ranges')).toBe('bytes');
  });
});

describe('bad pictures', () => {
  it('send the original for a picture that cannot be derived (truncated, a decompression bomb, a PDF), never a 5xx', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    for (const [name, data, type] of [
      ['truncated', await truncatedJpeg(), 'image/jpeg'],
      ['bomb', await bomb(20_000), 'image/png'],
      ['pdf', pdf, 'application/pdf'],
    ] as const) {
      const id = await storedStraight(data, type);
      const started = Date.now();
      const response = await sized(id, 128, { accept: CHROME_ACCEPT });
      expect(response.status, name).toBe(200);
      expect(response.raw.equals(data), name).toBe(true);
      expect(response.headers.get('content-type'), name).toBe(type);
      expect(Date.now() - started, name).toBeLessThan(10_000);
      // The set records why, so the picture is not decoded again.
      expect((await setOf(id))?.unreadable, name).toEqual(expect.any(String));
      expect((await sized(id, 128)).raw.equals(data), name).toBe(true);
    }
  });

  it('derive a CMYK JPEG in sRGB, the first frame of an animated GIF, a 16-bit PNG, and turn by EXIF orientation', async () => {
    const cmyk = await sized(await storedStraight(await cmykJpeg()), 128, { format: 'jpeg' });
    expect(await sharp(cmyk.raw).metadata()).toMatchObject({ space: 'srgb', width: 128, height: 128 });
    const gif = await sized(await storedStraight(await animatedGif(), 'image/gif'), 64, { format: 'webp' });
    expect(await sharp(gif.raw).metadata()).toMatchObject({ format: 'webp', width: 64, height: 64 });
    expect((await sharp(gif.raw).metadata()).pages ?? 1).toBe(1);
    const deep = await sized(await storedStraight(await png16(), 'image/png'), 300, { format: 'png' });
    expect(await sharp(deep.raw).metadata()).toMatchObject({ format: 'png', depth: 'uchar', width: 300 });
    // Stored 600×300 with orientation 6, shown 300×600: its largest square is 300.
    expect(await decoded(await sized(await storedStraight(await rotatedJpeg()), 640, { format: 'jpeg' }))).toEqual({ format: 'jpeg', width: 300, height: 300 });
  });

  it('refuse a decompression bomb at upload with the form’s validation answer', async () => {
    const response = await artist.post('/api/songs/new', {
      form: form({ song_name: 'Bomb', artist_id: artist.user!.id, song_cover_url: new File([await bomb(20_000)], 'bomb.png', { type: 'image/png' }), song_file_url: new File([synthesizeSong({ seed: 31, seconds: 1 })], 'a.mp3', { type: 'audio/mpeg' }) }),
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(Object.values(response.body.errors)).toContain(COVER_PIXELS_MESSAGE);
  });
});

describe('deleting', () => {
  it('removes the derived set and its files with the song whose cover it was', async () => {
    const gone = await createSong(artist, { song_name: 'Going', cover: new File([await photo('jpeg', 500, 500)], 'going.jpg', { type: 'image/jpeg' }) });
    const id = fileId(gone.song_cover_url);
    const set = await setOf(id);
    const files = set!.variants.map((variant) => variant.file_id);
    expect(await coverFiles(files)).toBe(12);
    expect((await artist.delete(`/api/songs/${gone.id}`)).status).toBe(200);
    expect(await db.collection('cover_variants').findOne({ _id: id as never })).toBeNull();
    expect(await coverFiles(files)).toBe(0);
    expect(await db.collection('covers.chunks').countDocuments({ files_id: { $in: files.map((file) => new ObjectId(file)) } })).toBe(0);
    expect((await sized(id, 64)).status).toBe(404);
  });

  it('removes the old cover’s set when the update form replaces the cover, and makes the new one’s', async () => {
    const replaced = await createSong(artist, { song_name: 'Recovered', cover: new File([await photo('jpeg', 450, 450)], 'old.jpg', { type: 'image/jpeg' }) });
    const oldId = fileId(replaced.song_cover_url);
    const oldFiles = (await setOf(oldId))!.variants.map((variant) => variant.file_id);
    const updated = await artist.put<Song>(`/api/songs/${replaced.id}/update`, {
      form: form({ song_name: 'Recovered', artist_id: artist.user!.id, song_cover_url: new File([await photo('png', 460, 460)], 'new.png', { type: 'image/png' }) }),
    });
    expect(updated.status).toBe(200);
    const newId = fileId(updated.body.song_cover_url);
    expect(newId).not.toBe(oldId);
    expect((await setOf(newId))?.variants).toHaveLength(12);
    // The old file goes once the song points at the new one (songs.service), its set with it.
    for (let tries = 0; tries < 50 && (await db.collection('cover_variants').findOne({ _id: oldId as never })); tries++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await db.collection('cover_variants').findOne({ _id: oldId as never })).toBeNull();
    expect(await coverFiles(oldFiles)).toBe(0);
  });
});
