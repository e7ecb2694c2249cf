/**
 * `npm run bench:lighthouse` (issue 31): Lighthouse 12 against the production builds (the gateway over the built shell
 * and remotes, the built API, a fresh database) for the guest home, All Songs, an album, an artist and a playlist page
 * (logged in), with the mobile and desktop presets, several runs each; prints the median scores and metrics.
 *
 * The catalog is seeded with covers as real ones are (1200–1500 px JPEGs of 200–600 KB, embedded in tagged mp3s and
 * uploaded as album and playlist covers), so the image bytes it reports are honest.
 *
 *   npm run bench:lighthouse                                     # builds, then 3 runs of every page and preset
 *   npx tsx e2e/perf/lighthouse-bench.ts --runs 1 --pages home --presets mobile --details
 *   npx tsx e2e/perf/lighthouse-bench.ts --url http://localhost:8080   # a running stack (seeds into the demo account)
 *   npx tsx e2e/perf/lighthouse-bench.ts --runs 1 --save /tmp/lhr     # also keeps each run's Lighthouse JSON and its trace
 *   npx tsx e2e/perf/lighthouse-bench.ts --serve /tmp/lh.json         # start and seed a stack, keep it up (Ctrl-C ends)
 *   npx tsx e2e/perf/lighthouse-bench.ts --target /tmp/lh.json --pages album   # runs against it: no 2-minute seeding
 *   npx tsx e2e/perf/lighthouse-bench.ts --target /tmp/lh.json --builds /tmp/lh-old  # the same API and data, the
 *     front-end builds of another checkout (its shell/dist and <remote>/dist): an A/B against an older commit
 *
 * Lighthouse's mobile preset simulates slow 4G and a 4x slower CPU from what it observes on this machine, so other work
 * on it lowers the scores: note the load (printed) with any figure you record.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import { DEMO_CREDENTIALS, type Album, type ImportResponse, type Playlist } from '@tunafy/contracts';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium.js';
import { photoCover } from '../support/photo-cover.js';
import { ApiSession } from '../support/production-stack.js';
import { benchPages, option, readBenchTarget, type BenchTarget, type Seeded } from './bench-target.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { frontendApps, startGateway, type RunningGateway } from '@tunafy/stack';

const run = promisify(execFile);

// An unknown flag (or --help) must not start the whole half-hour bench: it prints the usage instead.
const VALUE_OPTIONS = ['runs', 'presets', 'pages', 'save', 'serve', 'target', 'builds', 'url'];
const flags = process.argv.slice(2).filter((arg, index, args) => arg.startsWith('-') && !VALUE_OPTIONS.includes(args[index - 1]?.slice(2) ?? ''));
const unknown = flags.filter((flag) => flag !== '--details' && !VALUE_OPTIONS.includes(flag.slice(2)));
if (unknown.length > 0) {
  const usage = `usage: npx tsx e2e/perf/lighthouse-bench.ts [--runs N] [--presets mobile,desktop] [--pages home,songs,album,artist,playlist] [--details] [--save DIR] [--serve FILE | --target FILE [--builds DIR] | --url URL]\n(see the comment at the top of e2e/perf/lighthouse-bench.ts)`;
  const asked = unknown.every((flag) => flag === '--help' || flag === '-h');
  console[asked ? 'log' : 'error'](asked ? usage : `unknown option ${unknown.join(', ')}\n${usage}`);
  process.exit(asked ? 0 : 2);
}

const RUNS = Math.max(1, Math.min(9, Number(option('runs') ?? 3)));
const PRESETS = (option('presets') ?? 'mobile,desktop').split(',') as ('mobile' | 'desktop')[];
const PAGE_NAMES = (option('pages') ?? 'home,songs,album,artist,playlist').split(',');
const DETAILS = process.argv.includes('--details');
/** A folder to keep each run's full Lighthouse JSON in (critical chains, bootup time, long tasks, the LCP phases). */
const SAVE_DIR = option('save');
if (SAVE_DIR) mkdirSync(SAVE_DIR, { recursive: true });
/** Start and seed a stack, write where it is to this file and keep it running: for A/B runs against rebuilt code. */
const SERVE_FILE = option('serve');
/** Run against a stack that `--serve` started, from its file (the gateway serves each rebuilt file as it changes). */
const TARGET_FILE = option('target');
/** With --target: serve another checkout's front-end builds (e.g. an older commit's) through a gateway of their own. */
const BUILDS_ROOT = option('builds');

