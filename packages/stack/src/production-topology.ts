import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import dnsPacket from 'dns-packet';
import { startApi, throwawayApiEnv, type RunningApi } from './api-process.js';
import { startDatabase, type RunningDatabase } from './database.js';
import { findExecutable, repoRoot } from './paths.js';
import { findFreePort } from './ports.js';

/*
 * The compose deployment (docker-compose.yml, deploy/), run natively on loopback without Docker, so tests can
 * drive what an operator runs: the nginx gateway, one nginx static server per microfrontend, two API replicas
 * and one database engine.
 *
 * The same files the images hold, assembled by the same scripts: tools/deploy/render.sh lays out each nginx
 * server's configuration as its image does (the gateway's template through envsubst with the image's
 * variables), deploy/build/finish-static-build.sh is the static image's last build step, and the images'
 * entrypoint scripts run as they run at container start (40-tunafy-publish.sh publishes each remote's
 * versioned release, 35-tunafy-remotes.sh renders /remotes.json). What differs is configuration only:
 *   - paths live in a temporary folder, nginx runs as the current user with its own prefix;
 *   - each server listens on its own loopback port instead of every container's 8080;
 *   - Docker's DNS is a tiny DNS server on loopback (NGINX_LOCAL_RESOLVERS) that answers the compose service
 *     names: `api` has one address per replica (127.0.0.2, 127.0.0.3, same port), as Docker's DNS answers a
 *     scaled service, so the gateway balances and fails over exactly as in compose;
 *   - the API's environment is the throwaway one of the tests (a fresh secret, errors-only logs);
 *   - the database is the embedded engine of the tests (FerretDB) instead of MongoDB.
 */

export const STATIC_APPS = ['shell', 'mf-auth', 'mf-library', 'mf-player'] as const;
export type StaticApp = (typeof STATIC_APPS)[number];
export type RemoteApp = Exclude<StaticApp, 'shell'>;
export const REMOTE_APPS: readonly RemoteApp[] = ['mf-auth', 'mf-library', 'mf-player'];

/** The version each remote publishes first: the compose file's default MF_*_VERSION. */
export const FIRST_VERSION = '1.0.0';

/** One line of the gateway's access log (the `tunafy` format of tools/deploy/render.sh). */
export interface GatewayLogLine {
  /** Seconds since the epoch, with milliseconds. */
  time: number;
  method: string;
  uri: string;
  status: number;
  /** Every upstream tried, in order: `127.0.0.2:4000, 127.0.0.3:4000` when nginx retried the next replica. */
  upstream: string;
  upstream_status: string;
  seconds: number;
  /**
   * Each upstream's own time (`0.002`, or `0.001, 0.002` after a retry; `-` when none answered): against `seconds`,
   * whether a slow request waited on the API or in front of it.
   */
  upstream_seconds: string;
}

/** Where nginx is, or a clear error: the topology needs Debian's `nginx` (and envsubst), which .ci/run installs. */
export function requireNginx(env: NodeJS.ProcessEnv = process.env): string {
  const nginx = findExecutable('nginx', env.PATH) ?? ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((path) => existsSync(path));
  if (!nginx) throw new Error('nginx is not installed (not on PATH): the production topology runs the real gateway. Install it (Debian: apt-get install nginx gettext-base; .ci/run does).');
  if (!findExecutable('envsubst', env.PATH)) throw new Error('envsubst is not installed: the gateway configuration is rendered with it, as in the image. Install gettext-base.');
  return nginx;
}

/** A minimal DNS server for the gateway's resolver: A records of the compose service names, NXDOMAIN otherwise. */
export class LoopbackDns {
  private readonly records = new Map<string, string[]>();
  private socket: UdpSocket | undefined;
  port = 0;

  set(name: string, addresses: string[]): void {
    this.records.set(name.toLowerCase(), addresses);
  }

