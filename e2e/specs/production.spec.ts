/**
 * The production topology, without Docker (issue 14): what `docker compose up` runs, started natively on
 * loopback by packages/stack/src/production-topology.ts: the nginx gateway rendered from
 * deploy/nginx/gateway.conf.template, one nginx static server per microfrontend with the remotes' versioned
 * releases published by the image's own script, two API replicas (the built API) on one database engine. The
 * spec drives it the way an operator and a user would: journeys in Chromium, the cache headers
 * deploy/README.md promises, a remote published and rolled back, and the faults an operator meets, each a
 * drill under a steady mixed load with its figures printed (deploy/README.md, "What the drills prove").
 *
 * nginx must be installed (.ci/run installs Debian's nginx and gettext-base): without it the spec fails
 * with that message instead of skipping.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_CREDENTIALS, type SessionUser } from '@tunafy/contracts';
import { refusalFailures, refusedUploadCases, sendRefusedUploads, type ApiReplica } from '@tunafy/stack';
import { MongoClient } from 'mongodb';
import { describeFigures, figures, MixedLoad, playlistNameCounts, type Sample } from '../support/drill-load.js';
import { expect, test, waitForRegionsSettled } from '../support/fixtures.js';
import { ApiSession, startProductionStack, type ProductionStack } from '../support/production-stack.js';

const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';
/** The API's answer to a repeat of an Idempotency-Key whose first attempt is still running or died running (services/api/src/idempotency). */
const STILL_RUNNING_MESSAGE =
  'A request with this Idempotency-Key is still being processed, or was interrupted. Try again shortly; if this persists, check whether it took effect before sending it again with a new key.';

let stack: ProductionStack;
/** The processes' log lines (the API replicas', the engine's), the latest few thousand, for a failed test's report. */
const stackLog: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startProductionStack((line) => {
    stackLog.push(`${new Date().toISOString()} ${line}`);
    if (stackLog.length > 5_000) stackLog.splice(0, 1_000);
  }, { apiEnv: { LOG_LEVEL: 'warn' } });
});

// A failed drill is read from CI's output alone: print what the API logged as an error or warning during the test.
let testStartedAt = '';
test.beforeEach(() => {
  testStartedAt = new Date().toISOString();
});
test.afterEach(({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  const lines = stackLog.filter((line) => line >= testStartedAt && /"level":"(error|warn)"|\b(ERROR|WARN)\b|Error:/.test(line));
  // Repeats (a connection refused a hundred times) would hide the one line that matters: each distinct message once.
  const distinct = new Map<string, number>();
  for (const line of lines) {
    const message = /"message":"((?:[^"\\]|\\.)*)"/.exec(line)?.[1] ?? line.slice(25);
    distinct.set(message, (distinct.get(message) ?? 0) + 1);
  }
  const counted = [...distinct].map(([message, count]) => `${String(count).padStart(5)}× ${message.slice(0, 2_000)}`);
  console.log(`[production stack] ${lines.length} error and warning lines during "${testInfo.title}", ${distinct.size} distinct:\n${counted.join('\n')}\nthe last 20:\n${lines.slice(-20).join('\n')}`);
});

test.afterAll(async () => {
  await stack?.stop();
});

/** The gateway's access log lines from `mark` on (a line count taken earlier). */
const logSince = (mark: number) => stack.topology.accessLog(mark);
const logMark = () => stack.topology.accessLog().length;

/** A session of the demo user of its own (its own cookies), as each browser tab of the load would have. */
async function demoSession(): Promise<{ session: ApiSession; user: SessionUser }> {
  const session = new ApiSession(stack.url);
  const user = await session.logIn(DEMO_CREDENTIALS);
  return { session, user };
}

function newLoad(session: ApiSession, user: SessionUser, tag: string): MixedLoad {
  return new MixedLoad({ session, user, songs: stack.songs }, { concurrency: 4, writeEvery: 7, pauseMs: 5, tag });
}

/** Drill writes nginx sent to a second replica since `mark` (allowed for keyed writes: `non_idempotent` in @api_keyed). */
function resentWrites(mark: number): number {
  return logSince(mark).filter((line) => line.method === 'POST' && line.uri === '/api/playlists/new' && line.upstream.includes(', ')).length;
}

