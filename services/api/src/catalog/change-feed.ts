import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '../database/mongo-errors.js';
import type { RevisionDocument } from '../database/stored-revision.js';

/**
 * What changed, by key; a replica that reads it re-reads those records from
 * the database (the truth), so changes racing across replicas cannot leave a
 * stale copy behind. `reload` asks for a full reload (a seed, a bulk import).
 */
export type CatalogChange =
  | { kind: 'song'; id: string }
  | { kind: 'album'; id: string }
  | { kind: 'artist'; id: string }
  | { kind: 'playlist'; id: string }
  | { kind: 'entry'; playlistId: string; songId: string }
  | { kind: 'like'; userId: string; songId: string }
  | { kind: 'user'; id: string }
  | { kind: 'reload' };

export interface ChangeDocument {
  /** The catalog revision this change took: a sequence number shared by all replicas. */
  _id: number;
  at: Date;
  changes: CatalogChange[];
}

/** Numbers tried before a publish gives up (each failed try means another writer took that number meanwhile). */
const PUBLISH_ATTEMPTS = 50;

/** Key of the counter in `meta` that numbers the changes (the same one catalog caches and benchmarks bump). */
export const CATALOG_REVISION_KEY = 'catalog';

/** The change log's collection; replicas may also hear its inserts through a change stream (change-stream.ts). */
export const CHANGE_LOG_COLLECTION = 'catalog_changes';

/**
 * The catalog's change log in the database: `meta.catalog.rev` numbers the
 * changes and `catalog_changes` keeps recent ones. A revision without a
 * change document (a writer that died in between, or a tool that bumped the
 * counter after writing behind the API's back) tells readers to reload.
 */
export class ChangeFeed {
  /**
   * The newest revision this process has seen the counter at or taken itself: where a publish tries first. Right
   * unless another replica published since (the insert then meets a duplicate and the head is read), which saves
   * reading the head before every write.
   */
  private known = 0;

  constructor(private readonly db: () => Db) {}

  private get meta(): Collection<RevisionDocument> {
    return this.db().collection<RevisionDocument>('meta');
  }

  private get log(): Collection<ChangeDocument> {
    return this.db().collection<ChangeDocument>(CHANGE_LOG_COLLECTION);
  }

  /** The newest revision; a lookup by _id in a tiny collection, cheap on every engine. */
  async head(): Promise<number> {
    const revision = (await this.meta.findOne({ _id: CATALOG_REVISION_KEY }))?.rev ?? 0;
    // Also when it went back (a restored database): the next publish must not leave a run of numbers unlogged.
    this.known = revision;
    return revision;
  }

  /**
   * Numbers the change and logs it; answers its revision. The number is claimed by inserting the change under it
   * (the log's `_id` is unique), then the counter is raised to it with `$max`, so two replicas never take the same
   * number: a `$inc` is a read, then a write on FerretDB (docs/decisions/0007-primary-key-decides-races.md).
   * `numbered` hears the revision once it is taken, before the counter shows it, so the writer never mistakes its own
   * change in flight for a gap.
   */
  async publish(changes: CatalogChange[], numbered: (revision: number) => void = () => undefined): Promise<number> {
    const guessed = this.known > 0;
    let revision = guessed ? this.known + 1 : (await this.head()) + 1;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.log.insertOne({ _id: revision, at: new Date(), changes });
        break;
      } catch (error) {
        // Taken by another writer since we read the head (or a tool's bump left it without a change): try the next.
        if (!isDuplicateKey(error) || attempt >= PUBLISH_ATTEMPTS) throw error;
        revision = Math.max(revision + 1, (await this.head()) + 1);
      }
    }
    numbered(revision);
    this.known = Math.max(this.known, revision);
    const before = await this.meta.findOneAndUpdate({ _id: CATALOG_REVISION_KEY }, { $max: { rev: revision } }, { upsert: true, returnDocument: 'before' });
    // A guess below the counter took a number whose change was trimmed or never logged (a tool's bump): readers past it
    // would never read this one. Logged again under a number after the head (re-applying a change is harmless).
    if (guessed && (before?.rev ?? 0) >= revision) {
      this.known = 0;
      return this.publish(changes, numbered);
    }
    return revision;
  }

  /** Changes after `revision`, oldest first. */
  async since(revision: number): Promise<ChangeDocument[]> {
    return this.log.find({ _id: { $gt: revision } }).sort({ _id: 1 }).toArray();
  }

  /** When the change of this revision was logged, or null when the log does not hold it (trimmed, or never logged). */
  async revisionAt(revision: number): Promise<Date | null> {
    return (await this.log.findOne({ _id: revision }, { projection: { at: 1 } }))?.at ?? null;
  }

  /**
   * Drops changes older than the cutoff; a replica that far behind reloads instead. The newest change stays
   * however old: a snapshot (catalog-snapshot.ts) of a quiet catalog proves its history with it.
   */
  async trim(before: Date): Promise<number> {
    const newest = await this.log.find({}, { projection: { _id: 1 } }).sort({ _id: -1 }).limit(1).next();
    if (!newest) return 0;
    return (await this.log.deleteMany({ at: { $lt: before }, _id: { $lt: newest._id } })).deletedCount;
  }
}
