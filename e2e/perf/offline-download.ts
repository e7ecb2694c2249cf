/**
 * Issue 28's offline-download numbers (docs/offline.md, docs/benchmarks.md "Offline download"), in Debian's Chromium
 * against the real gateway, API, database and ffmpeg on loopback: a 50-song playlist downloaded at Normal quality
 * (the API's 160 kbit/s MP3 transcodes) through the app's own Download button, against the raw throughput of the same
 * URLs, and the longest main-thread task while it runs (PerformanceObserver 'longtask'; target ≤ 100 ms).
 *
 * Raw throughput: the same 50 URLs fetched plainly, 4 at a time (the downloader's concurrency), by a page of the same
 * browser and account with no service worker, each body read whole by the browser (`blob()`) and dropped, nothing
 * cached. Both are measured with the API's transcode cache warm (every URL fetched once before the first run), so the
 * ratio compares the browser side (Cache API, registry, covers, the page) and not ffmpeg. The download is timed in the
 * page, from the click on Download to "Downloaded" rendered. Runs alternate raw and download; medians are reported.
 *
 * With `--floor`, each run also times the same URLs fetched straight into a scratch cache (`cache.put`, 4 at a time), from
 * the plain page and from the download's page (which the service worker controls): the Cache API's own cost, without
 * the downloader's registry, covers and progress. The downloader's steps (`markDownload`)
 * are printed as median ms after the click.
 *
 * Each run also prints where its time went: per song the wait for the answer's first byte, the body, and the wait
 * from the body's end to its `cache.put` resolving (Resource Timing and the downloader's `song-stored` marks); the
 * service worker's own fetches meanwhile (its warm-up of the offline screens); the CPU time and storage writes of each
 * kind of process (process-usage.ts) during the raw fetch, the download, the removal and the gap before the next run;
 * and each long task's scripts (Long Animation Frames). `--pauses 30,0` waits that many seconds after run 1's (run 2's…)
 * removal before the next run; `--profile` prints the download page's self time by function (a CDP CPU profile of the
 * first download, source-mapped through the builds' maps).
 *
 *   npx tsx e2e/perf/offline-download.ts [--songs 50] [--seconds 60] [--runs 3] [--floor] [--pauses 0,0] [--cpu-throttle 4] [--incognito] [--profile]
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { songStreamUrl, type ImportResponse, type Playlist, type Song } from '@tunafy/contracts';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium.js';
import { startPerfStack } from '../support/perf-stack.js';
import { describeUsage, processUsage, type ProcessUsage } from './process-usage.js';

const run = promisify(execFile);
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}
const songCount = option('songs', 50);
const songSeconds = option('seconds', 60);
const runs = option('runs', 3);
/** Also time the cache.put floor (below) each run; off by default: its deleted caches' work would fall on the next download. */
const floor = process.argv.includes('--floor');
/**
 * Slows the download page's main thread this many times (CDP Emulation.setCPUThrottlingRate): for finding which of
 * its work grows into long tasks on a loaded machine, not for throughput (the browser process is not slowed).
 */
const cpuThrottle = option('cpu-throttle', 1);
/** A CPU profile of the download page during the first download: its main thread's self time by function (source-mapped). */
const profile = process.argv.includes('--profile');
/**
 * Download in a Chromium profile on disk (launchPersistentContext), as a user's browser keeps Cache Storage and
 * IndexedDB; `--incognito` uses Playwright's default context instead, which keeps them in the browser process's memory
 * (every figure before 2026-11-29 11:00 was taken that way).
 */
const persistent = !process.argv.includes('--incognito');
/** Seconds to wait after run i's removal (before run i + 1), by run; 0 when not given. */
const pauses = (() => {
  const at = process.argv.indexOf('--pauses');
  return at >= 0 ? process.argv[at + 1]!.split(',').map(Number) : [];
})();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function csrf(context: BrowserContext): Promise<string> {
  // One more try after a reset: a kept-alive connection the server closed as it was reused (seen once in 50 uploads).
  const answer = await context.request.get('/api/auth/csrf').catch(() => context.request.get('/api/auth/csrf'));
  return ((await answer.json()) as { csrf_token: string }).csrf_token;
}

