import { randomUUID } from 'node:crypto';
import { link, copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '@nestjs/common';
import { mediaDiskHits, mediaDiskMisses } from '../observability/metrics.js';

/** A stored file's id as the cache names its copy: 24 lower-case hex digits. */
export const CACHE_ENTRY = /^[0-9a-f]{24}$/;
/** Leftover `.part` files younger than this may belong to a fill still running in another process sharing the dir. */
const STALE_PART_MS = 60 * 60 * 1000;

/**
 * This process's local copies of stored files, one per id in one directory, streamed from instead of the database
 * (docs/decisions/0012-local-media-copy-per-process.md). Files are immutable per id, so a copy never goes stale.
 * Bounded: least recently used copies go once it outgrows its limit (a file being streamed stays readable after
 * unlink on POSIX). Other processes may share the directory.
 */
export class MediaDiskCache {
  /** Fills in flight, so concurrent misses for one id download it once. */
  private readonly fills = new Map<string, Promise<void>>();
  /** Sizes by id; Map order is recency order: the first entry is the least recently used. */
  private readonly cached = new Map<string, number>();
  private cachedBytes = 0;
  private ready: Promise<void> | null = null;

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
    private readonly logger: Logger,
  ) {}

  path(id: string): string {
    return join(this.dir, id);
  }

  async stagingPath(): Promise<string> {
    await this.prepare();
    // Named like the cache's other partial files, so prepare() removes a crashed upload's spool an hour later.
    return join(this.dir, `upload-${randomUUID()}.part`);
  }

  /** Makes sure a whole copy of `length` bytes is on disk, downloading it into a part file on a miss. */
  async ensure(id: string, length: number, download: (part: string) => Promise<void>): Promise<void> {
    await this.prepare();
    if (this.cached.has(id)) {
      // One stat per request catches a copy removed or truncated behind our back.
      const onDisk = await stat(this.path(id)).catch(() => null);
      if (onDisk?.isFile() && onDisk.size === length) {
        this.touch(id);
        mediaDiskHits.inc();
        return;
      }
      await this.forget(id);
    }
    // A miss: this request waits for a copy (its own fill or one already running).
    mediaDiskMisses.inc();
    let fill = this.fills.get(id);
    if (!fill) {
      fill = this.fill(id, length, download).finally(() => this.fills.delete(id));
      this.fills.set(id, fill);
    }
    await fill;
  }

  async write(id: string, data: Buffer): Promise<void> {
    await this.prepare();
    await this.writeWhole(id, (part) => writeFile(part, data));
    await this.remember(id, data.length);
  }

  /** Takes the file at `path` as the copy: a hard link, no second write of a file that may be hundreds of MB. */
  async adopt(id: string, path: string, size: number): Promise<void> {
    await this.prepare();
    // A file system without hard links gets a copy.
    await link(path, this.path(id)).catch(() => this.writeWhole(id, (part) => copyFile(path, part)));
    await this.remember(id, size);
  }

  async forget(id: string): Promise<void> {
    const size = this.cached.get(id);
    if (size !== undefined) {
      this.cached.delete(id);
      this.cachedBytes -= size;
    }
    await rm(this.path(id), { force: true });
  }

  private async fill(id: string, length: number, download: (part: string) => Promise<void>): Promise<void> {
    // Another process sharing the directory may have filled it already.
    const existing = await stat(this.path(id)).catch(() => null);
    if (existing?.isFile() && existing.size === length) {
      await this.remember(id, length);
      return;
    }
    await this.writeWhole(id, async (part) => {
      await download(part);
      const written = await stat(part);
      if (written.size !== length) throw new Error(`media ${id}: downloaded ${written.size} of ${length} bytes`);
    });
    await this.remember(id, length);
  }

  /**
   * Writes a copy under a unique temporary name, then renames it into place: it appears whole or not at all,
   * and concurrent writers of processes sharing the directory stay apart.
   */
  private async writeWhole(id: string, write: (part: string) => Promise<void>): Promise<void> {
    const part = join(this.dir, `${id}.${randomUUID()}.part`);
    try {
      await write(part);
      await rename(part, this.path(id));
    } catch (error) {
      await rm(part, { force: true });
      throw error;
    }
  }

  private touch(id: string): void {
    const size = this.cached.get(id)!;
    this.cached.delete(id);
    this.cached.set(id, size);
  }

  private async remember(id: string, size: number): Promise<void> {
    const previous = this.cached.get(id);
    if (previous !== undefined) this.cachedBytes -= previous;
    this.cached.delete(id);
    this.cached.set(id, size);
    this.cachedBytes += size;
    await this.evict(id);
  }

  /** Drops least recently used copies until the cache fits; the entry just added always stays. */
  private async evict(keep: string): Promise<void> {
    const victims: string[] = [];
    for (const [id, size] of this.cached) {
      if (this.cachedBytes <= this.maxBytes) break;
      if (id === keep) continue;
      this.cached.delete(id);
      this.cachedBytes -= size;
      victims.push(id);
    }
    await Promise.all(victims.map((id) => rm(this.path(id), { force: true }).catch((error: Error) => this.logger.warn(`evicting ${id} failed: ${error.message}`))));
  }

  /** Creates the directory and adopts copies left by an earlier run, so a restart does not refetch everything. */
  private prepare(): Promise<void> {
    this.ready ??= (async () => {
      await mkdir(this.dir, { recursive: true });
      const names = await readdir(this.dir);
      const found: { id: string; size: number; usedAt: number }[] = [];
      for (const name of names) {
        const info = await stat(join(this.dir, name)).catch(() => null);
        if (!info?.isFile()) continue;
        if (CACHE_ENTRY.test(name)) found.push({ id: name, size: info.size, usedAt: Math.max(info.atimeMs, info.mtimeMs) });
        else if (name.endsWith('.part') && Date.now() - info.mtimeMs > STALE_PART_MS) await rm(join(this.dir, name), { force: true });
      }
      found.sort((a, b) => a.usedAt - b.usedAt);
      for (const entry of found) {
        // Entries added by a save/fill racing with this scan are fresher; keep their place.
        if (this.cached.has(entry.id)) continue;
        this.cached.set(entry.id, entry.size);
        this.cachedBytes += entry.size;
      }
      await this.evict('');
    })().catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }
}
