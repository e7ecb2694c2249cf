import { close, write } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { TranscodeFailed, TranscodingUnavailable, type FfmpegRun } from './ffmpeg.js';

const writeFd = promisify(write);
const closeFd = promisify(close);

export type JobState = 'running' | 'done' | 'failed';

/**
 * A transcode's output file as readers see it: how many bytes are there so far, whether more will come, and a way
 * to wait for the next change. A finished cache file, a job of this process and another replica's job all look so.
 */
export interface TranscodeOutput {
  readonly state: JobState;
  readonly written: number;
  readonly error: Error | null;
  /** Bytes per second written so far (Infinity when finished). */
  readonly rate: number;
  /** The file to read: the `.part` while it is written, the final name after. */
  readonly paths: readonly string[];
  /** Resolves at the next progress or end (never rejects). */
  changed(): Promise<void>;
  /**
   * A reader starts and stops reading. A reader that `left` early (its client went away) and was the last ends the
   * job; one that got all it asked for lets it finish into the cache.
   */
  attach(): void;
  detach(left: boolean): void;
}

abstract class Watched {
  private waiters: (() => void)[] = [];
  changed(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }
  protected notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

/** A finished transcode in the cache. */
export class FinishedOutput implements TranscodeOutput {
  readonly state = 'done';
  readonly error = null;
  readonly rate = Infinity;
  readonly paths: readonly string[];
  constructor(
    path: string,
    readonly written: number,
  ) {
    this.paths = [path];
  }
  changed(): Promise<void> {
    return Promise.resolve();
  }
  attach(): void {}
  detach(): void {}
}

/**
 * A transcode this process runs: ffmpeg's output appended to `<key>.part` (created exclusively by the caller: the
 * lock between replicas), renamed to the final name when ffmpeg exits 0 with output. When the last reader goes,
 * ffmpeg is killed and the `.part` removed, so nothing half-written stays.
 */
export class TranscodeJob extends Watched implements TranscodeOutput {
  state: JobState = 'running';
  written = 0;
  error: Error | null = null;
  readonly paths: readonly string[];
  private readers = 0;
  private readonly started = Date.now();
  /** Settles after the output is renamed or removed (the job's slot may be given back then). */
  readonly finished: Promise<void>;

  constructor(
    private readonly run: FfmpegRun,
    private readonly fd: number,
    private readonly partPath: string,
    private readonly finalPath: string,
  ) {
    super();
    this.paths = [partPath, finalPath];
    let writing = Promise.resolve();
    let writeFailure: Error | null = null;
    let fdOpen = true;
    // Closed once only: a number closed twice may by then be another file's.
    const closeOnce = async () => {
      if (!fdOpen) return;
      fdOpen = false;
      await closeFd(fd);
    };
    run.stdout.on('data', (chunk: Buffer) => {
      if (writeFailure) return;
      // One write at a time, in order; ffmpeg waits meanwhile (its pipe fills), which is the backpressure.
      run.stdout.pause();
      writing = writing
        .then(() => writeAll(fd, chunk))
        .then(
          () => {
            this.written += chunk.length;
            this.notify();
            if (this.state === 'running') run.stdout.resume();
          },
          (error: Error) => {
            // A full or failing disk: stop ffmpeg rather than leave it blocked on a pipe no one reads.
            writeFailure ??= error;
            run.kill();
          },
        );
    });
    this.finished = run.done
      .then(async () => {
        await writing;
        if (writeFailure) throw writeFailure;
        await closeOnce();
        await rename(partPath, finalPath);
        this.state = 'done';
      })
      .catch(async (error: Error) => {
        await writing.catch(() => undefined);
        await closeOnce().catch(() => undefined);
        await rm(partPath, { force: true });
        if (writeFailure) this.error = new TranscodeFailed(`writing the transcode failed: ${writeFailure.message}`, '');
        else this.error = error instanceof TranscodeFailed || error instanceof TranscodingUnavailable ? error : new TranscodeFailed(error.message, '');
        this.state = 'failed';
      })
      .finally(() => this.notify());
  }

  get rate(): number {
    const seconds = (Date.now() - this.started) / 1000;
    return seconds > 0 ? this.written / seconds : 0;
  }

  get pid(): number | undefined {
    return this.run.pid;
  }

  /** Its last reader left and ffmpeg was told to stop; until it exits it still holds the `.part`. */
  get stopping(): boolean {
    return this.state === 'running' && this.run.stopping;
  }

  attach(): void {
    this.readers++;
  }

  detach(left: boolean): void {
    this.readers--;
    if (left && this.readers <= 0 && this.state === 'running') this.run.kill();
  }
}

async function writeAll(fd: number, chunk: Buffer): Promise<void> {
  for (let offset = 0; offset < chunk.length; ) {
    const { bytesWritten } = await writeFd(fd, chunk, offset, chunk.length - offset);
    offset += bytesWritten;
  }
}

const POLL_MS = 100;

/**
 * Another replica's transcode, followed through the file system: the `.part` grows until the final name appears. A
 * `.part` that vanishes without a final file, or stops growing for `stallMs`, failed.
 */
export class FollowedOutput extends Watched implements TranscodeOutput {
  state: JobState = 'running';
  written = 0;
  error: Error | null = null;
  readonly paths: readonly string[];
  private readers = 0;
  private timer: NodeJS.Timeout | undefined;
  private lastGrowth = Date.now();
  private readonly started = Date.now();

  constructor(
    private readonly partPath: string,
    private readonly finalPath: string,
    private readonly stallMs: number,
  ) {
    super();
    this.paths = [partPath, finalPath];
  }

  get rate(): number {
    const seconds = (Date.now() - this.started) / 1000;
    return seconds > 0 ? this.written / seconds : 0;
  }

  attach(): void {
    if (this.readers++ === 0) void this.poll();
  }

  detach(): void {
    if (--this.readers <= 0) clearTimeout(this.timer);
  }

  /** Checks once now, so the first reader starts from a known size. */
  async refresh(): Promise<void> {
    const final = await stat(this.finalPath).catch(() => null);
    if (final) {
      this.written = final.size;
      this.state = 'done';
      return this.notify();
    }
    const part = await stat(this.partPath).catch(() => null);
    if (!part) {
      // Renamed between the two checks, or removed as failed.
      const late = await stat(this.finalPath).catch(() => null);
      if (late) {
        this.written = late.size;
        this.state = 'done';
      } else {
        this.state = 'failed';
        this.error = new TranscodeFailed('the transcode another process ran failed', '', true);
      }
      return this.notify();
    }
    if (part.size > this.written) {
      this.written = part.size;
      this.lastGrowth = Date.now();
      this.notify();
    } else if (Date.now() - Math.max(this.lastGrowth, part.mtimeMs) > this.stallMs) {
      this.state = 'failed';
      this.error = new TranscodeFailed('the transcode another process ran stopped making progress', '', true);
      this.notify();
    }
  }

  private async poll(): Promise<void> {
    await this.refresh();
    if (this.state === 'running' && this.readers > 0) this.timer = setTimeout(() => void this.poll(), POLL_MS);
  }
}
