import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths.js';
import { findFreePort } from './ports.js';

/**
 * Node flags of every API process (the same as NODE_OPTIONS in deploy/api.Dockerfile). V8's young generation
 * defaults to two 16 MiB semi-spaces, resident once used: 2 MiB ones keep 21 MB less resident (144 -> 123 MB idle
 * with the demo catalog, docs/benchmarks.md "API memory"), at the cost of more frequent, equally short scavenges
 * of what is mostly per-request garbage.
 *
 * The old generation's limit is set too, not for the limit itself but for what V8 derives from it: how far the heap
 * may grow past its live size before the next full collection. Under the default limit (a quarter of the machine's
 * memory, 4 GB here) that factor is up to 4, and a 16-client mixed load took the API from 156 to 289 MB resident at
 * 10,000 songs; with 512 MB, 156 MB; at 100,000 songs 205 -> 240 MB (512) and 248 MB (1024) (docs/benchmarks.md,
 * "API memory"). 768 MB leaves room for a million songs (about 300 MB of live heap) and stays below the 1 GB a
 * process may use there; a bigger catalog raises it with NODE_OPTIONS.
 */
export const API_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=2', '--max-old-space-size=768'] as const;

/**
 * The API's environment defaults (the caller's environment wins). MALLOC_ARENA_MAX: glibc gives every thread that
 * allocates its own malloc arena (up to 8 per core): V8's garbage-collector and compiler threads and libuv's pool (file
 * reads, zlib, hashing) each fill one, and memory freed in an arena stays resident for that arena. With two, freed
 * memory is reused across threads: at 100,000 songs the highest RSS under the bench's mixed load went from 252-264 MB
 * (six runs) to 238-243 MB (two runs), idle 181-189 MB against 185-206, with the same request rates
 * (docs/benchmarks.md, "API memory"). The Docker image sets the same (deploy/api.Dockerfile).
 */
export const API_ENV_DEFAULTS: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

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
