import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from './gateway.js';
import { IMMUTABLE, NO_CACHE } from './gateway-static.js';
import { publishRemote } from './publish-remote.js';

const BIG_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;

function write(file: string, content: string | Buffer) {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, content);
}

/** A fake API that echoes what reached it, so the test sees exactly what the proxy forwarded. */
function startFakeApi(): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.setHeader('set-cookie', 'tunafy.sid=abc; Path=/; HttpOnly');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('gateway', () => {
  let root: string;
  let api: Server;
  let gateway: RunningGateway;
  const warnings: string[] = [];

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'tunafy-gateway-'));
    // Over 1 KiB (as the real one is, with its first paint), so it is gzipped.
    write(join(root, 'shell/index.html'), `<!doctype html><title>shell</title><!--${'first paint '.repeat(100)}-->`);
    write(join(root, 'shell/main.0123abcd89.js'), BIG_JS);
    write(join(root, 'shell/tiny.0123abcd89.css'), 'a{}');
    write(join(root, 'shell/sw.js'), BIG_JS);
    write(join(root, 'shell/manifest.webmanifest'), '{"name":"Tunafy","display":"standalone"}');
    write(join(root, 'shell/icons/icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    write(join(root, 'mf-auth/mf-manifest.json'), '{"name":"mf_auth"}');
    write(join(root, 'mf-auth/remoteEntry.js'), BIG_JS);
    write(join(root, 'mf-auth/__federation_expose_LoginPage.5a5a5a5a5a.js'), BIG_JS);
    api = await startFakeApi();
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    gateway = await startGateway({
      apiUrl,
      apps: { shell: join(root, 'shell'), 'mf-auth': join(root, 'mf-auth'), 'mf-library': join(root, 'mf-library') },
      env: {
        TUNAFY_REMOTES: JSON.stringify({ remotes: [{ name: 'mf_player', entry: 'https://cdn.example/mf-player/mf-manifest.json' }] }),
        TUNAFY_SOURCE_URL: 'https://git.example.org/tunafy',
        TUNAFY_CREDITS: 'Ada "the first"=https://github.com/ada',
      },
      log: (line) => warnings.push(line),
    });
  });

  afterAll(async () => {
    await gateway?.stop();
    await new Promise((resolve) => api?.close(resolve));
    rmSync(root, { recursive: true, force: true });
  });

  const get = (path: string, init?: RequestInit) => fetch(gateway.url + path, init);

  it('lists built remotes at their paths, leaves unbuilt ones out and applies TUNAFY_REMOTES', async () => {
    const response = await get('/remotes.json');
    expect(response.headers.get('cache-control')).toBe(NO_CACHE);
    expect(await response.json()).toEqual({
      remotes: [
        { name: 'mf_auth', entry: '/mf-auth/mf-manifest.json' },
        { name: 'mf_player', entry: 'https://cdn.example/mf-player/mf-manifest.json' },
      ],
    });
    expect(warnings.some((line) => line.includes('mf-library is not built'))).toBe(true);
  });

  it('passes the instance’s credits and source link on to the shell as set, never cached', async () => {
    const response = await get('/instance.json');
    expect(response.headers.get('cache-control')).toBe(NO_CACHE);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ sourceUrl: 'https://git.example.org/tunafy', credits: 'Ada "the first"=https://github.com/ada' });
  });

  it('caches hashed assets forever and makes entry files revalidate', async () => {
    expect((await get('/main.0123abcd89.js')).headers.get('cache-control')).toBe(IMMUTABLE);
    expect((await get('/tiny.0123abcd89.css')).headers.get('cache-control')).toBe(IMMUTABLE);
    expect((await get('/mf-auth/__federation_expose_LoginPage.5a5a5a5a5a.js')).headers.get('cache-control')).toBe(IMMUTABLE);
    // The service worker too: its URL stays, and a deploy's new worker must be found (docs/offline.md).
    for (const path of ['/', '/index.html', '/sw.js', '/mf-auth/mf-manifest.json', '/mf-auth/remoteEntry.js']) {
      expect((await get(path)).headers.get('cache-control'), path).toBe(NO_CACHE);
    }
  });

  it('serves the web app manifest as application/manifest+json and its icons as PNG, revalidated', async () => {
    // Browsers ignore a manifest of another type (issue 16: installable on a phone's home screen).
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe(NO_CACHE);
    expect(await manifest.json()).toMatchObject({ name: 'Tunafy' });
    const icon = await get('/icons/icon-192.png');
    expect(icon.headers.get('content-type')).toBe('image/png');
  });

  it('gzips text assets and answers revalidation with 304', async () => {
    const first = await get('/mf-auth/remoteEntry.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(first.headers.get('content-type')).toMatch(/javascript/);
    expect(await first.text()).toBe(BIG_JS);
    // Raw http: fetch adds `Cache-Control: no-cache` to conditional requests, which forbids a 304.
    const status = await new Promise<number | undefined>((resolve, reject) =>
      request(`${gateway.url}/mf-auth/remoteEntry.js`, { headers: { 'accept-encoding': 'gzip', 'if-none-match': first.headers.get('etag')! } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      })
        .on('error', reject)
        .end(),
    );
    expect(status).toBe(304);
  });

  it('proxies /api with method, path, body, cookies and CSRF header, and passes Set-Cookie back', async () => {
    const response = await get('/api/auth/login?x=1', {
      method: 'POST',
      headers: { cookie: 'tunafy.csrf=t1', 'x-csrf-token': 'token-1', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co' }),
    });
    const echoed = (await response.json()) as { method: string; url: string; headers: Record<string, string>; body: string };
    expect(echoed).toMatchObject({ method: 'POST', url: '/api/auth/login?x=1', body: '{"email":"a@b.co"}' });
    expect(echoed.headers).toMatchObject({ cookie: 'tunafy.csrf=t1', 'x-csrf-token': 'token-1', 'x-forwarded-for': expect.any(String) });
    expect(echoed.headers.host).toBe(new URL(gateway.url).host);
    expect(response.headers.get('set-cookie')).toContain('tunafy.sid=abc');
  });

  it('gives every API request an X-Request-Id, keeping a safe one the client sent', async () => {
    const ids: string[] = [];
    for (const sent of [undefined, 'abc123DEF456-client.1', 'short', 'bad id with spaces', 'x'.repeat(200)]) {
      const response = await get('/api/songs', sent === undefined ? undefined : { headers: { 'x-request-id': sent } });
      ids.push(((await response.json()) as { headers: Record<string, string> }).headers['x-request-id']);
    }
    expect(ids[1]).toBe('abc123DEF456-client.1');
    for (const index of [0, 2, 3, 4]) expect(ids[index]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('never forwards the API metrics, however the path is spelled', async () => {
    for (const path of ['/api/metrics', '/api/metrics/', '/API/Metrics', '/api/metrics?x=1']) {
      const response = await get(path, { headers: { authorization: 'Bearer anything' } });
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
      expect(response.headers.get('x-request-id'), path).toBeTruthy();
    }
    // Other API paths still reach the API.
    expect(((await (await get('/api/metricsish')).json()) as { url: string }).url).toBe('/api/metricsish');
  });

  it('sends the share pages and the embed to the API (docs/shares.md), and only those paths', async () => {
    for (const path of ['/s/abcdefghijklmnopqrstuv', '/embed/abcdefghijklmnopqrstuv', '/s/player.0123456789ab.js']) {
      expect(((await (await get(path)).json()) as { url: string }).url, path).toBe(path);
    }
    expect((await get('/settings/shares')).headers.get('content-type')).toMatch(/html/);
    expect((await get('/songs/s/1')).headers.get('content-type')).toMatch(/html/);
  });

  it('does not proxy paths that only start with "api"', async () => {
    expect((await get('/apiary')).headers.get('content-type')).toMatch(/html/);
  });

  it('falls back to the shell for deep links, but never for missing files or remote paths', async () => {
    const deep = await get('/songs/123/update');
    expect(deep.status).toBe(200);
    expect(deep.headers.get('cache-control')).toBe(NO_CACHE);
    expect(await deep.text()).toContain('<title>shell</title>');
    // Compressed like /index.html itself (nginx's try_files serves the .gz copy to a deep link too).
    const compressed = await get('/albums/abc', { headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    expect(compressed.headers.get('cache-control')).toBe(NO_CACHE);
    expect(await compressed.text()).toContain('<title>shell</title>');
    expect((await get('/main.ffffffff00.js')).status).toBe(404);
    expect((await get('/mf-auth/missing-chunk.1234567890.js')).status).toBe(404);
    expect((await get('/mf-auth/some/route')).status).toBe(404);
    expect((await get('/mf-library/mf-manifest.json')).status).toBe(404);
    expect((await get('/songs', { method: 'POST' })).status).toBe(404);
  });

  it('refuses to leave the served directory', async () => {
    expect((await get('/..%2f..%2fetc%2fpasswd')).status).toBe(404);
  });
});

describe('gateway remote list sources', () => {
  it('reads REMOTES_FILE, lets TUNAFY_REMOTES and explicit remotes win by name', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tunafy-gateway-'));
    try {
      write(join(root, 'shell/index.html'), 'x');
      write(join(root, 'mf-auth/mf-manifest.json'), '{}');
      write(join(root, 'remotes.json'), JSON.stringify([{ name: 'mf_auth', entry: '/from-file.json' }, { name: 'mf_library', entry: '/lib.json' }]));
      const gateway = await startGateway({
        apiUrl: 'http://127.0.0.1:9',
        apps: { shell: join(root, 'shell'), 'mf-auth': join(root, 'mf-auth') },
        env: { REMOTES_FILE: join(root, 'remotes.json'), TUNAFY_REMOTES: '[{"name":"mf_library","entry":"/lib-env.json"}]' },
        remotes: [{ name: 'mf_player', entry: '/player.json' }],
        log: () => undefined,
      });
      try {
        // No TUNAFY_SOURCE_URL or TUNAFY_CREDITS: empty settings, which the shell shows as no credits.
        expect(await (await fetch(`${gateway.url}/instance.json`)).json()).toEqual({ sourceUrl: '', credits: '' });
        expect(gateway.remotes).toEqual([
          { name: 'mf_auth', entry: '/from-file.json' },
          { name: 'mf_library', entry: '/lib-env.json' },
          { name: 'mf_player', entry: '/player.json' },
        ]);
        // The API is down: a clear JSON error in the API's error shape, not a hang or an HTML page.
        const response = await fetch(`${gateway.url}/api/auth/`);
        expect(response.status).toBe(502);
        expect(await response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      } finally {
        await gateway.stop();
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('versioned remotes: publish, deploy and roll back by editing REMOTES_FILE', () => {
  it('serves published versions with the caching rules and follows REMOTES_FILE without a restart', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tunafy-gateway-'));
    const releasesDir = join(root, '.data/remotes');
    const remotesFile = join(root, 'remotes.json');
    const logs: string[] = [];
    try {
      write(join(root, 'shell/index.html'), 'x');
      write(join(root, 'mf-library/package.json'), '{"name":"@tunafy/mf-library","version":"1.0.0"}');
      write(join(root, 'mf-library/dist/mf-manifest.json'), '{"name":"mf_library","v":1}');
      write(join(root, 'mf-library/dist/remoteEntry.js'), BIG_JS);
      write(join(root, 'mf-library/dist/__federation_expose_HomePage.0123abcd.js'), BIG_JS);
      const v1 = publishRemote({ remote: 'mf-library', root, releasesDir });
      expect(v1.entry).toEqual({ name: 'mf_library', entry: '/versions/mf-library/1.0.0/mf-manifest.json' });
      write(join(root, 'mf-library/dist/mf-manifest.json'), '{"name":"mf_library","v":2}');
      const v2 = publishRemote({ remote: 'mf_library', version: '1.1.0', root, releasesDir });
      expect(v2.dir).toBe(join(releasesDir, 'mf-library/1.1.0'));
      // A published version is immutable: re-publishing it is refused unless forced.
      expect(() => publishRemote({ remote: 'mf-library', version: '1.1.0', root, releasesDir })).toThrow('already published');
      expect(() => publishRemote({ remote: 'mf-nope', root, releasesDir })).toThrow('unknown remote');

      writeFileSync(remotesFile, JSON.stringify({ remotes: [v1.entry] }));
      const gateway = await startGateway({
        apiUrl: 'http://127.0.0.1:9',
        apps: { shell: join(root, 'shell'), 'mf-library': join(root, 'mf-library/dist') },
        env: { REMOTES_FILE: remotesFile },
        releasesDir,
        log: (line) => logs.push(line),
      });
      const get = (path: string) => fetch(gateway.url + path);
      const list = async () => ((await (await get('/remotes.json')).json()) as { remotes: unknown[] }).remotes;
      try {
        expect(await list()).toEqual([v1.entry]);
        const manifest = await get('/versions/mf-library/1.1.0/mf-manifest.json');
        expect(manifest.headers.get('cache-control')).toBe(NO_CACHE);
        expect(await manifest.json()).toEqual({ name: 'mf_library', v: 2 });
        expect((await get('/versions/mf-library/1.0.0/mf-manifest.json').then((r) => r.json()))).toEqual({ name: 'mf_library', v: 1 });
        expect((await get('/versions/mf-library/1.1.0/__federation_expose_HomePage.0123abcd.js')).headers.get('cache-control')).toBe(IMMUTABLE);
        expect((await get('/versions/mf-library/1.1.0/remoteEntry.js')).headers.get('cache-control')).toBe(NO_CACHE);
        expect((await get('/versions/mf-library/9.9.9/mf-manifest.json')).status).toBe(404);
        expect((await get('/versions/..%2f..%2fremotes.json')).status).toBe(404);

        // Deploy: one entry changes, the running gateway answers the new list at once.
        writeFileSync(remotesFile, JSON.stringify({ remotes: [v2.entry] }));
        expect(await list()).toEqual([v2.entry]);
        // A half-written file keeps the last good list instead of breaking every page.
        writeFileSync(remotesFile, '{"remotes": [');
        expect(await list()).toEqual([v2.entry]);
        expect(logs.some((line) => line.includes('keeps the last good list'))).toBe(true);
        // Roll back: the same entry, back to the old version.
        writeFileSync(remotesFile, JSON.stringify([v1.entry]));
        expect(await list()).toEqual([v1.entry]);
      } finally {
        await gateway.stop();
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
