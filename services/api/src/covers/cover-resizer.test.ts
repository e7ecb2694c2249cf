import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { MediaFile } from '../media/media-store.js';
import { tinyPdf } from '../media/test-files.js';
import { newId } from '../test/unit.js';
import { resizeCover, UnreadableCover } from './cover-encoder.js';
import { CoverPool } from './cover-pool.js';
import { CoverResizer } from './cover-resizer.service.js';

const dir = mkdtempSync(join(tmpdir(), 'tunafy-covers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A 600×400 picture with detail in it (a flat one would compress to almost nothing and hide truncation). */
async function photo(format: 'jpeg' | 'png', channels: 3 | 4 = 3): Promise<Buffer> {
  const pixels = Buffer.alloc(600 * 400 * channels);
  for (let at = 0; at < pixels.length; at++) pixels[at] = (at * 7919) % 251;
  return sharp(pixels, { raw: { width: 600, height: 400, channels } })[format]().toBuffer();
}

/** A valid PNG whose header claims `side`×`side` pixels: a few hundred bytes that would decode to gigabytes. */
async function bomb(side: number): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 10, height: 10, channels: 3, background: '#123456' } }).png().toBuffer());
  png.writeUInt32BE(side, 16);
  png.writeUInt32BE(side, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function stored(bytes: Buffer): MediaFile {
  const id = newId();
  const path = join(dir, id);
  writeFileSync(path, bytes);
  return { id, kind: 'image', contentType: 'image/jpeg', length: bytes.length, path, uploadedAt: new Date(), etag: `"${id}"` };
}

const unreadable = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(UnreadableCover);
  return (error as Error).message;
};

describe('resizeCover', () => {
  it('fits a picture in the square as JPEG, keeping its shape', async () => {
    const sized = await resizeCover(await photo('jpeg'), 64);
    if (sized.kind !== 'bytes') throw new Error('expected bytes');
    expect(sized.contentType).toBe('image/jpeg');
    expect(await sharp(sized.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 43 });
  });

  it('keeps transparency as PNG', async () => {
    const sized = await resizeCover(await photo('png', 4), 100);
    if (sized.kind !== 'bytes') throw new Error('expected bytes');
    expect(sized.contentType).toBe('image/png');
    expect(await sharp(sized.bytes).metadata()).toMatchObject({ format: 'png', width: 100, hasAlpha: true });
  });

  it('answers the original for a picture that already fits: never enlarged, never re-encoded', async () => {
    expect(await resizeCover(await photo('jpeg'), 600)).toEqual({ kind: 'original' });
    expect(await resizeCover(await photo('jpeg'), 2048)).toEqual({ kind: 'original' });
  });

  it('refuses a truncated picture, a decompression bomb and what is not a picture, without decoding a bomb', async () => {
    const jpeg = await photo('jpeg');
    expect(await unreadable(resizeCover(jpeg.subarray(0, jpeg.length / 2), 64))).toMatch(/could not be decoded.*premature end/iu);
    const started = Date.now();
    expect(await unreadable(resizeCover(await bomb(30_000), 64))).toMatch(/more than 40000000 pixels/u);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await unreadable(resizeCover(tinyPdf(), 64))).toMatch(/not a picture/u);
    expect(await unreadable(resizeCover(Buffer.alloc(0), 64))).toMatch(/not a picture/u);
  });
});

describe('CoverResizer', () => {
  it('resizes once for asks at the same time and after, with one ETag per file and size', async () => {
    const resizer = new CoverResizer(new CoverPool());
    const file = stored(await photo('jpeg'));
    const [first, second] = await Promise.all([resizer.resized(file, 64), resizer.resized(file, 64)]);
    const later = await resizer.resized(file, 64);
    if (first.kind !== 'bytes' || second.kind !== 'bytes' || later.kind !== 'bytes') throw new Error('expected bytes');
    expect(second.bytes).toBe(first.bytes);
    expect(later.bytes).toBe(first.bytes);
    expect(first.etag).toBe(`"${file.id}-64-v1"`);
    const other = await resizer.resized(file, 128);
    expect(other.kind === 'bytes' && other.etag).toBe(`"${file.id}-128-v1"`);
  });

  it('remembers a damaged cover’s failure instead of decoding it again', async () => {
    const resizer = new CoverResizer(new CoverPool());
    const jpeg = await photo('jpeg');
    const file = stored(jpeg.subarray(0, jpeg.length / 2));
    await unreadable(resizer.resized(file, 64));
    // The file is replaced by a good picture under the same id: the remembered failure still answers.
    writeFileSync(file.path, jpeg);
    await unreadable(resizer.resized(file, 64));
  });
});
