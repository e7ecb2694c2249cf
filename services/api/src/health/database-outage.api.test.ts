import { setTimeout as sleep } from 'node:timers/promises';
import { startApi, startDatabase, type RunningApi, type RunningDatabase } from '@tunafy/stack';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, newUser, type ApiResponse } from '../test/api-client.js';

const apiEnv = inject('apiEnv');
// A MONGODB_URI in the environment means an external server we may not stop: the drill needs a local engine.
const { MONGODB_URI: _external, ...localEnv } = process.env;

/** Fails the drill if a request hangs instead of answering promptly. */
async function timed(request: () => Promise<ApiResponse>, limitMs = 10_000): Promise<ApiResponse & { ms: number }> {
  const started = Date.now();
  const response = await Promise.race([
    request(),
    sleep(limitMs, undefined, { ref: false }).then(() => {
      throw new Error(`no answer within ${limitMs} ms`);
    }),
  ]);
  return { ...response, ms: Date.now() - started };
}

async function eventually(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return Date.now() - started;
    await sleep(250);
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
}

/**
 * Failure drill: the database stops under a running API, then comes back. Its own engine and API process,
 * so the shared ones the other tests use are never touched.
 */
describe('database outage drill', () => {
  let database: RunningDatabase;
  let api: RunningApi;

  beforeAll(async () => {
    database = await startDatabase({ mode: 'test', env: localEnv });
    api = await startApi({ mongodbUri: database.uri, env: apiEnv });
  });
  afterAll(async () => {
    await api?.stop();
    await database?.stop();
  });

  it('reports the outage, answers 503s without hanging, and recovers by itself when the database returns', async () => {
    expect(database.outage, 'needs a local engine').toBeDefined();
    const client = await newUser(api.url, 'outage');
    expect((await client.get('/api/auth/')).body).toEqual(client.user);
    expect((await client.get('/api/songs')).status).toBe(200);

    await database.outage!();

    // Health says so within a few seconds.
    await eventually(
      'health reporting the database down',
      async () => {
        const health = await timed(() => client.get('/api/health'), 5_000);
        return health.status === 503;
      },
      10_000,
    );
    const health = await timed(() => client.get('/api/health'), 5_000);
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'degraded', database: 'down' });

    // Data requests (and the session lookup every logged-in request makes) fail fast with our 503, never a 500.
    for (const path of ['/api/songs', '/api/auth/']) {
      const response = await timed(() => client.get(path));
      expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(503);
      expect(response.body).toEqual({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    // A guest logging in (reads the users) gets the same clear answer.
    const guest = await timed(() => new ApiClient(api.url).post('/api/auth/login', { json: { email: `${client.user.username}@example.com`, password: client.password } }));
    expect(guest.status).toBe(503);
    expect(guest.body).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });

    await database.recover!();

    // Same API process, no restart: health and the logged-in client work again.
    await eventually('health back to 200', async () => (await timed(() => client.get('/api/health'), 5_000)).status === 200, 30_000);
    await eventually('the session working again', async () => (await timed(() => client.get('/api/auth/'))).status === 200, 30_000);
    expect(api.child.exitCode).toBeNull();
    expect((await client.get('/api/auth/')).body).toEqual(client.user);
    expect((await client.get('/api/songs')).status).toBe(200);
    expect((await client.get('/api/health')).body).toMatchObject({ status: 'ok', database: 'up' });
  }, 90_000);
});
