import { setTimeout as delay } from 'node:timers/promises';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DB_CONNECTION } from '../database/tokens.js';
import { CatalogLoader } from './catalog-loader.js';
import { CatalogModel } from './catalog-model.js';
import { ChangeFeed, type CatalogChange } from './change-feed.js';
import { KeyedLock } from './keyed-lock.js';
import { collectGarbage } from './memory.js';

/** The lock a service holds while it writes the record a change names (see the services' serialize calls). */
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

const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;

/** How long a revision may stay without its change document before we take it as lost and reload. */
const GAP_GRACE_MS = 5000;
/** Changes are kept this long; a replica further behind reloads. */
const CHANGE_RETENTION_MS = 10 * 60_000;
const TRIM_EVERY_MS = 60_000;
/** How long the read that notices a logged reload waits for it before answering from the current copy. */
const RELOAD_WAIT_MS = 2000;
/** The longest a write's answer waits for its change to be logged (see record). */
const LOG_WAIT_MS = 3000;

/**
 * This process's copy of the catalog (see CatalogModel) and how it stays
 * current:
 * - loaded whole before the API starts listening, so no request waits for it;
 * - this process's writes are applied to it as soon as the database took them
 *   (`record`), and logged to the change feed for the other replicas;
 * - other replicas' writes are read from the feed at most every
 *   `catalogRecheckMs`, re-reading only the records they name.
 * A gap in the feed that does not fill (a writer died between its write and
 * its log entry, or a tool wrote behind the API's back and bumped the
 * revision) makes it reload in the background while reads go on.
 */
@Injectable()
export class CatalogReadModel implements OnApplicationBootstrap {
  private readonly logger = new Logger('Catalog');
  private readonly feed: ChangeFeed;
  private readonly lock = new KeyedLock();
  private loaded: CatalogModel | null = null;
  /** Every revision up to this one is reflected in `loaded`. */
  private seen = 0;
  /** Revisions this process published and already applied. */
  private readonly own = new Set<number>();
  /** Changes applied here and not logged yet (see record). */
  private unlogged: CatalogChange[] = [];
  /** The log write under way, if any: a gap in the feed may be its revision, slow to answer under load. */
  private logging: Promise<void> | null = null;
  /** Revisions past a gap in the feed, already applied while the gap waits to fill. */
  private readonly appliedAhead = new Set<number>();
  private checkedAt = 0;
  private gapSince: number | null = null;
  private syncing: Promise<void> | null = null;
  private reloading: Promise<void> | null = null;
  /** Changes this process made while a reload read the database; re-read into the new copy. */
  private madeDuringReload: CatalogChange[] | null = null;
  private trimmedAt = Date.now();

  constructor(
    private readonly loader: CatalogLoader,
    @Inject(DB_CONNECTION) connection: Connection,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'catalogRecheckMs'>,
  ) {
    this.feed = new ChangeFeed(() => connection.db!);
  }

  async onApplicationBootstrap(): Promise<void> {
    const started = Date.now();
    await this.current();
    collectGarbage();
    const { heapUsed, heapTotal, external, rss } = process.memoryUsage();
    this.logger.log(`catalog loaded: ${this.loaded!.songCount} songs in ${Date.now() - started} ms (heap ${mb(heapUsed)} of ${mb(heapTotal)}, external ${mb(external)}, rss ${mb(rss)})`);
  }

  /** The copy as it is now, without waiting for a sync (presenters, right after a read awaited current()). */
  get model(): CatalogModel {
    if (!this.loaded) throw new Error('the catalog is read before it was loaded');
    return this.loaded;
  }

  /** The copy, with other replicas' changes applied if the last look is older than catalogRecheckMs. */
  async current(): Promise<CatalogModel> {
    if (!this.loaded) {
      await this.reload();
      return this.loaded!;
    }
    // While a reload reads the database, feed changes wait for the new copy (it starts from the head read before it).
    if (!this.reloading && Date.now() - this.checkedAt >= this.config.catalogRecheckMs) {
      this.syncing ??= this.sync()
        .catch((error: Error) => this.logger.warn(`catalog sync failed, answering from the copy held: ${error.message}`))
        .finally(() => {
          this.syncing = null;
        });
      await this.syncing;
    }
    return this.loaded;
  }

  /**
   * Applies a write this process just made to the copy, then logs it for the
   * other replicas. Call after the database accepted the write. Changes made
   * while a log write is under way are logged together by the next one (a
   * group commit): on the embedded engine, whose writes queue behind each
   * other, a log write per change would triple the writes under load. A failed
   * log write is reported, not thrown: the write itself succeeded, and other
   * replicas notice the revision gap and reload.
   */
  async record(changes: CatalogChange[], apply: (model: CatalogModel) => void): Promise<void> {
    apply(await this.current());
    this.madeDuringReload?.push(...changes);
    this.unlogged.push(...changes);
    // The write is answered once it is logged, so the next read on another replica shows it, but never later than
    // LOG_WAIT_MS: a log write that fails as the database goes away takes one server-selection timeout per step
    // (a drill saw a write the database had taken answered only after 20 s). It carries on in the background.
    await Promise.race([this.logUntilEmpty(), delay(LOG_WAIT_MS, undefined, { ref: false })]);
  }

