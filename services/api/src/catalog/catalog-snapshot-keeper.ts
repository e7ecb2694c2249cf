import type { Logger } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import type { CatalogLoader } from './catalog-loader.js';
import type { CatalogModel } from './catalog-model.js';
import { openSnapshot, writeSnapshot } from './catalog-snapshot.js';
import type { ChangeFeed } from './change-feed.js';

const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;

/**
 * This replica's snapshot of its copy (the file format: catalog-snapshot.ts;
 * docs/decisions/0010-catalog-snapshot-for-restart.md): written as the process stops, read back as the first copy
 * when the change log proves it is of this database's history.
 */
export class CatalogSnapshotKeeper {
  constructor(
    private readonly feed: ChangeFeed,
    private readonly loader: CatalogLoader,
    private readonly config: Pick<AppConfig, 'catalogSnapshotFile' | 'shutdownGraceMs'>,
    private readonly logger: Logger,
  ) {}

  /** Whether this replica keeps a snapshot at all (CATALOG_SNAPSHOT_FILE). */
  get enabled(): boolean {
    return Boolean(this.config.catalogSnapshotFile);
  }

  /**
   * The first copy from the snapshot and the changes logged since, with the revision it then reflects, when the
   * database's change log proves the snapshot is of its history and holds every change after it; null (a full load
   * follows) otherwise, or when the snapshot cannot be read.
   */
  async restore(): Promise<{ model: CatalogModel; revision: number } | null> {
    const file = this.config.catalogSnapshotFile;
    if (!file) return null;
    const started = Date.now();
    const opened = await openSnapshot(file);
    if (!opened) return null;
    const { header } = opened;
    const skip = async (why: string) => {
      await opened.close();
      this.logger.log(`catalog snapshot of revision ${header.revision} not used (${why}); loading from the database`);
      return null;
    };
    const [at, head] = await Promise.all([this.feed.revisionAt(header.revision), this.feed.head()]);
    if (at?.toISOString() !== header.revisionAt) return skip('the change log does not hold its revision: another database, a restored one, or older than the log');
    if (head < header.revision) return skip(`the database is at revision ${head}`);
    const later = await this.feed.since(header.revision);
    if (later.some((entry, index) => entry._id !== header.revision + 1 + index) || (later.at(-1)?._id ?? header.revision) < head) {
      return skip('changes after it are no longer in the log');
    }
    if (later.some((entry) => entry.changes.some((change) => change.kind === 'reload'))) return skip('a reload was logged after it');
    let model: CatalogModel;
    try {
      model = await this.loader.loadRecords(opened.records);
    } catch (error) {
      return skip(`unreadable: ${(error as Error).message}`);
    }
    for (const entry of later) for (const change of entry.changes) await this.loader.apply(model, change);
    this.logger.log(`catalog restored from its snapshot of revision ${header.revision} (${header.songs} songs) and ${later.length} later changes in ${Date.now() - started} ms`);
    return { model, revision: later.at(-1)?._id ?? header.revision };
  }

  /**
   * Writes the copy as of `revision`, for at most half the shutdown grace (past that it is left unwritten and the next
   * start loads from the database). Needs the database for the revision's log time, so it runs before it closes.
   */
  async write(model: CatalogModel, revision: number): Promise<void> {
    const at = revision > 0 ? await this.feed.revisionAt(revision) : null;
    if (!at) {
      this.logger.log(`catalog snapshot not written: the change log no longer holds revision ${revision}`);
      return;
    }
    const written = await writeSnapshot(this.config.catalogSnapshotFile!, { revision, revisionAt: at.toISOString(), songs: model.songCount }, model.records(), this.config.shutdownGraceMs / 2);
    this.logger.log(`catalog snapshot of revision ${revision} written: ${mb(written.bytes)} in ${written.ms} ms`);
  }
}
