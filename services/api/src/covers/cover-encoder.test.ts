import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { tinyPdf } from '../media/test-files.js';
import { claimsTooManyPixels, deriveCovers, readPicture, UnreadableCover } from './cover-encoder.js';
import { animatedGif, bomb, cmykJpeg, photo, png16, rotatedJpeg, truncatedJpeg } from './cover-test-pictures.js';

const unreadable = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(UnreadableCover);
  return (error as Error).message;
};

const decoded = async (bytes: Buffer) => sharp(bytes).metadata();

describe('deriveCovers', () => {
  it('makes each size a centre square in each format, decodable, as asked', async () => {
    const picture = await photo('jpeg', 900, 600);
    const facts = await readPicture(picture);
    expect(facts).toEqual({ width: 900, height: 600, alpha: false });
    const images = await deriveCovers(picture, facts, [64, 128, 300, 640].map((size) => ({ size, formats: ['avif', 'webp', 'jpeg'] as const })));
    expect(images).toHaveLength(12);
    for (const image of images) {
      const meta = await decoded(image.bytes);
      // 640 of a 600 px tall picture: never enlarged, the largest square it holds.
      const edge = Math.min(image.size, 600);
      expect({ size: image.size, format: meta.format === 'heif' ? 'avif' : meta.format, width: meta.width, height: meta.height }).toEqual({ size: image.size, format: image.format, width: edge, height: edge });
      expect(image.edge).toBe(edge);
      expect(image.contentType).toBe(`image/${image.format}`);
    }
  });

  it('keeps transparency in WebP, AVIF and PNG, and puts it on white for an explicit JPEG', async () => {
    const picture = await photo('png', 200, 200, 4);
    const facts = await readPicture(picture);
    expect(facts.alpha).toBe(true);
    const [webp, png, jpeg] = await deriveCovers(picture, facts, [{ size: 64, formats: ['webp', 'png', 'jpeg'] }]);
    expect((await decoded(webp!.bytes)).hasAlpha).toBe(true);
    expect((await decoded(png!.bytes)).hasAlpha).toBe(true);
    expect(await decoded(jpeg!.bytes)).toMatchObject({ format: 'jpeg', hasAlpha: false, width: 64 });
  });

  it('converts a CMYK JPEG to sRGB', async () => {
    const picture = await cmykJpeg();
    expect((await decoded(picture)).space).toBe('cmyk');
    const [image] = await deriveCovers(picture, await readPicture(picture), [{ size: 128, formats: ['jpeg'] }]);
    expect(await decoded(image!.bytes)).toMatchObject({ space: 'srgb', channels: 3, width: 128 });
  });

  it('takes the first frame of an animated GIF', async () => {
    const picture = await animatedGif();
    const facts = await readPicture(picture);
    expect(facts).toMatchObject({ width: 200, height: 100 });
    const [image] = await deriveCovers(picture, facts, [{ size: 64, formats: ['webp'] }]);
    const meta = await decoded(image!.bytes);
    expect(meta).toMatchObject({ width: 64, height: 64 });
    expect(meta.pages ?? 1).toBe(1);
    // The first frame is red, the second blue.
    const { data } = await sharp(image!.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(50);
  });

  it('reads a 16-bit PNG into 8-bit outputs', async () => {
    const picture = await png16();
    expect((await decoded(picture)).depth).toBe('ushort');
    const [image] = await deriveCovers(picture, await readPicture(picture), [{ size: 300, formats: ['jpeg'] }]);
    expect(await decoded(image!.bytes)).toMatchObject({ depth: 'uchar', width: 300, height: 300 });
  });

  it('turns a picture by its EXIF orientation before cropping', async () => {
    const picture = await rotatedJpeg();
    const facts = await readPicture(picture);
    // Stored 600×300, shown 300×600: the square is 300 wide, and the output carries no orientation to apply twice.
    expect(facts).toMatchObject({ width: 300, height: 600 });
    const [image] = await deriveCovers(picture, facts, [{ size: 640, formats: ['jpeg'] }]);
    const meta = await decoded(image!.bytes);
    expect(meta).toMatchObject({ width: 300, height: 300 });
    expect(meta.orientation ?? 1).toBe(1);
  });

  it('refuses a decompression bomb from its header, fast, and a truncated picture when decoding', async () => {
    const started = Date.now();
    expect(await unreadable(readPicture(await bomb(20_000)))).toMatch(/more than 40000000 pixels/u);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await claimsTooManyPixels(await bomb(20_000))).toBe(true);
    expect(await claimsTooManyPixels(await photo('png', 100, 100))).toBe(false);
    // Not a picture at all is for the format check to judge, not this one.
    expect(await claimsTooManyPixels(tinyPdf())).toBe(false);

    const cut = await truncatedJpeg();
    const facts = await readPicture(cut);
    expect(await unreadable(deriveCovers(cut, facts, [{ size: 64, formats: ['jpeg'] }]))).toMatch(/could not be decoded/u);
    expect(await unreadable(readPicture(tinyPdf()))).toMatch(/not a picture/u);
  });
});
