import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { TranscodeFormat } from '@tunafy/contracts';

/** ffmpeg could not be started (ENOENT): no transcode can work on this server. */
export class TranscodingUnavailable extends Error {
  override name = 'TranscodingUnavailable';
}

/**
 * ffmpeg ran and failed. Not `transient`: the file is at fault (non-zero exit, empty output, or hung), 422. Transient:
 * the run was stopped or could not start, or another replica's failed, so a fresh try may well work (503).
 */
export class TranscodeFailed extends Error {
  override name = 'TranscodeFailed';
  constructor(
    message: string,
    readonly stderr: string,
    readonly transient = false,
  ) {
    super(message);
  }
}

/** Past the per-process or per-user cap of running ffmpeg processes. */
export class TooManyTranscodes extends Error {
  override name = 'TooManyTranscodes';
  constructor(readonly retryAfterSeconds: number) {
    super('too many transcodes running');
  }
}

const CODECS: Record<TranscodeFormat, (bitrate: number) => string[]> = {
  // CBR at 44.1 kHz with no ID3 tag and no Xing/LAME frame: byte b is at b / (bitrate × 125) seconds (docs/streaming.md).
  mp3: (bitrate) => ['-c:a', 'libmp3lame', '-b:a', `${bitrate}k`, '-ar', '44100', '-write_xing', '0', '-id3v2_version', '0', '-f', 'mp3'],
  opus: (bitrate) => ['-c:a', 'libopus', '-b:a', `${bitrate}k`, '-f', 'ogg'],
  aac: (bitrate) => ['-c:a', 'aac', '-b:a', `${bitrate}k`, '-f', 'adts'],
};

/**
 * The command for one transcode. Input seeking (`-ss` before `-i`) starts at any second without decoding what comes
 * before; `-ac 2` because six-channel FLAC is what breaks MP3 encoders; only the first audio stream, no cover, no tags.
 */
export function ffmpegArgs(input: string, format: TranscodeFormat, bitrate: number, offsetSeconds: number): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    // The stored formats carry their parameters in their headers: probing 32 KB, not 5 MB and 5 s of audio, halves the
    // time to the first bytes (~250 → ~120 ms on this machine, docs/benchmarks.md "Streaming in the browser").
    '-probesize',
    '32768',
    '-analyzeduration',
    '0',
    ...(offsetSeconds > 0 ? ['-ss', offsetSeconds.toFixed(3)] : []),
    '-i',
    input,
    '-map',
    '0:a:0',
    '-vn',
    '-map_metadata',
    '-1',
    '-ac',
    '2',
    ...CODECS[format](bitrate),
    // Each packet as it is made, rather than when ffmpeg's output buffer fills: the first audio reaches the listener sooner.
    '-flush_packets',
    '1',
    'pipe:1',
  ];
}

const STDERR_KEEP = 4096;
/** The message of a run stopped on purpose (its readers left, the process stops): no failure of the file. */
export const FFMPEG_STOPPED = 'ffmpeg was stopped';
const KILL_GRACE_MS = 2000;

/**
 * One ffmpeg process writing to a pipe. Its output is read by the caller from `stdout`; `done` settles when it exits:
 * resolves with the bytes it wrote, rejects with TranscodingUnavailable, or TranscodeFailed with the tail of stderr
 * (non-zero exit, no output, or no output for `stallMs` while the reader was not holding it back).
 */
export class FfmpegRun {
  readonly stdout: Readable;
  readonly done: Promise<number>;
  private readonly child: ChildProcess;
  private stderr = '';
  private bytes = 0;
  private stallTimer: NodeJS.Timeout | undefined;
  private stalled = false;
  private killed = false;

  constructor(ffmpegPath: string, args: string[], private readonly stallMs: number) {
    this.child = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.stdout = this.child.stdout!;
    this.child.stderr!.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-STDERR_KEEP);
    });
    this.stdout.on('data', (chunk: Buffer) => {
      this.bytes += chunk.length;
      this.armStall();
    });
    // A paused stdout is the reader's doing (a slow client), not a hung ffmpeg.
    this.stdout.on('pause', () => clearTimeout(this.stallTimer));
    this.stdout.on('resume', () => this.armStall());
    this.armStall();
    this.done = new Promise<number>((resolve, reject) => {
      this.child.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(this.stallTimer);
        if (error.code === 'ENOENT') reject(new TranscodingUnavailable(`ffmpeg was not found (${ffmpegPath})`));
        else reject(new TranscodeFailed(`ffmpeg could not start: ${error.message}`, '', true));
      });
      this.child.once('close', (code, signal) => {
        clearTimeout(this.stallTimer);
        if (this.stalled) reject(new TranscodeFailed(`ffmpeg wrote nothing for ${this.stallMs} ms and was killed`, this.stderrTail()));
        else if (this.killed) reject(new TranscodeFailed(FFMPEG_STOPPED, this.stderrTail(), true));
        else if (code !== 0) reject(new TranscodeFailed(`ffmpeg exited with ${code ?? signal}`, this.stderrTail()));
        else if (this.bytes === 0) reject(new TranscodeFailed('ffmpeg wrote no audio', this.stderrTail()));
        else resolve(this.bytes);
      });
    });
    this.done.catch(() => undefined);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Told to stop (it may still be writing its last bytes): nothing new should wait for it. */
  get stopping(): boolean {
    return this.killed;
  }

  /** SIGTERM, then SIGKILL if it is still there after a grace. */
  kill(): void {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.killed = true;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), KILL_GRACE_MS);
    timer.unref();
    this.child.once('close', () => clearTimeout(timer));
  }

  /** The last lines ffmpeg wrote to stderr, for the log. */
  stderrTail(): string {
    return this.stderr.trim().split('\n').slice(-8).join(' | ');
  }

  private armStall(): void {
    clearTimeout(this.stallTimer);
    if (this.stdout.isPaused()) return;
    this.stallTimer = setTimeout(() => {
      this.stalled = true;
      this.child.kill('SIGKILL');
    }, this.stallMs);
    this.stallTimer.unref();
  }
}
