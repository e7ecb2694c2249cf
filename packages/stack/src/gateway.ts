import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { closeGracefullyAfterEarlyAnswer } from '@tunafy/server-kit';
import express from 'express';
import { createProxyServer } from 'httpxy';
import { resolveRemotes, type RemoteDefinition } from './gateway-remotes.js';
import { NO_CACHE, serveDirectory } from './gateway-static.js';
import { UpstreamAgent } from './gateway-upstream.js';
import { repoRoot } from './paths.js';

export type { RemoteDefinition } from './gateway-remotes.js';

export interface GatewayOptions {
  /** 0 or absent: any free port. */
  port?: number;
  host?: string;
  /** Where the API listens, e.g. http://127.0.0.1:4123. */
  apiUrl: string;
  /** Build output directories: `shell` is served at /, every other key `k` at /k/ (e.g. `mf-auth`). */
  apps: { shell: string } & Record<string, string>;
  /** Replace or add entries of /remotes.json by name (after REMOTES_FILE and TUNAFY_REMOTES). */
  remotes?: RemoteDefinition[];
  /**
   * Where TUNAFY_REMOTES, REMOTES_FILE and the instance's TUNAFY_SOURCE_URL and TUNAFY_CREDITS (/instance.json)
   * are read; defaults to process.env. REMOTES_FILE is re-read on
   * every /remotes.json request, so editing it deploys or rolls back a remote without a restart.
   */
  env?: NodeJS.ProcessEnv;
  /**
   * Published remote versions (`<folder>/<version>/`, see cli/publish-remote.ts), served at
   * `/versions/<folder>/<version>/`. Defaults to `<repo>/.data/remotes`.
   */
  releasesDir?: string;
  log?: (line: string) => void;
}

export interface RunningGateway {
  url: string;
  port: number;
  /** What /remotes.json answers. */
  remotes: RemoteDefinition[];
  stop(): Promise<void>;
}

/** The remotes the product is made of; each builds to `<folder>/dist` and is served at `/<folder>/`. */
export const REMOTE_FOLDERS = ['mf-auth', 'mf-library', 'mf-player'] as const;

/** Where cli/publish-remote.ts publishes remote versions, relative to the repository root. */
export const RELEASES_DIR = '.data/remotes';
/** The URL prefix the gateway serves RELEASES_DIR under. */
export const VERSIONS_PATH = '/versions';

/** The production builds in this repository, as `apps` for startGateway. */
export function frontendApps(root = repoRoot()): GatewayOptions['apps'] {
  const apps: GatewayOptions['apps'] = { shell: join(root, 'shell/dist') };
  for (const folder of REMOTE_FOLDERS) apps[folder] = join(root, folder, 'dist');
  return apps;
}

/**
 * The API's paths: the web's /api, the Subsonic API's /rest for native apps (docs/subsonic.md), and the share pages
 * /s/ and /embed/ it renders for people without an account and chat apps' link previews (docs/shares.md).
 */
function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/rest/') || path.startsWith('/s/') || path.startsWith('/embed/');
}

/** As the nginx gateway's map (deploy/nginx/gateway.conf.template): ids a client may choose itself. */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

/**
 * The API's metrics are for the operator's scraper on the internal network (deploy/README.md), never for
 * the internet: refused here whatever its spelling (Express routes ignore case and a trailing slash).
 */
function isMetricsPath(path: string): boolean {
  return /^\/api\/metrics\/?$/i.test(path);
}

/**
 * The one origin the browser talks to: the shell at /, each remote's build under its own path, the API
 * under /api. One origin means no CORS for manifests or chunks and first-party cookies for the session.
 */
