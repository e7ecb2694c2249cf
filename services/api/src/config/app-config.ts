import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface AppConfig {
  port: number;
  mongodbUri: string;
  /** Signs session and CSRF cookies; must be stable across restarts and shared by replicas. */
  sessionSecret: string;
  /** Marks cookies Secure; on behind HTTPS in production. */
  secureCookies: boolean;
  /** Number of reverse proxies in front of us, so rate limits see the client's address. */
  trustProxy: number;
  /** Local disk copy of GridFS media, so streaming does not depend on the database's chunk reads. */
  mediaCacheDir: string;
  /** Upper bound of that copy; least recently used files go first. */
  mediaCacheMaxBytes: number;
  logLevel: string;
  /** Login and signup attempts allowed per client address per minute. */
  authRateLimit: number;
  /** Share links that do not open (unknown, revoked, expired) allowed per client address per minute (docs/shares.md). */
  shareRateLimit: number;
  /**
   * The instance's public origin (PUBLIC_URL, e.g. https://music.example.org) for absolute links a share page gives
   * chat apps; undefined: taken from each request's Host and X-Forwarded-Proto (behind TRUST_PROXY hops).
   */
  publicUrl?: string;
  /** How stale (ms) a replica's cached catalog may be after another replica's write. */
  catalogRecheckMs: number;
  /**
   * Which adapter answers the catalog's paged reads (CATALOG_READS, docs/decisions/0020-catalog-read-port.md): the
   * in-memory model (`memory`, the default) or indexed queries on the database (`mongodb`).
   */
  catalogReads: 'memory' | 'mongodb';
  /** Where this replica keeps its catalog snapshot for a fast restart (catalog-snapshot.ts); undefined: none. */
  catalogSnapshotFile?: string;
  /** How long (ms) a replica may keep serving a session after a logout through another replica. */
  sessionRecheckMs: number;
  /** Load the demo catalog when the database is empty. */
  seedOnEmpty: boolean;
  /** Cleans up files and records that a crash left unreferenced. */
  janitorIntervalMs: number;
  /**
   * How old (ms) an unreferenced file or an unfinished upload must be before the janitor removes it: longer than
   * any request, so one still being written or about to be referenced is left alone. Drills lower it.
   */
  janitorGraceMs: number;
  /** How long (ms) a stopping process lets running requests finish before it cuts their connections. */
  shutdownGraceMs: number;
  /** Bearer token that opens GET /api/metrics to scrapers outside the internal network; none: internal only. */
  metricsToken?: string;
  /** Emails (lower case) of the accounts that may run instance-wide jobs (POST /api/admin/rescan); ADMIN_EMAILS. */
  adminEmails: string[];
  /**
   * What seals app passwords at rest (docs/subsonic.md, "The server key"): APP_PASSWORD_KEY, else SESSION_SECRET;
   * `previous` still opens secrets sealed before a rotation (APP_PASSWORD_KEY_PREVIOUS, comma-separated).
   */
  appPasswordKey: { current: string; previous: string[] };
  /** On-the-fly transcoding (docs/streaming.md, "Transcoding"). */
  transcoding: TranscodingConfig;
}

