import { Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { MediaFile } from '../media/media-store.js';
import { OUTPUT_VERSION, resizeCover, UnreadableCover } from './cover-encoder.js';

export { COVER_SIZE_MAX } from './cover-encoder.js';
import { CoverPool } from './cover-pool.js';

const CACHE_BYTES = 32 * 1024 * 1024;
/** A failure is remembered this long, so an app retrying a damaged cover does not decode it again each time. */
const FAILURE_TTL_MS = 60_000;

type CacheEntry = { kind: 'original' } | { kind: 'bytes'; contentType: string; bytes: Buffer; etag: string } | { kind: 'unreadable'; reason: string };

/**
 * getCoverArt's `size` above the derived sizes (docs/subsonic.md, docs/covers.md): resized covers kept in memory (at
 * most 32 MB, least recently used out), keyed by file and size, each with an ETag that stays valid as long as the file
 * (its content never changes). Apps ask the same cover at the same size for every row of a list, often at once: those
 * asks share one resize, in the covers' bounded pool.
 */
@Injectable()
export class CoverResizer {
  private readonly logger = new Logger('Covers');
  private readonly cache = new LRUCache<string, CacheEntry>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (entry) => (entry.kind === 'bytes' ? entry.bytes.length : 0) + 100,
  });
  private readonly pending = new Map<string, Promise<CacheEntry>>();

  constructor(private readonly pool: CoverPool) {}

  /** The cover fitted in a `size` square; throws UnreadableCover for a picture that cannot be resized. */
  async resized(file: MediaFile, size: number): Promise<{ kind: 'original' } | { kind: 'bytes'; contentType: string; bytes: Buffer; etag: string }> {
    const key = `${file.id}:${size}`;
    let entry = this.cache.get(key) ?? this.pending.get(key);
    if (!entry) {
      const work = this.pool.run('request', () => this.make(file, size)).finally(() => this.pending.delete(key));
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
