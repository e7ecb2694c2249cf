/**
 * Issue 27's browser-side streaming numbers (docs/streaming.md, docs/benchmarks.md "Transcoding in the browser"),
 * measured in Debian's Chromium against the real gateway, API, database and ffmpeg on loopback:
 *   - time to first audio of a ~40 MB FLAC: its stored bytes vs a cold Normal (160 kbit/s) transcode (target ≤ 1.5×);
 *   - seeking to 3:00 right after a transcode starts: time until it plays from there (target ≤ 1 s);
 *   - 20 listeners (20 accounts, one page each) playing transcodes at once for `--seconds`: stalls ('waiting' after
 *     the first 'playing'), 429s, and the API's RSS growth (target ≤ 30 MB).
 * Each transcode asks a bitrate no earlier run asked, so every one starts cold (nothing from the cache).
 *
 *   npx tsx e2e/perf/streaming-perf.ts [--runs 5] [--seconds 60] [--listeners 20] [--mbps 20]
 */
import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { songStreamUrl, type ImportResponse, type Song } from '@tunafy/contracts';
import { startPerfStack } from '../support/perf-stack.js';

const run = promisify(execFile);

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}
const runs = option('runs', 5);
const listenSeconds = option('seconds', 60);
const listeners = option('listeners', 20);
/** --mbps N: the first-audio and seek runs over an emulated link of N Mbit/s down and 40 ms latency (Chromium's CDP). */
const mbps = process.argv.includes('--mbps') ? option('mbps', 20) : null;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The API process's resident memory, MB. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? NaN) / 1024;
}

let unique = 0;
const account = () => ({ email: `stream-${process.pid}-${++unique}@example.com`, username: `stream_${process.pid}_${unique}`, password: `pw-${unique}-streaming` });

/** A signed-up browser context (cookies from the API, as a listener's login leaves them). */
async function listenerContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const csrf = (await (await context.request.get('/api/auth/csrf')).json()) as { csrf_token: string };
  const signup = await context.request.post('/api/auth/signup', { headers: { 'x-csrf-token': csrf.csrf_token }, data: account() });
  if (!signup.ok()) throw new Error(`signup answered ${signup.status()}: ${await signup.text()}`);
  return context;
}

