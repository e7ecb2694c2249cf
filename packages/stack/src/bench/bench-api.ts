import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi, throwawayApiEnv, type RunningApi } from '../api-process.js';
import type { RunningDatabase } from '../database.js';
import { openBenchDatabase } from './database-tools.js';

export interface BenchApi {
  api: RunningApi;
  database: RunningDatabase;
  /** A scratch folder removed at the end (the API's media cache is in it). */
  scratch: string;
  /** The 1-minute load average when the run started, for the report. */
  loadAtStart: number;
  /** Undone last first when the run ends, failed or not. */
  cleanups: (() => Promise<unknown>)[];
}

/** One bench run against a fresh database and one real API process (`env`: extra settings), both stopped however the run ends. */
export async function withBenchApi(name: string, progress: (line: string) => void, run: (bench: BenchApi) => Promise<void>, env: Record<string, string> = {}): Promise<void> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const scratch = await mkdtemp(join(tmpdir(), `tunafy-bench-${name}-`));
  cleanups.push(() => rm(scratch, { recursive: true, force: true }));
  try {
    const loadAtStart = loadavg()[0]!;
    const { database } = await openBenchDatabase(progress, cleanups);
    // The loudness job would measure every grown song in the background and skew every figure; benches that want it say so.
    const api = await startApi({ mongodbUri: database.uri, env: throwawayApiEnv(join(scratch, 'media'), { LOUDNESS_JOB: 'off', COVER_JOB: 'off', ...env }) });
    cleanups.push(() => api.stop());
    await run({ api, database, scratch, loadAtStart, cleanups });
  } finally {
    while (cleanups.length > 0) await cleanups.pop()!().catch((error: Error) => progress(`cleanup: ${error.message}`));
  }
}
