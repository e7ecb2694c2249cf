import type { Collection } from 'mongodb';

export interface RevisionDocument {
  _id: string;
  rev: number;
}

/**
 * A named counter in the `meta` collection that writes bump and caches read.
 * Each API process keys an in-memory cache with the revision it last saw and
 * re-reads the counter at most every `recheckMs`: a write made through this
 * process is seen at once, one made through another replica within that
 * bound. Lookups are by _id, which MongoDB and FerretDB both answer from an
 * index, so the check costs one cheap read per interval, not per request.
 */
export class StoredRevision {
  private known = -1;
  private checkedAt = 0;
  private pending: Promise<number> | null = null;

  constructor(
    private readonly collection: () => Collection<RevisionDocument>,
    private readonly key: string,
    private readonly recheckMs: () => number,
  ) {}

  /** The revision to key caches with; hits the database at most once per interval. */
  async current(): Promise<number> {
    if (Date.now() - this.checkedAt < this.recheckMs() && this.known >= 0) return this.known;
    this.pending ??= this.collection()
      .findOne({ _id: this.key })
      .then((doc) => {
        // Taken as is, even when lower than before: caches compare for equality, so a stale answer
        // only costs an extra reload, while trusting a local guess could hide another replica's bump.
        this.known = doc?.rev ?? 0;
        this.checkedAt = Date.now();
        return this.known;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  /** Call after (never before) the write that makes cached reads stale. */
  async bump(): Promise<void> {
    const updated = await this.collection().findOneAndUpdate({ _id: this.key }, { $inc: { rev: 1 } }, { upsert: true, returnDocument: 'after' });
    // What the database answered, never a local count: concurrent bumps answer out of order, and a
    // count run ahead of the database would match a later bump by another replica and miss it.
    this.known = updated?.rev ?? this.known + 1;
    this.checkedAt = Date.now();
  }
}