export interface TranscodingConfig {
  /** The ffmpeg binary (FFMPEG_PATH): a name looked up on PATH or an absolute path. */
  ffmpegPath: string;
  /** Finished transcodes, shared by the replicas of one host (TRANSCODE_CACHE_DIR). */
  cacheDir: string;
  /** Budget of that folder in bytes (TRANSCODE_CACHE_MB); least recently used results go first. */
  cacheMaxBytes: number;
  /** Running ffmpeg processes allowed per API process and per user. */
  maxPerProcess: number;
  maxPerUser: number;
  /** An ffmpeg that writes nothing for this long (ms) is killed as hung. */
  stallMs: number;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

function intFrom(value: string | undefined, fallback: number): number {
  const parsed = value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(parsed) ? parsed : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const mongodbUri = env.MONGODB_URI;
  if (!mongodbUri) {
    throw new Error('MONGODB_URI is not set. Start the API with `npm start` (it picks a database) or set MONGODB_URI.');
  }
  const production = env.NODE_ENV === 'production';
  if (production && !env.SESSION_SECRET) {
    throw new Error('SESSION_SECRET must be set in production so sessions survive restarts and work across replicas.');
  }
  const sessionSecret = env.SESSION_SECRET || randomBytes(32).toString('hex');
  const previousKeys = (env.APP_PASSWORD_KEY_PREVIOUS ?? '').split(',').map((key) => key.trim()).filter(Boolean);
  return {
    port: intFrom(env.PORT, 8080),
    mongodbUri,
    sessionSecret,
    secureCookies: env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : production,
    trustProxy: intFrom(env.TRUST_PROXY, 0),
    mediaCacheDir: env.MEDIA_CACHE_DIR || join(tmpdir(), 'tunafy-media-cache'),
    mediaCacheMaxBytes: intFrom(env.MEDIA_CACHE_MAX_BYTES, 2 * 1024 ** 3),
    logLevel: env.LOG_LEVEL || (production ? 'info' : 'warn'),
    authRateLimit: intFrom(env.AUTH_RATE_LIMIT, 20),
    shareRateLimit: intFrom(env.SHARE_RATE_LIMIT, 30),
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/u, '') : undefined,
    catalogRecheckMs: intFrom(env.CATALOG_RECHECK_MS, 1000),
    catalogReads: catalogReadsFrom(env.CATALOG_READS),
    catalogSnapshotFile: env.CATALOG_SNAPSHOT_FILE === 'off' ? undefined : env.CATALOG_SNAPSHOT_FILE || join(env.MEDIA_CACHE_DIR || join(tmpdir(), 'tunafy-media-cache'), 'catalog-snapshot.ndjson.gz'),
    sessionRecheckMs: intFrom(env.SESSION_RECHECK_MS, 1000),
    seedOnEmpty: env.SEED_ON_EMPTY ? env.SEED_ON_EMPTY === 'true' : !production,
    janitorIntervalMs: intFrom(env.JANITOR_INTERVAL_MS, 15 * 60 * 1000),
    janitorGraceMs: intFrom(env.JANITOR_GRACE_MS, 60 * 60 * 1000),
    // Below docker-compose's stop_grace_period for the API (20 s), so we finish before Docker's SIGKILL.
    shutdownGraceMs: intFrom(env.SHUTDOWN_GRACE_MS, 15_000),
    metricsToken: env.METRICS_TOKEN || undefined,
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    // Without its own key, the session secret seals them; setting one later keeps those working (and re-seals them).
    appPasswordKey: env.APP_PASSWORD_KEY
      ? { current: env.APP_PASSWORD_KEY, previous: [...previousKeys, sessionSecret] }
      : { current: sessionSecret, previous: previousKeys },
    transcoding: {
      ffmpegPath: env.FFMPEG_PATH || 'ffmpeg',
      cacheDir: env.TRANSCODE_CACHE_DIR || join(env.MEDIA_CACHE_DIR || join(tmpdir(), 'tunafy-media-cache'), 'transcodes'),
      cacheMaxBytes: intFrom(env.TRANSCODE_CACHE_MB, 1024) * 1024 * 1024,
      // A transcode outruns playback many times over, so 2 cores keep 20+ listeners starting at once in real time.
      maxPerProcess: intFrom(env.TRANSCODE_MAX_PER_PROCESS, 24),
      maxPerUser: intFrom(env.TRANSCODE_MAX_PER_USER, 3),
      stallMs: intFrom(env.TRANSCODE_STALL_MS, 20_000),
    },
  };
}

function catalogReadsFrom(value: string | undefined): AppConfig['catalogReads'] {
  if (!value || value === 'memory') return 'memory';
  if (value === 'mongodb') return 'mongodb';
  throw new Error(`CATALOG_READS must be memory or mongodb, not ${value}`);
}
