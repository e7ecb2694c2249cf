import { Inject, Injectable, Logger, Optional, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Connection } from 'mongoose';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { JobLeases } from '../database/job-leases.js';
import { LeasedJob } from '../database/leased-job.js';
import { DB_CONNECTION } from '../database/tokens.js';
import { CoverPipeline } from './covers.service.js';

/** Covers done between two saves of the cursor. */
const BATCH = 20;
/** Cover ids taken from the catalog at a time: a round's list stays small however big the catalog. */
const ROUND = 1000;
/** A full pass over every cover again this often (see CoverJob). */
const FULL_PASS_MS = 24 * 60 * 60_000;
/** The longest between two progress lines while the job works. */
const PROGRESS_MS = 10_000;

/** The cover job's lease and cursor (`cover_jobs`, see JobLeases). */
@Injectable()
export class CoverJobRepository extends JobLeases {
  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    super(connection, 'cover_jobs');
  }
}

/**
 * The background job deriving the sizes of covers stored before the pipeline, or whose derivation after the upload was
 * lost (the process stopped, or it runs with COVER_UPLOADS=off): it walks the cover files songs, albums and playlists
 * show (as the in-memory catalog knows them) in id order from a cursor stored in the database, so a restart resumes where the last run stopped, and holds a
 * lease while it does, so of several API replicas one walks at a time (the loudness job's pattern). Files stored later
 * have later ids: once at the end it looks again every COVER_IDLE_MS, and a full pass a day picks up files stored with
 * an id below the cursor. A cover already derived costs one read; each derivation takes the pool's background slot,
 * so requests always come first. COVER_JOB=off: no walk in this process.
 */
@Injectable()
export class CoverJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Covers');
  private readonly job: LeasedJob;

  constructor(
    private readonly pipeline: CoverPipeline,
    private readonly jobs: CoverJobRepository,
    private readonly catalog: CatalogReadModel,
    @Optional() private readonly http?: HttpAdapterHost,
  ) {
    this.job = new LeasedJob({ name: 'cover job', leases: jobs, logger: this.logger });
  }

  onApplicationBootstrap(): void {
    // An application context without HTTP is a CLI (import, rescan, seed): the API's job walks the covers.
    if (!this.pipeline.config.job || !this.http?.httpAdapter) return;
    this.job.start((lost) => this.walkWhileHeld(lost));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.job.stop();
  }

  /** From this process's copy of the catalog (at most CATALOG_RECHECK_MS behind the database), so a look costs no query. */
  private async coverIdsAfter(after: string | null): Promise<string[]> {
    return (await this.catalog.current()).coverFileIdsAfter(after, ROUND);
  }

  private async walkWhileHeld(lost: () => boolean): Promise<void> {
    let { after, passStartedAt } = await this.jobs.cursor();
    const progress = { made: 0, unreadable: 0, checked: 0, startedAt: Date.now(), loggedAt: Date.now() };
    while (!lost()) {
      // Read once per round: the next ROUND ids after the cursor, walked in batches with the cursor saved after each.
      const todo = await this.coverIdsAfter(after);
      if (todo.length === 0) {
        if (progress.made + progress.unreadable > 0) this.logger.log(`cover job: every cover has its sizes (${progress.made} made, ${progress.unreadable} not derivable); looking for new ones`);
        progress.made = progress.unreadable = progress.checked = 0;
        if (Date.now() - passStartedAt.getTime() > FULL_PASS_MS) {
          after = null;
          passStartedAt = new Date();
          await this.jobs.saveCursor(after, passStartedAt);
          continue;
        }
        await this.job.pause(this.pipeline.config.idleMs);
        continue;
      }
      for (let at = 0; at < todo.length && !lost(); at += BATCH) {
        const batch = todo.slice(at, at + BATCH);
        for (const id of batch) {
          if (lost()) return;
          const outcome = await this.pipeline.ensureSet(id, 'background');
          progress.checked++;
          if (outcome === 'made') progress.made++;
          else if (outcome === 'unreadable') progress.unreadable++;
        }
        after = batch.at(-1)!;
        await this.jobs.saveCursor(after, passStartedAt);
        if (Date.now() - progress.loggedAt >= PROGRESS_MS) {
          progress.loggedAt = Date.now();
          const seconds = Math.max(0.001, (Date.now() - progress.startedAt) / 1000);
          this.logger.log(`cover job: ${progress.checked} covers checked, ${progress.made} derived (${(progress.made / seconds).toFixed(1)}/s), ${todo.length - at - batch.length} left this round`);
        }
      }
    }
  }
}