/** Long tasks of the page since it loaded, collected by an init script (the page's code as a string: see streaming-perf.ts). */
const OBSERVE_LONG_TASKS = `(() => {
  // Room for every song and cover of a run (the default keeps 250 entries, fewer than a run's page, songs and covers).
  performance.setResourceTimingBufferSize(5000);
  window.__longTasks = [];
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration }); }).observe({ type: 'longtask', buffered: true });
  // Long animation frames name the scripts that ran in them (URL, function, what invoked it): who a long task was.
  window.__frames = [];
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) new PerformanceObserver((list) => {
    for (const frame of list.getEntries()) if (frame.duration > 50) window.__frames.push({ start: frame.startTime, duration: frame.duration, blocking: frame.blockingDuration, render: frame.renderStart ? frame.startTime + frame.duration - frame.renderStart : 0, scripts: frame.scripts.map((script) => ({ duration: Math.round(script.duration), invoker: script.invoker, source: (script.sourceURL || '').split('/').pop() + (script.sourceFunctionName ? ':' + script.sourceFunctionName : '') + (script.sourceCharPosition >= 0 ? '@' + script.sourceCharPosition : ''), layout: Math.round(script.forcedStyleAndLayoutDuration) })) });
  }).observe({ type: 'long-animation-frame', buffered: true });
})()`;

/** In the page: when the next click happened and when "Downloaded" was first rendered after it. */
const TIME_DOWNLOAD = `(() => {
  const times = (window.__download = { started: null, ended: null });
  document.addEventListener('click', () => { times.started = performance.now(); }, { capture: true, once: true });
  const observer = new MutationObserver(() => {
    if (times.started === null) return;
    for (const span of document.querySelectorAll('span')) if (span.textContent === 'Downloaded') { times.ended = performance.now(); observer.disconnect(); return; }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
})()`;

/** Fetches `urls` 4 at a time, each body read whole and dropped; answers ms and bytes. */
const RAW = `async (urls) => {
  performance.clearResourceTimings();
  const started = performance.now();
  let next = 0;
  let bytes = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++];
      const response = await fetch(url, { cache: 'no-store' });
      if (!response.ok) throw new Error(url + ' answered ' + response.status);
      const size = (await response.blob()).size;
      const declared = Number(response.headers.get('content-length'));
      if (declared && declared !== size) throw new Error(url + ' declared ' + declared + ' bytes but sent ' + size);
      bytes += size;
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  const ms = performance.now() - started;
  const songs = performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/stream')).map((entry) => ({ start: entry.startTime - started, firstByte: entry.responseStart - started, end: entry.responseEnd - started, stored: null }));
  return { ms, bytes, songs };
}`;

/** Per song of the download since the click: its fetch's start, first byte and end (Resource Timing), and when its cache.put resolved. */
const SONG_TIMES = `(started) => {
  const stored = new Map(performance.getEntriesByName('tunafy-download:song-stored').filter((mark) => mark.startTime >= started).map((mark) => [mark.detail, mark.startTime - started]));
  return performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/stream') && entry.startTime >= started).map((entry) => {
    const id = (entry.name.split('/api/songs/')[1] ?? '').split('/')[0].toLowerCase();
    return { start: entry.startTime - started, firstByte: entry.responseStart - started, end: entry.responseEnd - started, stored: stored.get(id) ?? null };
  });
}`;

interface SongTime {
  start: number;
  firstByte: number;
  end: number;
  /** When its cache.put resolved (null on the raw side, which stores nothing). */
  stored: number | null;
}

