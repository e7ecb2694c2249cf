import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

/** One song's EBU R128 measurement. */
export interface LoudnessMeasurement {
  /** Integrated loudness, LUFS (-70 for digital silence: below the absolute gate). */
  lufs: number;
  /** True peak, dBTP (-Infinity for digital silence). */
  peakDb: number;
}

/** ffmpeg could not decode the file (or found no audio in it): the song gets no loudness, and is not tried again. */
export class UndecodableAudioError extends Error {}

/** ffmpeg is not there (FFMPEG_PATH, or `ffmpeg` on the PATH): nothing can be measured until it is installed. */
export class FfmpegMissingError extends Error {}

export interface AnalyzerOptions {
  ffmpegPath: string;
  /** Kills ffmpeg past this (ms); a file that takes so long counts as undecodable. */
  timeoutMs: number;
  /** The OS niceness ffmpeg runs at (0–19): a background analysis gives way to the API's requests on a busy core. */
  niceness?: number;
}

/** Stderr kept per run: the summary and the last error are at its end; a broken file's warnings may be megabytes. */
const STDERR_TAIL_BYTES = 16 * 1024;

/**
 * The ffmpeg arguments (never through a shell) measuring the first audio stream: `ebur128=peak=true` gives integrated
 * loudness and a 4× oversampled true peak in one pass, ~150× real time per core on a FLAC or an MP3 (docs/streaming.md
 * has the comparison: `loudnorm`'s analysis resamples to 192 kHz and ran 5× slower for the same numbers). `framelog=verbose`
 * keeps its ten lines a second out of the info log, so only the summary is written (1 KB instead of 400 KB a 4-minute song).
 */
export function ebur128Args(path: string): string[] {
  return ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'info', '-i', path, '-map', '0:a:0', '-vn', '-sn', '-dn', '-filter:a', 'ebur128=peak=true:framelog=verbose', '-f', 'null', '-'];
}

const number = (text: string) => (text === '-inf' ? Number.NEGATIVE_INFINITY : text === 'inf' ? Number.POSITIVE_INFINITY : Number(text));

/** The integrated loudness and true peak of ebur128's summary (the last one in the output), or null when there is none. */
export function parseEbur128Summary(stderr: string): LoudnessMeasurement | null {
  const at = stderr.lastIndexOf('Summary:');
  if (at < 0) return null;
  const summary = stderr.slice(at);
  const integrated = /Integrated loudness:\s*\n\s*I:\s*(-?inf|-?\d+(?:\.\d+)?) LUFS/u.exec(summary);
  const peak = /True peak:\s*\n\s*Peak:\s*(-?inf|-?\d+(?:\.\d+)?) dBFS/u.exec(summary);
  if (!integrated || !peak) return null;
  const lufs = number(integrated[1]!);
  const peakDb = number(peak[1]!);
  return Number.isNaN(lufs) || Number.isNaN(peakDb) ? null : { lufs, peakDb };
}

/** ffmpeg's closing statistics say it wrote no audio at all (`audio:0kB`): nothing in the file could be decoded. */
export function decodedNothing(stderr: string): boolean {
  return /\baudio:0kB\b/u.test(stderr);
}

function lastDecodeError(stderr: string): string {
  const errors = stderr.split('\n').filter((line) => /error|invalid|missing/iu.test(line));
  return errors.at(-1)?.trim().slice(0, 300) ?? 'no frame could be read';
}

/** The last line that says what went wrong, for the log and the song's stored error. */
function lastError(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.at(-1)?.slice(0, 300) ?? 'no output';
}

/**
 * Measures a local audio file with ffmpeg. Throws UndecodableAudioError for a file ffmpeg cannot read (or that outlasts
 * the timeout), FfmpegMissingError when there is no ffmpeg to run.
 */
export function measureLoudness(path: string, options: AnalyzerOptions): Promise<LoudnessMeasurement> {
  return new Promise((resolve, reject) => {
    const child = spawn(options.ffmpegPath, ebur128Args(path), { stdio: ['ignore', 'ignore', 'pipe'] });
    if (options.niceness && child.pid !== undefined) {
      try {
        setPriority(child.pid, options.niceness);
      } catch {
        // Not allowed here (some containers): it runs at the API's priority, as it would without the setting.
      }
    }
    let tail = '';
    let timedOut = false;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      tail += chunk;
      if (tail.length > STDERR_TAIL_BYTES * 2) tail = tail.slice(-STDERR_TAIL_BYTES);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(error.code === 'ENOENT' ? new FfmpegMissingError(`ffmpeg not found at ${options.ffmpegPath} (set FFMPEG_PATH or install ffmpeg)`) : error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) return reject(new UndecodableAudioError(`ffmpeg took longer than ${Math.round(options.timeoutMs / 1000)} s`));
      // A file of garbage behind a valid header decodes to nothing and exits 0 with a silent summary: not silence.
      if (code === 0 && decodedNothing(tail)) return reject(new UndecodableAudioError(`ffmpeg decoded no audio: ${lastDecodeError(tail)}`));
      const measured = code === 0 ? parseEbur128Summary(tail) : null;
      if (measured) return resolve(measured);
      reject(new UndecodableAudioError(code === 0 ? 'ffmpeg found no loudness summary (no audio?)' : `ffmpeg exited with ${code ?? signal}: ${lastError(tail)}`));
    });
  });
}
