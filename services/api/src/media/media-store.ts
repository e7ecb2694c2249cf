/**
 * The storage port for uploaded media. Services only see this; the GridFS
 * adapter (plus its local disk cache) sits behind it.
 */
export type MediaKind = 'image' | 'audio';

export interface StoredMedia {
  id: string;
  kind: MediaKind;
  contentType: string;
  length: number;
}

export interface MediaFile extends StoredMedia {
  /** A local file holding exactly the stored bytes, ready to stream with Range support. */
  path: string;
  uploadedAt: Date;
  /** Strong validator; content never changes for an id (replacing a file makes a new id). */
  etag: string;
}

export interface MediaUpload {
  kind: MediaKind;
  contentType: string;
  fileName: string;
  data: Buffer;
}

/** A file already on local disk (a spooled upload, or a file the folder import reads), stored without reading it into memory. */
export interface MediaFileUpload {
  kind: MediaKind;
  contentType: string;
  fileName: string;
  path: string;
  /**
   * The store may keep the file as its local copy (a hard link, no copy; the
   * caller still removes its own path): for spooled uploads made in
   * stagingPath(), never for a user's own files.
   */
  adopt: boolean;
}

/**
 * Features that keep files made from stored ones (derived cover sizes, docs/covers.md) hear of each file stored and
 * deleted, whichever path stored or deleted it (forms, imports, shared covers, the janitor).
 */
export interface MediaListener {
  /** A file was stored; called without waiting (work belongs off the request path). */
  saved?(media: StoredMedia): void;
  /** A file was deleted; awaited, so what was made from it goes with it. Failures are the listener's to log. */
  deleted?(id: string): Promise<void>;
}

export abstract class MediaStore {
  private readonly listeners: MediaListener[] = [];

  listen(listener: MediaListener): void {
    this.listeners.push(listener);
  }

  protected announceSaved(media: StoredMedia): void {
    for (const listener of this.listeners) listener.saved?.(media);
  }

  protected async announceDeleted(id: string): Promise<void> {
    for (const listener of this.listeners) await listener.deleted?.(id);
  }

  abstract save(upload: MediaUpload): Promise<StoredMedia>;
  /** Streams a local file into storage; memory stays bounded whatever its size. */
  abstract saveFile(upload: MediaFileUpload): Promise<StoredMedia>;
  /**
   * A fresh path to spool an incoming upload to, on the same disk as the local
   * copy (so saveFile can adopt it with a hard link). Spools a crash leaves
   * behind are removed by the store's next start, like its other partial files.
   */
  abstract stagingPath(): Promise<string>;
  /** What is stored under an id, without making a local copy; null when no such file exists. */
  abstract stat(id: string): Promise<(StoredMedia & { uploadedAt: Date }) | null>;
  /** Null when no such file exists (never throws for a well-formed but unknown id). */
  abstract open(id: string): Promise<MediaFile | null>;
  abstract delete(id: string): Promise<void>;
  /** Ids of files uploaded before `date`, for the janitor's orphan sweep. */
  abstract idsUploadedBefore(date: Date): Promise<string[]>;
  /**
   * Removes the stored parts of uploads that never completed (the process died
   * mid-write) and started before `before`; answers how many uploads and parts went.
   */
  abstract deleteHeadlessChunks(before: Date): Promise<{ uploads: number; chunks: number }>;
}

/** Where clients fetch a stored file; the `*_url` fields of the API point here. */
export function mediaUrl(id: string): string {
  return `/api/files/${id}`;
}
