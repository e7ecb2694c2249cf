/**
 * Worker: one autocannon run (an unmeasured warm-up, then the measured run)
 * against a URL, in a process of its own so the load generator does not
 * share an event loop with either server. Prints a LoadResult as JSON.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoRoot } from '../paths.js';

export interface LoadInput {
  url: string;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  headers: Record<string, string>;
}

export interface LoadResult {
  requestsPerSecond: number;
  bytesPerSecond: number;
  bytesPerRequest: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  meanMs: number;
  requests: number;
  /** Requests of the warm-up and the measured run, to divide CPU time by. */
  allRequests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  latency: { p50: number; p90: number; p99: number; average: number };
  requests: { total: number };
  throughput: { total: number };
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

// autocannon is a dev dependency of services/api (the benchmark's subject); resolve it from there.
const autocannon = createRequire(join(repoRoot(), 'services/api/package.json'))('autocannon') as Autocannon;

const input = JSON.parse(process.argv[2]!) as LoadInput;
const common = { url: input.url, connections: input.connections, headers: input.headers, timeout: 30 };
const warmup = input.warmupSeconds > 0 ? await autocannon({ ...common, duration: input.warmupSeconds }) : null;
const result = await autocannon({ ...common, duration: input.durationSeconds });

const output: LoadResult = {
  requestsPerSecond: result.requests.total / result.duration,
  bytesPerSecond: result.throughput.total / result.duration,
  bytesPerRequest: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
  p50Ms: result.latency.p50,
  p90Ms: result.latency.p90,
  p99Ms: result.latency.p99,
  meanMs: result.latency.average,
  requests: result.requests.total,
  allRequests: result.requests.total + (warmup?.requests.total ?? 0),
  non2xx: result.non2xx + (warmup?.non2xx ?? 0),
  errors: result.errors + (warmup?.errors ?? 0),
  timeouts: result.timeouts + (warmup?.timeouts ?? 0),
};
console.log(JSON.stringify(output));