/** Songs of the bench's tagged album: each an mp3 with its album's big JPEG embedded, as rips from a tagger are. */
const TAGGED_SONGS = 12;
/** Enough albums and playlists to fill both home shelves (10 cards each) and a second row. */
const SHELF_ITEMS = 10;

async function taggedMp3(dir: string, index: number, tag: string, coverPath: string): Promise<Buffer> {
  const path = join(dir, `track-${index}.mp3`);
  await run('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `sine=frequency=${220 + index * 30}:duration=20`,
    '-i', coverPath, '-map', '0:a', '-map', '1:v', '-c:v', 'copy', '-disposition:v', 'attached_pic',
    '-metadata', `title=Night Song ${index + 1} ${tag}`, '-metadata', `artist=Lighthouse Keepers ${tag}`,
    '-metadata', `album=Harbour Lights ${tag}`, '-metadata', `track=${index + 1}`, '-metadata', 'genre=Ambient',
    '-c:a', 'libmp3lame', '-b:a', '96k', '-id3v2_version', '3', '-f', 'mp3', path,
  ]);
  return readFile(path);
}

async function seed(session: ApiSession): Promise<Seeded> {
  const tag = Math.random().toString(36).slice(2, 6);
  const dir = mkdtempSync(join(tmpdir(), 'tunafy-lighthouse-'));
  const coverBytes: number[] = [];
  const cover = async (seedNumber: number, title: string) => {
    const bytes = await photoCover({ seed: seedNumber, size: 1000 + ((seedNumber * 97) % 501), title });
    coverBytes.push(bytes.length);
    return bytes;
  };
  try {
    const albumCoverPath = join(dir, 'album.jpg');
    await writeFile(albumCoverPath, await cover(1, 'Harbour Lights'));
    const songs = [];
    for (let i = 0; i < TAGGED_SONGS; i++) {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(await taggedMp3(dir, i, tag, albumCoverPath))], { type: 'audio/mpeg' }), `track-${i}.mp3`);
      const imported = await session.json<ImportResponse>('POST', '/api/uploads/songs', { body: form, timeoutMs: 60_000 });
      songs.push(imported.song);
    }
    const albumId = songs[0]!.album_id!;
    const artistId = songs[0]!.artists?.[0]?.id;
    if (!artistId) throw new Error('the tagged upload credited no artist');
    // Albums made with the form, each with its own cover, for the home page's shelf.
    for (let i = 0; i < SHELF_ITEMS; i++) {
      const form = new FormData();
      form.set('album_name', `Album ${i + 1} ${tag}`);
      form.set('album_cover_url', new Blob([new Uint8Array(await cover(10 + i, `Album ${i + 1}`))], { type: 'image/jpeg' }), 'cover.jpg');
      await session.json<Album>('POST', '/api/albums/new', { body: form, timeoutMs: 60_000 });
    }
    let playlistId = '';
    for (let i = 0; i < SHELF_ITEMS; i++) {
      const form = new FormData();
      form.set('playlist_name', `Mix ${i + 1} ${tag}`);
      form.set('description', i % 2 ? 'Songs for a night drive' : '');
      form.set('playlist_cover_url', new Blob([new Uint8Array(await cover(30 + i, `Mix ${i + 1}`))], { type: 'image/jpeg' }), 'cover.jpg');
      const playlist = await session.json<Playlist>('POST', '/api/playlists/new', { body: form, timeoutMs: 60_000 });
      playlistId ||= playlist.id;
    }
    for (const song of songs) await session.json('PUT', `/api/playlists/${playlistId}/add`, { json: { song_id: song.id } });
    return { albumId, artistId, playlistId, coverBytes };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Measure {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  imageBytes: number;
  imageRequests: number;
}

