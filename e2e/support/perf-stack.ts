import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { frontendApps, startApi, startDatabase, startGateway, throwawayApiEnv, type RunningApi, type RunningGateway } from '@tunafy/stack';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './chromium.js';

export interface PerfStack {
  /** A scratch folder for the benchmark's fixtures, removed by stop(). */
  root: string;
  api: RunningApi;
  gateway: RunningGateway;
  browser: Browser;
  stop(): Promise<void>;
}

/**
 * What the browser benchmarks (e2e/perf) measure against: a fresh database, the built API behind the gateway with its
 * background jobs off (so they do not compete with what is measured) and 8 transcodes per user, and headless Chromium.
 */
export async function startPerfStack(name: string, options: { chromiumArgs?: string[] } = {}): Promise<PerfStack> {
  const root = mkdtempSync(join(tmpdir(), `${name}-`));
  const cacheDir = mkdtempSync(join(tmpdir(), `${name}-media-`));
  const stops: (() => Promise<unknown>)[] = [async () => rmSync(cacheDir, { recursive: true, force: true }), async () => rmSync(root, { recursive: true, force: true })];
  const stop = async () => {
    while (stops.length > 0) await stops.pop()!().catch(() => undefined);
  };
  try {
    const database = await startDatabase({ mode: 'test', log: () => undefined });
    stops.push(() => database.stop());
    const api = await startApi({ mongodbUri: database.uri, env: throwawayApiEnv(cacheDir, { TRUST_PROXY: '1', LOUDNESS_JOB: 'off', COVER_JOB: 'off', TRANSCODE_MAX_PER_USER: '8' }) });
    stops.push(() => api.stop());
    const gateway = await startGateway({ apiUrl: api.url, apps: frontendApps(), env: {}, log: () => undefined });
    stops.push(() => gateway.stop());
    const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: [...CHROMIUM_ARGS, ...(options.chromiumArgs ?? [])], headless: true });
    stops.push(() => browser.close());
    return { root, api, gateway, browser, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