  async start(): Promise<void> {
    const socket = createSocket('udp4');
    socket.on('message', (message, remote) => {
      let query: dnsPacket.Packet;
      try {
        query = dnsPacket.decode(message);
      } catch {
        return; // not DNS: nothing to answer
      }
      const question = query.questions?.[0];
      const addresses = question ? this.records.get(question.name.toLowerCase()) : undefined;
      const answers: dnsPacket.Answer[] =
        question?.type === 'A' && addresses ? addresses.map((data) => ({ type: 'A', name: question.name, class: 'IN', ttl: 5, data })) : [];
      const response = dnsPacket.encode({
        id: query.id,
        type: 'response',
        // RD copied, RA set; RCODE 3 (NXDOMAIN) for a name we do not know.
        flags: ((query.flags ?? 0) & dnsPacket.RECURSION_DESIRED) | dnsPacket.RECURSION_AVAILABLE | (addresses ? 0 : 3),
        questions: query.questions,
        answers,
      });
      socket.send(response, remote.port, remote.address);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, '127.0.0.1', () => resolve());
    });
    this.socket = socket;
    this.port = socket.address().port;
  }

  async stop(): Promise<void> {
    const socket = this.socket;
    this.socket = undefined;
    if (socket) await new Promise<void>((resolve) => socket.close(() => resolve()));
  }
}

/** One nginx master (and its workers) on a prefix laid out by tools/deploy/render.sh. */
export class NginxServer {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private readonly killOnExit = () => this.child?.kill('SIGTERM');

  constructor(
    readonly name: string,
    readonly prefix: string,
    /** http://127.0.0.1:port */
    readonly url: string,
    /** A path that answers 200 once the server serves (its image's health check). */
    private readonly readyPath: string,
    private readonly nginx: string,
  ) {}

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  get errorLog(): string {
    return join(this.prefix, 'logs', 'error.log');
  }

  async start(timeoutMs = 10_000): Promise<void> {
    if (this.running) return;
    const child = spawn(this.nginx, ['-p', this.prefix, '-c', join(this.prefix, 'nginx.conf'), '-e', this.errorLog, '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    process.once('exit', this.killOnExit);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.running) throw new Error(`${this.name} (nginx) exited at start: ${stderr.trim()}\n${this.tailOfErrorLog()}`);
      const status = await fetch(this.url + this.readyPath, { signal: AbortSignal.timeout(1_000) }).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) return;
      if (Date.now() > deadline) throw new Error(`${this.name} did not answer ${this.readyPath} with 200 in time (last: ${status || 'no answer'})\n${this.tailOfErrorLog()}`);
      await sleep(50);
    }
  }

  /** SIGTERM (nginx's fast shutdown), waited for. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await this.exited;
    clearTimeout(timer);
    process.off('exit', this.killOnExit);
  }

  tailOfErrorLog(lines = 20): string {
    try {
      return readFileSync(this.errorLog, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no error log)';
    }
  }
}

/**
 * The production gateway (deploy/nginx, rendered as its image renders it) alone in front of one API at
 * `apiHostPort` (127.0.0.1:port), laid out in `prefix`: for tests of what the gateway does to the API's answers.
 */
export async function startNginxGateway(apiHostPort: string, prefix: string): Promise<NginxServer> {
  const port = await findFreePort();
  run('bash', [join(repoRoot(), 'tools/deploy/render.sh'), 'gateway', prefix], { TUNAFY_LISTEN: `127.0.0.1:${port}`, TUNAFY_API_UPSTREAM: apiHostPort }, 'render.sh gateway');
  const server = new NginxServer('gateway', prefix, `http://127.0.0.1:${port}`, '/healthz', requireNginx());
  await server.start();
  return server;
}

/** One API replica: its own address and media cache, the topology's port, secret and database. */
export class ApiReplica {
  api: RunningApi | undefined;

  constructor(
    readonly name: string,
    /** 127.0.0.2, 127.0.0.3, ...: the addresses the DNS gives `api` */
    readonly host: string,
    readonly port: number,
    private readonly mongodbUri: string,
    private readonly env: Record<string, string>,
    private readonly log?: (line: string) => void,
    private readonly entry?: string,
    private readonly startTimeoutMs?: number,
  ) {}

  /** host:port, as nginx writes it in $upstream_addr. */
  get address(): string {
    return `${this.host}:${this.port}`;
  }

