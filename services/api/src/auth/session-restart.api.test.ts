import { startApi } from '@tunafy/stack';
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, newUser } from '../test/api-client.js';

const apiUrl = inject('apiUrl');
const mongodbUri = inject('mongodbUri');
const apiEnv = inject('apiEnv');

describe('sessions stored in the database', () => {
  it('survive an API restart and work on another API process', async () => {
    const client = await newUser(apiUrl);
    const first = await startApi({ mongodbUri, env: apiEnv });
    try {
      const onFirst = client.withBaseUrl(first.url);
      expect((await onFirst.get('/api/auth/')).body).toEqual(client.user);
    } finally {
      await first.stop();
    }
    // A brand-new process (same secret, same database) still knows the session.
    const second = await startApi({ mongodbUri, env: apiEnv });
    try {
      const onSecond = client.withBaseUrl(second.url);
      expect((await onSecond.get('/api/auth/')).body).toEqual(client.user);
      // The shared API has the session in its in-memory cache now.
      expect((await client.get('/api/auth/')).status).toBe(200);
      // Logging out on one replica ends the session there at once ...
      expect((await onSecond.post('/api/auth/logout')).status).toBe(200);
      const loggedOutAt = Date.now();
      expect((await onSecond.get('/api/auth/')).status).toBe(401);
      // ... and on every other replica once it re-reads the sessions revision (SESSION_RECHECK_MS, 1 s).
      let status = 200;
      while (status !== 401 && Date.now() - loggedOutAt < 5_000) {
        status = (await client.get('/api/auth/')).status;
        if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Within the polling window, not instantly: the bound is a setting, checked generously so a busy machine does not flake.
      expect(status).toBe(401);
    } finally {
      await second.stop();
    }
  });
});

describe('rate limiting', () => {
  it('answers 429 with the error shape after too many login attempts', async () => {
    const limited = await startApi({ mongodbUri, env: { ...apiEnv, AUTH_RATE_LIMIT: '3' } });
    try {
      const client = new ApiClient(limited.url);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        statuses.push((await client.post('/api/auth/login', { json: { email: 'someone@example.com', password: 'wrong-one' } })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      // Signup has its own budget of attempts, spent even by invalid ones.
      const signups: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) signups.push((await client.post('/api/auth/signup', { json: {} })).status);
      expect(signups).toEqual([400, 400, 400, 429]);
      const blocked = await client.post('/api/auth/login', { json: { email: 'someone@example.com', password: 'wrong-one' } });
      expect(blocked.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', message: expect.stringContaining('Too many attempts') });
      // Reading is not limited.
      expect((await client.get('/api/auth/csrf')).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});
