import { close, open, utimes } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { TranscodeFormat } from '@tunafy/contracts';
import { APP_CONFIG, type AppConfig, type TranscodingConfig } from '../../config/app-config.js';
import { FFMPEG_STOPPED, FfmpegRun, TooManyTranscodes, TranscodeFailed, TranscodingUnavailable, ffmpegArgs } from './ffmpeg.js';
import { transcodeMetrics } from './transcode-metrics.js';
import { FinishedOutput, FollowedOutput, TranscodeJob, type TranscodeOutput } from './transcode-job.js';

const openFd = promisify(open);
const touch = promisify(utimes);
const closeFd = promisify(close);

/** How a request got its output: a cached file, a job of this process already running, a new job, another replica's. */
export type OutputSource = 'hit' | 'join' | 'start' | 'follow';

/** What to convert: the stored audio file (its id keys the cache: a file never changes for an id) and its local copy. */
export interface TranscodeInput {
  fileId: string;
  path: string;
}

/** How long a client past a cap is told to wait: about the time a short transcode takes. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Runs ffmpeg (docs/streaming.md, "Transcoding"): whole-song transcodes into an on-disk cache shared by the replicas
 * of a host (LRU by mtime under a byte budget), one job per result however many requests want it, and uncached runs
 * from a given second for seeks; every running ffmpeg counts against a per-process and a per-user cap.
 */