/** The gateway's error log lines (a count of them is a mark for `upstreamResets`). */
const errorLogLines = (): string[] => readFileSync(stack.topology.gateway.errorLog, 'utf8').split('\n').filter(Boolean);

/**
 * Requests whose connection a replica reset or closed after nginx had sent them, since `mark` (nginx's error log): the
 * race a graceful stop leaves, which a refused connection (never sent) is not. nginx resent each to the other replica;
 * a write only because it carried an Idempotency-Key.
 */
function upstreamResets(mark: number): { all: number; writes: number } {
  const lines = errorLogLines()
    .slice(mark)
    .filter((line) => /while reading response header from upstream/.test(line) && /reset by peer|prematurely closed/.test(line));
  return { all: lines.length, writes: lines.filter((line) => /request: "(POST|PUT|PATCH|DELETE) /.test(line)).length };
}

function failures(samples: Sample[]): string[] {
  return samples.filter((sample) => !sample.ok).map((sample) => `${sample.kind} ${sample.status} ${sample.code ?? ''} ${sample.detail ?? ''}`.trim());
}

/**
 * Nothing acknowledged was lost: every acknowledged write is in the database exactly once, no drill write is
 * there twice, and the unacknowledged ones (clear errors) applied or not as a whole. Then how each replica's
 * in-memory catalog sees them (each re-reads the change feed every CATALOG_RECHECK_MS): answered for the
 * figures, as the number of acknowledged writes a replica still did not show after a few seconds.
 */
async function expectWritesKept(load: MixedLoad, prefix: string, { everyReplicaShowsAll = true } = {}): Promise<{ kept: number; unacknowledgedApplied: number; replicaViews: string }> {
  const acknowledged = load.acknowledgedWrites();
  const client = new MongoClient(stack.topology.database.uri, { serverSelectionTimeoutMS: 5_000 });
  const counts = new Map<string, number>();
  try {
    const rows = await client
      .db()
      .collection<{ playlist_name: string }>('playlists')
      .find({ playlist_name: { $regex: `^${prefix} ` } }, { projection: { playlist_name: 1 } })
      .toArray();
    for (const row of rows) counts.set(row.playlist_name, (counts.get(row.playlist_name) ?? 0) + 1);
  } finally {
    await client.close();
  }
  expect(acknowledged.filter((name) => counts.get(name) !== 1), 'acknowledged writes missing from the database').toEqual([]);
  expect([...counts].filter(([, count]) => count > 1), 'no write applied twice').toEqual([]);
  const failedWrites = load.samples.filter((sample) => sample.kind === 'write' && !sample.ok).length;
  expect(counts.size).toBeLessThanOrEqual(acknowledged.length + failedWrites);

  const views: string[] = [];
  for (const replica of stack.topology.replicas) {
    const direct = new ApiSession(replica.api!.url);
    await direct.logIn(DEMO_CREDENTIALS);
    let missing = acknowledged.length;
    for (const deadline = Date.now() + 5_000; missing > 0 && Date.now() < deadline; await sleep(500)) {
      const seen = await playlistNameCounts(direct, stack.user.id);
      missing = acknowledged.filter((name) => seen.get(name) !== 1).length;
    }
    views.push(`${replica.name} shows ${acknowledged.length - missing} of ${acknowledged.length}`);
    // Every replica's read model shows every acknowledged write within seconds (two replicas once took the same feed revision, and one's writes never reached the other).
    if (everyReplicaShowsAll) expect(missing, `${replica.name}'s catalog misses acknowledged writes`).toBe(0);
  }
  return { kept: acknowledged.length, unacknowledgedApplied: counts.size - acknowledged.length, replicaViews: views.join(', ') };
}

/** The remotes whose remoteEntry.js of version 1.0.0 the gateway served since `mark`. */
function remoteEntriesServed(mark: number): string[] {
  const served = logSince(mark).filter((line) => /^\/mf-(auth|library|player)\/1\.0\.0\/remoteEntry\.js$/.test(line.uri) && line.status === 200);
  return [...new Set(served.map((line) => line.uri.split('/')[1]!))].sort();
}

/** Requests the replica answered itself (its address last in $upstream_addr) since `mark`. */
function servedBy(replica: ApiReplica, mark: number, after = 0): number {
  return logSince(mark).filter((line) => line.time * 1000 >= after && line.upstream.split(', ').at(-1) === replica.address && line.status < 500).length;
}

test.describe('journeys through the nginx gateway', () => {
  test('a guest gets the shell and the remotes a guest uses, each from its published version', async ({ page }) => {
    const mark = logMark();
    await page.goto(`${stack.url}/`);
    await waitForRegionsSettled(page);
    await expect(page.getByRole('heading', { name: 'Your Library', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Songs' })).toBeVisible();
    // mf-auth loads when the browser is idle; the player (mf-player) is for logged-in users (next test).
    await expect.poll(() => remoteEntriesServed(mark)).toEqual(['mf-auth', 'mf-library']);
    expect(logSince(mark).filter((line) => line.status >= 500)).toEqual([]);
  });

  test('a user logs in, plays a song (Range requests answered 206 through nginx), likes it and adds it to a playlist', async ({ page }) => {
    test.setTimeout(60_000);
    const song = stack.songs[0]!;
    const mark = logMark();
    await page.goto(`${stack.url}/login`);
    await page.getByLabel('Email', { exact: true }).fill(DEMO_CREDENTIALS.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_CREDENTIALS.password);
    await page.getByRole('main').getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByRole('button', { name: `Profile: ${DEMO_CREDENTIALS.username}` })).toBeVisible();

    await page.goto(`${stack.url}/songs/${song.id}`);
    await waitForRegionsSettled(page);
    await page.getByRole('button', { name: `Play ${song.song_name}` }).click();
    await expect(page.getByRole('button', { name: `Pause ${song.song_name}` })).toBeVisible();
    // The browser's audio element reads the file with Range requests; nginx passes the 206 through.
    await expect.poll(() => logSince(mark).filter((line) => line.uri === song.song_file_url && line.status === 206 && line.upstream !== '').length).toBeGreaterThan(0);
    await expect.poll(() => page.evaluate(() => document.querySelector<HTMLAudioElement>('audio[data-tunafy-player]')?.currentTime ?? 0)).toBeGreaterThan(0.3);

    const heart = page.getByRole('button', { name: `Like ${song.song_name}` });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    // Stored: the like record reads back through the gateway (from either replica).
    await expect.poll(async () => (await stack.demo.fetch('GET', `/api/collection/${stack.user.id}/liked/${song.id}`)).status).toBe(200);

    await page.getByRole('button', { name: `More options for ${song.song_name}` }).click();
    await page.getByRole('menuitem', { name: 'Add to Playlist', exact: true }).click();
    await page.getByRole('dialog', { name: 'Add to Playlist' }).getByRole('button', { name: new RegExp(stack.playlist.playlist_name) }).click();
    await expect(page).toHaveURL(new RegExp(`/playlists/${stack.playlist.id}$`));
    await expect(page.getByRole('grid', { name: `Songs of ${stack.playlist.playlist_name}` }).getByRole('link', { name: song.song_name })).toBeVisible();
    expect(remoteEntriesServed(mark)).toEqual(['mf-auth', 'mf-library', 'mf-player']);
    // The writes went through the gateway to the API replicas.
    const writes = logSince(mark).filter((line) => line.method !== 'GET' && line.uri.startsWith('/api/'));
    expect(writes.map((line) => `${line.method} ${line.status}`)).toEqual(expect.arrayContaining(['POST 200', 'POST 201', 'PUT 200']));
    expect(logSince(mark).filter((line) => line.status >= 500)).toEqual([]);
  });
});

test.describe('Subsonic apps through the gateway (issue 26)', () => {
  test('an app signs in with an app password, browses and streams with Range through nginx, and its credentials stay out of the access log', async () => {
    const song = stack.songs[0]!;
    const made = await stack.demo.fetch('POST', '/api/me/app-passwords', { json: { name: 'Gateway phone' } });
    expect(made.status).toBe(201);
    const { password, id } = (await made.json()) as { password: string; id: string };
    const mark = logMark();
    const auth = `u=${encodeURIComponent(stack.user.username)}&p=${password}&v=1.16.1&c=drill&f=json`;
    const ping = await fetch(`${stack.url}/rest/ping.view?${auth}`);
    expect(((await ping.json()) as { 'subsonic-response': { status: string } })['subsonic-response'].status).toBe('ok');
    const found = await fetch(`${stack.url}/rest/getSong.view?${auth}&id=${song.id}`);
    expect(((await found.json()) as { 'subsonic-response': { song: { title: string } } })['subsonic-response'].song.title).toBe(song.song_name);
    const range = await fetch(`${stack.url}/rest/stream.view?apiKey=${password}&id=${song.id}`, { headers: { range: 'bytes=0-1023' } });
    expect(range.status).toBe(206);
    expect((await range.arrayBuffer()).byteLength).toBe(1024);
    const lines = logSince(mark).filter((line) => line.uri.startsWith('/rest/'));
    expect(lines.map((line) => `${line.uri} ${line.status}`)).toEqual(['/rest/ping.view?[query not logged] 200', '/rest/getSong.view?[query not logged] 200', '/rest/stream.view?[query not logged] 206']);
    expect(JSON.stringify(stack.topology.accessLog())).not.toContain(password);
    await stack.demo.fetch('DELETE', `/api/me/app-passwords/${id}`);
  });
});

test.describe('cache headers (deploy/README.md, "Caching rules")', () => {
  test('entry files are revalidated, hash-named files are immutable, errors are not cached, /api keeps the API’s own', async () => {
    const get = (path: string, headers: Record<string, string> = {}) => fetch(stack.url + path, { headers });
    const cacheControl = async (path: string) => (await get(path)).headers.get('cache-control');

    const index = await get('/');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(index.headers.get('content-type')).toContain('text/html');
    const html = await index.text();
    const deepLink = await get('/songs/0123456789abcdef01234567');
    expect([deepLink.status, deepLink.headers.get('cache-control'), await deepLink.text()]).toEqual([200, 'no-cache', html]);

    // The shell's hash-named scripts (named in index.html: preloaded, then started by an inline script, decision 0023),
    // precompressed at build time.
    const shellScripts = [...html.matchAll(/(?:src|href)="\/([^"]+\.[0-9a-f]{8,}\.js)"/g)].map((match) => match[1]!);
    expect(shellScripts.length).toBeGreaterThan(0);
    for (const file of shellScripts) {
      const response = await get(`/${file}`, { 'accept-encoding': 'gzip' });
      expect(response.status, file).toBe(200);
      expect(response.headers.get('cache-control'), file).toBe('public, max-age=31536000, immutable');
    }

    // A remote: its entry files revalidated, its chunks immutable, everything readable cross-origin.
    for (const remote of ['mf-auth', 'mf-library', 'mf-player']) {
      for (const entry of ['mf-manifest.json', 'remoteEntry.js']) {
        const response = await get(`/${remote}/1.0.0/${entry}`);
        expect([response.status, response.headers.get('cache-control'), response.headers.get('access-control-allow-origin')], `${remote} ${entry}`).toEqual([200, 'no-cache', '*']);
      }
      const chunks = readdirSync(join(stack.topology.dir, remote, 'srv/www', remote, '1.0.0')).filter((name) => /\.[0-9a-f]{8,}\.js$/.test(name));
      expect(chunks.length, remote).toBeGreaterThan(0);
      const chunk = await get(`/${remote}/1.0.0/${chunks[0]}`, { 'accept-encoding': 'gzip' });
      expect([chunk.status, chunk.headers.get('cache-control'), chunk.headers.get('x-content-type-options')]).toEqual([200, 'public, max-age=31536000, immutable', 'nosniff']);
    }
    // gzip_static: the .gz made at build time is sent as is.
    const entry = await get('/mf-library/1.0.0/remoteEntry.js', { 'accept-encoding': 'gzip' });
    expect(entry.headers.get('content-encoding')).toBe('gzip');
    // no-cache means revalidate: the ETag answers 304.
    const etag = entry.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await get('/mf-library/1.0.0/remoteEntry.js', { 'if-none-match': etag!, 'accept-encoding': 'gzip' })).status).toBe(304);

    const remotes = await get('/remotes.json');
    expect([remotes.headers.get('cache-control'), remotes.headers.get('content-type'), remotes.headers.get('etag')]).toEqual(['no-cache', 'application/json', null]);
    // The instance's sidebar credits, written by the image's entrypoint script (unset here, as compose's default).
    const instance = await get('/instance.json');
    expect([instance.status, instance.headers.get('cache-control'), await instance.json()]).toEqual([200, 'no-cache', { sourceUrl: '', credits: '' }]);
    // No validator answers 304 for it (see the gateway's config): a revalidation always gets the current list.
    const lastModified = remotes.headers.get('last-modified');
    if (lastModified) expect((await get('/remotes.json', { 'if-modified-since': lastModified })).status).toBe(200);
    expect(((await remotes.json()) as { remotes: { name: string; entry: string }[] }).remotes).toEqual([
      { name: 'mf_auth', entry: '/mf-auth/1.0.0/mf-manifest.json' },
      { name: 'mf_library', entry: '/mf-library/1.0.0/mf-manifest.json' },
      { name: 'mf_player', entry: '/mf-player/1.0.0/mf-manifest.json' },
    ]);

    // Errors carry no Cache-Control: a missing hash-named file is never cached for a year.
    for (const missing of ['/mf-library/1.0.0/nothing.0123abcd.js', '/nothing.0123abcd.js', '/mf-library/0.0.1/mf-manifest.json']) {
      const response = await get(missing);
      expect([response.status, response.headers.get('cache-control')], missing).toEqual([404, null]);
    }
    expect(await cacheControl('/mf-library/1.0.0/.build-id')).toBeNull();
    expect((await get('/mf-library/1.0.0/.build-id')).status).toBe(404);

    // /api: what the API sends, untouched (the health check says no-store; a replica answers the same directly).
    const direct = await fetch(`${stack.topology.replicas[0]!.api!.url}/api/health`);
    expect(await cacheControl('/api/health')).toBe(direct.headers.get('cache-control'));
    expect(await cacheControl('/healthz')).toBe('no-store');
  });
});

test.describe('refused uploads (issue 32)', () => {
  test('120 uploads the API refuses before reading them come back as their 4xx JSON through nginx and both replicas, 5 times over', async () => {
    test.setTimeout(300_000);
    const member = new ApiSession(stack.url);
    await member.logIn({ email: `refused-${randomBytes(4).toString('hex')}@example.com`, username: `refused${randomBytes(4).toString('hex')}`, password: 'correct-horse' });
    const mark = stack.topology.accessLog().length;
    for (let round = 1; round <= 5; round++) {
      const outcomes = await sendRefusedUploads(stack.url, refusedUploadCases({ cookie: member.cookieHeader() }));
      expect(outcomes, `round ${round}`).toHaveLength(120);
      expect(refusalFailures(outcomes), `round ${round}`).toEqual([]);
    }
    // Both replicas answered some of them: the refusals crossed the whole topology, not one replica.
    const refused = logSince(mark).filter((line) => /^\/api\/(songs\/new|uploads\/songs)$/.test(line.uri));
    expect(new Set(refused.map((line) => line.upstream)).size).toBe(2);
  });
});

test.describe('deploying one remote', () => {
  test('a new version is published beside the old one, /remotes.json points at it, and pointing back rolls it back', async ({ page }) => {
    test.setTimeout(60_000);
    const { topology } = stack;
    const libraryFiles = (mark: number) => logSince(mark).filter((line) => line.uri.startsWith('/mf-library/'));

    // Deploy 1.1.0: the image's build step and publish script; 1.0.0 stays.
    topology.publishRemote('mf-library', '1.1.0');
    expect(readdirSync(join(topology.dir, 'mf-library/srv/www/mf-library')).filter((name) => !name.startsWith('.')).sort()).toEqual(['1.0.0', '1.1.0']);
    expect((await fetch(`${stack.url}/mf-library/1.1.0/mf-manifest.json`)).status, 'reachable before anyone uses it').toBe(200);
    topology.pointRemote('mf-library', '/mf-library/1.1.0/mf-manifest.json');
    const listed = (await (await fetch(`${stack.url}/remotes.json`)).json()) as { remotes: { name: string; entry: string }[] };
    expect(listed.remotes.find((remote) => remote.name === 'mf_library')?.entry).toBe('/mf-library/1.1.0/mf-manifest.json');

    let mark = logMark();
    await page.goto(`${stack.url}/`);
    await waitForRegionsSettled(page);
    await expect(page.getByRole('heading', { name: 'Your Library', level: 1 })).toBeVisible();
    await expect.poll(() => libraryFiles(mark).some((line) => line.uri === '/mf-library/1.1.0/remoteEntry.js' && line.status === 200)).toBe(true);
    expect(libraryFiles(mark).filter((line) => line.uri.startsWith('/mf-library/1.0.0/')), '1.0.0 is not used any more').toEqual([]);
    expect(libraryFiles(mark).filter((line) => line.status >= 400)).toEqual([]);

    // Roll back: only the entry changes; 1.1.0 stays published.
    topology.pointRemote('mf-library', '/mf-library/1.0.0/mf-manifest.json');
    mark = logMark();
    await page.reload();
    await waitForRegionsSettled(page);
    await expect(page.getByRole('heading', { name: 'Your Library', level: 1 })).toBeVisible();
    // What the page loaded, from its own resource timing: a remote entry the browser already holds may be answered
    // from its cache without reaching nginx's log (one CI run saw no log line for it within 10 s).
    const loadedLibraryFiles = () => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname).filter((path) => path.startsWith('/mf-library/')));
    await expect.poll(async () => (await loadedLibraryFiles()).includes('/mf-library/1.0.0/remoteEntry.js')).toBe(true);
    expect((await loadedLibraryFiles()).filter((path) => path.startsWith('/mf-library/1.1.0/')), '1.1.0 is not used any more').toEqual([]);
    expect(libraryFiles(mark).filter((line) => line.uri.startsWith('/mf-library/1.1.0/')), '1.1.0 is not asked for any more').toEqual([]);
    expect((await fetch(`${stack.url}/mf-library/1.1.0/mf-manifest.json`)).status).toBe(200);
    topology.pointRemote('mf-library', undefined);
  });
});

