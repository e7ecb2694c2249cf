import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import mongoose, { type Connection } from 'mongoose';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { RevisionCache } from '../database/revision-cache.js';
import { StoredRevision, type RevisionDocument } from '../database/stored-revision.js';
import { DB_CONNECTION } from '../database/tokens.js';
import { mediaDiskHits, mediaDiskMisses } from '../observability/metrics.js';
import { borrowChunk, giveBack } from './chunk-buffers.js';
import { MediaStore, type MediaFile, type MediaFileUpload, type MediaKind, type MediaUpload, type StoredMedia } from './media-store.js';

const { GridFSBucket, ObjectId } = mongoose.mongo;

/** Upper bound for the local copy; overridable for small disks or big catalogs. */
export const MEDIA_CACHE_MAX_BYTES = Symbol('MEDIA_CACHE_MAX_BYTES');
export const DEFAULT_MEDIA_CACHE_MAX_BYTES = 2 * 1024 ** 3;
/** The GridFS bucket; `media` unless another store (the derived covers', docs/covers.md) is given its own. */
export const MEDIA_BUCKET = Symbol('MEDIA_BUCKET');

const DEFAULT_BUCKET = 'media';
const CACHE_ENTRY = /^[0-9a-f]{24}$/;
/** Leftover `.part` files younger than this may belong to a fill still running in another process sharing the dir. */
const STALE_PART_MS = 60 * 60 * 1000;

interface FileDocument {
  _id: mongoose.mongo.ObjectId;
  length: number;
  uploadDate: Date;
  metadata?: { kind?: MediaKind; contentType?: string } | null;
}

interface ChunkDocument {
  _id: mongoose.mongo.ObjectId;
  files_id: unknown;
  n: number;
  data: unknown;
}

/** How many distinct upload ids the headless-chunk sweep classifies per round trip to `media.files`. */
const HEADLESS_BATCH = 500;

interface CacheEntry {
  size: number;
}

/** What a request needs to know about a stored file; immutable for its id. */
interface FileFacts {
  length: number;
  uploadDate: Date;
  kind: MediaKind;
  contentType: string;
}

/**
 * GridFS holds the durable copy of every upload; each process also keeps a
 * local disk copy and streams from that: a GridFS read on the embedded engine
 * is slow and a Range request would repeat it, while files are immutable per
 * id, so a copy never goes stale (docs/decisions/0012-local-media-copy-per-process.md).
 *
 * The facts of a file (length, type) are immutable too, so they are kept in
 * memory as well: a warm request touches no database at all. Deleting a file
 * bumps the `media` revision after the delete; this process forgets at once,
 * other replicas when they next re-read the revision (CATALOG_RECHECK_MS), so
 * a file deleted elsewhere stays streamable here for at most that long.
 * Unknown ids are never remembered: a file uploaded through another replica
 * is found on first request.
 *
 * The cache is bounded: least recently used entries go once it outgrows its
 * limit (a file being streamed stays readable after unlink on POSIX).
 */
@Injectable()
export class GridFsMediaStore extends MediaStore {
  private readonly logger = new Logger('MediaStore');
  private readonly bucket: mongoose.mongo.GridFSBucket;
  private readonly bucketName: string;
  private readonly cacheDir: string;
  private readonly maxCacheBytes: number;
  /** Fills in flight, so concurrent misses for one id download it once. */
  private readonly fills = new Map<string, Promise<void>>();
  /** Map order is recency order: the first entry is the least recently used. */
  private readonly cached = new Map<string, CacheEntry>();
  private cachedBytes = 0;
  private ready: Promise<void> | null = null;
  private readonly revision: StoredRevision;
  private readonly facts: RevisionCache<FileFacts>;

  constructor(
    @Inject(DB_CONNECTION) private readonly connection: Connection,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'mediaCacheDir'> & Partial<Pick<AppConfig, 'mediaCacheMaxBytes' | 'catalogRecheckMs'>>,
    @Optional() @Inject(MEDIA_CACHE_MAX_BYTES) maxCacheBytes?: number,
    @Optional() @Inject(MEDIA_BUCKET) bucketName?: string,
  ) {
    super();
    this.bucketName = bucketName ?? DEFAULT_BUCKET;
    this.revision = new StoredRevision(() => connection.db!.collection<RevisionDocument>('meta'), this.bucketName, () => config.catalogRecheckMs ?? 1000);
    this.facts = new RevisionCache(this.revision, 50_000);
    this.bucket = new GridFSBucket(connection.db!, { bucketName: this.bucketName });
    this.cacheDir = config.mediaCacheDir;
    const limit = maxCacheBytes ?? config.mediaCacheMaxBytes;
    this.maxCacheBytes = limit && limit > 0 ? limit : DEFAULT_MEDIA_CACHE_MAX_BYTES;
  }

