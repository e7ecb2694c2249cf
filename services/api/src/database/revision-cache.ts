import { LRUCache } from 'lru-cache';
import type { StoredRevision } from './stored-revision.js';

/**
 * An in-memory cache of database reads, bounded (LRU) and keyed by a
 * StoredRevision that the owner bumps after every write that makes an entry
 * stale. Writes through this process call forget() and are seen at once; a
 * bump by another replica empties the cache once this process re-reads the
 * revision. Misses (null) are never remembered, so a record created elsewhere
 * is found at once.
 */
export class RevisionCache<V extends object> {
  private readonly entries: LRUCache<string, V>;
  private revisionSeen = -1;
  /** Moves on every local forget, so a load that raced one is not remembered. */
  private forgets = 0;

  constructor(
    private readonly revision: StoredRevision,
    max: number,
  ) {
    this.entries = new LRUCache({ max });
  }

  async get(key: string, load: () => Promise<V | null>): Promise<V | null> {
    // The revision is read before the record, so a record loaded now is at least as new as it.
    const revision = await this.revision.current();
    if (revision !== this.revisionSeen) {
      this.entries.clear();
      this.revisionSeen = revision;
    }
    const known = this.entries.get(key);
    if (known) return known;
    const forgets = this.forgets;
    const loaded = await load();
    if (loaded !== null && forgets === this.forgets && revision === this.revisionSeen) this.entries.set(key, loaded);
    return loaded;
  }

  forget(key: string): void {
    this.forgets += 1;
    this.entries.delete(key);
  }

  forgetAll(): void {
    this.forgets += 1;
    this.entries.clear();
  }
}
