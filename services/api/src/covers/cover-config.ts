/** How this process derives cover sizes (docs/covers.md, "Settings"), from the environment. */
export interface CoverConfig {
  /** COVER_JOB=off: no background walk over stored covers in this process (benches; another replica's job does it). */
  job: boolean;
  /** COVER_UPLOADS=off: covers stored by uploads and imports are not derived at once (the first request or the job does). */
  onUpload: boolean;
  /**
   * COVER_IDLE_MS: how often the job looks for new covers once every cover has its sizes (default 10 minutes: uploads
   * derive their own, and each look walks every cover id of the in-memory catalog).
   */
  idleMs: number;
  /** COVER_CACHE_MB: the local copy of derived covers (beside the media cache), least recently used out. */
  cacheMaxBytes: number;
}

export const COVER_CONFIG = Symbol('COVER_CONFIG');

function intFrom(value: string | undefined, fallback: number, min: number): number {
  const parsed = value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(parsed) && parsed >= min ? parsed : fallback;
}

export function coverConfigFrom(env: NodeJS.ProcessEnv = process.env): CoverConfig {
  return {
    job: env.COVER_JOB !== 'off',
    onUpload: env.COVER_UPLOADS !== 'off',
    idleMs: intFrom(env.COVER_IDLE_MS, 600_000, 10),
    cacheMaxBytes: intFrom(env.COVER_CACHE_MB, 256, 1) * 1024 * 1024,
  };
}