  private get files() {
    return this.connection.db!.collection<FileDocument>(`${this.bucketName}.files`);
  }

  private get chunks() {
    return this.connection.db!.collection<ChunkDocument>(`${this.bucketName}.chunks`);
  }

  async save(upload: MediaUpload): Promise<StoredMedia> {
    const id = new ObjectId();
    const stream = this.bucket.openUploadStreamWithId(id, upload.fileName, {
      metadata: { kind: upload.kind, contentType: upload.contentType },
    });
    try {
      await pipeline(Readable.from([upload.data]), stream);
    } catch (error) {
      // Chunks written before the failure would otherwise linger without a files document.
      await this.bucket.delete(id).catch(() => undefined);
      throw error;
    }
    const hex = id.toHexString();
    await this.writeCache(hex, upload.data).catch((error: Error) => this.logger.warn(`cache write for ${hex} failed: ${error.message}`));
    const stored: StoredMedia = { id: hex, kind: upload.kind, contentType: upload.contentType, length: upload.data.length };
    this.announceSaved(stored);
    return stored;
  }

  async saveFile(upload: MediaFileUpload): Promise<StoredMedia> {
    const id = new ObjectId();
    const stream = this.bucket.openUploadStreamWithId(id, upload.fileName, {
      metadata: { kind: upload.kind, contentType: upload.contentType },
    });
    let size: number;
    try {
      size = await writeFileInto(upload.path, stream);
    } catch (error) {
      await this.bucket.delete(id).catch(() => undefined);
      throw error;
    }
    const hex = id.toHexString();
    if (upload.adopt) {
      // The spool becomes the local copy: a hard link, no second write of a file that may be hundreds of MB. Linked,
      // not moved, so the caller can still read it by its path (the importer parses it while it is stored); the
      // caller removes that path when done.
      await this.adoptIntoCache(hex, upload.path, size).catch((error: Error) => this.logger.warn(`cache adopt for ${hex} failed: ${error.message}`));
    }
    const stored: StoredMedia = { id: hex, kind: upload.kind, contentType: upload.contentType, length: size };
    this.announceSaved(stored);
    return stored;
  }

  async stagingPath(): Promise<string> {
    await this.prepare();
    // Named like the cache's other partial files, so prepare() removes a crashed upload's spool an hour later.
    return join(this.cacheDir, `upload-${randomUUID()}.part`);
  }

  async stat(anyCaseId: string): Promise<(StoredMedia & { uploadedAt: Date }) | null> {
    const id = anyCaseId.toLowerCase();
    if (!CACHE_ENTRY.test(id)) return null;
    const facts = await this.factsOf(id);
    if (!facts) return null;
    return { id, kind: facts.kind, contentType: facts.contentType, length: facts.length, uploadedAt: facts.uploadDate };
  }

  async open(anyCaseId: string): Promise<MediaFile | null> {
    const id = anyCaseId.toLowerCase();
    if (!CACHE_ENTRY.test(id)) return null;
    const facts = await this.factsOf(id);
    if (!facts) return null;
    await this.ensureCached(id, facts.length);
    const { kind, contentType, length, uploadDate } = facts;
    return { id, kind, contentType, length, path: this.cachePath(id), uploadedAt: uploadDate, etag: `"${id}"` };
  }

  async delete(anyCaseId: string): Promise<void> {
    const id = anyCaseId.toLowerCase();
    if (!CACHE_ENTRY.test(id)) return;
    this.facts.forget(id);
    try {
      await this.bucket.delete(new ObjectId(id));
    } catch (error) {
      if (!/file not found/i.test((error as Error).message)) throw error;
    }
    await this.forget(id);
    // After the delete, so a replica that re-reads the facts on seeing the new revision finds nothing.
    await this.revision.bump();
    await this.announceDeleted(id);
  }

