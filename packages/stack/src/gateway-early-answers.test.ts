import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeGracefullyAfterEarlyAnswer } from '@tunafy/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from './gateway.js';
import { REFUSED_UPLOAD_SIZES, refusalFailures, sendRefusedUpload, type RefusedUploadOutcome } from './refused-uploads.js';
import { scratchDirs } from './test-support.js';

const REFUSAL = JSON.stringify({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'Please log in.' });

/**
 * An API that refuses every upload before reading a byte of it, as the real one's guards do. `lingering` closes the
 * connection as the real API does (closeGracefullyAfterEarlyAnswer); otherwise Node keeps it alive and reads the
 * rest of the body itself, as a plain upstream would.
 */
function startRefusingApi(lingering: boolean): Promise<Server> {
  const server = createServer((req, res) => {
    if (lingering) closeGracefullyAfterEarlyAnswer(req, res);
    res.statusCode = 401;
    res.setHeader('content-type', 'application/json');
    res.end(REFUSAL);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.each([
  ['an API that closes gracefully after refusing', true],
  ['an API that keeps the connection and reads the rest itself', false],
])('the development gateway in front of %s', (_name, lingering) => {
  let api: Server;
  let gateway: RunningGateway;
  const scratch = scratchDirs('tunafy-gateway-early-');

  beforeAll(async () => {
    api = await startRefusingApi(lingering);
    gateway = await startGateway({ apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`, apps: { shell: await scratch() }, log: () => undefined });
  });

  afterAll(async () => {
    await gateway?.stop();
    api?.closeAllConnections();
    await new Promise((resolve) => api?.close(resolve));
  });

  it('passes the refusal on whole at every body size, and closes the client connection after it', async () => {
    const outcomes: RefusedUploadOutcome[] = [];
    for (const bytes of REFUSED_UPLOAD_SIZES) for (let i = 0; i < 4; i++) outcomes.push(await sendRefusedUpload(gateway.url, { path: '/api/songs/new', headers: {} }, bytes));
    expect(refusalFailures(outcomes)).toEqual([]);
    expect(new Set(outcomes.map((outcome) => outcome.code))).toEqual(new Set(['UNAUTHENTICATED']));
  });

  it('still serves the next request after refusals', async () => {
    const response = await fetch(`${gateway.url}/api/anything`, { method: 'POST', body: 'small' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(JSON.parse(REFUSAL));
  });
});

describe('the development gateway with no API behind it', () => {
  it('answers 502 in the API’s error shape', async () => {
    const scratch = scratchDirs('tunafy-gateway-down-');
    const gateway = await startGateway({ apiUrl: 'http://127.0.0.1:1', apps: { shell: await scratch() }, log: () => undefined });
    try {
      const response = await fetch(`${gateway.url}/api/songs`);
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ statusCode: 502, code: 'SERVICE_UNAVAILABLE', message: 'The Tunafy API cannot be reached right now.' });
    } finally {
      await gateway.stop();
    }
  });
});
