import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './paths.js';
import { findFreePort } from './ports.js';
import { requireNginx } from './production-topology.js';
import { scratchDirs } from './test-support.js';

// The nginx gateway (deploy/nginx/gateway.conf.template, rendered by tools/deploy/render.sh as its image
// renders it) in front of a fake API that echoes what reached it: the request id it adds and logs, and the
// metrics it never forwards. The whole topology runs in e2e/specs/production.spec.ts.

const SOURCE_URL = 'https://git.example.org/tunafy?tab=code&x=1';
const CREDITS = 'Ada "the first" \\ Lovelace=https://github.com/ada; Zoë=https://gitlab.com/zoe';

describe('nginx gateway: request ids, metrics and the instance settings', () => {
  const scratch = scratchDirs('tunafy-nginx-gateway-');
  let api: Server;
  let apiRequests = 0;
  let nginx: ChildProcess;
  let url: string;
  let prefix: string;

  beforeAll(async () => {
    const binary = requireNginx();
    api = createServer((req, res) => {
      apiRequests++;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ url: req.url, headers: req.headers }));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const port = await findFreePort();
    prefix = await scratch();
    execFileSync('bash', [join(repoRoot(), 'tools/deploy/render.sh'), 'gateway', prefix], {
      env: { ...process.env, TUNAFY_LISTEN: `127.0.0.1:${port}`, TUNAFY_API_UPSTREAM: `127.0.0.1:${(api.address() as AddressInfo).port}` },
    });
    // The image's entrypoint script, with a name JSON needs escaped: what the operator set reaches the shell as set.
    execFileSync('sh', [join(repoRoot(), 'deploy/entrypoint/36-tunafy-instance.sh')], {
      env: { ...process.env, TUNAFY_INSTANCE_OUTPUT: join(prefix, 'srv/gateway/instance.json'), TUNAFY_SOURCE_URL: SOURCE_URL, TUNAFY_CREDITS: CREDITS },
    });
    nginx = spawn(binary, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'logs/error.log'), '-g', 'daemon off;'], { stdio: 'ignore' });
    url = `http://127.0.0.1:${port}`;
    for (let attempt = 0; ; attempt++) {
      try {
        await fetch(`${url}/healthz`);
        break;
      } catch (error) {
        if (attempt > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await new Promise((resolve) => api?.close(resolve));
  });

  const accessLog = () =>
    readFileSync(join(prefix, 'logs/access.log'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { request_id: string; uri: string; status: number });

  it('sends the API an X-Request-Id, keeps a safe one the client sent, and logs it in the access log', async () => {
    const echoed = async (headers: Record<string, string> = {}) => {
      const response = await fetch(`${url}/api/songs?limit=1`, { headers });
      return ((await response.json()) as { headers: Record<string, string> }).headers['x-request-id']!;
    };
    const made = await echoed();
    expect(made).toMatch(/^[0-9a-f]{32}$/);
    expect(await echoed({ 'x-request-id': 'client-trace-0001' })).toBe('client-trace-0001');
    const replaced = await echoed({ 'x-request-id': 'bad id" with quotes' });
    expect(replaced).toMatch(/^[0-9a-f]{32}$/);
    expect(replaced).not.toBe(made);
    // nginx writes the line when the request ends; the answer may arrive first.
    await expect.poll(() => accessLog().filter((line) => line.uri === '/api/songs?limit=1').map((line) => line.request_id)).toEqual([made, 'client-trace-0001', replaced]);
  });

  it('sends the share pages and the embed to the API with the browser\'s Host (docs/shares.md)', async () => {
    for (const path of ['/s/abcdefghijklmnopqrstuv', '/embed/abcdefghijklmnopqrstuv?x=1']) {
      const echoed = (await (await fetch(url + path)).json()) as { url: string; headers: Record<string, string> };
      expect(echoed.url, path).toBe(path);
      expect(echoed.headers.host, path).toBe(new URL(url).host);
      expect(echoed.headers['x-forwarded-proto'], path).toBe('http');
    }
  });

  it('serves /instance.json with TUNAFY_SOURCE_URL and TUNAFY_CREDITS as set, never cached', async () => {
    const response = await fetch(`${url}/instance.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({ sourceUrl: SOURCE_URL, credits: CREDITS });
  });

  it('never forwards /api/metrics, however it is spelled', async () => {
    const before = apiRequests;
    for (const path of ['/api/metrics', '/api/metrics/', '/API/Metrics', '/api//metrics', '/api/%6Detrics', '/api/metrics?format=x']) {
      const response = await fetch(url + path, { headers: { authorization: 'Bearer anything', 'x-forwarded-for': '127.0.0.1' } });
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
      expect(response.headers.get('x-request-id'), path).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(apiRequests).toBe(before);
    // A neighbouring path is still the API's.
    expect(((await (await fetch(`${url}/api/metricsx`)).json()) as { url: string }).url).toBe('/api/metricsx');
  });
});
