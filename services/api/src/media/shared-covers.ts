import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { CoverUsage } from './cover-usage.js';
import { MediaStore, type MediaUpload } from './media-store.js';
import { SHARED_COVER_RETIREMENT_TTL_MS, SharedCoversRepository, type SharedCover } from './shared-covers.repository.js';

/** How many pictures this process remembers the shared file of; an album's songs arrive together, so a few hundred is plenty. */
const REMEMBERED = 1000;

/**
 * A shared file last given to a record longer ago than this, and shown by no record in the read model, is no
 * longer anyone's: the importer gives the file out right before it writes the song (milliseconds), and a record
 * reaches every replica's read model within CATALOG_RECHECK_MS (1 s). Plenty of margin for a loaded machine.
 */
export const SHARED_COVER_SETTLE_MS = 30_000;
/**
 * A file this process gave out less than this long ago is given out again without writing the time (one write a
 * second per file instead of one per song): what a delete reads is then at most this much older than the real last
 * time, far inside SHARED_COVER_SETTLE_MS, and a file retired since cannot have been given out this recently.
 */
export const SHARED_COVER_TOUCH_EVERY_MS = 1000;

/**
 * One cover file per picture of an owner, used by every record of theirs that shows it (docs/import.md, "Covers";
 * docs/decisions/0013-shared-cover-file-per-picture.md): an imported album and its songs, whose files usually embed
 * the same art, store it once instead of a GridFS file and chunk per song.
 *
 * When a record lets its cover go (release), a file never shared is deleted at once, as before sharing; a shared
 * one is deleted when no other record of its owner shows it (the read model) and it was last given out more than
 * SHARED_COVER_SETTLE_MS ago, with a compare-and-delete on that time so a record given it meanwhile keeps it.
 * Otherwise (given out a moment ago: a record showing it may not be visible yet) the janitor decides later, from
 * the references in the database. So deleting a song or an album never breaks another record's image, and a file
 * nobody shows does not stay. There is no use count: FerretDB loses concurrent updates of one (SharedCoversRepository),
 * and a give-out racing a delete is decided by the primary key (a retirement, SharedCoversRepository) on every engine.
 *
 * Which file holds a picture is found by its SHA-256 among the files this process stored or shared lately, or the
 * album's own cover when it holds the same picture; a miss only costs a copy, never correctness.
 */
@Injectable()
export class SharedCovers {
  private readonly logger = new Logger('SharedCovers');
  /** `<owner>:<sha256>` to the file holding that picture (the least recently used forgotten first). */
  private readonly recent = new LRUCache<string, string>({ max: REMEMBERED });
  /** Pictures being stored right now, so the songs of one album arriving together wait for one file rather than store their own. */
  private readonly storing = new Map<string, Promise<string>>();
  /** File id to when this process last wrote its time (taken before the write), for whom and, when checked, which picture. */
  private readonly touched = new LRUCache<string, { owner: string; sha256: string | null; at: number }>({ max: REMEMBERED });

  constructor(
    private readonly repository: SharedCoversRepository,
    private readonly store: MediaStore,
    private readonly usage: CoverUsage,
  ) {}

  /**
   * A file holding this picture, given to a record the caller is about to write (or gives back with release()): a
   * file of the owner's that already holds the picture (one this process knows, or `candidateId`, the cover of the
   * album the record joins), else a new one.
   */
  async use(owner: string, upload: MediaUpload, candidateId?: string | null): Promise<string> {
    const sha256 = createHash('sha256').update(upload.data).digest('hex');
    const key = `${owner}:${sha256}`;
    for (;;) {
      await this.storing.get(key)?.catch(() => undefined);
      for (const fileId of new Set([this.recent.peek(key), candidateId])) {
        if (fileId && (await this.give(fileId, owner, sha256))) {
          this.recent.set(key, fileId);
          return fileId;
        }
      }
      // Checked and set with no await in between: one store per picture in this process, the others share it.
      if (!this.storing.has(key)) break;
    }
    const storing = this.storeNew(owner, sha256, upload);
    this.storing.set(key, storing);
    try {
      const fileId = await storing;
      this.recent.set(key, fileId);
      return fileId;
    } finally {
      if (this.storing.get(key) === storing) this.storing.delete(key);
    }
  }

