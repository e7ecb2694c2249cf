/**
 * Deploying one remote while the shell runs, and rolling it back (docs/deploying-remotes.md).
 *
 * A second gateway reads its /remotes.json from a file (REMOTES_FILE, re-read on every request) and
 * serves published versions at /versions/. mf-library v1 is the normal build (`mf-library/dist`, which
 * labels itself with its package version); "v2" is the same sources built once more here with
 * TUNAFY_BUILD_LABEL=v2 and published to /versions/mf-library/2.0.0/. The home page root carries the
 * label in `data-build`.
 *
 * "After navigation": the shell reads /remotes.json once per page load and Module Federation keeps a
 * loaded remote for the life of the page, so client-side navigation keeps v1; the next full page load
 * shows v2. The test proves both, and that this load downloads nothing of the shell or the other
 * remotes: their hash-named files come from the browser cache (no request at all) and their no-cache
 * entry files are only revalidated (304).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGatewayApp, frontendApps, publishRemote, repoRoot } from '@tunafy/stack';
import { expect, hasRemote, logInAsDemo, test, waitForRegionsSettled } from '../support/fixtures.js';

interface Hit {
  path: string;
  status: number;
}

const V1_LIST = { remotes: [{ name: 'mf_library', entry: '/mf-library/mf-manifest.json' }] };
const V1_LABEL = '1.0.0'; // mf-library's package.json version: the normal build's label

test.describe('deploying a new version of one remote', () => {
  test.skip(!(['mf-auth', 'mf-library', 'mf-player'] as const).every((folder) => hasRemote(folder)), 'needs every remote built');

  let dir: string;
  let remotesFile: string;
  let server: Server;
  let url: string;
  let v2Entry: { name: string; entry: string };
  const hits: Hit[] = [];

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dir = mkdtempSync(join(tmpdir(), 'tunafy-deploy-'));
    // v2: built from the same sources, only its label differs; nothing else is rebuilt.
    const root = repoRoot();
    const out = join(dir, 'build-v2');
    execFileSync(join(root, 'node_modules/.bin/rspack'), ['build', '--mode', 'production', '--output-path', out], {
      cwd: join(root, 'mf-library'),
      env: { ...process.env, TUNAFY_BUILD_LABEL: 'v2' },
      stdio: 'pipe',
      timeout: 150_000,
    });
    v2Entry = publishRemote({ remote: 'mf-library', version: '2.0.0', from: out, releasesDir: join(dir, 'releases') }).entry;
    remotesFile = join(dir, 'remotes.json');
    writeFileSync(remotesFile, JSON.stringify(V1_LIST));
    const { app } = createGatewayApp({
      apiUrl: process.env.TUNAFY_E2E_API_URL!,
      apps: frontendApps(),
      env: { REMOTES_FILE: remotesFile },
      releasesDir: join(dir, 'releases'),
      log: () => undefined,
    });
    // The gateway's own access log: what the browser actually fetched, and what it got back.
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      res.on('finish', () => hits.push({ path, status: res.statusCode }));
      app(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The requests since the last call. */
  const take = () => hits.splice(0, hits.length);
  const isStatic = (hit: Hit) => !hit.path.startsWith('/api/') && hit.path !== '/remotes.json';
  const under = (prefix: string) => (hit: Hit) => hit.path.startsWith(prefix);
  /**
   * The player bar's remote loads after the page's: wait for its entry so a page load is complete. A user's pages never
   * load mf-auth (its modals are a guest's, c75ab79), so the remotes checked here are the library and the player.
   */
  const playerLoaded = () => expect.poll(() => hits.some((hit) => hit.path.endsWith('/mf-player/remoteEntry.js'))).toBe(true);

  test('shows the new version after a page load, loads nothing else again, and rolls back', async ({ page }) => {
    test.setTimeout(90_000);
    await logInAsDemo(page.request); // same API behind both gateways; the session cookie is per host
    const home = page.locator('[data-build]');
    const sidebar = page.getByRole('navigation', { name: 'Main' });

    // v1 running: every remote loaded from its usual place.
    await page.goto(`${url}/`);
    await waitForRegionsSettled(page);
    await expect(home).toHaveAttribute('data-build', V1_LABEL);
    await playerLoaded();
    const before = take().filter(isStatic);
    for (const prefix of ['/mf-library/', '/mf-player/']) {
      expect(before.some((hit) => hit.path === `${prefix}mf-manifest.json`), `${prefix} loaded`).toBe(true);
    }

    // Deploy: one entry of the list changes; the shell and the other remotes are not touched.
    writeFileSync(remotesFile, JSON.stringify({ remotes: [v2Entry] }));
    const listed = (await (await page.request.get(`${url}/remotes.json`)).json()) as typeof V1_LIST;
    expect(listed.remotes.filter((remote) => remote.name === 'mf_library')).toEqual([v2Entry]);
    take();

    // Client-side navigation keeps the page's federation state: still v1, v2 not even fetched.
    await sidebar.getByRole('link', { name: 'All Songs' }).click();
    await expect(page).toHaveURL(/\/songs$/);
    await waitForRegionsSettled(page);
    await sidebar.getByRole('link', { name: 'Your Library' }).click();
    await expect(home).toHaveAttribute('data-build', V1_LABEL);
    expect(take().filter(under('/versions/'))).toEqual([]);

    // The next page load picks the new list up: v2 shows.
    await page.goto(`${url}/`);
    await waitForRegionsSettled(page);
    await expect(home).toHaveAttribute('data-build', 'v2');
    await playerLoaded();
    const after = take().filter(isStatic);
    expect(after.filter(under('/versions/mf-library/2.0.0/')).some((hit) => hit.path.endsWith('/mf-manifest.json') && hit.status === 200)).toBe(true);
    expect(after.filter(under('/mf-library/')), 'v1 is not used any more').toEqual([]);
    // The other remotes were not reloaded: same URLs as before, nothing downloaded again (their hash-named
    // chunks are cache hits, never requested; their no-cache manifest and remoteEntry.js answer 304).
    const known = new Set(before.map((hit) => hit.path));
    const otherRemotes = after.filter((hit) => hit.path.startsWith('/mf-auth/') || hit.path.startsWith('/mf-player/'));
    expect(otherRemotes.map((hit) => hit.path)).toEqual(expect.arrayContaining(['/mf-player/remoteEntry.js']));
    for (const hit of otherRemotes) {
      expect(known.has(hit.path), `${hit.path} was requested before the deploy`).toBe(true);
      expect(hit.status, `${hit.path} was downloaded again`).toBe(304);
    }
    // The shell was not rebuilt: whatever of it the page load asked for has the URLs it had before. (A full
    // page load revalidates index.html; its hash-named files are normally cache hits, but the browser's
    // in-memory cache may drop an entry, so their status is not asserted.)
    for (const hit of after.filter((hit) => !/^\/(versions|mf-auth|mf-player|mf-library)\//.test(hit.path))) {
      expect(known.has(hit.path), `${hit.path} is a new shell URL`).toBe(true);
    }

    // Roll back: restore the entry. The next page load shows v1 again, from the browser cache.
    writeFileSync(remotesFile, JSON.stringify(V1_LIST));
    await page.goto(`${url}/`);
    await waitForRegionsSettled(page);
    await expect(home).toHaveAttribute('data-build', V1_LABEL);
    await playerLoaded();
    const rolledBack = take().filter(isStatic);
    expect(rolledBack.filter(under('/versions/')), 'v2 is not used any more').toEqual([]);
    const remotes = rolledBack.filter((hit) => /^\/mf-(auth|library|player)\//.test(hit.path));
    expect(remotes.map((hit) => hit.path)).toContain('/mf-library/remoteEntry.js');
    expect(remotes.filter((hit) => !known.has(hit.path) || hit.status !== 304), 'v1 and the other remotes come from the cache').toEqual([]);
  });
});
