import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CREDENTIALS } from '@tunafy/contracts';
import { frontendApps, repoRoot, startApi, startDatabase, startGateway, throwawayApiEnv } from '@tunafy/stack';

export interface TestStack {
  /** The gateway: shell, remotes and /api on one origin. */
  baseUrl: string;
  apiUrl: string;
  /** The database the API uses, for specs that start their own API process (restart drills). */
  mongodbUri: string;
  stop(): Promise<void>;
}

/** The remotes whose production build exists, e.g. `mf-auth`. Specs that need one skip without it. */
export function builtRemotes(): string[] {
  const root = repoRoot();
  return ['mf-auth', 'mf-library', 'mf-player'].filter((folder) => existsSync(join(root, folder, 'dist/mf-manifest.json')));
}

/** Cookie jar of one: enough for the API's CSRF double-submit (cookie + header). */
async function createAccount(baseUrl: string, account: { email: string; username: string; password: string }): Promise<void> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  if (!csrf.ok) throw new Error(`GET /api/auth/csrf answered ${csrf.status}`);
  const { csrf_token: token } = (await csrf.json()) as { csrf_token: string };
  const cookie = csrf.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const signup = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie },
    body: JSON.stringify(account),
  });
  if (!signup.ok && signup.status !== 409) throw new Error(`POST /api/auth/signup answered ${signup.status}: ${await signup.text()}`);
}

/**
 * A fresh, empty database, the built API and the gateway over the production builds of the shell and
 * every built remote, plus the demo account. What `npm start` runs, minus the demo catalog.
 */
export async function startTestStack(log: (line: string) => void = () => undefined, options: { apiEnv?: Record<string, string> } = {}): Promise<TestStack> {
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    while (stops.length > 0) await stops.pop()!().catch((error: Error) => log(`cleanup: ${error.message}`));
  };
  try {
    const database = await startDatabase({ mode: 'test', log });
    stops.push(() => database.stop());
    const cacheDir = mkdtempSync(join(tmpdir(), 'tunafy-e2e-media-'));
    stops.push(async () => rmSync(cacheDir, { recursive: true, force: true }));
    const api = await startApi({
      mongodbUri: database.uri,
      // Behind the gateway, like production: the API sees the client through one proxy hop.
      env: throwawayApiEnv(cacheDir, { TRUST_PROXY: '1', ...options.apiEnv }),
      // The API logs errors only (LOG_LEVEL=error; Node's own warnings come too): a failed spec's cause (ffmpeg's last
      // words, a 500's stack) then shows in the run's output instead of dying with the process.
      log: (line) => log(`api: ${line}`),
    });
    stops.push(() => api.stop());
    const gateway = await startGateway({ apiUrl: api.url, apps: frontendApps(), env: {}, log });
    stops.push(() => gateway.stop());
    await createAccount(gateway.url, DEMO_CREDENTIALS);
    return { baseUrl: gateway.url, apiUrl: api.url, mongodbUri: database.uri, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