@Injectable()
export class Transcoder implements OnApplicationShutdown {
  private readonly logger = new Logger('Transcoding');
  private readonly config: TranscodingConfig;
  private readonly jobs = new Map<string, TranscodeJob>();
  private readonly claiming = new Map<string, Promise<void>>();
  private readonly runs = new Set<FfmpegRun>();
  private running = 0;
  private readonly perUser = new Map<string, number>();
  private ready: Promise<void> | null = null;
  private evicting: Promise<void> = Promise.resolve();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.config = config.transcoding;
  }

  static cacheKey(fileId: string, format: TranscodeFormat, bitrate: number): string {
    return `${fileId}-${format}-${bitrate}`;
  }

  /**
   * The whole-song transcode of `input`: from the cache, shared with a running job, or started now. Throws
   * TooManyTranscodes past a cap (only when a new ffmpeg would start).
   */
  async output(input: TranscodeInput, format: TranscodeFormat, bitrate: number, userId: string): Promise<{ output: TranscodeOutput; source: OutputSource }> {
    await this.prepare();
    const key = Transcoder.cacheKey(input.fileId, format, bitrate);
    for (let attempt = 1; ; attempt++) {
      const running = await this.liveJob(key);
      if (running) {
        transcodeMetrics.joined.inc();
        return { output: running, source: 'join' };
      }
      // Another request of this process is between its cache check and its job: wait for it, then join or hit.
      const claiming = this.claiming.get(key);
      if (claiming) {
        await claiming;
        continue;
      }
      let claimed!: () => void;
      this.claiming.set(key, new Promise<void>((resolve) => (claimed = resolve)));
      try {
        const found = await this.claim(key, input, format, bitrate, userId, attempt);
        if (found) return found;
      } finally {
        this.claiming.delete(key);
        claimed();
      }
    }
  }

  /**
   * This process's job for `key` unless it is ending. Chromium cancels a request and asks again (a seek, a full buffer):
   * a job its last reader left a moment ago would fail the new request, so wait for it to go (its `.part` with it).
   */
  private async liveJob(key: string): Promise<TranscodeJob | undefined> {
    let job = this.jobs.get(key);
    while (job?.stopping) {
      await job.finished;
      job = this.jobs.get(key);
    }
    return job;
  }

  /** The finished file of `finalPath`, made the newest for the LRU (by mtime); null when there is none. */
  private async cacheHit(finalPath: string): Promise<{ output: TranscodeOutput; source: OutputSource } | null> {
    const cached = await stat(finalPath).catch(() => null);
    if (!cached) return null;
    const now = new Date();
    await touch(finalPath, now, now).catch(() => undefined);
    transcodeMetrics.hits.inc();
    return { output: new FinishedOutput(finalPath, cached.size), source: 'hit' };
  }

  /** A cache hit, another replica's job, a new job, or null to look again (a stale or vanished `.part`). */
  private async claim(key: string, input: TranscodeInput, format: TranscodeFormat, bitrate: number, userId: string, attempt: number): Promise<{ output: TranscodeOutput; source: OutputSource } | null> {
    const finalPath = join(this.config.cacheDir, key);
    const partPath = `${finalPath}.part`;
    const hit = await this.cacheHit(finalPath);
    if (hit) return hit;
    let fd: number;
    try {
      // Created exclusively: the lock between the replicas sharing this folder.
      fd = await openFd(partPath, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const part = await stat(partPath).catch(() => null);
      if (part && Date.now() - part.mtimeMs > this.config.stallMs && attempt === 1) {
        // Left by a process that died mid-transcode: take it over.
        await rm(partPath, { force: true });
        return null;
      }
      if (!part && attempt <= 2) return null;
      const followed = new FollowedOutput(partPath, finalPath, this.config.stallMs);
      await followed.refresh();
      return { output: followed, source: 'follow' };
    }
    let release: () => void;
    try {
      release = this.acquire(userId);
    } catch (error) {
      await closeFd(fd).catch(() => undefined);
      await rm(partPath, { force: true });
      throw error;
    }
    const run = this.spawn(input.path, format, bitrate, 0);
    const job = new TranscodeJob(run, fd, partPath, finalPath);
    this.jobs.set(key, job);
    transcodeMetrics.started.inc();
    void job.finished.then(() => {
      this.jobs.delete(key);
      release();
      if (job.state === 'done') this.evictSoon();
      else this.report(input.fileId, job.error!);
    });
    return { output: job, source: 'start' };
  }

  /** The whole-song transcode if it is cached or being made (here or by another replica), without starting one. */
  async existing(input: TranscodeInput, format: TranscodeFormat, bitrate: number): Promise<{ output: TranscodeOutput; source: OutputSource } | null> {
    await this.prepare();
    const key = Transcoder.cacheKey(input.fileId, format, bitrate);
    const finalPath = join(this.config.cacheDir, key);
    const running = await this.liveJob(key);
    if (running) {
      transcodeMetrics.joined.inc();
      return { output: running, source: 'join' };
    }
    const hit = await this.cacheHit(finalPath);
    if (hit) return hit;
    const part = await stat(`${finalPath}.part`).catch(() => null);
    if (!part || Date.now() - part.mtimeMs > this.config.stallMs) return null;
    const followed = new FollowedOutput(`${finalPath}.part`, finalPath, this.config.stallMs);
    await followed.refresh();
    return followed.state === 'failed' ? null : { output: followed, source: 'follow' };
  }

  /** An uncached ffmpeg from `offsetSeconds` (a seek past what a job has written, or Subsonic's timeOffset). */
  seek(input: TranscodeInput, format: TranscodeFormat, bitrate: number, offsetSeconds: number, userId: string): FfmpegRun {
    const release = this.acquire(userId);
    const run = this.spawn(input.path, format, bitrate, offsetSeconds);
    transcodeMetrics.started.inc();
    run.done
      .catch((error: Error) => {
        // A seek stopped because its client left is no failure.
        if (!(error instanceof TranscodeFailed && error.message === FFMPEG_STOPPED)) this.report(input.fileId, error);
      })
      .finally(release);
    return run;
  }

  /** Running ffmpeg processes of this API process (tests and the bench read it through the metric). */
  get runningCount(): number {
    return this.running;
  }

  private spawn(path: string, format: TranscodeFormat, bitrate: number, offsetSeconds: number): FfmpegRun {
    const run = new FfmpegRun(this.config.ffmpegPath, ffmpegArgs(path, format, bitrate, offsetSeconds), this.config.stallMs);
    this.runs.add(run);
    void run.done.catch(() => undefined).finally(() => this.runs.delete(run));
    return run;
  }

  /** A stopping process ends its ffmpeg children (they would outlive it) and so removes their `.part` files. */
  async onApplicationShutdown(): Promise<void> {
    const jobs = [...this.jobs.values()].map((job) => job.finished);
    for (const run of this.runs) run.kill();
    await Promise.all(jobs);
  }

  private acquire(userId: string): () => void {
    const mine = this.perUser.get(userId) ?? 0;
    if (this.running >= this.config.maxPerProcess || mine >= this.config.maxPerUser) {
      transcodeMetrics.refused.inc();
      throw new TooManyTranscodes(RETRY_AFTER_SECONDS);
    }
    this.running++;
    this.perUser.set(userId, mine + 1);
    transcodeMetrics.running.set(this.running);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
      transcodeMetrics.running.set(this.running);
    };
  }

  /** One log line per failure: what went wrong and ffmpeg's last words. A job its readers left is no failure. */
  private report(fileId: string, error: Error): void {
    if (error instanceof TranscodeFailed && error.message === FFMPEG_STOPPED) return;
    transcodeMetrics.failed.inc();
    if (error instanceof TranscodingUnavailable) this.logger.error(`transcoding is unavailable: ${error.message}; install ffmpeg or set FFMPEG_PATH`);
    else if (error instanceof TranscodeFailed) this.logger.error(`transcoding file ${fileId} failed: ${error.message}${error.stderr ? `; ffmpeg said: ${error.stderr}` : ''}`);
    else this.logger.error(`transcoding file ${fileId} failed: ${error.message}`);
  }

  private prepare(): Promise<void> {
    this.ready ??= mkdir(this.config.cacheDir, { recursive: true }).then(() => undefined);
    return this.ready;
  }

  private evictSoon(): void {
    this.evicting = this.evicting.then(() => this.evict()).catch((error: Error) => this.logger.warn(`evicting transcodes failed: ${error.message}`));
  }

  /** Oldest first (by mtime, which every hit touches) until the finished files fit the budget; `.part` files are jobs. */
  private async evict(): Promise<void> {
    const names = (await readdir(this.config.cacheDir)).filter((name) => !name.endsWith('.part'));
    const entries = (await Promise.all(names.map(async (name) => ({ name, info: await stat(join(this.config.cacheDir, name)).catch(() => null) })))).filter(
      (entry) => entry.info?.isFile(),
    );
    let total = entries.reduce((sum, entry) => sum + entry.info!.size, 0);
    entries.sort((a, b) => a.info!.mtimeMs - b.info!.mtimeMs);
    for (const entry of entries) {
      if (total <= this.config.cacheMaxBytes) break;
      await rm(join(this.config.cacheDir, entry.name), { force: true });
      total -= entry.info!.size;
      transcodeMetrics.evicted.inc();
    }
  }
}
