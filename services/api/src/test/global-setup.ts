import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi, startDatabase, throwawayApiEnv, type RunningApi, type RunningDatabase } from '@tunafy/stack';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    mongodbUri: string;
    apiEnv: Record<string, string>;
  }
}

/** The one account the suite's API takes as an administrator (ADMIN_EMAILS): artists/rescan.api.test.ts signs it up. */
export const RESCAN_ADMIN_EMAIL = 'rescan-admin@example.com';

let database: RunningDatabase | undefined;
let api: RunningApi | undefined;
let cacheDir: string | undefined;

/** One real database engine and one real API process for the whole run; each run starts empty. */
export async function setup(project: TestProject): Promise<void> {
  database = await startDatabase({ mode: 'test' });
  cacheDir = mkdtempSync(join(tmpdir(), 'tunafy-test-media-'));
  // No loudness measuring in the shared API: songs would change under the tests that compare two reads of them (the
  // loudness tests start APIs of their own that measure). No cover job either (covers/covers-job.api.test.ts starts its
  // own): it would derive every test's covers; uploads still derive theirs.
  // CATALOG_READS=mongodb runs the API suites with the catalog read port's MongoDB adapter (docs/decisions/0020).
  const reads: Record<string, string> = process.env.CATALOG_READS ? { CATALOG_READS: process.env.CATALOG_READS } : {};
  const apiEnv = throwawayApiEnv(cacheDir, { CATALOG_RECHECK_MS: '0', ADMIN_EMAILS: RESCAN_ADMIN_EMAIL, LOUDNESS_JOB: 'off', COVER_JOB: 'off', ...reads });
  api = await startApi({ mongodbUri: database.uri, env: apiEnv });
  project.provide('apiUrl', api.url);
  project.provide('mongodbUri', database.uri);
  project.provide('apiEnv', apiEnv);
}

export async function teardown(): Promise<void> {
  await api?.stop();
  await database?.stop();
  if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
}
