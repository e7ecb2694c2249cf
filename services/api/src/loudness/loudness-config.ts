/** How this process measures loudness (docs/streaming.md, "Loudness"), from the environment. */
export interface LoudnessConfig {
  /** LOUDNESS_JOB=off: this process runs no analysis (neither after uploads nor the background job); tags still count. */
  enabled: boolean;
  /** LOUDNESS_CONCURRENCY: ffmpeg analyses at a time in this process (default 1: the API's cores serve requests first). */
  concurrency: number;
  /** FFMPEG_PATH, else `ffmpeg` on the PATH (the transcoder's setting too). */
  ffmpegPath: string;
  /** LOUDNESS_NICE: the niceness ffmpeg runs at (default 10): on a busy machine requests, transcodes and benchmarks come first. */
  niceness: number;
  /** LOUDNESS_IDLE_MS: how often the job looks for new songs once every song is settled. */
  idleMs: number;
  /** LOUDNESS_PROGRESS_MS: the longest between two progress lines while the job works. */
  progressMs: number;
}

export const LOUDNESS_CONFIG = Symbol('LOUDNESS_CONFIG');

function intFrom(value: string | undefined, fallback: number, min: number): number {
  const parsed = value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(parsed) && parsed >= min ? parsed : fallback;
}

export function loudnessConfigFrom(env: NodeJS.ProcessEnv = process.env): LoudnessConfig {
  return {
    enabled: env.LOUDNESS_JOB !== 'off',
    concurrency: intFrom(env.LOUDNESS_CONCURRENCY, 1, 1),
    ffmpegPath: env.FFMPEG_PATH || 'ffmpeg',
    niceness: Math.min(19, intFrom(env.LOUDNESS_NICE, 10, 0)),
    idleMs: intFrom(env.LOUDNESS_IDLE_MS, 60_000, 10),
    progressMs: intFrom(env.LOUDNESS_PROGRESS_MS, 10_000, 10),
  };
}