  private factsOf(id: string): Promise<FileFacts | null> {
    return this.facts.get(id, async () => {
      const doc = await this.files.findOne({ _id: new ObjectId(id) });
      if (!doc) return null;
      const contentType = doc.metadata?.contentType ?? 'application/octet-stream';
      return {
        length: doc.length,
        uploadDate: doc.uploadDate,
        kind: doc.metadata?.kind ?? (contentType.startsWith('audio/') ? 'audio' : 'image'),
        contentType,
      };
    });
  }

  async idsUploadedBefore(date: Date): Promise<string[]> {
    const docs = await this.files.find({ uploadDate: { $lt: date } }, { projection: { _id: 1 } }).toArray();
    return docs.map((doc) => doc._id.toHexString());
  }

  /**
   * GridFS writes a file's chunks first and its `media.files` document last, so
   * a process killed mid-upload leaves chunks no file owns, which no read or
   * delete ever reaches. The upload's age is its id's: this store (and the
   * driver) makes the id when the upload starts, so chunks whose `files_id` is
   * older than `before` belong to an upload that had that long to finish.
   *
   * The embedded engine cannot list the distinct `files_id`s from an index, so
   * this reads the chunks collection once, as one unsorted, projected cursor
   * in bounded batches, and deletes each headless upload by `{files_id}`,
   * which our FerretDB build answers from its index
   * (docs/decisions/0005-embedded-engine-ferretdb-sqlite.md). Reading every
   * chunk is why the janitor runs it daily (docs/api.md, "Deletes without
   * transactions").
   */
  async deleteHeadlessChunks(before: Date): Promise<{ uploads: number; chunks: number }> {
    const seen = new Set<string>();
    const headless: mongoose.mongo.ObjectId[] = [];
    let batch: mongoose.mongo.ObjectId[] = [];
    const classify = async () => {
      if (batch.length === 0) return;
      const owned = await this.files.find({ _id: { $in: batch } }, { projection: { _id: 1 } }).toArray();
      const existing = new Set(owned.map((doc) => doc._id.toHexString()));
      headless.push(...batch.filter((id) => !existing.has(id.toHexString())));
      batch = [];
    };
    const cursor = this.chunks.find({}, { projection: { _id: 0, files_id: 1 }, batchSize: HEADLESS_BATCH });
    for await (const chunk of cursor) {
      const filesId = chunk.files_id;
      if (!(filesId instanceof ObjectId)) continue;
      const hex = filesId.toHexString();
      if (seen.has(hex)) continue;
      seen.add(hex);
      if (filesId.getTimestamp() >= before) continue;
      batch.push(filesId);
      if (batch.length >= HEADLESS_BATCH) await classify();
    }
    await classify();
    let chunks = 0;
    for (const id of headless) {
      chunks += (await this.chunks.deleteMany({ files_id: id })).deletedCount;
    }
    return { uploads: headless.length, chunks };
  }

  private cachePath(id: string): string {
    return join(this.cacheDir, id);
  }

  private async ensureCached(id: string, length: number): Promise<void> {
    await this.prepare();
    if (this.cached.has(id)) {
      // One stat per request catches a copy removed or truncated behind our back.
      const onDisk = await stat(this.cachePath(id)).catch(() => null);
      if (onDisk?.isFile() && onDisk.size === length) {
        this.touch(id);
        mediaDiskHits.inc();
        return;
      }
      await this.forget(id);
    }
    // A miss: this request waits for a copy from GridFS (its own fill or one already running).
    mediaDiskMisses.inc();
    let fill = this.fills.get(id);
    if (!fill) {
      fill = this.fill(id, length).finally(() => this.fills.delete(id));
      this.fills.set(id, fill);
    }
    await fill;
  }

  private async fill(id: string, length: number): Promise<void> {
    // Another process sharing the directory may have filled it already.
    const existing = await stat(this.cachePath(id)).catch(() => null);
    if (existing?.isFile() && existing.size === length) {
      await this.remember(id, length);
      return;
    }
    await this.writeWhole(id, async (part) => {
      await pipeline(this.bucket.openDownloadStream(new ObjectId(id)), createWriteStream(part));
      const written = await stat(part);
      if (written.size !== length) throw new Error(`media ${id}: downloaded ${written.size} of ${length} bytes`);
    });
    await this.remember(id, length);
  }

  private async writeCache(id: string, data: Buffer): Promise<void> {
    await this.prepare();
    await this.writeWhole(id, (part) => writeFile(part, data));
    await this.remember(id, data.length);
  }

