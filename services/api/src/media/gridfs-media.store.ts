import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import mongoose, { type Connection } from 'mongoose';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { RevisionCache } from '../database/revision-cache.js';
import { StoredRevision, type RevisionDocument } from '../database/stored-revision.js';
import { DB_CONNECTION } from '../database/tokens.js';
import { borrowChunk, giveBack } from './chunk-buffers.js';
import { deleteHeadlessChunks } from './chunk-sweeper.js';
import { CACHE_ENTRY, MediaDiskCache } from './media-disk-cache.js';
import { MediaStore, type MediaFile, type MediaFileUpload, type MediaKind, type MediaUpload, type StoredMedia } from './media-store.js';

const { GridFSBucket, ObjectId } = mongoose.mongo;

/** Upper bound for the local copy; overridable for small disks or big catalogs. */
export const MEDIA_CACHE_MAX_BYTES = Symbol('MEDIA_CACHE_MAX_BYTES');
export const DEFAULT_MEDIA_CACHE_MAX_BYTES = 2 * 1024 ** 3;
/** The GridFS bucket; `media` unless another store (the derived covers', docs/covers.md) is given its own. */
export const MEDIA_BUCKET = Symbol('MEDIA_BUCKET');

const DEFAULT_BUCKET = 'media';

interface FileDocument {
  _id: mongoose.mongo.ObjectId;
  length: number;
  uploadDate: Date;
  metadata?: { kind?: MediaKind; contentType?: string } | null;
}

/** What a request needs to know about a stored file; immutable for its id. */
interface FileFacts {
  length: number;
  uploadDate: Date;
  kind: MediaKind;
  contentType: string;
}

/**
 * The media store on GridFS, which holds the durable copy of every upload; each process streams from its own disk
 * copy (MediaDiskCache): a GridFS read on the embedded engine is slow and a Range request would repeat it.
 *
 * The facts of a file (length, type) are immutable too, so they are kept in
 * memory as well: a warm request touches no database at all. Deleting a file
 * bumps the `media` revision after the delete; this process forgets at once,
 * other replicas when they next re-read the revision (CATALOG_RECHECK_MS), so
 * a file deleted elsewhere stays streamable here for at most that long.
 * Unknown ids are never remembered: a file uploaded through another replica
 * is found on first request.
 */
@Injectable()
export class GridFsMediaStore extends MediaStore {
  private readonly logger = new Logger('MediaStore');
  private readonly bucket: mongoose.mongo.GridFSBucket;
  private readonly bucketName: string;
  private readonly cache: MediaDiskCache;
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
    const limit = maxCacheBytes ?? config.mediaCacheMaxBytes;
    this.cache = new MediaDiskCache(config.mediaCacheDir, limit && limit > 0 ? limit : DEFAULT_MEDIA_CACHE_MAX_BYTES, this.logger);
  }

  private get files() {
    return this.connection.db!.collection<FileDocument>(`${this.bucketName}.files`);
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
    await this.cache.write(hex, upload.data).catch((error: Error) => this.logger.warn(`cache write for ${hex} failed: ${error.message}`));
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
      await this.cache.adopt(hex, upload.path, size).catch((error: Error) => this.logger.warn(`cache adopt for ${hex} failed: ${error.message}`));
    }
    const stored: StoredMedia = { id: hex, kind: upload.kind, contentType: upload.contentType, length: size };
    this.announceSaved(stored);
    return stored;
  }

  stagingPath(): Promise<string> {
    return this.cache.stagingPath();
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
    await this.cache.ensure(id, facts.length, (part) => pipeline(this.bucket.openDownloadStream(new ObjectId(id)), createWriteStream(part)));
    const { kind, contentType, length, uploadDate } = facts;
    return { id, kind, contentType, length, path: this.cache.path(id), uploadedAt: uploadDate, etag: `"${id}"` };
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
    await this.cache.forget(id);
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

  /** Chunks of uploads killed before their files document was written (chunk-sweeper.ts; the janitor runs it daily). */
  deleteHeadlessChunks(before: Date): Promise<{ uploads: number; chunks: number }> {
    return deleteHeadlessChunks(this.connection.db!, this.bucketName, before);
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
