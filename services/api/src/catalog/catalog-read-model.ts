import { setTimeout as delay } from 'node:timers/promises';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DB_CONNECTION } from '../database/tokens.js';
import { CatalogFollowing } from './catalog-following.js';
import { CatalogLoader } from './catalog-loader.js';
import { CatalogLoading } from './catalog-loading.js';
import { CatalogModel } from './catalog-model.js';
import { CatalogSnapshotKeeper } from './catalog-snapshot-keeper.js';
import { ChangeFeed, type CatalogChange } from './change-feed.js';
import { ChangeLogStream } from './change-stream.js';
import { KeyedLock } from '../common/keyed-lock.js';
import { collectGarbage } from './memory.js';
import { noteRevisionWritten, revisionWanted } from './read-your-writes.js';

const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;

/**
 * The longest a read waits for the periodic look at other replicas' changes (see current): a database that does not
 * answer would otherwise hold every read for a server-selection timeout
 * (docs/decisions/0008-replicas-follow-a-polled-change-log.md).
 */
const RECHECK_WAIT_MS = 1000;

/**
 * This process's copy of the catalog (see CatalogModel; docs/decisions/0004-in-memory-catalog-read-model.md), composed
 * of three parts:
 * - loading (catalog-loading.ts): the whole copy before the API starts listening, from this replica's snapshot
 *   (catalog-snapshot-keeper.ts) where it can, and again in the background when the log cannot tell what changed;
 * - following (catalog-following.ts): this process's writes applied at once and logged for the other replicas, and
 *   theirs read from the log at most every `catalogRecheckMs` (sooner where a change stream hears them);
 * - the snapshot written as the process stops, while the copy is held still.
 */
@Injectable()
export class CatalogReadModel implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Catalog');
  private readonly feed: ChangeFeed;
  /** Where the server has change streams, each logged change wakes a sync at once (the recheck stays the fallback). */
  private readonly stream: ChangeLogStream;
  private readonly lock = new KeyedLock();
  private readonly following: CatalogFollowing;
  private readonly snapshots: CatalogSnapshotKeeper;
  private readonly loading: CatalogLoading;
  private loaded: CatalogModel | null = null;
  /** While a snapshot is written, reads wait here before they sync or write: the copy must hold still. */
  private frozen: Promise<void> | null = null;

  constructor(
    loader: CatalogLoader,
    @Inject(DB_CONNECTION) connection: Connection,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'catalogRecheckMs' | 'catalogSnapshotFile' | 'shutdownGraceMs'>,
  ) {
    this.feed = new ChangeFeed(() => connection.db!);
    this.following = new CatalogFollowing(this.feed, loader, this.logger, { copy: () => this.loaded!, reload: () => this.reload() });
    this.snapshots = new CatalogSnapshotKeeper(this.feed, loader, config, this.logger);
    this.loading = new CatalogLoading(loader, this.feed, this.following, this.snapshots, {
      copy: () => this.loaded,
      swap: (model) => (this.loaded = model),
      underRecordLock: (key, task) => this.underRecordLock(key, task),
    });
    this.stream = new ChangeLogStream(() => connection.db!, (revision) => void this.wake(revision), (error) => this.logger.warn(`catalog change stream failed, polling the change log: ${error.message}`));
  }

  async onApplicationBootstrap(): Promise<void> {
    const started = Date.now();
    await this.current();
    collectGarbage();
    const { heapUsed, heapTotal, external, rss } = process.memoryUsage();
    this.logger.log(`catalog loaded: ${this.loaded!.songCount} songs in ${Date.now() - started} ms (heap ${mb(heapUsed)} of ${mb(heapTotal)}, external ${mb(external)}, rss ${mb(rss)})`);
    const streaming = await this.stream.open();
    this.logger.log(streaming.supported ? 'following the change log through a change stream' : `polling the change log (${streaming.reason})`);
  }

  /**
   * A change stream heard a revision logged: read the feed now rather than at the next recheck. With the revision as
   * wanted, a sync already under way (it may have read the head before this change) is followed by another.
   */
  private async wake(revision: number): Promise<void> {
    if (this.frozen) await this.frozen;
    if (!this.loaded || this.loading.busy || this.following.shows(revision)) return;
    await this.following.syncOnce(revision);
  }

  /** The copy as it is now, without waiting for a sync (presenters, right after a read awaited current()). */
  get model(): CatalogModel {
    if (!this.loaded) throw new Error('the catalog is read before it was loaded');
    return this.loaded;
  }

  /** The copy, with other replicas' changes applied if the last look is older than catalogRecheckMs. */
  async current(): Promise<CatalogModel> {
    if (this.frozen) await this.frozen;
    if (!this.loaded) {
      await this.reload();
      return this.loaded!;
    }
    // While a reload reads the database, feed changes wait for the new copy (it starts from the head read before it).
    if (this.loading.busy) return this.loaded;
    // Other replicas' changes, looked for at most every catalogRecheckMs and waited for at most RECHECK_WAIT_MS: past
    // that the copy held answers and the look carries on (its failure is logged).
    if (this.following.lookDue(this.config.catalogRecheckMs)) await Promise.race([this.following.syncOnce(), delay(RECHECK_WAIT_MS, undefined, { ref: false })]);
    // The client's own write went through another replica since (read-your-writes.ts): catch up before answering.
    // A sync that was under way may have read the head before that write was logged; then one more.
    // A failed look (the database is away) ends the wait: each try costs a server selection, and three of them held a
    // drill's request 8 s across an outage; the copy held answers, as it does when the recheck fails.
    const wanted = revisionWanted();
    for (let tries = 0; tries < 2 && !this.following.shows(wanted); tries++) if (!(await this.following.syncOnce(wanted))) break;
    return this.loaded;
  }

  /**
   * Applies a write this process just made to the copy, then logs it for the other replicas (see
   * CatalogFollowing.log); call after the database accepted the write.
   */
  async publish(changes: CatalogChange[], apply: (model: CatalogModel) => void): Promise<void> {
    apply(await this.current());
    this.loading.noteMade(changes);
    await this.following.log(changes);
  }

  /** Runs a write and its publish() one at a time per record key in this process (see KeyedLock). */
  underRecordLock<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.lock.run(key, task);
  }

  /** Reloads here and asks every replica to (after a seed or a bulk write behind the repositories' back). */
  async reloadEverywhere(): Promise<void> {
    noteRevisionWritten(await this.feed.publish([{ kind: 'reload' }]));
    await this.reload();
  }

  /** Builds a new copy from the database while the old one keeps answering; concurrent callers share one load. */
  reload(): Promise<void> {
    return this.loading.reload();
  }

  /**
   * Writes the snapshot a restart starts from, while the process stops: the copy is held still meanwhile (reads
   * that would sync or write wait), for at most half the shutdown grace.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.stream.close();
    if (!this.snapshots.enabled || !this.loaded || this.loading.busy) return;
    let release!: () => void;
    this.frozen = new Promise((resolve) => (release = resolve));
    try {
      await this.following.settled();
      await this.snapshots.write(this.loaded, this.following.revision);
    } catch (error) {
      this.logger.warn(`catalog snapshot not written: ${(error as Error).message}`);
    } finally {
      this.frozen = null;
      release();
    }
  }
}