async function upload(context: BrowserContext, path: string, name: string): Promise<Song> {
  const csrf = (await (await context.request.get('/api/auth/csrf')).json()) as { csrf_token: string };
  const response = await context.request.post('/api/uploads/songs', {
    headers: { 'x-csrf-token': csrf.csrf_token },
    multipart: { file: { name, mimeType: 'application/octet-stream', buffer: readFileSync(path) } },
    timeout: 120_000,
  });
  if (response.status() !== 201) throw new Error(`upload answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as ImportResponse).song;
}

/**
 * Plays `url` in a fresh <audio> and answers ms from play() to 'playing'; optionally seeks to `seekTo` once playing.
 * The page's code is a string: tsx would wrap named functions in a helper the page does not have.
 */
const FIRST_AUDIO = `async ({ source, seek }) => {
  const audio = new Audio();
  document.body.appendChild(audio);
  const playing = new Promise((resolve, reject) => {
    audio.addEventListener('playing', resolve, { once: true });
    audio.addEventListener('error', () => reject(new Error('audio error ' + (audio.error && audio.error.code))), { once: true });
  });
  const started = performance.now();
  audio.src = source;
  await audio.play();
  await playing;
  const firstAudioMs = performance.now() - started;
  let seekMs = null;
  if (seek !== undefined) {
    const seekStarted = performance.now();
    audio.currentTime = seek;
    await new Promise((resolve) => {
      const check = () => (audio.currentTime > seek + 0.05 && !audio.paused && audio.readyState >= 3 ? resolve() : requestAnimationFrame(check));
      check();
    });
    seekMs = performance.now() - seekStarted;
  }
  audio.pause();
  audio.removeAttribute('src');
  audio.load();
  audio.remove();
  return { firstAudioMs, seekMs };
}`;

function firstAudio(page: Page, url: string, seekTo?: number): Promise<{ firstAudioMs: number; seekMs: number | null }> {
  return page.evaluate(`(${FIRST_AUDIO})(${JSON.stringify({ source: url, seek: seekTo })})`) as Promise<{ firstAudioMs: number; seekMs: number | null }>;
}

/** One listener: plays `source` and keeps count of stalls ('waiting' after it first played) and errors. */
const LISTEN = `(source) => {
  const audio = new Audio(source);
  const state = { playing: false, stalls: 0, errors: 0 };
  audio.addEventListener('playing', () => { state.playing = true; });
  audio.addEventListener('waiting', () => { if (state.playing) state.stalls++; });
  audio.addEventListener('error', () => { state.errors++; });
  window.__listener = { audio, state };
  document.body.appendChild(audio);
  return audio.play();
}`;
const LISTENER_STATE = `(() => { const { audio, state } = window.__listener; return { ...state, position: audio.currentTime }; })()`;

const { root, api, gateway, browser, stop } = await startPerfStack('tunafy-streaming-perf', { chromiumArgs: ['--autoplay-policy=no-user-gesture-required'] });
try {
  const apiPid = api.child.pid!;

  // Pink noise barely compresses: 5.5 minutes of it is a FLAC of about 40 MB, like a real lossless track.
  const flac = join(root, 'long.flac');
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'anoisesrc=color=pink:sample_rate=44100:amplitude=0.6:duration=330', '-ac', '2', '-c:a', 'flac', '-metadata', 'title=Perf Lossless', flac]);
  console.log(`fixture: ${(statSync(flac).size / 1e6).toFixed(1)} MB FLAC, 330 s`);
  const owner = await listenerContext(browser, gateway.url);
  const song = await upload(owner, flac, 'perf-long.flac');
  // 20 listeners, 20 different songs: each a transcode of its own.
  const shortSongs: Song[] = [];
  for (let i = 0; i < listeners; i++) {
    const path = join(root, `listener-${i}.flac`);
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `anoisesrc=color=pink:seed=${i + 1}:sample_rate=44100:amplitude=0.2:duration=${listenSeconds + 30}`, '-ac', '2', '-c:a', 'flac', path]);
    shortSongs.push(await upload(owner, path, `listener-${i}.flac`));
  }

  const page = await owner.newPage();
  await page.goto(gateway.url);
  if (mbps !== null) {
    const cdp = await owner.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: (mbps * 1e6) / 8, uploadThroughput: (mbps * 1e6) / 8 });
    console.log(`first audio and seeks over an emulated ${mbps} Mbit/s link, 40 ms latency`);
  }
  let bitrate = 150;
  const original: number[] = [];
  const transcoded: number[] = [];
  const seeks: number[] = [];
  // Each run asks a URL of its own: the stored file is immutable, so the browser would otherwise answer it from its cache.
  const fresh = (run: number | string) => `${song.song_file_url}?run=${run}`;
  await firstAudio(page, fresh('warm-up')); // the gateway, the API's disk cache, the browser's media stack
  // One account plays every run, and an abandoned transcode takes a moment to be ended: a higher per-user cap above
  // (the 20 listeners below are 20 accounts) and a pause between runs keep runs from meeting the last one's ffmpeg.
  const pause = () => new Promise((resolve) => setTimeout(resolve, 1500));
  for (let i = 0; i < runs; i++) {
    await pause();
    original.push((await firstAudio(page, fresh(i))).firstAudioMs);
    await pause();
    transcoded.push((await firstAudio(page, songStreamUrl(song.id, { maxBitRate: (bitrate += 1) }))).firstAudioMs);
    await pause();
    seeks.push((await firstAudio(page, songStreamUrl(song.id, { maxBitRate: (bitrate += 1) }), 180)).seekMs!);
  }
  const fmt = (values: number[]) => `median ${median(values).toFixed(0)} ms (runs: ${values.map((v) => v.toFixed(0)).join(', ')})`;
  console.log(`time to first audio, stored FLAC:        ${fmt(original)}`);
  console.log(`time to first audio, Normal transcode:   ${fmt(transcoded)}  → ${(median(transcoded) / median(original)).toFixed(2)}× the stored file (target ≤ 1.5×)`);
  console.log(`seek to 3:00 just after a transcode starts: ${fmt(seeks)} (target ≤ 1000 ms)`);

  // 20 listeners at once, each its own account and page, each a cold transcode at Normal.
  const rssBefore = rssMb(apiPid);
  let rssPeak = rssBefore;
  const pages: Page[] = [];
  for (let i = 0; i < listeners; i++) {
    const context = await listenerContext(browser, gateway.url);
    const listenerPage = await context.newPage();
    await listenerPage.goto(gateway.url);
    pages.push(listenerPage);
  }
  const statuses: number[] = [];
  for (const listenerPage of pages) listenerPage.on('response', (response) => response.url().includes('/stream') && statuses.push(response.status()));
  await Promise.all(pages.map((listenerPage, i) => listenerPage.evaluate(`(${LISTEN})(${JSON.stringify(songStreamUrl(shortSongs[i]!.id, { maxBitRate: 160 }))})`)));
  const end = Date.now() + listenSeconds * 1000;
  while (Date.now() < end) {
    rssPeak = Math.max(rssPeak, rssMb(apiPid));
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const states = (await Promise.all(pages.map((listenerPage) => listenerPage.evaluate(LISTENER_STATE)))) as { playing: boolean; stalls: number; errors: number; position: number }[];
  const stalls = states.reduce((sum, state) => sum + state.stalls, 0);
  const behind = states.filter((state) => state.position < listenSeconds - 5).length;
  console.log(
    `${listeners} listeners × ${listenSeconds} s of Normal transcodes: ${states.filter((s) => s.playing).length} played, ${stalls} stalls, ` +
      `${behind} more than 5 s behind real time, ${states.reduce((sum, s) => sum + s.errors, 0)} errors, ` +
      `statuses ${JSON.stringify(Object.fromEntries([...new Set(statuses)].map((status) => [status, statuses.filter((s) => s === status).length])))}`,
  );
  console.log(`API RSS: ${rssBefore.toFixed(0)} MB before, ${rssPeak.toFixed(0)} MB peak → +${(rssPeak - rssBefore).toFixed(0)} MB (target ≤ 30 MB)`);
} finally {
  await stop();
}
