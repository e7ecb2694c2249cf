import { COVER_CONTENT_TYPES, type CoverFormat } from '@tunafy/contracts';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { PICTURE_INPUT, readPicture, UnreadableCover, type CoverInput, type PictureFacts } from '../media/picture-header.js';

export { claimsTooManyPixels, readPicture, UnreadableCover, type CoverInput, type PictureFacts } from '../media/picture-header.js';

/**
 * The one copy of the cover resize rules (docs/covers.md), used by the web route's derived sizes and by Subsonic's
 * getCoverArt: every picture is read with the same limits, oriented, converted to sRGB and encoded the same way.
 */

/** The largest edge a Subsonic app may ask for: above a full-screen cover on a 4K display, so larger asks get this. */
export const COVER_SIZE_MAX = 2048;
/** An encode that has not finished by then is stopped, so a hostile picture cannot hold a worker thread. */
export const ENCODE_SECONDS = 10;
/** Part of every derived cover's ETag and record: bump it when the output changes (encoder, quality) so caches refresh. */
export const OUTPUT_VERSION = 1;

// We keep the outputs ourselves; libvips' operation cache would keep decoded inputs as well. One libvips thread per
// operation: the pool (CoverPool) decides how many run at once, so two cores are never asked for more.
sharp.cache(false);
sharp.concurrency(1);

/** One derived cover: the square `size` asked for, `edge` pixels wide (smaller when the original is: never enlarged). */
export interface DerivedImage {
  size: number;
  format: CoverFormat;
  contentType: string;
  edge: number;
  bytes: Buffer;
}

/** Encoder settings per format: chosen from measured bytes and encode times (docs/decisions/0004-cover-pipeline.md). */
function encode(image: Sharp, format: CoverFormat): Sharp {
  switch (format) {
    case 'avif':
      // effort 2: a fifth of the default's time (4) for a few per cent more bytes.
      return image.avif({ quality: 50, effort: 2 });
    case 'webp':
      return image.webp({ quality: 78, effort: 4 });
    case 'jpeg':
      // A transparent picture asked for as JPEG (format=jpeg) is put on white, as a browser shows it on our pages.
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true });
    case 'png':
      return image.png({ compressionLevel: 9 });
  }
}

/** The edge of the square a `size` ask gets from a picture this large: the size, or the picture's shorter side if smaller. */
export function edgeFor(facts: PictureFacts, size: number): number {
  return Math.min(size, facts.width, facts.height);
}

/**
 * Derives squares of each size in each of its formats: decoded once, oriented, converted to sRGB 8 bit (CMYK JPEGs and
 * 16-bit PNGs included), cropped to its centre square ("cover", as music apps show album art) at the largest size,
 * then scaled down from that for the smaller ones. Throws UnreadableCover when the picture cannot be decoded.
 */
export async function deriveCovers(input: CoverInput, facts: PictureFacts, asks: readonly { size: number; formats: readonly CoverFormat[] }[]): Promise<DerivedImage[]> {
  if (asks.length === 0) return [];
  const largest = Math.max(...asks.map((ask) => edgeFor(facts, ask.size)));
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(input, PICTURE_INPUT)
      .timeout({ seconds: ENCODE_SECONDS })
      .rotate() // the EXIF orientation, which the re-encoded picture no longer carries
      .resize(largest, largest, { fit: 'cover', position: 'centre' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new UnreadableCover(`the picture could not be decoded (${(error as Error).message})`);
  }
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels } as const;
  const out: DerivedImage[] = [];
  for (const ask of asks) {
    const edge = edgeFor(facts, ask.size);
    for (const format of ask.formats) {
      let image = sharp(base.data, { raw }).timeout({ seconds: ENCODE_SECONDS });
      if (edge !== largest) image = image.resize(edge, edge);
      try {
        out.push({ size: ask.size, format, contentType: COVER_CONTENT_TYPES[format], edge, bytes: await encode(image, format).toBuffer() });
      } catch (error) {
        throw new UnreadableCover(`the picture could not be encoded as ${format} (${(error as Error).message})`);
      }
    }
  }
  return out;
}

/** A cover fitted in a `size` square for Subsonic's larger asks, or `original` when the stored picture already fits. */
export type SizedCover = { kind: 'original' } | { kind: 'bytes'; contentType: string; bytes: Buffer };

/**
 * getCoverArt above the derived sizes: the picture fitted inside a `size` square, keeping its shape (apps show it
 * full screen), as JPEG, or PNG when it has transparency. A picture already small enough is answered as the original
 * without decoding it, and never enlarged.
 */
export async function resizeCover(input: CoverInput, size: number): Promise<SizedCover> {
  const facts = await readPicture(input);
  if (Math.max(facts.width, facts.height) <= size) return { kind: 'original' };
  const resized = sharp(input, PICTURE_INPUT)
    .timeout({ seconds: ENCODE_SECONDS })
    .rotate()
    .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb');
  const format: CoverFormat = facts.alpha ? 'png' : 'jpeg';
  try {
    const bytes = await (format === 'png' ? resized.png() : resized.jpeg({ quality: 85, mozjpeg: true })).toBuffer();
    return { kind: 'bytes', contentType: COVER_CONTENT_TYPES[format], bytes };
  } catch (error) {
    throw new UnreadableCover(`the picture could not be decoded (${(error as Error).message})`);
  }
}