test.describe('drills through the gateway', () => {
  test('(a) one of two API replicas killed under load: reads see no error, writes succeed or fail clearly, sessions hold, the replica rejoins', async () => {
    test.setTimeout(60_000);
    const { session, user } = await demoSession();
    const tag = `kill-${randomBytes(3).toString('hex')}`;
    const load = newLoad(session, user, tag);
    const [victim, survivor] = stack.topology.replicas as [ApiReplica, ApiReplica];
    const mark = logMark();
    load.start();
    await sleep(1_500);
    const killedAt = Date.now();
    await victim.kill();
    await sleep(3_000);
    const restartAt = Date.now();
    await victim.start();
    const rejoinedAt = Date.now();
    await sleep(2_000);
    const samples = await load.stop();

    const retried = logSince(mark).filter((line) => line.upstream === `${victim.address}, ${survivor.address}`);
    const during = figures(samples, killedAt, rejoinedAt);
    console.log(
      [
        `drill (a) SIGKILL of ${victim.name} under load, ${samples.length} requests in ${((Date.now() - killedAt + 1_500) / 1000).toFixed(1)} s`,
        describeFigures('  before the kill', figures(samples, 0, killedAt)),
        describeFigures('  replica down', during),
        describeFigures('  after it rejoined', figures(samples, rejoinedAt)),
        `  retried by nginx on the other replica: ${retried.length} (writes: ${resentWrites(mark)}, answered from the record: ${samples.filter((sample) => sample.replayed).length}); restart took ${rejoinedAt - restartAt} ms; reads cut mid-body at the kill: ${samples.filter((sample) => sample.kind !== 'write' && !sample.ok).length}`,
      ].join('\n'),
    );
    // Idempotent requests (GET, Range) never fail: nginx retried the next replica. One exception, which no
    // proxy can retry: a response the dead replica was already sending (its headers passed on to the client)
    // is cut; the browser's audio element asks for the rest with a new Range request. Only a read in flight at
    // the instant of the kill may be cut that way.
    const inFlightAtKill = (sample: Sample) => sample.startedAt <= killedAt && sample.startedAt + sample.ms >= killedAt;
    const failedReads = samples.filter((sample) => sample.kind !== 'write' && !sample.ok);
    const cut = failedReads.filter((sample) => inFlightAtKill(sample) && (sample.status === 200 || sample.status === 206));
    expect(failedReads.filter((sample) => !cut.includes(sample)).map((sample) => failures([sample])[0])).toEqual([]);
    expect(cut.length).toBeLessThanOrEqual(4); // at most one per load worker
    expect(retried.length, 'nginx retried requests on the surviving replica').toBeGreaterThan(0);
    // A write either succeeds or fails with a clear JSON error (never a hang, never a 500): nginx resends a keyed write
    // whose connection died to the survivor, which runs it, replays its recorded answer, or (the killed replica died
    // while running it, so whether it applied is unknown) answers the API's 409; the gateway's 502 if that failed too.
    for (const write of samples.filter((sample) => sample.kind === 'write' && !sample.ok)) {
      const gatewayError = write.status === 502 && write.code === 'SERVICE_UNAVAILABLE';
      const diedRunning = write.status === 409 && write.code === 'CONFLICT' && write.message === STILL_RUNNING_MESSAGE;
      expect(gatewayError || diedRunning, failures([write])[0]).toBe(true);
    }
    // Sessions stayed valid: every session check while the replica was down named the user.
    const sessionChecks = samples.filter((sample) => sample.kind === 'session' && sample.startedAt >= killedAt && sample.startedAt < rejoinedAt);
    expect(sessionChecks.length).toBeGreaterThan(0);
    expect(sessionChecks.every((sample) => sample.ok)).toBe(true);
    // The restarted replica serves again.
    expect(servedBy(victim, mark, rejoinedAt), `${victim.name} answered after its restart`).toBeGreaterThan(0);
    expect(servedBy(victim, mark, killedAt + 200) - servedBy(victim, mark, restartAt), 'nothing answered by the dead replica').toBe(0);
    const writes = await expectWritesKept(load, tag);
    console.log(`  writes: ${writes.kept} acknowledged, all in the database once; ${writes.unacknowledgedApplied} unacknowledged applied; ${writes.replicaViews}`);
  });

  test('(b) a rolling restart of both replicas (SIGTERM, one at a time) under load: zero failed requests', async () => {
    test.setTimeout(60_000);
    const { session, user } = await demoSession();
    const tag = `rolling-${randomBytes(3).toString('hex')}`;
    const load = newLoad(session, user, tag);
    const mark = logMark();
    const errorMark = errorLogLines().length;
    load.start();
    await sleep(1_000);
    const started = Date.now();
    const restarts: string[] = [];
    for (const replica of stack.topology.replicas) {
      const before = Date.now();
      await replica.stop();
      const stopped = Date.now();
      await replica.start();
      restarts.push(`${replica.name} stopped in ${stopped - before} ms, up again ${Date.now() - stopped} ms later`);
      await sleep(1_000);
    }
    const finished = Date.now();
    await sleep(1_000);
    const samples = await load.stop();
    const retried = logSince(mark).filter((line) => line.upstream.includes(', '));
    const resets = upstreamResets(errorMark);
    console.log(
      [
        `drill (b) rolling restart under load, ${samples.length} requests`,
        describeFigures('  during the restarts', figures(samples, started, finished)),
        describeFigures('  whole drill', figures(samples)),
        `  ${restarts.join('; ')}; retried by nginx: ${retried.length} (writes: ${resentWrites(mark)}, answered from the record: ${samples.filter((sample) => sample.replayed).length}); connections reset after nginx sent the request: ${resets.all} (writes: ${resets.writes})`,
      ].join('\n'),
    );
    // Zero failed requests, reads and writes. The one race a graceful stop leaves (deploy/README.md, "What the drills
    // prove"): a connection nginx opened at the very instant a stopping replica closes its listening socket is reset
    // after nginx sent the request. A read is resent to the other replica; so is a write, because it carries an
    // Idempotency-Key (the API runs a key once, so a resent write is never applied twice).
    expect(samples.filter((sample) => !sample.ok).map((sample) => failures([sample])[0])).toEqual([]);
    for (const replica of stack.topology.replicas) expect(servedBy(replica, mark, finished), `${replica.name} serves after the restart`).toBeGreaterThan(0);
    const writes = await expectWritesKept(load, tag);
    console.log(`  writes: ${writes.kept} acknowledged, all in the database once; ${writes.replicaViews}`);
  });

  test('(c) the database engine restarted under load: clear 503s while it is down, full recovery, nothing acknowledged lost', async () => {
    test.setTimeout(90_000);
    const { database } = stack.topology;
    expect(database.outage && database.recover, 'the topology runs its own engine').toBeTruthy();
    const { session, user } = await demoSession();
    const tag = `database-${randomBytes(3).toString('hex')}`;
    const load = newLoad(session, user, tag);
    const mark = logMark();
    load.start();
    await sleep(1_000);
    const stoppingAt = Date.now();
    await database.outage!();
    const downAt = Date.now();
    // Longer than the API's database timeouts (5 s server selection), so requests that need the database fail.
    await sleep(8_000);
    const recoverAt = Date.now();
    await database.recover!();
    const upAt = Date.now();
    // Keep the load on until 6 s of answers were all successful (bounded: 25 s): longer than the driver's 5 s wait for a
    // server, so a request still in flight when the load stops started after answers were succeeding again (with 3 s,
    // one CI run stopped while requests sent just after the return were still waiting, and they failed afterwards).
    let lastFailure = 0;
    while (Date.now() - upAt < 25_000) {
      lastFailure = Math.max(0, ...load.samples.filter((sample) => !sample.ok).map((sample) => sample.startedAt + sample.ms));
      if (Date.now() - Math.max(lastFailure, upAt) > 6_000) break;
      await sleep(250);
    }
    const samples = await load.stop();
    const recoveredAfter = Math.max(0, lastFailure - upAt);
    console.log(
      [
        `drill (c) database engine stopped (SIGTERM, ${downAt - stoppingAt} ms to exit), down for ${recoverAt - downAt} ms, started again (${upAt - recoverAt} ms) under load, ${samples.length} requests`,
        describeFigures('  engine stopping', figures(samples, stoppingAt, downAt)),
        describeFigures('  engine down', figures(samples, downAt, upAt)),
        describeFigures('  after it was back', figures(samples, upAt)),
        `  last failed answer ${recoveredAfter} ms after the engine was back`,
      ].join('\n'),
    );
    const failed = samples.filter((sample) => !sample.ok);
    expect(failed.length, 'the outage was seen').toBeGreaterThan(0);
    // Every failure is the API's clear 503 (never a 500, never the gateway's 502, never a hang).
    expect(failed.filter((sample) => sample.status !== 503 || sample.code !== 'SERVICE_UNAVAILABLE' || sample.message !== SERVICE_UNAVAILABLE_MESSAGE).map((sample) => failures([sample])[0])).toEqual([]);
    // A write sent while the engine was gone cannot have been stored: it failed (the driver waits up to 5 s for a
    // server, so writes sent in the last 5.5 s of the outage may legitimately succeed once it is back).
    const writesWhileDown = samples.filter((sample) => sample.kind === 'write' && sample.startedAt >= downAt && sample.startedAt < recoverAt - 5_500);
    expect(writesWhileDown.every((sample) => sample.status === 503)).toBe(true);
    expect(failed.every((sample) => sample.startedAt < upAt + 10_000)).toBe(true);
    // Full recovery: everything succeeded for the last 3 s, within 10 s of the engine's return.
    expect(recoveredAfter).toBeLessThan(10_000);
    expect(figures(samples, Math.max(lastFailure, upAt) + 1).failed).toBe(0);
    expect(logSince(mark).filter((line) => line.status === 502 || line.status === 500)).toEqual([]);
    // Not asserted here: a write the database took just before it went away, whose change-log entry then failed, reaches
    // the other replica when its writer's log write is retried (1, 2, 4 ... up to 30 s apart; the views are printed).
    const writes = await expectWritesKept(load, tag, { everyReplicaShowsAll: false });
    console.log(`  writes: ${writes.kept} acknowledged, all in the database once after the restart; ${writes.unacknowledgedApplied} unacknowledged applied; ${writes.replicaViews}`);
  });

  test('(d) one remote’s static server down: only its region degrades, and Retry recovers it', async ({ page }) => {
    const library = stack.topology.statics['mf-library'];
    await library.stop();
    try {
      const down = await fetch(`${stack.url}/mf-library/1.0.0/remoteEntry.js`);
      expect([down.status, down.headers.get('cache-control'), await down.text()]).toEqual([502, 'no-store', 'This part of Tunafy cannot be reached right now.\n']);

      await page.goto(`${stack.url}/`);
      const fallback = page.getByRole('alert', { name: 'Home unavailable' });
      await expect(fallback).toContainText('Home is unavailable right now.');
      // The shell and the other remotes work.
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Songs' })).toBeVisible();
      await page.getByRole('link', { name: 'Log In', exact: true }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('button', { name: 'Demo User' })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('alert', { name: 'Home unavailable' })).toBeVisible();
    } finally {
      await library.start();
    }
    await page.getByRole('alert', { name: 'Home unavailable' }).getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Your Library', level: 1 })).toBeVisible();
    await expect(page.getByRole('alert', { name: 'Home unavailable' })).toHaveCount(0);
  });
});