  private async adoptIntoCache(id: string, path: string, size: number): Promise<void> {
    await this.prepare();
    // A file system without hard links gets a copy.
    await link(path, this.cachePath(id)).catch(() => this.writeWhole(id, (part) => copyFile(path, part)));
    await this.remember(id, size);
  }

  /**
   * Writes a local copy under a unique temporary name, then renames it into place: it appears whole or not at all,
   * and concurrent writers of processes sharing the directory stay apart.
   */
  private async writeWhole(id: string, write: (part: string) => Promise<void>): Promise<void> {
    const part = join(this.cacheDir, `${id}.${randomUUID()}.part`);
    try {
      await write(part);
      await rename(part, this.cachePath(id));
    } catch (error) {
      await rm(part, { force: true });
      throw error;
    }
  }

  private async forget(id: string): Promise<void> {
    const entry = this.cached.get(id);
    if (entry) {
      this.cached.delete(id);
      this.cachedBytes -= entry.size;
    }
    await rm(this.cachePath(id), { force: true });
  }

  private touch(id: string): void {
    const entry = this.cached.get(id)!;
    this.cached.delete(id);
    this.cached.set(id, entry);
  }

  private async remember(id: string, size: number): Promise<void> {
    const previous = this.cached.get(id);
    if (previous) this.cachedBytes -= previous.size;
    this.cached.delete(id);
    this.cached.set(id, { size });
    this.cachedBytes += size;
    await this.evict(id);
  }

  /** Drops least recently used copies until the cache fits; the entry just added always stays. */
  private async evict(keep: string): Promise<void> {
    const victims: string[] = [];
    for (const [id, entry] of this.cached) {
      if (this.cachedBytes <= this.maxCacheBytes) break;
      if (id === keep) continue;
      this.cached.delete(id);
      this.cachedBytes -= entry.size;
      victims.push(id);
    }
    await Promise.all(
      victims.map((id) => rm(this.cachePath(id), { force: true }).catch((error: Error) => this.logger.warn(`evicting ${id} failed: ${error.message}`))),
    );
  }

  /** Creates the directory and adopts copies left by an earlier run, so a restart does not refetch everything. */
  private prepare(): Promise<void> {
    this.ready ??= (async () => {
      await mkdir(this.cacheDir, { recursive: true });
      const names = await readdir(this.cacheDir);
      const found: { id: string; size: number; usedAt: number }[] = [];
      for (const name of names) {
        const info = await stat(join(this.cacheDir, name)).catch(() => null);
        if (!info?.isFile()) continue;
        if (CACHE_ENTRY.test(name)) found.push({ id: name, size: info.size, usedAt: Math.max(info.atimeMs, info.mtimeMs) });
        else if (name.endsWith('.part') && Date.now() - info.mtimeMs > STALE_PART_MS) await rm(join(this.cacheDir, name), { force: true });
      }
      found.sort((a, b) => a.usedAt - b.usedAt);
      for (const entry of found) {
        // Entries added by a save/fill racing with this scan are fresher; keep their place.
        if (this.cached.has(entry.id)) continue;
        this.cached.set(entry.id, { size: entry.size });
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

/**
 * Writes the file at `path` into the GridFS upload and ends it; answers its size. One borrowed buffer is read into
 * for every chunk (the writer copies each write before it calls back), since a new buffer per read is memory outside
 * V8's heap that only a full collection frees (see chunk-buffers.ts).
 */
async function writeFileInto(path: string, stream: InstanceType<typeof mongoose.mongo.GridFSBucketWriteStream>): Promise<number> {
  const file = await open(path);
  const buffer = borrowChunk();
  const readBytes = Math.min(buffer.length, stream.chunkSizeBytes);
  // Listens from the start: a failed chunk insert is also emitted as 'error', which must not go unheard.
  const done = finished(stream);
  done.catch(() => undefined);
  let size = 0;
  let failed = false;
  try {
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, readBytes, size);
      if (bytesRead === 0) break;
      size += bytesRead;
      await new Promise<void>((resolve, reject) => stream.write(buffer.subarray(0, bytesRead), (error) => (error ? reject(error) : resolve())));
    }
    stream.end();
    await done;
    return size;
  } catch (error) {
    failed = true;
    stream.destroy();
    throw error;
  } finally {
    await file.close();
    // After a failure the writer may not have taken its copy yet.
    if (!failed) giveBack(buffer);
  }
}
