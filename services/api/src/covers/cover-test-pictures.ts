import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** Pictures for the cover tests: each a real encoder's output, with detail (a flat one hides truncation and crops). */

/** `width`×`height` of seeded noise with a gradient, so crops and orientation show in the pixels. */
export async function photo(format: 'jpeg' | 'png' | 'gif' | 'webp', width = 600, height = 400, channels: 3 | 4 = 3): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * channels);
  for (let at = 0; at < pixels.length; at++) pixels[at] = ((at * 7919) % 251) & (at % channels === 0 ? 0xff : 0x7f);
  return sharp(pixels, { raw: { width, height, channels } })[format]().toBuffer();
}

/** A valid PNG whose header claims `side`×`side` pixels: a few hundred bytes that would decode to gigabytes. */
export async function bomb(side: number): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 10, height: 10, channels: 3, background: '#123456' } }).png().toBuffer());
  png.writeUInt32BE(side, 16);
  png.writeUInt32BE(side, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** The first half of a detailed JPEG: what a cut-off download or a damaged tag leaves. */
export async function truncatedJpeg(): Promise<Buffer> {
  const jpeg = await photo('jpeg', 400, 400);
  return jpeg.subarray(0, jpeg.length / 2);
}

/** A CMYK JPEG (as print workflows and some scans store album art). */
export async function cmykJpeg(): Promise<Buffer> {
  return sharp(await photo('jpeg', 300, 300)).toColourspace('cmyk').jpeg().toBuffer();
}

/** A two-frame animated GIF, 200×100: red first, blue second. */
export async function animatedGif(): Promise<Buffer> {
  const frame = (r: number, b: number) => Buffer.alloc(200 * 100 * 3, Buffer.from([r, 0, b]));
  const frames = Buffer.concat([frame(255, 0), frame(0, 255)]);
  return sharp(frames, { raw: { width: 200, height: 200, channels: 3, pageHeight: 100 } }).gif({ loop: 0, delay: [200, 200] }).toBuffer();
}

/** A 16-bit RGB PNG. */
export async function png16(): Promise<Buffer> {
  return sharp(await photo('png', 320, 320)).toColourspace('rgb16').png().toBuffer();
}

/** A 600×300 JPEG (landscape in its pixels) whose EXIF orientation 6 says it is shown turned: 300×600 on screen. */
export async function rotatedJpeg(): Promise<Buffer> {
  return sharp(await photo('jpeg', 600, 300)).withMetadata({ orientation: 6 }).jpeg().toBuffer();
}
