import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { refusalFailures, refusedUploadCases, sendRefusedUploads, startGateway, startNginxGateway, type NginxServer, type RunningGateway } from '@tunafy/stack';
import { newUser, type ApiClient } from '../test/api-client.js';

// Issue 32: uploads the API refuses before reading them (a guest's, a forged one's) must come back as their 4xx JSON
// through each gateway in front of the API, never as a 502 or a reset. The production topology's replicas are
// covered in e2e/specs/production.spec.ts.

const ROUNDS = 5;

describe('refused uploads arrive whole through every gateway', () => {
  let member: ApiClient;
  let development: RunningGateway;
  let nginx: NginxServer;
  let scratch: string;

  beforeAll(async () => {
    const apiUrl = inject('apiUrl');
    member = await newUser(apiUrl, 'refused');
    scratch = await mkdtemp(join(tmpdir(), 'tunafy-refused-'));
    development = await startGateway({ apiUrl, apps: { shell: join(scratch, 'shell') }, log: () => undefined });
    nginx = await startNginxGateway(new URL(apiUrl).host, join(scratch, 'nginx'));
  });

  afterAll(async () => {
    await development?.stop();
    await nginx?.stop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  const gateways = () => [
    ['the API itself', inject('apiUrl')],
    ['the development gateway', development.url],
    ['the nginx gateway', nginx.url],
  ] as const;

  it(`answers 120 of 120 refused uploads (1 KB to 12 MB) with their 4xx JSON, ${ROUNDS} times over, on every way in`, async () => {
    for (const [name, url] of gateways()) {
      for (let round = 1; round <= ROUNDS; round++) {
        const outcomes = await sendRefusedUploads(url, refusedUploadCases({ cookie: member.cookieHeader() }));
        expect(outcomes, `${name}, round ${round}`).toHaveLength(120);
        expect(refusalFailures(outcomes), `${name}, round ${round}`).toEqual([]);
        // The three kinds keep their own reasons: a guest is unauthenticated or lacks a token, a forged token is refused.
        const forged = outcomes.filter((outcome) => outcome.path === '/api/songs/new' && outcome.code === 'CSRF_INVALID');
        expect(forged.length, `${name}, round ${round}`).toBeGreaterThanOrEqual(40);
      }
    }
  }, 600_000);

  it('keeps the member logged in and their next request served on the same gateway', async () => {
    const viaGateway = member.withBaseUrl(development.url);
    expect((await viaGateway.get('/api/auth/')).body).toMatchObject({ id: member.user!.id });
  });
});
