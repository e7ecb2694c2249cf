import { setTimeout as delay } from 'node:timers/promises';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DB_CONNECTION } from '../database/tokens.js';
import { CatalogLoader } from './catalog-loader.js';
import { CatalogModel } from './catalog-model.js';
import { openSnapshot, writeSnapshot } from './catalog-snapshot.js';
import { ChangeFeed, type CatalogChange } from './change-feed.js';
import { ChangeLogStream } from './change-stream.js';
import { KeyedLock } from '../common/keyed-lock.js';
import { collectGarbage } from './memory.js';
import { noteRevisionWritten, revisionWanted } from './read-your-writes.js';

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

const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;

/** How long a revision may stay without its change document before we take it as lost and reload. */
const GAP_GRACE_MS = 5000;
/** Changes are kept this long; a replica further behind reloads. */
const CHANGE_RETENTION_MS = 10 * 60_000;
const TRIM_EVERY_MS = 60_000;
/** How long the read that notices a logged reload waits for it before answering from the current copy. */
const RELOAD_WAIT_MS = 2000;
/**
 * The longest a read waits for the periodic look at other replicas' changes (see current): a database that does not
 * answer would otherwise hold every read for a server-selection timeout
 * (docs/decisions/0008-replicas-follow-a-polled-change-log.md).
 */
const RECHECK_WAIT_MS = 1000;
/** The longest a write's answer waits for its change to be logged (see record). */
const LOG_WAIT_MS = 3000;
/** The longest pause between tries of a failed log write (see logPending). */
const LOG_RETRY_MAX_MS = 30_000;

