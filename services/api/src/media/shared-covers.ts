import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { MediaStore, type MediaUpload } from './media-store.js';
import { SharedCoversRepository } from './shared-covers.repository.js';

/** How many pictures this process remembers the shared file of; an album's songs arrive together, so a few hundred is plenty. */
const REMEMBERED = 1000;

/**
 * One cover file per picture of an owner, used by every record of theirs that shows it (docs/import.md, "Covers"):
 * an imported album and its songs, whose files usually embed the same art, store it once instead of a GridFS file
 * and chunk per song. The use count (SharedCoversRepository) decides when the file goes: records let their cover
 * go with release(), and the last one deletes it, so deleting a song or an album never breaks another record's
 * image and leaves no orphan either. Files that were never shared (the forms' covers) have no count and are deleted
 * by release() as before.
 *
 * Which file holds a picture is found by its SHA-256 among the files this process stored or shared lately, or the
 * album's own cover when it holds the same picture; a miss only costs a copy, never correctness.
 */
@Injectable()
export class SharedCovers {
  private readonly logger = new Logger('SharedCovers');
  /** `<owner>:<sha256>` to the file holding that picture, newest last. */
  private readonly recent = new Map<string, string>();
  /** Pictures being stored right now, so the songs of one album arriving together wait for one file rather than store their own. */
  private readonly storing = new Map<string, Promise<string>>();

  constructor(
    private readonly repository: SharedCoversRepository,
    private readonly store: MediaStore,
  ) {}

  /**
   * A file holding this picture with one more use taken for the caller, which then references it (or gives it back
   * with release()): a file of the owner's that already holds the picture (one this process knows, or `candidateId`,
   * the cover of the album the record joins), else a new one.
   */
  async use(owner: string, upload: MediaUpload, candidateId?: string | null): Promise<string> {
    const sha256 = createHash('sha256').update(upload.data).digest('hex');
    const key = `${owner}:${sha256}`;
    await this.storing.get(key)?.catch(() => undefined);
    for (const fileId of new Set([this.recent.get(key), candidateId])) {
      if (fileId && (await this.repository.acquire(fileId, owner, sha256))) {
        this.remember(key, fileId);
        return fileId;
      }
    }
    const storing = this.storeNew(owner, sha256, upload);
    this.storing.set(key, storing);
    try {
      const fileId = await storing;
      this.remember(key, fileId);
      return fileId;
    } finally {
      if (this.storing.get(key) === storing) this.storing.delete(key);
    }
  }

  /** Takes one more use of a file the caller knows by id (its album's cover); false when that file is not shared or is going. */
  async acquire(owner: string, fileId: string): Promise<boolean> {
    return this.repository.acquire(fileId, owner);
  }

  /**
   * The records that used these covers no longer do: each loses a use, and a file whose last use went (or that was
   * never shared) is deleted. Call it only after the record stopped pointing at the file. Best effort, like
   * MediaUploads.discard: a failure is logged, and the janitor removes what is left once no record references it.
   */
  async release(fileIds: (string | null | undefined)[]): Promise<void> {
    await Promise.all(
      fileIds
        .filter((fileId): fileId is string => typeof fileId === 'string')
        .map(async (fileId) => {
          try {
            const left = await this.repository.release(fileId);
            if (left !== null && left > 0) return;
            if (left !== null) await this.repository.remove(fileId);
            await this.store.delete(fileId);
          } catch (error) {
            this.logger.warn(`could not release cover ${fileId}; the janitor will: ${(error as Error).message}`);
          }
        }),
    );
  }

  /**
   * The janitor's part: of files no record references, those it may delete: files never shared, and shared ones
   * whose last use was taken before `before` (a crash between taking a use and writing the record, or between
   * deleting a record and releasing its use, leaves such a count), retired first so no use can be taken any more.
   * A shared file used since `before` is kept: its record may still be on its way.
   */
  async deletableOrphans(unreferenced: string[], before: Date): Promise<string[]> {
    const shared = await this.repository.findMany(unreferenced);
    const deletable: string[] = [];
    for (const fileId of unreferenced) {
      const cover = shared.get(fileId);
      if (!cover) deletable.push(fileId);
      else if (cover.touchedAt < before && (await this.repository.retire(fileId, cover.touchedAt))) deletable.push(fileId);
    }
    return deletable;
  }

  private async storeNew(owner: string, sha256: string, upload: MediaUpload): Promise<string> {
    const stored = await this.store.save(upload);
    try {
      await this.repository.insert(stored.id, owner, sha256);
    } catch (error) {
      await this.store.delete(stored.id).catch(() => undefined);
      throw error;
    }
    return stored.id;
  }

  private remember(key: string, fileId: string): void {
    this.recent.delete(key);
    this.recent.set(key, fileId);
    if (this.recent.size > REMEMBERED) this.recent.delete(this.recent.keys().next().value!);
  }
}
