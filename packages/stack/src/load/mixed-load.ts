import { spawn } from 'node:child_process';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../paths.js';
import { ms, table } from '../bench/stats.js';
import type { MixedLoadInput, MixedLoadResult } from './mixed-load-types.js';

export type { MixedLoadInput, MixedLoadResult, MixedLoadSong, MixedLoadUser, RequestTypeStats } from './mixed-load-types.js';

/**
 * Runs the mixed read/write load (mixed-load-worker) in a child process, so
 * the load comes from a second process as a real client's would, and answers
 * its per-request-type figures and the state it left.
 */
export async function runMixedLoad(input: MixedLoadInput, log: (line: string) => void = () => {}): Promise<MixedLoadResult> {
  // From src/ (tsx, vitest) the worker is .ts and needs tsx's loader; from dist/ it is plain .js.
  const ext = extname(fileURLToPath(import.meta.url));
  const file = fileURLToPath(new URL(`./mixed-load-worker${ext}`, import.meta.url));
  const child = spawn(process.execPath, [...(ext === '.ts' ? ['--import', 'tsx'] : []), file], { cwd: repoRoot(), stdio: ['pipe', 'pipe', 'pipe'] });
  const stdout: Buffer[] = [];
  const stderr: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr.push(chunk.toString('utf8'));
    log(chunk.toString('utf8').trimEnd());
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A stuck worker must not outlive its time by much: each request times out after 30 s.
  const killer = setTimeout(() => child.kill('SIGKILL'), (input.durationSeconds + 60) * 1000);
  child.stdin.end(JSON.stringify(input));
  const code = await exited.finally(() => clearTimeout(killer));
  const lines = Buffer.concat(stdout).toString('utf8').trim().split('\n');
  if (code !== 0) throw new Error(`mixed-load worker failed (exit code ${code}):\n${stderr.join('').slice(-4000)}`);
  return JSON.parse(lines[lines.length - 1]!) as MixedLoadResult;
}

/** The figures as a plain text table: one row per request type and a total. */
export function formatMixedLoad(result: MixedLoadResult): string {
  const rows = [['request', 'requests', 'req/s', 'p50', 'p99', 'max', 'statuses', '5xx', 'unexpected', 'network errors']];
  for (const type of result.types) {
    rows.push([
      type.type,
      String(type.requests),
      (type.requests / result.seconds).toFixed(1),
      ms(type.p50Ms),
      ms(type.p99Ms),
      ms(type.maxMs),
      Object.entries(type.statuses)
        .map(([status, count]) => `${status}×${count}`)
        .join(' '),
      String(type.serverErrors),
      String(type.unexpected),
      String(type.networkErrors),
    ]);
  }
  const sum = (key: 'requests' | 'serverErrors' | 'unexpected' | 'networkErrors') => result.types.reduce((total, type) => total + type[key], 0);
  rows.push(['total', String(sum('requests')), (sum('requests') / result.seconds).toFixed(1), '', '', '', '', String(sum('serverErrors')), String(sum('unexpected')), String(sum('networkErrors'))]);
  return [`Mixed load: ${result.virtualUsers} virtual users for ${result.seconds.toFixed(1)} s`, table(rows)].join('\n');
}
