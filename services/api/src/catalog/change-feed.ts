import type { Collection, Db } from 'mongodb';
import type { RevisionDocument } from '../database/stored-revision.js';

/**
 * What changed, by key; a replica that reads it re-reads those records from
 * the database (the truth), so changes racing across replicas cannot leave a
 * stale copy behind. `reload` asks for a full reload (a seed, a bulk import).
 */
export type CatalogChange =
  | { kind: 'song'; id: string }
  | { kind: 'album'; id: string }
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

/** Key of the counter in `meta` that numbers the changes (the same one catalog caches and benchmarks bump). */
export const CATALOG_REVISION_KEY = 'catalog';

/**
 * The catalog's change log in the database: `meta.catalog.rev` numbers the
 * changes and `catalog_changes` keeps recent ones. A revision without a
 * change document (a writer that died in between, or a tool that bumped the
 * counter after writing behind the API's back) tells readers to reload.
 */
export class ChangeFeed {
  constructor(private readonly db: () => Db) {}

  private get meta(): Collection<RevisionDocument> {
    return this.db().collection<RevisionDocument>('meta');
  }

  private get log(): Collection<ChangeDocument> {
    return this.db().collection<ChangeDocument>('catalog_changes');
  }

  /** The newest revision; a lookup by _id in a tiny collection, cheap on every engine. */
  async head(): Promise<number> {
    return (await this.meta.findOne({ _id: CATALOG_REVISION_KEY }))?.rev ?? 0;
  }

  /**
   * Numbers the change and logs it; answers its revision. `numbered` hears the
   * revision as soon as it is taken, before the log entry is written, so the
   * writer never mistakes its own change in flight for a gap.
   */
  async publish(changes: CatalogChange[], numbered: (revision: number) => void = () => undefined): Promise<number> {
    const bumped = await this.meta.findOneAndUpdate({ _id: CATALOG_REVISION_KEY }, { $inc: { rev: 1 } }, { upsert: true, returnDocument: 'after' });
    const revision = bumped!.rev;
    numbered(revision);
    await this.log.insertOne({ _id: revision, at: new Date(), changes });
    return revision;
  }

  /** Changes after `revision`, oldest first. */
  async since(revision: number): Promise<ChangeDocument[]> {
    return this.log.find({ _id: { $gt: revision } }).sort({ _id: 1 }).toArray();
  }

  /** Drops changes older than the cutoff; a replica that far behind reloads instead. */
  async trim(before: Date): Promise<number> {
    return (await this.log.deleteMany({ at: { $lt: before } })).deletedCount;
  }
}