  get running(): boolean {
    return !!this.api && this.api.child.exitCode === null && this.api.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.running ? this.api!.child.pid : undefined;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.api = await startApi({
      mongodbUri: this.mongodbUri,
      host: this.host,
      port: this.port,
      env: this.env,
      entry: this.entry,
      timeoutMs: this.startTimeoutMs,
      log: this.log && ((line) => this.log!(`[${this.name}] ${line}`)),
    });
  }

  /** SIGKILL: a crash, the OOM killer, a host losing power. Resolves once the process is gone. */
  async kill(): Promise<void> {
    const api = this.api;
    if (!api || !this.running) return;
    const exited = new Promise((resolve) => api.child.once('exit', resolve));
    api.child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM, then the API's graceful shutdown (what `docker stop` and a rolling update send). */
  async stop(): Promise<void> {
    await this.api?.stop();
  }
}

export interface ProductionTopologyOptions {
  /** API replicas (the compose default API_REPLICAS is 2). */
  replicas?: number;
  /** Progress and the API's own output lines. */
  log?: (line: string) => void;
  /** Extra API environment (over the throwaway test environment). */
  apiEnv?: Record<string, string>;
  /** Another build of the API for the replicas (a candidate fix under a drill); default services/api/dist/main.js. */
  apiEntry?: string;
  /**
   * An engine already running, e.g. with a catalog grown beforehand (e2e/perf/songs-perf.ts --production); its
   * owner stops it. Default: a fresh throwaway engine of the topology's own.
   */
  database?: RunningDatabase;
  /** How long a replica may take to load the catalog and listen (default: startApi's 60 s). */
  apiStartTimeoutMs?: number;
}

export interface ProductionTopology {
  /** The gateway, the one origin the browser uses. */
  url: string;
  dir: string;
  gateway: NginxServer;
  statics: Record<StaticApp, NginxServer>;
  replicas: ApiReplica[];
  database: RunningDatabase;
  dns: LoopbackDns;
  /** The gateway's access log since it started (or since `since`, a line count from an earlier call's length). */
  accessLog(since?: number): GatewayLogLine[];
  /**
   * Deploys a new image of a remote, as `docker compose up mf-library` with MF_LIBRARY_VERSION=version does:
   * the build (default: the remote's dist/) goes through the image's build step, then the image's publish
   * script adds it to the remote's releases as /<remote>/<version>/, beside the versions published before.
   */
  publishRemote(app: RemoteApp, version: string, from?: string): void;
  /**
   * Points /remotes.json's entry of a remote at a URL (REMOTE_MF_*_URL) and renders it with the gateway
   * image's entrypoint script, as recreating the gateway container does. Undefined: the default entry.
   */
  pointRemote(app: RemoteApp, entry: string | undefined): void;
  /** Stops everything and removes the temporary folder. Safe to call twice. */
  stop(): Promise<void>;
}

/** A port free on every given loopback address (the replicas share one port, as containers share 8080). */
async function findPortFreeOn(hosts: string[]): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await findFreePort();
    const free = await Promise.all(
      hosts.map(
        (host) =>
          new Promise<boolean>((resolve) => {
            const server = createServer();
            server.once('error', () => resolve(false));
            server.listen(port, host, () => server.close(() => resolve(true)));
          }),
      ),
    );
    if (free.every(Boolean)) return port;
  }
  throw new Error(`no port is free on all of ${hosts.join(', ')}`);
}

