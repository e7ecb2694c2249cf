import { COVER_PIXELS_MAX } from '@tunafy/contracts';
import sharp, { type Metadata } from 'sharp';

/**
 * Reading a picture's header with the limits every cover read uses (docs/covers.md): the upload check for
 * decompression bombs here, the cover pipeline's decoding (covers/cover-encoder.ts) on top of it.
 */

/** A picture given by its path or its bytes. */
export type CoverInput = string | Buffer;

/** The stored picture cannot be read: damaged, truncated, not a picture sharp reads (a PDF), or too many pixels. */
export class UnreadableCover extends Error {}

/**
 * `failOn: 'truncated'`: a cut-off JPEG or PNG is refused rather than derived with a grey half. `pages: 1`: the first
 * frame of an animated GIF or WebP. The pixel limit refuses a decompression bomb from its header, before decoding.
 */
export const PICTURE_INPUT = { limitInputPixels: COVER_PIXELS_MAX, failOn: 'truncated', pages: 1 } as const;

/** The picture as shown: EXIF orientation applied (a portrait phone photo stored sideways is taller than wide). */
export interface PictureFacts {
  width: number;
  height: number;
  /** An alpha channel (PNG, GIF with transparency): its fallback format is PNG, not JPEG (which would turn it black). */
  alpha: boolean;
}

function unreadable(error: unknown): UnreadableCover {
  const message = (error as Error).message;
  if (/pixel limit/iu.test(message)) return new UnreadableCover(`the picture claims more than ${COVER_PIXELS_MAX} pixels`);
  return new UnreadableCover(`not a picture that can be read (${message})`);
}

/** Reads only the header: cheap, and a bomb is refused here without any pixel decoded. */
export async function readPicture(input: CoverInput): Promise<PictureFacts> {
  let meta: Metadata;
  try {
    meta = await sharp(input, PICTURE_INPUT).metadata();
  } catch (error) {
    throw unreadable(error);
  }
  const { width, height, orientation, hasAlpha } = meta;
  if (!width || !height) throw new UnreadableCover('the picture has no size');
  // A GIF's or WebP's height covers every frame; its first frame is pageHeight high.
  const frameHeight = meta.pageHeight && meta.pageHeight < height ? meta.pageHeight : height;
  if (width * height > COVER_PIXELS_MAX) throw new UnreadableCover(`the picture claims more than ${COVER_PIXELS_MAX} pixels (${width}×${height})`);
  const turned = orientation !== undefined && orientation >= 5;
  return { width: turned ? frameHeight : width, height: turned ? width : frameHeight, alpha: hasAlpha === true };
}

/** For uploads: whether the header claims more than COVER_PIXELS_MAX pixels. A file sharp cannot read is judged elsewhere. */
export async function claimsTooManyPixels(data: Buffer): Promise<boolean> {
  try {
    await readPicture(data);
    return false;
  } catch (error) {
    return /more than \d+ pixels/u.test((error as Error).message);
  }
}
