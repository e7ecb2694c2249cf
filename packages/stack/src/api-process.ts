import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths.js';
import { findFreePort } from './ports.js';

/**
 * Node flags of every API process (NODE_OPTIONS and CMD in deploy/api.Dockerfile). Small semi-spaces keep ~21 MB
 * less resident for more frequent, equally short scavenges; the old generation's limit leaves room for a million
 * songs; a growth of 30 % past the live heap before a full collection (V8 chose ~50 % at 100,000 songs) keeps ~14 MB
 * less at the mixed load's peak (docs/decisions/0011-columnar-song-store-and-memory-limits.md). Node refuses that one
 * in NODE_OPTIONS. A bigger catalog raises the limit with NODE_OPTIONS.
 */
export const API_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=2', '--max-old-space-size=768', '--heap-growing-percent=30'] as const;

/**
 * Node flags of the folder import (`npm run import`, and the `docker compose run` line in docs/import.md). A batch
 * whose old generation starts at 256 MB: from V8's default start, the memory outside the heap that each file's reads
 * and writes allocate kept its limit within reach, and it ran about one full collection per file (docs/benchmarks.md,
 * "Covers (issue 31)"). Node refuses the flag in NODE_OPTIONS.
 */
export const IMPORT_NODE_FLAGS = ['--enable-source-maps', '--initial-old-space-size=256'] as const;

/**
 * The API's environment defaults (the caller's environment wins). MALLOC_ARENA_MAX: glibc gives every thread that
 * allocates an arena of its own, where freed memory stays resident; with two, memory freed by V8's and libuv's threads
 * is reused. MALLOC_MMAP_THRESHOLD_: glibc raises its threshold to each big block freed, after which big blocks (a
 * login's argon2 memory, zlib's, a growing column) stay in the arenas; fixed at 128 KB they go back to the system
 * (docs/decisions/0011-columnar-song-store-and-memory-limits.md). The Docker image sets the same.
 */
export const API_ENV_DEFAULTS: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

export interface RunningApi {
  url: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

export interface StartApiOptions {
  mongodbUri: string;
  port?: number;
  /** The loopback address to listen on (HOST); default 127.0.0.1. The production topology gives each replica its own. */
  host?: string;
  /** Another build of the API to run (a candidate fix under a drill); default services/api/dist/main.js. */
  entry?: string;
  /** Extra environment for the API (SESSION_SECRET, AUTH_RATE_LIMIT, ...). */
  env?: Record<string, string>;
  /** Receives the API's output lines; by default they are dropped unless the start fails. */
  log?: (line: string) => void;
  timeoutMs?: number;
}

/**
 * The environment of an API started for one run (integration tests, e2e, bench): a fresh signing secret,
 * no demo catalog, a login limit no test reaches, errors-only logs, no background janitor, and its own
 * media cache folder. `extra` adds or overrides settings (TRUST_PROXY behind the gateway, ...).
 */
export function throwawayApiEnv(mediaCacheDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SEED_ON_EMPTY: 'false',
    AUTH_RATE_LIMIT: '100000',
    LOG_LEVEL: 'error',
    MEDIA_CACHE_DIR: mediaCacheDir,
    JANITOR_INTERVAL_MS: '0',
    ...extra,
  };
}

/**
 * Runs the built API (services/api/dist/main.js) as a real process, the same
 * way `npm start`, the integration tests and the benchmarks do, and resolves
 * once it answers on its port.
 */
export async function startApi(options: StartApiOptions): Promise<RunningApi> {
  const entry = options.entry ?? join(repoRoot(), 'services/api/dist/main.js');
  if (!existsSync(entry)) throw new Error(`The API is not built (${entry} is missing). Run \`npm run build\` first.`);
  const port = options.port ?? (await findFreePort());
  const env: NodeJS.ProcessEnv = { ...API_ENV_DEFAULTS, ...process.env, ...options.env, MONGODB_URI: options.mongodbUri, PORT: String(port), ...(options.host ? { HOST: options.host } : {}) };
  const child = spawn(process.execPath, [...API_NODE_FLAGS, entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  // A stop waits out the API's own shutdown grace (it writes its catalog snapshot within half of it), as Docker's
  // stop_grace_period does in production, so a big catalog's snapshot is not cut short by the launcher.
  const stopGraceMs = Math.max(10_000, (Number(env.SHUTDOWN_GRACE_MS) || 15_000) + 2_000);
  const recent: string[] = [];
  const onLine = (line: string) => {
    recent.push(line);
    if (recent.length > 40) recent.shift();
    options.log?.(line);
  };
  let buffered = '';
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    lines.forEach(onLine);
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);

  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let ready = false;
  while (!ready && Date.now() < deadline) {
    if (child.exitCode !== null) break;
    ready = recent.some((line) => line.includes('tunafy api listening'));
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!ready) {
    child.kill('SIGKILL');
    throw new Error(`The API did not start (exit code ${child.exitCode}). Its last output:\n${recent.join('\n')}`);
  }

  return {
    url,
    port,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), stopGraceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