function run(command: string, args: string[], env: Record<string, string>, what: string): string {
  const result = spawnSync(command, args, { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${what} failed (exit code ${result.status}): ${result.error?.message ?? ''}\n${result.stdout}${result.stderr}`);
  return result.stdout + result.stderr;
}

/**
 * Starts the production topology (see the comment at the top of this file) and resolves once the gateway
 * serves the shell, the remotes and the API. Needs the production builds (`npm run build`) and nginx.
 */
export async function startProductionTopology(options: ProductionTopologyOptions = {}): Promise<ProductionTopology> {
  const nginx = requireNginx();
  const root = repoRoot();
  const log = options.log ?? (() => undefined);
  for (const app of STATIC_APPS) {
    const entry = join(root, app, 'dist', app === 'shell' ? 'index.html' : 'mf-manifest.json');
    if (!existsSync(entry)) throw new Error(`${app} is not built (${entry} is missing): run \`npm run build\` first`);
  }
  const render = join(root, 'tools/deploy/render.sh');
  const publishScript = join(root, 'deploy/entrypoint/40-tunafy-publish.sh');
  const remotesScript = join(root, 'deploy/entrypoint/35-tunafy-remotes.sh');
  const finishBuild = join(root, 'deploy/build/finish-static-build.sh');

  const dir = mkdtempSync(join(tmpdir(), 'tunafy-production-'));
  const cleanups: (() => Promise<unknown> | unknown)[] = [() => rmSync(dir, { recursive: true, force: true })];
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      while (cleanups.length > 0) {
        try {
          await cleanups.pop()!();
        } catch (error) {
          log(`cleanup: ${(error as Error).message}`);
        }
      }
    })());

  try {
    const dns = new LoopbackDns();
    await dns.start();
    cleanups.push(() => dns.stop());

    // ---- the static servers: build step, publish (remotes), nginx ------------------------------------------
    /** An image's /opt/tunafy/build: a copy of the build, finished by the image's last build step. */
    const imageBuild = (from: string, to: string) => {
      rmSync(to, { recursive: true, force: true });
      cpSync(from, to, { recursive: true });
      run('bash', [finishBuild, to], {}, `finish-static-build.sh ${to}`);
    };
    const publish = (app: RemoteApp, version: string, build: string) =>
      log(
        run('sh', [publishScript], { TUNAFY_APP: app, TUNAFY_VERSION: version, TUNAFY_BUILD_DIR: build, TUNAFY_RELEASES_ROOT: join(dir, app, 'srv/www') }, `publishing ${app} ${version}`).trim(),
      );
    const statics = {} as Record<StaticApp, NginxServer>;
    const staticPorts = {} as Record<StaticApp, number>;
    for (const app of STATIC_APPS) {
      const prefix = join(dir, app);
      const port = await findFreePort();
      staticPorts[app] = port;
      run('bash', [render, app, prefix], { TUNAFY_LISTEN: `127.0.0.1:${port}` }, `render.sh ${app}`);
      const build = join(prefix, 'opt/tunafy/build');
      imageBuild(join(root, app, 'dist'), build);
      if (app !== 'shell') publish(app, FIRST_VERSION, build);
      const server = new NginxServer(app, prefix, `http://127.0.0.1:${port}`, app === 'shell' ? '/index.html' : `/${app}/${FIRST_VERSION}/mf-manifest.json`, nginx);
      statics[app] = server;
      cleanups.push(() => server.stop());
      await server.start();
      dns.set(app, ['127.0.0.1']);
    }

    // ---- the database and the API replicas ----------------------------------------------------------------
    const database = options.database ?? (await startDatabase({ mode: 'test', log }));
    if (!options.database) cleanups.push(() => database.stop());
    const count = options.replicas ?? 2;
    const hosts = Array.from({ length: count }, (_, index) => `127.0.0.${index + 2}`);
    const apiPort = await findPortFreeOn(hosts);
    // One secret for every replica (SESSION_SECRET in .env): a session cookie is valid on each of them.
    const sharedEnv = throwawayApiEnv('', { TRUST_PROXY: '1', ...options.apiEnv });
    const replicas = hosts.map((host, index) => {
      const media = join(dir, `api-${index + 1}`, 'media');
      mkdirSync(media, { recursive: true });
      return new ApiReplica(`api-${index + 1}`, host, apiPort, database.uri, { ...sharedEnv, MEDIA_CACHE_DIR: media }, log, options.apiEntry, options.apiStartTimeoutMs);
    });
    cleanups.push(() => Promise.all(replicas.map((replica) => replica.stop())));
    await Promise.all(replicas.map((replica) => replica.start()));
    dns.set('api', hosts);

    // ---- the gateway ----------------------------------------------------------------------------------------
    const gatewayPrefix = join(dir, 'gateway');
    const gatewayPort = await findFreePort();
    run(
      'bash',
      [render, 'gateway', gatewayPrefix],
      {
        TUNAFY_LISTEN: `127.0.0.1:${gatewayPort}`,
        NGINX_LOCAL_RESOLVERS: `127.0.0.1:${dns.port}`,
        // The compose service names, resolved by the gateway at request time through the DNS above.
        TUNAFY_API_UPSTREAM: `api:${apiPort}`,
        TUNAFY_SHELL_UPSTREAM: `shell:${staticPorts.shell}`,
        TUNAFY_MF_AUTH_UPSTREAM: `mf-auth:${staticPorts['mf-auth']}`,
        TUNAFY_MF_LIBRARY_UPSTREAM: `mf-library:${staticPorts['mf-library']}`,
        TUNAFY_MF_PLAYER_UPSTREAM: `mf-player:${staticPorts['mf-player']}`,
      },
      'render.sh gateway',
    );
    const remoteEntries: Record<RemoteApp, string | undefined> = { 'mf-auth': undefined, 'mf-library': undefined, 'mf-player': undefined };
    const renderRemotes = () =>
      log(
        run(
          'sh',
          [remotesScript],
          {
            TUNAFY_REMOTES_TEMPLATE: join(gatewayPrefix, 'tunafy/remotes.json.template'),
            TUNAFY_REMOTES_OUTPUT: join(gatewayPrefix, 'srv/gateway/remotes.json'),
            // docker-compose.yml's defaults: the version each remote's image publishes.
            REMOTE_MF_AUTH_URL: remoteEntries['mf-auth'] ?? `/mf-auth/${FIRST_VERSION}/mf-manifest.json`,
            REMOTE_MF_LIBRARY_URL: remoteEntries['mf-library'] ?? `/mf-library/${FIRST_VERSION}/mf-manifest.json`,
            REMOTE_MF_PLAYER_URL: remoteEntries['mf-player'] ?? `/mf-player/${FIRST_VERSION}/mf-manifest.json`,
          },
          'rendering /remotes.json',
        ).trim(),
      );
    renderRemotes();
    // The image's next entrypoint step: /instance.json (the sidebar's credits and source link), unset as compose's default.
    log(
      run(
        'sh',
        [join(root, 'deploy/entrypoint/36-tunafy-instance.sh')],
        { TUNAFY_INSTANCE_OUTPUT: join(gatewayPrefix, 'srv/gateway/instance.json'), TUNAFY_SOURCE_URL: '', TUNAFY_CREDITS: '' },
        'rendering /instance.json',
      ).trim(),
    );
    const gateway = new NginxServer('gateway', gatewayPrefix, `http://127.0.0.1:${gatewayPort}`, '/healthz', nginx);
    cleanups.push(() => gateway.stop());
    await gateway.start();
    // Through the gateway: the shell, and the API by its service name.
    for (const path of ['/', '/api/health']) {
      const response = await fetch(gateway.url + path);
      if (response.status !== 200) throw new Error(`the gateway answered ${response.status} for ${path}: ${await response.text()}\n${gateway.tailOfErrorLog()}`);
    }
    log(`production topology at ${gateway.url} (api × ${count} at ${hosts.join(', ')}:${apiPort}, files in ${dir})`);

    const accessLogFile = join(gatewayPrefix, 'logs/access.log');
    return {
      url: gateway.url,
      dir,
      gateway,
      statics,
      replicas,
      database,
      dns,
      accessLog(since = 0) {
        const text = existsSync(accessLogFile) ? readFileSync(accessLogFile, 'utf8') : '';
        return text
          .split('\n')
          .filter(Boolean)
          .slice(since)
          .map((line) => JSON.parse(line) as GatewayLogLine);
      },
      publishRemote(app, version, from) {
        const build = join(dir, app, `image-${version}`);
        imageBuild(from ?? join(root, app, 'dist'), build);
        publish(app, version, build);
      },
      pointRemote(app, entry) {
        remoteEntries[app] = entry;
        renderRemotes();
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
