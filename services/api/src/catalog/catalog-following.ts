import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '@nestjs/common';
import type { CatalogLoader } from './catalog-loader.js';
import type { CatalogModel } from './catalog-model.js';
import type { CatalogChange, ChangeFeed } from './change-feed.js';
import { noteRevisionWritten } from './read-your-writes.js';

/** How long a revision may stay without its change document before we take it as lost and reload. */
const GAP_GRACE_MS = 5000;
/** Changes are kept this long; a replica further behind reloads. */
const CHANGE_RETENTION_MS = 10 * 60_000;
const TRIM_EVERY_MS = 60_000;
/** How long the read that notices a logged reload waits for it before answering from the current copy. */
const RELOAD_WAIT_MS = 2000;
/** The longest a write's answer waits for its change to be logged (see log). */
const LOG_WAIT_MS = 3000;
/** The longest pause between tries of a failed log write (see logPending). */
const LOG_RETRY_MAX_MS = 30_000;

/** What following needs of the model it serves: the copy to apply changes to, and a reload when the log cannot tell. */
export interface FollowedCopy {
  copy(): CatalogModel;
  reload(): Promise<void>;
}

/**
 * The copy's place in the change log, both ways (docs/decisions/0008-replicas-follow-a-polled-change-log.md): other
 * replicas' changes read from the feed and applied (sync), this process's own logged in groups (log,
 * docs/decisions/0009-group-commit-of-the-change-log.md). A gap in the feed that does not fill asks for a reload.
 */
export class CatalogFollowing {
  /** Every revision up to this one is reflected in the copy. */
  private seen = 0;
  /** Revisions this process published and already applied. */
  private readonly own = new Set<number>();
  /** The newest revision this process published: a write's answer names it (read-your-writes.ts). */
  private published = 0;
  /** Changes applied here and not logged yet (see log). */
  private unlogged: CatalogChange[] = [];
  /** The log write under way, if any: a gap in the feed may be its revision, slow to answer under load. */
  private logging: Promise<void> | null = null;
  /** Revisions past a gap in the feed, already applied while the gap waits to fill. */
  private readonly appliedAhead = new Set<number>();
  private checkedAt = 0;
  private gapSince: number | null = null;
  private syncing: Promise<boolean> | null = null;
  private trimmedAt = Date.now();
  /** The pause before the next try of a failed log write (0: the last one succeeded), and its timer. */
  private logRetryMs = 0;
  private logRetry: NodeJS.Timeout | null = null;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly loader: CatalogLoader,
    private readonly logger: Logger,
    private readonly followed: FollowedCopy,
  ) {}

  /** The newest revision the copy reflects with every one before it (a snapshot is written at it). */
  get revision(): number {
    return this.seen;
  }

  /** A new copy reflects the log up to `head` (a full load, or a snapshot and the changes after it). */
  startAt(head: number): void {
    this.seen = head;
    this.gapSince = null;
    this.appliedAhead.clear();
    this.advance(head);
    this.checkedAt = Date.now();
  }

  /** Whether the last look at the feed is `ms` old or older. */
  lookDue(ms: number): boolean {
    return Date.now() - this.checkedAt >= ms;
  }

  /** Whether the copy reflects this revision. */
  shows(revision: number): boolean {
    return revision <= this.seen || this.own.has(revision) || this.appliedAhead.has(revision);
  }

  /** Waits for the sync and the log write under way (a snapshot needs the copy still). */
  async settled(): Promise<void> {
    await this.syncing;
    await this.logging;
  }

  /** The sync under way, or a new one; with `wanted`, waits for the one under way and starts another after it. */
  async syncOnce(wanted = 0): Promise<boolean> {
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
   * Logs changes already applied to the copy. Changes made while a log write is under way go together in the next one,
   * so log writes do not multiply the engine's queued writes. Answered once logged, so the next read on another replica
   * shows it, but never later than LOG_WAIT_MS: a log write to a database going away takes a server-selection timeout
   * per step. It carries on in the background; a failed log write is not thrown (the write itself succeeded).
   */
  async log(changes: CatalogChange[]): Promise<void> {
    this.unlogged.push(...changes);
    await Promise.race([this.logUntilEmpty(), delay(LOG_WAIT_MS, undefined, { ref: false })]);
    // Its revision (or, when the log write outlasted the wait, the newest before it): the client reads from it on.
    noteRevisionWritten(this.published);
  }

  private async logUntilEmpty(): Promise<void> {
    await this.startLogging();
    // Changes that arrived while that log write ran are in the next one (unless it failed: a retry is scheduled).
    if (this.unlogged.length > 0 && !this.logRetry) await this.startLogging();
  }

  /** The log write under way, or a new one for what is pending: one at a time (a group commit, see log). */
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

  /** Applies what the feed logged since `seen`; `wanted`, a revision a client's own write took, is looked for past the head. */
  private async sync(wanted = 0): Promise<void> {
    let head = await this.feed.head();
    this.checkedAt = Date.now();
    if (head < this.seen) {
      // The counter went back: the database was restored or replaced under us.
      this.logger.warn(`catalog revision went back from ${this.seen} to ${head}; reloading`);
      this.seen = 0;
      void this.followed.reload();
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
        await Promise.race([this.followed.reload(), delay(RELOAD_WAIT_MS)]);
        return;
      }
      // Changes after a gap are applied at once too: each re-reads the database, so their order does not matter.
      for (const change of entry.changes) await this.loader.apply(this.followed.copy(), change);
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
      void this.followed.reload();
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
