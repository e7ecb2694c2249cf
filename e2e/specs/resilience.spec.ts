import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createConnection, createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_CREDENTIALS } from '@tunafy/contracts';
import { frontendApps, startApi, startGateway, throwawayApiEnv, type RunningApi, type RunningGateway } from '@tunafy/stack';
import { expect, hasRemote, test, waitForRegionsSettled } from '../support/fixtures.js';

/**
 * Failure drills in a real browser: a remote serving garbage, the API unreachable, the API restarted.
 * Each drill starts its own gateway (and, for the restart, its own API process) so the shared stack the
 * other specs use is never broken.
 */

const UNREACHABLE_TEXT = 'Tunafy can’t reach the server. Retrying…';

async function listen(server: HttpServer | TcpServer, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

function close(server: HttpServer | TcpServer): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Logs the browser context in through the given gateway (absolute URLs: not the shared stack's). */
async function logInAt(request: APIRequestContext, baseUrl: string): Promise<void> {
  const csrf = await request.get(`${baseUrl}/api/auth/csrf`);
  const { csrf_token: token } = (await csrf.json()) as { csrf_token: string };
  const login = await request.post(`${baseUrl}/api/auth/login`, {
    headers: { 'x-csrf-token': token },
    data: { email: DEMO_CREDENTIALS.email, password: DEMO_CREDENTIALS.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
}

/** Uncaught exceptions and console errors; the browser's own "Failed to load resource" lines are expected while the API is away. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(`console.error: ${message.text()}`);
  });
  return errors;
}

test.describe('a remote returning garbage', () => {
  test.skip(!hasRemote('mf-library') || !hasRemote('mf-auth'), 'needs the built mf-library and mf-auth');

  type Mode = 'html' | 'bad-js' | 'real';
  let mode: Mode = 'html';
  let garbage: HttpServer;
  let garbageUrl: string;
  let gateway: RunningGateway;

  test.beforeAll(async () => {
    const real = `${process.env.TUNAFY_E2E_BASE_URL!}/mf-library`;
    // html: every file is an HTML page (a misrouted CDN); bad-js: the real manifest, but its scripts are not
    // JavaScript; real: the real files (recovery).
    garbage = createHttpServer((req, res) => {
      void (async () => {
        const headers = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };
        const path = (req.url ?? '/').split('?')[0]!;
        if (mode === 'html' || (mode === 'bad-js' && path.endsWith('.js'))) {
          const type = mode === 'html' ? 'text/html' : 'application/javascript';
          res.writeHead(200, { ...headers, 'content-type': type }).end(mode === 'html' ? '<!doctype html><h1>Welcome to nginx!</h1>' : 'this is {{ not JavaScript');
          return;
        }
        const upstream = await fetch(real + path);
        res.writeHead(upstream.status, { ...headers, 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' });
        res.end(Buffer.from(await upstream.arrayBuffer()));
      })().catch(() => res.writeHead(500).end());
    });
    garbageUrl = `http://127.0.0.1:${await listen(garbage)}`;
    gateway = await startGateway({
      apiUrl: process.env.TUNAFY_E2E_API_URL!,
      apps: frontendApps(),
      env: {},
      remotes: [{ name: 'mf_library', entry: `${garbageUrl}/mf-manifest.json` }],
      log: () => undefined,
    });
  });
  test.afterAll(async () => {
    await gateway?.stop();
    if (garbage) {
      garbage.closeAllConnections();
      await close(garbage);
    }
  });

  // The broken remote's script fails to parse in the page: that is the fault under test.
  test.use({ expectedPageErrors: [/SyntaxError/] });
  for (const broken of ['html', 'bad-js'] as const) {
    test(`(${broken}) its region shows a fallback, the rest keeps working, and Retry recovers once it is fixed`, async ({ page }) => {
      mode = broken;
      await page.goto(`${gateway.url}/`);
      const fallback = page.getByRole('alert', { name: 'Home unavailable' });
      await expect(fallback).toContainText('Home is unavailable right now.');
      await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();

      // The shell's own parts and the other remotes are untouched.
      const sidebar = page.getByRole('navigation', { name: 'Main' });
      await expect(sidebar.getByRole('link', { name: 'All Songs' })).toBeVisible();
      await page.getByRole('link', { name: 'Log In', exact: true }).click();
      await expect(page).toHaveURL(/\/login$/);
      await waitForRegionsSettled(page);
      await expect(page.getByRole('button', { name: 'Demo User' })).toBeVisible();
      await page.getByRole('button', { name: 'Go back' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('alert', { name: 'Home unavailable' })).toBeVisible();

      // Still broken: Retry shows the fallback again.
      await page.getByRole('alert', { name: 'Home unavailable' }).getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByRole('alert', { name: 'Home unavailable' })).toBeVisible();

      // Fixed: Retry loads the real remote, without a reload.
      mode = 'real';
      await page.getByRole('alert', { name: 'Home unavailable' }).getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByRole('heading', { name: 'Your Library', level: 1 })).toBeVisible();
      await expect(page.getByRole('alert', { name: 'Home unavailable' })).toHaveCount(0);
    });
  }
});

/** A TCP relay in front of the API that the drill can cut and restore (same port), or make slow. */
class Relay {
  private server: TcpServer | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;
  private delayMs = 0;

  constructor(private readonly targetPort: number) {}

  async up(): Promise<void> {
    const server = createTcpServer((client) => {
      this.track(client);
      const connect = () => {
        if (client.destroyed) return;
        const upstream = this.track(createConnection(this.targetPort, '127.0.0.1'));
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      };
      if (this.delayMs > 0) setTimeout(connect, this.delayMs).unref();
      else connect();
    });
    this.port = await listen(server, this.port);
    this.server = server;
  }

  private track(socket: Socket): Socket {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    return socket;
  }

  /** From now on every request waits `ms` before it reaches the API; open (pooled) connections are cut so none slips through. */
  slow(ms: number): void {
    this.delayMs = ms;
    this.sockets.forEach((socket) => socket.destroy());
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.sockets.forEach((socket) => socket.destroy());
    if (server) await close(server);
  }
}

test.describe('the API unreachable', () => {
  let relay: Relay;
  let gateway: RunningGateway;

  test.beforeAll(async () => {
    relay = new Relay(Number(new URL(process.env.TUNAFY_E2E_API_URL!).port));
    await relay.up();
    gateway = await startGateway({ apiUrl: `http://127.0.0.1:${relay.port}`, apps: frontendApps(), env: {}, log: () => undefined });
  });
  test.afterAll(async () => {
    await gateway?.stop();
    await relay?.down();
  });

  test('shows a clear message, keeps the page usable, and recovers the session when the API returns', async ({ page }) => {
    const errors = collectErrors(page);
    await logInAt(page.request, gateway.url);
    await relay.down();

    await page.goto(`${gateway.url}/`);
    await expect(page.getByText(UNREACHABLE_TEXT)).toBeVisible();
    // The shell still renders and navigates.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Songs' })).toBeVisible();
    await waitForRegionsSettled(page);

    await relay.up();
    await expect(page.getByText(UNREACHABLE_TEXT)).toHaveCount(0, { timeout: 15_000 });
    // The retried session check finds the logged-in user: no reload needed.
    await expect(page.getByRole('button', { name: `Profile: ${DEMO_CREDENTIALS.username}` })).toBeVisible();
    await waitForRegionsSettled(page);
    expect(errors).toEqual([]);
  });

  test('a hung API does not hold the page: the message shows after a few seconds and clears when it answers again', async ({ page }) => {
    test.setTimeout(45_000);
    const errors = collectErrors(page);
    await logInAt(page.request, gateway.url);
    relay.slow(60_000);
    const started = Date.now();
    await page.goto(`${gateway.url}/`);
    await expect(page.getByText(UNREACHABLE_TEXT)).toBeVisible({ timeout: 15_000 });
    expect(Date.now() - started).toBeLessThan(15_000);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Songs' })).toBeVisible();

    relay.slow(0);
    await expect(page.getByText(UNREACHABLE_TEXT)).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByRole('button', { name: `Profile: ${DEMO_CREDENTIALS.username}` })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('an API restart', () => {
  let api: RunningApi;
  let gateway: RunningGateway;
  let cacheDir: string;
  let env: Record<string, string>;

  test.beforeAll(async () => {
    cacheDir = mkdtempSync(join(tmpdir(), 'tunafy-e2e-restart-'));
    env = throwawayApiEnv(cacheDir, { TRUST_PROXY: '1' });
    api = await startApi({ mongodbUri: process.env.TUNAFY_E2E_MONGODB_URI!, env });
    gateway = await startGateway({ apiUrl: api.url, apps: frontendApps(), env: {}, log: () => undefined });
  });
  test.afterAll(async () => {
    await gateway?.stop();
    await api?.stop();
    if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
  });

  test('keeps a logged-in browser logged in', async ({ page }) => {
    test.setTimeout(60_000);
    const errors = collectErrors(page);
    await logInAt(page.request, gateway.url);
    await page.goto(`${gateway.url}/`);
    const profile = page.getByRole('button', { name: `Profile: ${DEMO_CREDENTIALS.username}` });
    await expect(profile).toBeVisible();
    await waitForRegionsSettled(page);

    // A new process on the same port, same secret and database: sessions live in the database.
    const port = api.port;
    await api.stop();
    api = await startApi({ mongodbUri: process.env.TUNAFY_E2E_MONGODB_URI!, port, env });

    await page.reload();
    await expect(profile).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In', exact: true })).toHaveCount(0);
    await expect(page.getByText(UNREACHABLE_TEXT)).toHaveCount(0);
    expect((await page.request.get(`${gateway.url}/api/auth/`)).status()).toBe(200);
    expect(errors).toEqual([]);
  });
});