/**
 * This process's copy of the catalog (see CatalogModel; docs/decisions/0004-in-memory-catalog-read-model.md) and how
 * it stays current (docs/decisions/0008-replicas-follow-a-polled-change-log.md):
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
export class CatalogReadModel implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Catalog');
  private readonly feed: ChangeFeed;
  /** Where the server has change streams, each logged change wakes a sync at once (the recheck stays the fallback). */
  private readonly stream: ChangeLogStream;
  private readonly lock = new KeyedLock();
  private loaded: CatalogModel | null = null;
  /** Every revision up to this one is reflected in `loaded`. */
  private seen = 0;
  /** Revisions this process published and already applied. */
  private readonly own = new Set<number>();
  /** The newest revision this process published: a write's answer names it (read-your-writes.ts). */
  private published = 0;
  /** Changes applied here and not logged yet (see record). */
  private unlogged: CatalogChange[] = [];
  /** The log write under way, if any: a gap in the feed may be its revision, slow to answer under load. */
  private logging: Promise<void> | null = null;
  /** Revisions past a gap in the feed, already applied while the gap waits to fill. */
  private readonly appliedAhead = new Set<number>();
  private checkedAt = 0;
  private gapSince: number | null = null;
  private syncing: Promise<boolean> | null = null;
  private reloading: Promise<void> | null = null;
  /** Changes this process made while a reload read the database; re-read into the new copy. */
  private madeDuringReload: CatalogChange[] | null = null;
  private trimmedAt = Date.now();
  /** The pause before the next try of a failed log write (0: the last one succeeded), and its timer. */
  private logRetryMs = 0;
  private logRetry: NodeJS.Timeout | null = null;
  /** While a snapshot is written, reads wait here before they sync or write: the copy must hold still. */
  private frozen: Promise<void> | null = null;

  constructor(
    private readonly loader: CatalogLoader,
    @Inject(DB_CONNECTION) connection: Connection,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'catalogRecheckMs' | 'catalogSnapshotFile' | 'shutdownGraceMs'>,
  ) {
    this.feed = new ChangeFeed(() => connection.db!);
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
    if (!this.loaded || this.reloading || this.shows(revision)) return;
    await this.syncOnce(revision);
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
    if (this.reloading) return this.loaded;
    // Other replicas' changes, looked for at most every catalogRecheckMs and waited for at most RECHECK_WAIT_MS: past
    // that the copy held answers and the look carries on (its failure is logged).
    if (Date.now() - this.checkedAt >= this.config.catalogRecheckMs) await Promise.race([this.syncOnce(), delay(RECHECK_WAIT_MS, undefined, { ref: false })]);
    // The client's own write went through another replica since (read-your-writes.ts): catch up before answering.
    // A sync that was under way may have read the head before that write was logged; then one more.
    // A failed look (the database is away) ends the wait: each try costs a server selection, and three of them held a
    // drill's request 8 s across an outage; the copy held answers, as it does when the recheck fails.
    const wanted = revisionWanted();
    for (let tries = 0; tries < 2 && !this.shows(wanted); tries++) if (!(await this.syncOnce(wanted))) break;
    return this.loaded;
  }

  /** Whether the copy reflects this revision. */
  private shows(revision: number): boolean {
    return revision <= this.seen || this.own.has(revision) || this.appliedAhead.has(revision);
  }

  /** The sync under way, or a new one; with `wanted`, waits for the one under way and starts another after it. */
  private async syncOnce(wanted = 0): Promise<boolean> {
    if (wanted > 0 && this.syncing && !(await this.syncing)) return false;
    this.syncing ??= this.sync(wanted)
      .then(() => true)
      .catch((error: Error) => {
        this.logger.warn(`catalog sync failed, answering from the copy held: ${error.message}`);
        return false;
      })
      .finally(() => {
        this.syncing = null;
      });
    return this.syncing;
  }

  /**
   * Applies a write this process just made to the copy, then logs it for the other replicas; call after the database
   * accepted the write. Changes made while a log write is under way go together in the next one, so log writes do not
   * multiply the engine's queued writes (docs/decisions/0009-group-commit-of-the-change-log.md). A failed log write is
   * not thrown: the write itself succeeded.
   */
  async publish(changes: CatalogChange[], apply: (model: CatalogModel) => void): Promise<void> {
    apply(await this.current());
    this.madeDuringReload?.push(...changes);
    this.unlogged.push(...changes);
    // Answered once logged, so the next read on another replica shows it, but never later than LOG_WAIT_MS: a log
    // write to a database going away takes a server-selection timeout per step. It carries on in the background.
    await Promise.race([this.logUntilEmpty(), delay(LOG_WAIT_MS, undefined, { ref: false })]);
    // Its revision (or, when the log write outlasted the wait, the newest before it): the client reads from it on.
    noteRevisionWritten(this.published);
  }

  private async logUntilEmpty(): Promise<void> {
    await this.startLogging();
    // Changes that arrived while that log write ran are in the next one (unless it failed: a retry is scheduled).
    if (this.unlogged.length > 0 && !this.logRetry) await this.startLogging();
  }

  /** The log write under way, or a new one for what is pending: one at a time (a group commit, see record). */
  private startLogging(): Promise<void> {
    this.logging ??= this.logPending().finally(() => {
      this.logging = null;
    });
    return this.logging;
  }

  /**
   * Logs what is pending. A failed batch goes back first in line and is retried in the background, 1 s doubling up
   * to 30 s apart, for as long as the process runs: a change never numbered leaves no gap for other replicas to notice.
   */
  private async logPending(): Promise<void> {
    while (this.unlogged.length > 0) {
      const batch = this.unlogged.splice(0);
      try {
        await this.feed.publish(batch, (revision) => {
          this.own.add(revision);
          this.published = Math.max(this.published, revision);
        });
        this.logRetryMs = 0;
      } catch (error) {
        this.unlogged.unshift(...batch);
        this.logRetryMs = Math.min(LOG_RETRY_MAX_MS, Math.max(1000, this.logRetryMs * 2));
        this.logger.warn(`catalog change not logged yet (${batch.length} changes; trying again in ${this.logRetryMs} ms): ${(error as Error).message}`);
        this.retryLogLater();
        return;
      }
    }
    if (Date.now() - this.trimmedAt > TRIM_EVERY_MS) {
      this.trimmedAt = Date.now();
      void this.feed.trim(new Date(Date.now() - CHANGE_RETENTION_MS)).catch(() => undefined);
    }
  }

  private retryLogLater(): void {
    if (this.logRetry) return;
    this.logRetry = setTimeout(() => {
      this.logRetry = null;
      void this.startLogging();
    }, this.logRetryMs);
    this.logRetry.unref();
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
    this.reloading ??= this.loadFresh().finally(() => {
      this.reloading = null;
    });
    return this.reloading;
  }

  private async loadFresh(): Promise<void> {
    const previous = this.loaded;
    if (!previous && (await this.restoreSnapshot())) return;
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
    for (const change of redo) await this.underRecordLock(lockKey(change), () => this.loader.apply(this.model, change));
    // The previous copy is garbage now; give its memory back before it counts twice.
    if (previous) collectGarbage();
  }

  /**
   * The first copy from this replica's snapshot (catalog-snapshot.ts) and the changes logged since, when the
   * database's change log proves the snapshot is of its history and holds every change after it; answers false
   * (a full load follows) otherwise, or when the snapshot cannot be read.
   */
  private async restoreSnapshot(): Promise<boolean> {
    const file = this.config.catalogSnapshotFile;
    if (!file) return false;
    const started = Date.now();
    const opened = await openSnapshot(file);
    if (!opened) return false;
    const { header } = opened;
    const skip = async (why: string) => {
      await opened.close();
      this.logger.log(`catalog snapshot of revision ${header.revision} not used (${why}); loading from the database`);
      return false;
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
    this.loaded = model;
    this.seen = later.at(-1)?._id ?? header.revision;
    this.checkedAt = Date.now();
    this.logger.log(`catalog restored from its snapshot of revision ${header.revision} (${header.songs} songs) and ${later.length} later changes in ${Date.now() - started} ms`);
    return true;
  }

  /**
   * Writes the snapshot a restart starts from, while the process stops: the copy is held still meanwhile (reads
   * that would sync or write wait), for at most half the shutdown grace; past that it is left unwritten and the
   * next start loads from the database. Needs the database for the revision's log time, so it runs before it closes.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.stream.close();
    const file = this.config.catalogSnapshotFile;
    if (!file || !this.loaded || this.reloading) return;
    let release!: () => void;
    this.frozen = new Promise((resolve) => (release = resolve));
    try {
      await this.syncing;
      await this.logging;
      const revision = this.seen;
      const at = revision > 0 ? await this.feed.revisionAt(revision) : null;
      if (!at) {
        this.logger.log(`catalog snapshot not written: the change log no longer holds revision ${revision}`);
        return;
      }
      const written = await writeSnapshot(file, { revision, revisionAt: at.toISOString(), songs: this.loaded.songCount }, this.loaded.records(), this.config.shutdownGraceMs / 2);
      this.logger.log(`catalog snapshot of revision ${revision} written: ${mb(written.bytes)} in ${written.ms} ms`);
    } catch (error) {
      this.logger.warn(`catalog snapshot not written: ${(error as Error).message}`);
    } finally {
      this.frozen = null;
      release();
    }
  }

  /** Applies what the feed logged since `seen`; `wanted`, a revision a client's own write took, is looked for past the head. */
  private async sync(wanted = 0): Promise<void> {
    let head = await this.feed.head();
    this.checkedAt = Date.now();
    if (head < this.seen) {
      // The counter went back: the database was restored or replaced under us.
      this.logger.warn(`catalog revision went back from ${this.seen} to ${head}; reloading`);
      this.seen = 0;
      void this.reload();
      return;
    }
    if (head === this.seen && wanted <= this.seen) return;
    if (head > this.seen && this.allOwn(head)) return this.advance(head);

    const entries = await this.feed.since(this.seen);
    const logged = new Map(entries.map((entry) => [entry._id, entry]));
    // A change logged above the counter: the counter's $max lost to a concurrent one (the embedded engine updates by
    // reading, then writing), or it is still on its way. Taken as the head, so the change is not left unread.
    head = Math.max(head, entries.at(-1)?._id ?? 0);
    if (head === this.seen) return;
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
