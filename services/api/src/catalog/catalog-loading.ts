import type { CatalogFollowing } from './catalog-following.js';
import type { CatalogLoader } from './catalog-loader.js';
import type { CatalogModel } from './catalog-model.js';
import type { CatalogSnapshotKeeper } from './catalog-snapshot-keeper.js';
import type { CatalogChange, ChangeFeed } from './change-feed.js';
import { collectGarbage } from './memory.js';

/** The lock a service holds while it writes the record a change names (see the services' underRecordLock calls). */
function lockKey(change: CatalogChange): string {
  switch (change.kind) {
    case 'song':
      return `song:${change.id}`;
    case 'like':
      return `like:${change.userId}:${change.songId}`;
    case 'entry':
      return `entry:${change.playlistId}:${change.songId}`;
    default:
      return `${change.kind}:${'id' in change ? change.id : ''}`;
  }
}

/** Where a load puts its copy, and the per-record lock the writes hold (CatalogReadModel's). */
export interface LoadedCopy {
  copy(): CatalogModel | null;
  swap(model: CatalogModel): void;
  underRecordLock<T>(key: string, task: () => Promise<T>): Promise<T>;
}

/**
 * Builds the copy: the first one from the snapshot where it can, else (and on every reload) from the database, while
 * the copy held keeps answering. Concurrent callers share one load.
 */
export class CatalogLoading {
  private reloading: Promise<void> | null = null;
  /** Changes this process made while a reload read the database; re-read into the new copy. */
  private madeDuringReload: CatalogChange[] | null = null;

  constructor(
    private readonly loader: CatalogLoader,
    private readonly feed: ChangeFeed,
    private readonly following: CatalogFollowing,
    private readonly snapshots: CatalogSnapshotKeeper,
    private readonly loaded: LoadedCopy,
  ) {}

  /** Whether a load is reading the database now (feed changes then wait for the new copy). */
  get busy(): boolean {
    return this.reloading !== null;
  }

  /** Changes this process just applied to the copy: a load under way re-reads them into the new one. */
  noteMade(changes: CatalogChange[]): void {
    this.madeDuringReload?.push(...changes);
  }

  reload(): Promise<void> {
    this.reloading ??= this.loadFresh().finally(() => {
      this.reloading = null;
    });
    return this.reloading;
  }

  private async loadFresh(): Promise<void> {
    const previous = this.loaded.copy();
    if (!previous) {
      const restored = await this.snapshots.restore();
      if (restored) {
        this.loaded.swap(restored.model);
        this.following.startAt(restored.revision);
        return;
      }
    }
    this.madeDuringReload = [];
    let redo: CatalogChange[] = [];
    try {
      // Read the head first: anything after it is applied from the feed afterwards (re-reading is idempotent).
      const head = await this.feed.head();
      const model = await this.loader.loadAll();
      // Swap first, so writes from now on go to the new copy, then re-read what was written during the load.
      this.loaded.swap(model);
      this.following.startAt(head);
      redo = this.madeDuringReload;
    } finally {
      this.madeDuringReload = null;
    }
    // Under the same per-record locks as the writes, so a re-read cannot land after a newer write to that record.
    for (const change of redo) await this.loaded.underRecordLock(lockKey(change), () => this.loader.apply(this.loaded.copy()!, change));
    // The previous copy is garbage now; give its memory back before it counts twice.
    if (previous) collectGarbage();
  }
}
