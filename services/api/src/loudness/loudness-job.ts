import { Injectable, Logger, Optional, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { SongsRepository } from '../persistence/songs.repository.js';
import { FfmpegMissingError } from './loudness-analyzer.js';
import { LeasedJob } from '../database/leased-job.js';
import { LoudnessJobRepository } from './loudness-job.repository.js';
import { loudnessUnmeasured } from './loudness-metrics.js';
import { LoudnessService } from './loudness.service.js';

/** Songs read per look at the database; the cursor is saved after each such batch. */
const BATCH = 50;
/** A full pass over every song again this often (see run). */
const FULL_PASS_MS = 24 * 60 * 60_000;
/** After ffmpeg went missing, look again this much later. */
const MISSING_RETRY_MS = 5 * 60_000;

/**
 * The background job measuring every song without loudness (docs/streaming.md, "Loudness"): it walks the songs in id
 * order from a cursor stored in the database, so a restart resumes where the last run stopped, and holds a lease while
 * it does, so of several API replicas one walks at a time (the others take over when it stops or dies). Songs
 * stored later have later ids: once at the end, it looks again every LOUDNESS_IDLE_MS, which also catches songs whose
 * measuring after the upload was lost (the process stopped, or the replica does not measure). A full pass a day picks up
 * songs stored with an id below the cursor (an id chosen before a slow upload finished). Songs already measured, tagged
 * or found unmeasurable cost one read each.
 */
@Injectable()
export class LoudnessJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Loudness');
  private readonly job: LeasedJob;

  constructor(
    private readonly loudness: LoudnessService,
    private readonly jobs: LoudnessJobRepository,
    private readonly songs: SongsRepository,
    private readonly catalog: CatalogReadModel,
    @Optional() private readonly http?: HttpAdapterHost,
  ) {
    // No ffmpeg is not the job's fault: look again later without a warning each time (the service logged it once).
    this.job = new LeasedJob({ name: 'loudness job', leases: jobs, logger: this.logger, retryAfterMs: (error) => (error instanceof FfmpegMissingError ? MISSING_RETRY_MS : null) });
  }

  onApplicationBootstrap(): void {
    // An application context without HTTP is a CLI (import, rescan, seed): the API's job measures what it stores.
    if (!this.loudness.config.enabled || !this.http?.httpAdapter) return;
    this.loudness.active = true;
    this.job.start((lost) => this.walk(lost));
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.loudness.stop();
    await this.job.stop();
  }

  /** Walks from the stored cursor while the lease holds (LeasedJob renews it); returns when it is lost or the process stops. */
  private async walk(lost: () => boolean): Promise<void> {
    // The count of songs to do comes from the catalog, which a big library may still be loading.
    await this.catalog.current();
    const { after, passStartedAt } = await this.jobs.cursor();
    const progress = new Progress(this.logger, this.loudness.config.progressMs, () => this.catalog.model.unmeasuredSongCount());
    progress.start(after);
    await this.walkWhileHeld(lost, after, passStartedAt, progress);
  }

  private async walkWhileHeld(lost: () => boolean, from: string | null, passStart: Date, progress: Progress): Promise<void> {
    let after = from;
    let passStartedAt = passStart;
    while (!lost()) {
      const batch = await this.songs.loudnessWork(after, BATCH);
      if (batch.length === 0) {
        progress.passDone();
        if (Date.now() - passStartedAt.getTime() > FULL_PASS_MS) {
          after = null;
          passStartedAt = new Date();
          await this.jobs.saveCursor(after, passStartedAt);
          continue;
        }
        await this.job.pause(this.loudness.config.idleMs);
        continue;
      }
      // One worker more than analyses may run: the next song's ffmpeg starts while the last one's result is written.
      // Each takes its next song only while the job still runs, so a stopping process waits for what runs, not the batch.
      const todo = batch.filter((item) => !item.settled);
      const worker = async () => {
        for (let item = todo.shift(); item && !lost(); item = todo.shift()) progress.count(await this.loudness.measure(item), item.duration);
      };
      await Promise.all(Array.from({ length: this.loudness.config.concurrency + 1 }, worker));
      if (lost()) return;
      after = batch.at(-1)!.id;
      await this.jobs.saveCursor(after, passStartedAt);
      progress.maybeLog();
    }
  }
}

/** The job's progress lines: measured X of Y (the catalog's songs without loudness at the start), the rate. */
class Progress {
  private startedAt = Date.now();
  private loggedAt = Date.now();
  private measured = 0;
  private failed = 0;
  private audioSeconds = 0;
  private total = 0;
  private working = false;

  constructor(
    private readonly logger: Logger,
    private readonly everyMs: number,
    private readonly unmeasured: () => number,
  ) {}

  start(after: string | null): void {
    this.total = this.unmeasured();
    loudnessUnmeasured.set(this.total);
    this.logger.log(`loudness job: ${this.total} songs without loudness; walking songs ${after ? `after ${after} (resumed)` : 'from the first'}`);
  }

  count(outcome: string, duration: number): void {
    if (!this.working) {
      this.working = true;
      this.startedAt = Date.now();
      this.loggedAt = this.startedAt;
    }
    if (outcome === 'measured') {
      this.measured++;
      this.audioSeconds += duration;
    } else if (outcome === 'failed') this.failed++;
    this.maybeLog();
  }

  maybeLog(): void {
    if (Date.now() - this.loggedAt >= this.everyMs) this.log();
  }

  passDone(): void {
    if (!this.working) return;
    this.log();
    this.logger.log('loudness job: every song is measured; looking for new ones');
    this.working = false;
    this.measured = 0;
    this.failed = 0;
    this.audioSeconds = 0;
    this.total = this.unmeasured();
  }

  private log(): void {
    this.loggedAt = Date.now();
    const seconds = Math.max(0.001, (Date.now() - this.startedAt) / 1000);
    const remaining = this.unmeasured();
    loudnessUnmeasured.set(remaining);
    this.logger.log(
      `loudness job: measured ${this.measured} of ${Math.max(this.total, this.measured + this.failed)} (${this.failed} not measurable, ${remaining} without loudness left), ` +
        `${(this.measured / seconds).toFixed(1)} songs/s, ${(this.audioSeconds / seconds).toFixed(1)}× real time`,
    );
  }
}