function readMeasure(lhr: Result): Measure {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  // From each request rather than resource-summary's transfer sizes: once the shell's service worker controls the page,
  // the page's requests report 0 bytes transferred (the worker's own fetch did the transfer); an image's body size is
  // its bytes on the wire all the same (images are not gzipped).
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number; resourceSize?: number }[] } | undefined)?.items ?? [];
  const imageRequests = requests.filter((request) => request.resourceType === 'Image');
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    imageBytes: imageRequests.reduce((sum, request) => sum + Math.max(request.transferSize ?? 0, request.resourceSize ?? 0), 0),
    imageRequests: imageRequests.length,
  };
}

/** What kept a run from full marks: failed accessibility and best-practices audits, the performance opportunities. */
function explain(lhr: Result): string[] {
  const lines: string[] = [];
  for (const id of ['accessibility', 'best-practices', 'performance']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9 || audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
      const display = audit.displayValue ? ` (${audit.displayValue})` : '';
      lines.push(`    ${id}: ${audit.id}${display}: ${audit.title}`);
      // The first few rows behind it (which error, which script, which element).
      // Some details (insights' trees) hold an object, not rows.
      const items = (audit.details as { items?: unknown } | undefined)?.items;
      for (const item of Array.isArray(items) ? (items as Record<string, unknown>[]).slice(0, 4) : []) lines.push(`      ${describeItem(item)}`);
    }
  }
  // What moved (an informative audit, so not in the loop above).
  const shifts = lhr.audits['layout-shifts'];
  if ((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) > 0.01 && shifts) {
    lines.push(`    layout-shifts: ${shifts.displayValue ?? ''}`);
    for (const item of ((shifts.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []).slice(0, 4)) lines.push(`      ${describeItem(item)}`);
  }
  for (const message of lhr.runWarnings) lines.push(`    warning: ${message}`);
  return lines;
}

function describeItem(item: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(item)) {
    if (value === null || value === undefined || key === 'subItems') continue;
    if (typeof value === 'object') {
      const node = value as { snippet?: string; selector?: string; url?: string };
      const text = node.snippet ?? node.selector ?? node.url;
      if (text) parts.push(`${key}=${text.slice(0, 120)}`);
    } else parts.push(`${key}=${typeof value === 'number' ? Math.round(value) : String(value).slice(0, 160)}`);
  }
  return parts.join(' ');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function lighthouseRun(url: string, preset: 'mobile' | 'desktop', cookie: string | undefined): Promise<{ lhr: Result; trace: unknown }> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'tunafy-lighthouse-chrome-'));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? CHROMIUM_EXECUTABLE,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    userDataDir,
    logLevel: 'silent',
  });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // The session cookie for the logged-in pages (the shell checks the session with it, as a browser would).
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    };
    const result = await lighthouse(url, flags, preset === 'desktop' ? (desktopConfig as Config) : undefined);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    // The page's trace, which the report does not keep: what a long task ran, its wall and CPU time.
    return { lhr: result.lhr, trace: (result.artifacts as { Trace?: unknown }).Trace };
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