/** Where a run's song time went: medians and p90s of each wait, the longest pause between two songs done, and when half were done. */
function describeSongs(songs: SongTime[]): string {
  const stat = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length ? `${median(sorted).toFixed(0)}/${sorted[Math.floor(sorted.length * 0.9)]!.toFixed(0)}` : '-';
  };
  const done = songs.map((song) => song.stored ?? song.end).sort((a, b) => a - b);
  const gaps = done.slice(1).map((at, i) => at - done[i]!);
  const stored = songs.filter((song): song is SongTime & { stored: number } => song.stored !== null);
  return [
    `${songs.length} songs: first byte ${stat(songs.map((song) => song.firstByte - song.start))} ms (median/p90)`,
    `body ${stat(songs.map((song) => song.end - song.firstByte))}`,
    stored.length ? `body end to put resolved ${stat(stored.map((song) => song.stored - song.end))}` : null,
    `first start ${Math.min(...songs.map((song) => song.start)).toFixed(0)}, half done ${done[Math.floor(done.length / 2)]?.toFixed(0)}, last ${done.at(-1)?.toFixed(0)} ms`,
    `longest pause between songs done ${Math.max(0, ...gaps).toFixed(0)} ms`,
  ]
    .filter(Boolean)
    .join(', ');
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** The functions with the most self time in a CPU profile, named through the builds' source maps where there is one. */
function selfTimes(cpu: CpuProfile): string[] {
  const byNode = new Map(cpu.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  cpu.samples.forEach((id, i) => {
    const frame = byNode.get(id)!;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (cpu.timeDeltas[i] ?? 0) / 1000);
  });
  const maps = new Map<string, SourceMapConsumer | null>();
  const original = (key: string) => {
    const match = / (\S+\.js):(\d+):(\d+)$/u.exec(key);
    if (!match) return '';
    if (!maps.has(match[1]!)) {
      const file = ['shell', 'mf-library', 'mf-player', 'mf-auth'].map((app) => join(repoRoot, app, 'dist', `${match[1]}.map`)).find((path) => existsSync(path));
      maps.set(match[1]!, file ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null);
    }
    const at = maps.get(match[1]!)?.originalPositionFor({ line: Number(match[2]), column: Number(match[3]) - 1 });
    return at?.source ? ` = ${at.source.split('/').slice(-2).join('/')}:${at.line}${at.name ? ` ${at.name}` : ''}` : '';
  };
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([key, ms]) => `      self ${ms.toFixed(0)} ms: ${key}${original(key)}`);
}

/** The service worker's own fetches and warm-up marks, on the page's timeline (ms after `started` there). */
async function workerActivity(worker: Worker | undefined, page: Page, started: number, ended: number): Promise<string> {
  if (!worker) return 'no service worker seen';
  const pageOrigin = (await page.evaluate('performance.timeOrigin')) as number;
  const seen = (await worker.evaluate(`(() => ({ origin: performance.timeOrigin, resources: performance.getEntriesByType('resource').map((entry) => ({ start: entry.startTime, end: entry.responseEnd, size: entry.encodedBodySize })), marks: performance.getEntriesByType('mark').map((mark) => ({ name: mark.name, at: mark.startTime })) }))()`)) as {
    origin: number;
    resources: { start: number; end: number; size: number }[];
    marks: { name: string; at: number }[];
  };
  const onPage = (at: number) => seen.origin + at - pageOrigin - started;
  const during = seen.resources.filter((entry) => onPage(entry.end) >= 0 && onPage(entry.start) <= ended - started);
  const marks = seen.marks.filter((mark) => mark.name.startsWith('tunafy-sw:')).map((mark) => `${mark.name.slice('tunafy-sw:'.length)} ${onPage(mark.at).toFixed(0)}`);
  return `${during.length} fetches (${(during.reduce((sum, entry) => sum + entry.size, 0) / 1e3).toFixed(0)} KB) overlapping the download; its warm-up marks (ms after the click): ${marks.join(', ') || 'none'}`;
}

/**
 * The floor under the downloader: `urls` fetched `limit` at a time straight into a scratch Cache Storage cache (what
 * the downloader does per song, without its registry, covers or page), the cache deleted after. Answers ms.
 */
const PUT = `async ({ urls, limit }) => {
  const name = 'offline-perf-floor';
  await caches.delete(name);
  const cache = await caches.open(name);
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++];
      const response = await fetch(url, { cache: 'no-store' });
      if (!response.ok) throw new Error(url + ' answered ' + response.status);
      await cache.put(url, response);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  const ms = performance.now() - started;
  await caches.delete(name);
  return ms;
}`;

/**
 * What the page's origin holds of the account's downloads: entries of its offline caches (audio, data) and of its
 * registry. A run must start from none, else it times songs found stored instead of fetched.
 */