export function createGatewayApp(options: GatewayOptions): { app: express.Express; remotes: RemoteDefinition[] } {
  const log = options.log ?? ((line: string) => console.log(`[gateway] ${line}`));
  const { shell: shellDir, ...remoteDirs } = options.apps;
  const env = options.env ?? process.env;
  const remotes = resolveRemotes({ remoteDirs, env, overrides: options.remotes, warn: log });
  let remotesBody = JSON.stringify({ remotes });
  /** With REMOTES_FILE, the list follows the file; a file that cannot be read keeps the last good list. */
  const currentRemotesBody = () => {
    if (!env.REMOTES_FILE) return remotesBody;
    try {
      remotesBody = JSON.stringify({ remotes: resolveRemotes({ remoteDirs, env, overrides: options.remotes, warn: () => undefined }) });
    } catch (error) {
      log(`REMOTES_FILE ${env.REMOTES_FILE} could not be read; /remotes.json keeps the last good list (${(error as Error).message})`);
    }
    return remotesBody;
  };
  const releasesDir = options.releasesDir ?? join(repoRoot(), RELEASES_DIR);

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');

  // Every request gets an id the API logs and answers with, so one request can be followed from gateway to API;
  // a client's own id is kept when it is a safe token (nginx does the same with $request_id).
  app.use((req, _res, next) => {
    const sent = req.headers['x-request-id'];
    if (typeof sent !== 'string' || !SAFE_REQUEST_ID.test(sent)) req.headers['x-request-id'] = randomUUID();
    next();
  });
  app.use((req, res, next) => {
    if (!isMetricsPath(req.path)) return next();
    res.status(404).set({ 'Cache-Control': NO_CACHE, 'X-Request-Id': req.headers['x-request-id'] }).json({ statusCode: 404, code: 'NOT_FOUND', message: `Cannot ${req.method} ${req.path}` });
  });

  // Cookies, CSRF headers and bodies pass through untouched; Host stays the gateway's so cookies fit. httpxy (the
  // maintained fork of http-proxy that http-proxy-middleware 4 is built on) stops forwarding a body the API answered
  // early; the lingering close delivers that answer whole (docs/decisions/0001-refused-uploads-close-gracefully.md).
  // Its connections outlive a failed write of the body, so an answer the API sent before closing is still read.
  const proxy = createProxyServer({ target: options.apiUrl, changeOrigin: false, xfwd: true, agent: new UpstreamAgent() });
  const answered = new WeakSet<IncomingMessage>();
  proxy.on('proxyRes', (_answer, req) => answered.add(req));
  proxy.on('error', (_error, req, res) => {
    // Once the API's answer has begun it is passed on as it comes: httpxy cuts it only if the API's was cut. A write
    // to an API that went away fails silently (UpstreamAgent), so an error before the answer means it sent none.
    if (!(res instanceof ServerResponse) || !req || answered.has(req) || res.headersSent || res.destroyed) return;
    res.statusCode = 502;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify({ statusCode: 502, code: 'SERVICE_UNAVAILABLE', message: 'The Tunafy API cannot be reached right now.' }));
  });
  app.use((req, res, next) => {
    if (!isApiPath(req.path)) return next();
    closeGracefullyAfterEarlyAnswer(req, res);
    // Connection is hop-by-hop (RFC 9110 §7.6.1): a client closing its connection must not close the API's, which
    // would make an API answering early reset it with the body unread and lose its answer.
    delete req.headers.connection;
    void proxy.web(req, res);
  });

  app.get('/remotes.json', (_req, res) => {
    res.set('Cache-Control', NO_CACHE).type('application/json').send(currentRemotesBody());
  });

  // The instance's sidebar credits and source link, passed on as set (the shell checks them:
  // shell/src/layout/credits.ts), as the nginx gateway does (deploy/entrypoint/36-tunafy-instance.sh).
  const instanceBody = JSON.stringify({ sourceUrl: env.TUNAFY_SOURCE_URL ?? '', credits: env.TUNAFY_CREDITS ?? '' });
  app.get('/instance.json', (_req, res) => {
    res.set('Cache-Control', NO_CACHE).type('application/json').send(instanceBody);
  });

  // Published versions, e.g. /versions/mf-library/1.1.0/mf-manifest.json; checked per request, so a
  // version published while the gateway runs is served at once.
  app.use(VERSIONS_PATH, serveDirectory(releasesDir));
  app.use(VERSIONS_PATH, (_req, res) => void res.status(404).set('Cache-Control', NO_CACHE).end());

  for (const [folder, dir] of Object.entries(remoteDirs)) {
    if (existsSync(dir)) app.use(`/${folder}`, serveDirectory(dir));
    // A missing chunk must be a 404, never the shell's index.html (the runtime would try to run HTML).
    app.use(`/${folder}`, (_req, res) => void res.status(404).set('Cache-Control', NO_CACHE).end());
  }

  const shellFiles = serveDirectory(shellDir);
  app.use(shellFiles);
  const indexFile = join(shellDir, 'index.html');
  // SPA fallback: deep links (/songs/123) get the shell; anything that looks like a file stays a 404. Served as
  // /index.html itself, so a deep link gets its gzip and ETag too, as nginx's `try_files $uri /index.html` does.
  app.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || /\.[a-z0-9]+$/i.test(req.path)) return next();
    if (!existsSync(indexFile)) return void res.status(503).type('text/plain').send('The shell is not built. Run `npm run build`.');
    req.url = '/index.html';
    void shellFiles(req, res, next);
  });
  app.use((_req, res) => void res.status(404).set('Cache-Control', NO_CACHE).type('text/plain').send('Not found'));
  return { app, remotes };
}

export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const { app, remotes } = createGatewayApp(options);
  const host = options.host ?? '127.0.0.1';
  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(options.port ?? 0, host, (error?: Error) => (error ? reject(error) : resolve(listening)));
  });
  // Uploads pass through as they arrive: no whole-request limit of its own (Node's is 5 minutes); the API behind
  // it enforces one sized for the largest upload from a slow phone (LIMITS.requestMsMax in @tunafy/contracts).
  server.requestTimeout = 0;
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${port}`,
    port,
    remotes,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