  /** Gives a file the caller knows by id (its album's cover) to one more record; false when it is not a shared file of this owner, or retired. */
  async acquire(owner: string, fileId: string): Promise<boolean> {
    return this.give(fileId, owner);
  }

  /**
   * The records that showed these covers no longer do (call it once they stopped pointing at them, in the read model
   * too): a file never shared is deleted; a shared one when no record shows it any more (see the class). Best effort,
   * like MediaUploads.discard: a failure is logged, and the janitor removes what is left.
   */
  async release(fileIds: (string | null | undefined)[]): Promise<void> {
    await Promise.all(
      fileIds
        .filter((fileId): fileId is string => typeof fileId === 'string')
        .map(async (fileId) => {
          try {
            const cover = await this.repository.find(fileId);
            if (cover) {
              if (Date.now() - cover.touchedAt.getTime() < SHARED_COVER_SETTLE_MS || (await this.shown(cover))) return;
              // Retired whatever the outcome; removed only if nobody was given it since that time (on every engine:
              // SharedCoversRepository), else a record may be on its way with it and the janitor decides later.
              if (!(await this.repository.retire(fileId, cover.touchedAt))) return;
              this.touched.delete(fileId);
            }
            await this.store.delete(fileId);
          } catch (error) {
            this.logger.warn(`could not release cover ${fileId}; the janitor will: ${(error as Error).message}`);
          }
        }),
    );
  }

  /**
   * The janitor's part: of files no record references, those it may delete: files never shared, and shared ones last
   * given out before `before`, retired first (a compare-and-delete on that time) so they are never given out again.
   * A shared file given out since `before` is kept: its record may still be on its way.
   */
  async deletableOrphans(unreferenced: string[], before: Date): Promise<string[]> {
    await this.repository.pruneRetirements(new Date(Date.now() - SHARED_COVER_RETIREMENT_TTL_MS));
    const shared = await this.repository.findMany(unreferenced);
    const deletable: string[] = [];
    for (const fileId of unreferenced) {
      const cover = shared.get(fileId);
      if (!cover) deletable.push(fileId);
      else if (cover.touchedAt < before && (await this.repository.retire(fileId, cover.touchedAt))) {
        this.touched.delete(fileId);
        deletable.push(fileId);
      }
    }
    return deletable;
  }

  /** Whether a song or album of its owner shows the file, in the read model. */
  private async shown(cover: SharedCover): Promise<boolean> {
    return this.usage.showsCover(cover.owner, cover.fileId);
  }

  /** Gives the file out (see SHARED_COVER_TOUCH_EVERY_MS); false when it is not a live shared file of this owner and picture. */
  private async give(fileId: string, owner: string, sha256?: string): Promise<boolean> {
    const last = this.touched.peek(fileId);
    const at = Date.now();
    if (last && last.owner === owner && (!sha256 || last.sha256 === sha256) && at - last.at < SHARED_COVER_TOUCH_EVERY_MS) return true;
    // False also when the janitor retired the file meanwhile, whatever FerretDB's update reported (the repository's touch).
    if (!(await this.repository.touch(fileId, owner, sha256))) {
      this.touched.delete(fileId);
      return false;
    }
    this.touched.set(fileId, { owner, sha256: sha256 ?? (last?.owner === owner ? last.sha256 : null), at });
    return true;
  }

  private async storeNew(owner: string, sha256: string, upload: MediaUpload): Promise<string> {
    const stored = await this.store.save(upload);
    const at = Date.now();
    try {
      await this.repository.insert(stored.id, owner, sha256);
      this.touched.set(stored.id, { owner, sha256, at });
    } catch (error) {
      await this.store.delete(stored.id).catch(() => undefined);
      throw error;
    }
    return stored.id;
  }
}
