import { Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import type { MediaFile } from '../media/media-store.js';

/** The largest edge an app may ask for: above a full-screen cover on a 4K display, so larger asks get this. */
export const COVER_SIZE_MAX = 2048;
/** Refused before decoding: a small file can claim a huge canvas (a decompression bomb); 40 MP is a 6300 px square. */
export const COVER_PIXELS_MAX = 40_000_000;
const CACHE_BYTES = 32 * 1024 * 1024;
/** A resize that has not finished by then is stopped, so a hostile picture cannot hold a worker thread. */
const RESIZE_SECONDS = 10;
/** Two cores: more resizes at once would only queue in libvips while holding their decoded pictures in memory. */
const PARALLEL_RESIZES = 2;
/** Part of every resized cover's ETag: bump it when the output changes (encoder, quality) so apps' year-long caches refresh. */
const OUTPUT_VERSION = 1;
/** A failure is remembered this long, so an app retrying a damaged cover does not decode it again each time. */
const FAILURE_TTL_MS = 60_000;

// We keep the outputs ourselves; libvips' operation cache would keep decoded inputs as well.
sharp.cache(false);

/** A cover at the asked size, or `original` when the stored picture already fits (never enlarged, never re-encoded). */
export type SizedCover = { kind: 'original' } | { kind: 'bytes'; contentType: string; bytes: Buffer };

/** The stored picture cannot be resized: damaged, truncated, not a picture sharp reads, or too many pixels. */
export class UnreadableCover extends Error {}

const INPUT = { limitInputPixels: COVER_PIXELS_MAX, failOn: 'truncated' } as const;

/**
 * Fits the picture in a `size` square: JPEG at quality 85, or PNG when it has transparency (JPEG would turn that
 * black). Reads the header first, so a picture already small enough is answered as the original without decoding it
 * and one claiming too many pixels is refused before any is decoded.
 */
export async function resizeCover(input: string | Buffer, size: number): Promise<SizedCover> {
  let width: number | undefined;
  let height: number | undefined;
  let hasAlpha = false;
  try {
    ({ width, height, hasAlpha = false } = await sharp(input, INPUT).metadata());
  } catch (error) {
    const message = (error as Error).message;
    if (/pixel limit/iu.test(message)) throw new UnreadableCover(`the picture claims more than ${COVER_PIXELS_MAX} pixels`);
    throw new UnreadableCover(`not a picture that can be read (${message})`);
  }
  if (!width || !height) throw new UnreadableCover('the picture has no size');
  if (width * height > COVER_PIXELS_MAX) throw new UnreadableCover(`the picture claims more than ${COVER_PIXELS_MAX} pixels (${width}×${height})`);
  if (Math.max(width, height) <= size) return { kind: 'original' };
  const resized = sharp(input, INPUT)
    .timeout({ seconds: RESIZE_SECONDS })
    .rotate() // the EXIF orientation, which the re-encoded picture no longer carries
    .resize(size, size, { fit: 'inside', withoutEnlargement: true });
  try {
    if (hasAlpha) return { kind: 'bytes', contentType: 'image/png', bytes: await resized.png().toBuffer() };
    return { kind: 'bytes', contentType: 'image/jpeg', bytes: await resized.jpeg({ quality: 85 }).toBuffer() };
  } catch (error) {
    throw new UnreadableCover(`the picture could not be decoded (${(error as Error).message})`);
  }
}

/** At most `count` tasks at once; the rest wait in order. */
class Slots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly count: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.count) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so `running` only drops when nobody waits.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

type CacheEntry = { kind: 'original' } | { kind: 'bytes'; contentType: string; bytes: Buffer; etag: string } | { kind: 'unreadable'; reason: string };

/**
 * getCoverArt's `size` (docs/subsonic.md): resized covers kept in memory (at most 32 MB, least recently used out),
 * keyed by file and size, each with an ETag that stays valid as long as the file (its content never changes). Apps ask
 * the same cover at the same size for every row of a list, often at once: those asks share one resize.
 */
@Injectable()
export class CoverResizer {
  private readonly logger = new Logger('Covers');
  private readonly cache = new LRUCache<string, CacheEntry>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (entry) => (entry.kind === 'bytes' ? entry.bytes.length : 0) + 100,
  });
  private readonly pending = new Map<string, Promise<CacheEntry>>();
  private readonly slots = new Slots(PARALLEL_RESIZES);

  /** The cover fitted in a `size` square; throws UnreadableCover for a picture that cannot be resized. */
  async resized(file: MediaFile, size: number): Promise<{ kind: 'original' } | { kind: 'bytes'; contentType: string; bytes: Buffer; etag: string }> {
    const key = `${file.id}:${size}`;
    let entry = this.cache.get(key) ?? this.pending.get(key);
    if (!entry) {
      const work = this.slots.run(() => this.make(file, size)).finally(() => this.pending.delete(key));
      this.pending.set(key, work);
      entry = work;
    }
    const done = await entry;
    if (done.kind === 'unreadable') throw new UnreadableCover(done.reason);
    return done;
  }

  private async make(file: MediaFile, size: number): Promise<CacheEntry> {
    const key = `${file.id}:${size}`;
    try {
      const sized = await resizeCover(file.path, size);
      const entry: CacheEntry = sized.kind === 'original' ? sized : { ...sized, etag: `"${file.id}-${size}-v${OUTPUT_VERSION}"` };
      this.cache.set(key, entry);
      return entry;
    } catch (error) {
      if (!(error instanceof UnreadableCover)) throw error;
      this.logger.warn(`cover ${file.id} cannot be resized to ${size} px: ${error.message}`);
      const entry: CacheEntry = { kind: 'unreadable', reason: error.message };
      this.cache.set(key, entry, { ttl: FAILURE_TTL_MS });
      return entry;
    }
  }
}