const STORED = `(async () => {
  const counts = { audio: 0, data: 0, registry: 0 };
  for (const name of await caches.keys()) {
    if (!name.startsWith('tunafy-offline:')) continue;
    const kind = name.endsWith(':audio') ? 'audio' : 'data';
    counts[kind] += (await (await caches.open(name)).keys()).length;
  }
  for (const { name } of await indexedDB.databases()) {
    if (!name || !name.startsWith('tunafy-offline-')) continue;
    counts.registry += await new Promise((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('registry')) { db.close(); resolve(0); return; }
        const count = db.transaction('registry').objectStore('registry').count();
        count.onsuccess = () => { db.close(); resolve(count.result); };
        count.onerror = () => { db.close(); reject(count.error); };
      };
    });
  }
  return counts;
})()`;

const { root, gateway, browser, stop } = await startPerfStack('tunafy-offline-perf');
let persistentContext: BrowserContext | null = null;
try {
  const profileDir = persistent ? mkdtempSync(join(root, 'profile-')) : null;
  const context = profileDir
    ? await chromium.launchPersistentContext(profileDir, { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS, headless: true, baseURL: gateway.url, serviceWorkers: 'allow' })
    : await browser.newContext({ baseURL: gateway.url, serviceWorkers: 'allow' });
  if (profileDir) {
    persistentContext = context;
    console.log(`the download's browser keeps its storage on disk, in ${profileDir}`);
  }
  const signup = await context.request.post('/api/auth/signup', {
    headers: { 'x-csrf-token': await csrf(context) },
    data: { email: `offline-perf-${process.pid}@example.com`, username: `offline_perf_${process.pid}`, password: 'pw-offline-perf' },
  });
  if (!signup.ok()) throw new Error(`signup answered ${signup.status()}`);

  // Songs stored as 256 kbit/s MP3s, so Normal (160) is a transcode of each, as for most real libraries.
  const songs: Song[] = [];
  for (let i = 0; i < songCount; i++) {
    const path = join(root, `song-${i}.mp3`);
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `anoisesrc=color=pink:seed=${i + 1}:sample_rate=44100:amplitude=0.3:duration=${songSeconds}`, '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '256k', '-metadata', `title=Offline Perf ${i}`, path]);
    const response = await context.request.post('/api/uploads/songs', {
      headers: { 'x-csrf-token': await csrf(context) },
      multipart: { file: { name: `song-${i}.mp3`, mimeType: 'application/octet-stream', buffer: readFileSync(path) } },
      timeout: 120_000,
    });
    if (response.status() !== 201) throw new Error(`upload answered ${response.status()}: ${await response.text()}`);
    songs.push(((await response.json()) as ImportResponse).song);
  }
  const token = await csrf(context);
  const created = await context.request.post('/api/playlists/new', { headers: { 'x-csrf-token': token }, multipart: { playlist_name: 'Offline Perf', description: '', private: 'false' } });
  const playlist = (await created.json()) as Playlist;
  for (const song of songs) await context.request.put(`/api/playlists/${playlist.id}/add`, { headers: { 'x-csrf-token': token }, data: { song_id: song.id } });
  const declared = songs.reduce((sum, song) => sum + Math.round(song.duration * 160 * 125), 0);
  console.log(`fixture: ${songCount} songs of ${songSeconds} s (256 kbit/s MP3; catalog durations ${Math.min(...songs.map((s) => s.duration))}–${Math.max(...songs.map((s) => s.duration))} s), downloaded at Normal (160 kbit/s transcodes, ${(declared / 1e6).toFixed(1)} MB declared)`);

  await context.addInitScript(OBSERVE_LONG_TASKS);
  const page = await context.newPage();
  if (cpuThrottle > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  await page.evaluate(() => localStorage.setItem('tunafy.player.settings.v1', JSON.stringify({ quality: 'normal', normalization: 'off' })));
  const urls = songs.map((song) => songStreamUrl(song.id, { maxBitRate: 160 }));
  // The plain fetch: the same account in a context where no service worker sees the requests.
  const plainContext = await browser.newContext({ baseURL: gateway.url, serviceWorkers: 'block', storageState: await context.storageState() });
  const plainPage = await plainContext.newPage();
  await plainPage.goto('/');
  const raw = (label: string) => plainPage.evaluate(`(${RAW})(${JSON.stringify(urls)})`) as Promise<{ ms: number; bytes: number; songs: SongTime[] }>;
  const warm = await raw('warm');
  console.log(`warm-up (cold transcodes): ${(warm.bytes / 1e6).toFixed(1)} MB in ${(warm.ms / 1000).toFixed(1)} s`);

  const rawMs: number[] = [];
  const downloadMs: number[] = [];
  const longest: number[] = [];
  // The downloader's own marks (markDownload in packages/offline), ms after the click: where the time goes.
  const stepTimes = new Map<string, number[]>();
  const putMs = new Map<string, number[]>();
  let routed: string[] = [];
  /** Per run: the songs fetched (must be all of them) and the /api/files/ requests (covers) before "Downloaded". */
  const songFetches: number[] = [];
  const coversBeforeDone: number[] = [];
  let bytes = warm.bytes;
  // The worker's own fetches (its warm-up) are read each run: room for all of them (the default keeps 250).
  const serviceWorker = () => context.serviceWorkers()[0];
  await serviceWorker()?.evaluate('performance.setResourceTimingBufferSize(5000)');
  let usage: ProcessUsage = processUsage();
  const phase = (label: string) => {
    const now = processUsage();
    const line = `    ${label}: ${describeUsage(usage, now)}`;
    usage = now;
    return line;
  };
  for (let i = 0; i < runs; i++) {
    const report: string[] = [];
    phase('before');
    const measured = await raw(`run ${i}`);
    report.push(phase(`raw ${(measured.ms / 1000).toFixed(2)} s`), `      ${describeSongs(measured.songs)}`);
    rawMs.push(measured.ms);
    bytes = measured.bytes;

    // The plain page (no worker) and the download's page (the worker controls it, its static route sends the songs to the network).
    if (floor) {
      for (const [where, onPage] of [['plain page', plainPage], ['controlled page', page]] as const) {
        putMs.set(where, [...(putMs.get(where) ?? []), (await onPage.evaluate(`(${PUT})(${JSON.stringify({ urls, limit: 4 })})`)) as number]);
      }
      report.push(phase('floor'));
    }

    await page.goto(`/playlists/${playlist.id}`);
    const download = page.getByRole('button', { name: 'Download', exact: true });
    await download.waitFor();
    // Nothing stored: every song of this run is fetched (a run that found songs stored would time the registry).
    const before = (await page.evaluate(STORED)) as Record<string, number>;
    if (before.audio + before.data + before.registry > 0) throw new Error(`run ${i + 1} starts with downloads stored: ${JSON.stringify(before)}`);
    await page.evaluate(TIME_DOWNLOAD);
    report.push(phase('page load'));
    const profiler = profile && i === 0 ? await context.newCDPSession(page) : null;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.setSamplingInterval', { interval: 250 });
      await profiler.send('Profiler.start');
    }
    await download.click();
    await page.getByText('Downloaded', { exact: true }).waitFor({ timeout: 600_000 });
    if (profiler) report.push(...selfTimes((await profiler.send('Profiler.stop')).profile as CpuProfile));
    const { started, ended } = (await page.evaluate('window.__download')) as { started: number; ended: number };
    downloadMs.push(ended - started);
    report.push(phase(`download ${((ended - started) / 1000).toFixed(2)} s`), `      ${describeSongs((await page.evaluate(`(${SONG_TIMES})(${started})`)) as SongTime[])}`);
    report.push(`      service worker: ${await workerActivity(serviceWorker(), page, started, ended)}`);
    const tasks = (await page.evaluate(`window.__longTasks.filter((task) => task.start >= ${started} && task.start <= ${ended})`)) as { start: number; duration: number }[];
    longest.push(Math.max(0, ...tasks.map((task) => task.duration)));
    // Who the long tasks were: the long animation frames holding them, with their scripts.
    const frames = (await page.evaluate(`window.__frames.filter((frame) => frame.start + frame.duration >= ${started} && frame.start <= ${ended})`)) as { start: number; duration: number; blocking: number; render: number; scripts: { duration: number; invoker: string; source: string; layout: number }[] }[];
    for (const task of tasks.filter((task) => task.duration > 50)) {
      const frame = frames.find((candidate) => candidate.start <= task.start + 1 && candidate.start + candidate.duration >= task.start + task.duration - 1);
      const scripts = frame ? frame.scripts.filter((script) => script.duration > 5).map((script) => `${script.invoker} ${script.source} ${script.duration} ms${script.layout ? ` (layout ${script.layout})` : ''}`).join('; ') : 'no frame';
      report.push(`      long task ${task.duration.toFixed(0)} ms at ${(task.start - started).toFixed(0)} ms: ${frame ? `frame ${frame.duration.toFixed(0)} ms, rendering ${frame.render.toFixed(0)} ms; ` : ''}${scripts || 'no script over 5 ms'}`);
    }
    const marks = (await page.evaluate(`performance.getEntriesByType('mark').filter((mark) => mark.name.startsWith('tunafy-download:') && mark.startTime >= ${started}).map((mark) => ({ step: mark.name.slice('tunafy-download:'.length), at: mark.startTime - ${started} }))`)) as { step: string; at: number }[];
    for (const { step, at } of marks) if (!marks.some((other) => other.step === step && other.at < at)) stepTimes.set(step, [...(stepTimes.get(step) ?? []), at]);
    // Whether the worker's static route sent the songs' fetches to the network without it (Chromium's router fields).
    routed = (await page.evaluate(`performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/stream') && entry.startTime >= ${started}).map((entry) => entry.workerMatchedSourceType ?? (entry.workerStart > 0 ? 'worker' : 'none'))`)) as string[];
    const coverFetches = (await page.evaluate(`performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/api/files/') && entry.startTime >= ${started} && entry.startTime <= ${ended}).length`)) as number;
    songFetches.push(routed.length);
    coversBeforeDone.push(coverFetches);
    if (routed.length !== songCount) throw new Error(`run ${i + 1} fetched ${routed.length} songs of ${songCount}: its time is not a download's`);
    stepTimes.set('rendered', [...(stepTimes.get('rendered') ?? []), ended - started]);
    // Removed, and nothing left (a removal cut short by the next navigation would leave songs for the next run).
    await page.getByRole('button', { name: 'Remove download' }).click();
    await page.getByRole('button', { name: 'Download', exact: true }).waitFor();
    let left: Record<string, number> = {};
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
      left = (await page.evaluate(STORED)) as Record<string, number>;
      if (left.audio + left.data + left.registry === 0) break;
    }
    if (left.audio + left.data + left.registry > 0) throw new Error(`run ${i + 1}'s removal left ${JSON.stringify(left)}`);
    report.push(phase('removal'));
    if (pauses[i]) {
      await new Promise((resolve) => setTimeout(resolve, pauses[i]! * 1000));
      report.push(phase(`pause ${pauses[i]} s`));
    }
    console.log(`run ${i + 1}: ratio ${(measured.ms / (ended - started)).toFixed(2)}\n${report.join('\n')}`);
  }
  const mbps = (ms: number) => ((bytes * 8) / 1e6 / (ms / 1000)).toFixed(0);
  console.log(`raw fetch of the ${songCount} URLs:  median ${(median(rawMs) / 1000).toFixed(2)} s = ${mbps(median(rawMs))} Mbit/s (runs: ${rawMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s)`);
  console.log(`Download button to Downloaded: median ${(median(downloadMs) / 1000).toFixed(2)} s = ${mbps(median(downloadMs))} Mbit/s (runs: ${downloadMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s)`);
  console.log(`ratio to raw throughput: ${(median(rawMs) / median(downloadMs)).toFixed(2)} (target ≥ 0.8); ${(bytes / 1e6).toFixed(1)} MB`);
  for (const [where, times] of putMs) console.log(`fetch into cache.put in the ${where}, 4 at a time (no registry, covers or progress): median ${(median(times) / 1000).toFixed(2)} s = ${mbps(median(times))} Mbit/s (runs: ${times.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s)`);
  console.log(`steps after the click (median ms): ${[...stepTimes].map(([step, times]) => `${step} ${median(times).toFixed(0)}`).join(', ')}`);
  console.log(`song fetches per run: ${songFetches.join(', ')} of ${songCount}; /api/files/ requests (covers) before "Downloaded": ${coversBeforeDone.join(', ')}`);
  console.log(`the last download's song fetches by route: ${JSON.stringify(Object.fromEntries([...new Set(routed)].map((route) => [route, routed.filter((r) => r === route).length])))}`);
  console.log(`longest task while downloading: ${longest.map((ms) => ms.toFixed(0)).join(', ')} ms (target ≤ 100 ms)`);
} finally {
  await persistentContext?.close().catch(() => undefined);
  await stop();
}