  private async logUntilEmpty(): Promise<void> {
    this.logging ??= this.logPending().finally(() => {
      this.logging = null;
    });
    await this.logging;
    // Changes that arrived while that log write ran are in the next one.
    if (this.unlogged.length > 0) {
      this.logging ??= this.logPending().finally(() => {
        this.logging = null;
      });
      await this.logging;
    }
  }

  private async logPending(): Promise<void> {
    while (this.unlogged.length > 0) {
      const batch = this.unlogged.splice(0);
      try {
        await this.feed.publish(batch, (revision) => this.own.add(revision));
      } catch (error) {
        this.logger.warn(`catalog change not logged (other replicas will reload): ${(error as Error).message}`);
      }
    }
    if (Date.now() - this.trimmedAt > TRIM_EVERY_MS) {
      this.trimmedAt = Date.now();
      void this.feed.trim(new Date(Date.now() - CHANGE_RETENTION_MS)).catch(() => undefined);
    }
  }

  /** Serializes a write and its record() per key in this process (see KeyedLock). */
  serialize<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.lock.run(key, task);
  }

  /** Reloads here and asks every replica to (after a seed or a bulk write behind the repositories' back). */
  async reloadEverywhere(): Promise<void> {
    await this.feed.publish([{ kind: 'reload' }]);
    await this.reload();
  }

  /** Builds a new copy from the database while the old one keeps answering; concurrent callers share one load. */
  reload(): Promise<void> {
    this.reloading ??= this.loadFresh().finally(() => {
      this.reloading = null;
    });
    return this.reloading;
  }

  private async loadFresh(): Promise<void> {
    const previous = this.loaded;
    this.madeDuringReload = [];
    let redo: CatalogChange[] = [];
    try {
      // Read the head first: anything after it is applied from the feed afterwards (re-reading is idempotent).
      const head = await this.feed.head();
      const model = await this.loader.loadAll();
      // Swap first, so writes from now on go to the new copy, then re-read what was written during the load.
      this.loaded = model;
      this.seen = head;
      this.gapSince = null;
      this.appliedAhead.clear();
      this.advance(head);
      this.checkedAt = Date.now();
      redo = this.madeDuringReload;
    } finally {
      this.madeDuringReload = null;
    }
    // Under the same per-record locks as the writes, so a re-read cannot land after a newer write to that record.
    for (const change of redo) await this.serialize(lockKey(change), () => this.loader.apply(this.model, change));
    // The previous copy is garbage now; give its memory back before it counts twice.
    if (previous) collectGarbage();
  }

  private async sync(): Promise<void> {
    const head = await this.feed.head();
    this.checkedAt = Date.now();
    if (head < this.seen) {
      // The counter went back: the database was restored or replaced under us.
      this.logger.warn(`catalog revision went back from ${this.seen} to ${head}; reloading`);
      this.seen = 0;
      void this.reload();
      return;
    }
    if (head === this.seen) return;
    if (this.allOwn(head)) return this.advance(head);

    const logged = new Map((await this.feed.since(this.seen)).map((entry) => [entry._id, entry]));
    let firstGap: number | null = null;
    for (let revision = this.seen + 1; revision <= head; revision++) {
      if (this.own.has(revision) || this.appliedAhead.has(revision)) continue;
      const entry = logged.get(revision);
      if (!entry) {
        firstGap ??= revision;
        continue;
      }
      if (entry.changes.some((change) => change.kind === 'reload')) {
        // Waited for a little, as whoever logged it expects the next read to show the bulk write; a big
        // catalog's reload goes on in the background while reads are answered from the current copy.
        await Promise.race([this.reload(), delay(RELOAD_WAIT_MS)]);
        return;
      }
      // Changes after a gap are applied at once too: each re-reads the database, so their order does not matter.
      for (const change of entry.changes) await this.loader.apply(this.loaded!, change);
      this.appliedAhead.add(revision);
    }
    if (firstGap === null) return this.advance(head);
    this.advance(firstGap - 1);
    // Being written right now (perhaps by us: a bump can take seconds to answer under load), or never coming:
    // the grace counts only while none of our own bumps is in flight.
    if (this.logging) {
      this.gapSince = null;
      return;
    }
    this.gapSince ??= Date.now();
    if (Date.now() - this.gapSince >= GAP_GRACE_MS) {
      this.logger.warn(`catalog change ${firstGap} is missing from the feed; reloading in the background`);
      void this.reload();
    }
  }

  private allOwn(head: number): boolean {
    for (let revision = this.seen + 1; revision <= head; revision++) if (!this.own.has(revision)) return false;
    return true;
  }

  private advance(revision: number): void {
    if (revision > this.seen) {
      this.seen = revision;
      this.gapSince = null;
    }
    for (const mine of this.own) if (mine <= this.seen) this.own.delete(mine);
    for (const applied of this.appliedAhead) if (applied <= this.seen) this.appliedAhead.delete(applied);
  }
}