async function seededTarget(baseUrl: string): Promise<BenchTarget> {
  const session = new ApiSession(baseUrl);
  await session.logIn(DEMO_CREDENTIALS);
  const seedStarted = Date.now();
  const seeded = await seed(session);
  console.log(
    `Seeded ${TAGGED_SONGS} tagged songs, ${SHELF_ITEMS} albums and ${SHELF_ITEMS} playlists with ${seeded.coverBytes.length} cover JPEGs ` +
      `(${kb(Math.min(...seeded.coverBytes))}–${kb(Math.max(...seeded.coverBytes))}) in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`,
  );
  return { baseUrl, cookie: session.cookieHeader(), seeded };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
let stack: TestStack | undefined;
let buildsGateway: RunningGateway | undefined;
// No background jobs (loudness, the covers' walk over stored ones) competing with the page for the 2 cores, as in the
// other benches; uploads still derive their covers' sizes at once.
const API_ENV = { LOUDNESS_JOB: 'off', COVER_JOB: 'off' };
try {
  let target: BenchTarget;
  if (TARGET_FILE) target = await readBenchTarget(TARGET_FILE);
  else {
    const baseUrl = option('url') ?? (stack = await startTestStack((line) => console.error(`[stack] ${line}`), { apiEnv: API_ENV })).baseUrl;
    target = { ...(await seededTarget(baseUrl)), apiUrl: stack?.apiUrl };
  }
  if (BUILDS_ROOT) {
    if (!target.apiUrl) throw new Error('--builds needs a stack this bench started (--serve, then --target)');
    buildsGateway = await startGateway({ apiUrl: target.apiUrl, apps: frontendApps(BUILDS_ROOT), env: {}, log: (line) => console.error(`[gateway] ${line}`) });
    console.log(`The front-end builds of ${BUILDS_ROOT} at ${buildsGateway.url}, the API of ${target.baseUrl}`);
    target = { ...target, baseUrl: buildsGateway.url };
  }
  if (SERVE_FILE) {
    await writeFile(SERVE_FILE, JSON.stringify(target));
    console.log(`Serving ${target.baseUrl}; run with --target ${SERVE_FILE}; Ctrl-C stops the stack`);
    await new Promise<void>((resolve) => process.once('SIGINT', resolve).once('SIGTERM', resolve));
  } else await measure(target);
} finally {
  await buildsGateway?.stop();
  await stack?.stop();
}

async function measure(target: BenchTarget): Promise<void> {
  const { baseUrl } = target;
  const pages = benchPages(target)
    .filter((page) => PAGE_NAMES.includes(page.name))
    .map((page) => ({ ...page, cookie: page.signedIn ? target.cookie : undefined }));

  // One visit per page first, so the gateway's one-time gzip of each file and the API's first reads are not in run 1.
  for (const page of pages) await fetch(baseUrl + page.path, { headers: page.cookie ? { cookie: page.cookie } : {} });
  await lighthouseRun(baseUrl + '/', 'desktop', undefined).catch(() => undefined);

  const rows: { page: string; preset: string; median: Measure; runs: Measure[] }[] = [];
  for (const page of pages) {
    for (const preset of PRESETS) {
      const runs: Measure[] = [];
      let last: Result | undefined;
      for (let i = 0; i < RUNS; i++) {
        const load = loadavg()[0]!.toFixed(1);
        const run = await lighthouseRun(baseUrl + page.path, preset, page.cookie);
        last = run.lhr;
        if (SAVE_DIR) {
          await writeFile(join(SAVE_DIR, `${page.name}-${preset}-${i + 1}.json`), JSON.stringify(last));
          await writeFile(join(SAVE_DIR, `${page.name}-${preset}-${i + 1}.trace.json`), JSON.stringify(run.trace));
        }
        const measure = readMeasure(last);
        runs.push(measure);
        console.log(
          `  ${page.name} ${preset} run ${i + 1}: perf ${measure.performance}, a11y ${measure.accessibility}, bp ${measure.bestPractices}, ` +
            `LCP ${measure.lcpMs.toFixed(0)} ms, TBT ${measure.tbtMs.toFixed(0)} ms, CLS ${measure.cls.toFixed(3)}, ` +
            `images ${kb(measure.imageBytes)} in ${measure.imageRequests} (load ${load})`,
        );
      }
      if (DETAILS && last) for (const line of explain(last)) console.log(line);
      const pick = (key: keyof Measure) => median(runs.map((run) => run[key]));
      const med: Measure = {
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        lcpMs: pick('lcpMs'),
        tbtMs: pick('tbtMs'),
        cls: pick('cls'),
        imageBytes: pick('imageBytes'),
        imageRequests: pick('imageRequests'),
      };
      rows.push({ page: page.name, preset, median: med, runs });
    }
  }

  const [one, five, fifteen] = loadavg().map((value) => value.toFixed(1));
  console.log(`\nLighthouse 12.8.2, ${baseUrl}, median of ${RUNS} run(s), ${new Date().toISOString().slice(0, 10)}, load average now ${one} / ${five} / ${fifteen}`);
  console.log('| page | preset | performance | accessibility | best practices | LCP | TBT | CLS | image bytes |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const { page, preset, median: m } of rows) {
    console.log(
      `| ${page} | ${preset} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${(m.lcpMs / 1000).toFixed(2)} s | ` +
        `${m.tbtMs.toFixed(0)} ms | ${m.cls.toFixed(3)} | ${kb(m.imageBytes)} (${m.imageRequests}) |`,
    );
  }
}
