/**
 * Issue 28's share page budget (docs/shares.md, docs/benchmarks.md "Share pages"): a share page opened cold (a fresh
 * browser context: no cache, no cookies) in Debian's Chromium over loopback, through the real gateway, API and
 * database, loads in ≤ 1 s with ≤ 100 KB of JavaScript. Prints, per page (/s/ and /embed/ of a 12-song album), the
 * JavaScript bytes (inline, and in files transferred and decoded), every byte transferred, and the medians of the HTML's first byte, DOMContentLoaded, the load
 * event and "playable" (the player's script has run: its controls show), in ms from navigation start.
 *
 *   npx tsx e2e/perf/share-perf.ts [--runs 10] [--mbps 20]
 */
import { chromium, type Browser } from '@playwright/test';
import type { Album, CreatedShare, Song } from '@tunafy/contracts';
import { renderCover } from '../../services/api/src/media/synth/render-cover.js';
import { synthesizeSong } from '../../services/api/src/media/synth/synth-song.js';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium.js';
import { startTestStack } from '../support/stack.js';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}
const runs = option('runs', 10);
/** --mbps N: over an emulated link of N Mbit/s down and 40 ms latency (Chromium's CDP), as a phone might see it. */
const mbps = process.argv.includes('--mbps') ? option('mbps', 20) : null;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface Sample {
  firstByte: number;
  domContentLoaded: number;
  load: number;
  playable: number;
  jsTransferred: number;
  jsDecoded: number;
  jsInline: number;
  allTransferred: number;
  requests: number;
}

// The page's code as a string: tsx would wrap named functions in a helper the page does not have.
const READ_TIMINGS = `() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource');
  const js = resources.filter((entry) => entry.initiatorType === 'script' || /\\.js(\\?|$)/.test(entry.name));
  return {
    firstByte: nav.responseStart,
    domContentLoaded: nav.domContentLoadedEventEnd,
    load: nav.loadEventEnd,
    playable: Number(document.documentElement.dataset.playableAt || -1),
    jsTransferred: js.reduce((sum, entry) => sum + entry.transferSize, 0),
    jsDecoded: js.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
    jsInline: [...document.querySelectorAll('script:not([type]), script[type="module"], script[type="text/javascript"]')].reduce((sum, script) => sum + new TextEncoder().encode(script.textContent || '').length, 0),
    allTransferred: nav.transferSize + resources.reduce((sum, entry) => sum + entry.transferSize, 0),
    requests: 1 + resources.length,
  };
}`;

/** Marks when the player's controls appear (its script has run): a MutationObserver installed before any script. */
const MARK_PLAYABLE = `(() => {
  const mark = () => {
    const controls = document.querySelector('.controls');
    if (controls && !controls.hidden && !document.documentElement.dataset.playableAt) document.documentElement.dataset.playableAt = String(performance.now());
  };
  new MutationObserver(mark).observe(document, { subtree: true, attributes: true, childList: true });
})()`;

async function measure(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (mbps !== null) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: (mbps * 1_000_000) / 8, uploadThroughput: (mbps * 1_000_000) / 8 });
  }
  await page.addInitScript(MARK_PLAYABLE);
  const answer = await page.goto(url, { waitUntil: 'load' });
  if (answer?.status() !== 200) throw new Error(`${url} answered ${answer?.status()}`);
  await page.waitForFunction('Boolean(document.documentElement.dataset.playableAt)');
  const sample = (await page.evaluate(`(${READ_TIMINGS})()`)) as Sample;
  await context.close();
  return sample;
}

async function main(): Promise<void> {
  const stack = await startTestStack();
  const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS, headless: true });
  try {
    const owner = await browser.newContext({ baseURL: stack.baseUrl });
    const csrf = async () => ((await (await owner.request.get('/api/auth/csrf')).json()) as { csrf_token: string }).csrf_token;
    const signup = await owner.request.post('/api/auth/signup', { headers: { 'x-csrf-token': await csrf() }, data: { email: `share-perf-${process.pid}@example.com`, username: `share_perf_${process.pid}`, password: 'share-perf-secret' } });
    if (!signup.ok()) throw new Error(`signup answered ${signup.status()}`);
    const post = async <T>(path: string, multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>): Promise<T> => {
      const response = await owner.request.post(path, { headers: { 'x-csrf-token': await csrf() }, multipart });
      if (response.status() !== 201) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
      return (await response.json()) as T;
    };
    const album = await post<Album>('/api/albums/new', { album_name: 'Share Perf Album', album_cover_url: { name: 'a.png', mimeType: 'image/png', buffer: renderCover({ seed: 90, title: 'Share Perf', size: 600 }) } });
    for (let track = 1; track <= 12; track++) {
      const song = await post<Song>('/api/songs/new', {
        song_name: `Track ${track}`,
        song_cover_url: { name: 'c.png', mimeType: 'image/png', buffer: renderCover({ seed: 90, title: 'Share Perf', size: 600 }) },
        song_file_url: { name: 's.mp3', mimeType: 'audio/mpeg', buffer: synthesizeSong({ seed: track, seconds: 4 }) },
      });
      await owner.request.put(`/api/albums/${album.id}/add`, { headers: { 'x-csrf-token': await csrf() }, multipart: { song_id: song.id } });
    }
    const share = await owner.request.post('/api/shares', { headers: { 'x-csrf-token': await csrf() }, data: { kind: 'album', id: album.id } });
    const { url, embed_url: embedUrl } = (await share.json()) as CreatedShare;
    await owner.close();

    console.log(`share pages of a 12-song album, ${runs} cold loads each (fresh context), ${mbps === null ? 'loopback' : `${mbps} Mbit/s + 40 ms`}, load average ${(await import('node:os')).loadavg().map((value) => value.toFixed(1)).join(' ')}`);
    for (const [label, target] of [
      ['/s/{token}', url],
      ['/embed/{token}', embedUrl],
    ] as const) {
      const samples: Sample[] = [];
      for (let index = 0; index < runs; index++) samples.push(await measure(browser, target));
      const pick = (key: keyof Sample) => samples.map((sample) => sample[key]);
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
      console.log(
        `${label.padEnd(15)} JS ${kb(median(pick('jsInline')))} inline + ${kb(median(pick('jsTransferred')))} in files (${kb(median(pick('jsDecoded')))} decoded), all ${kb(median(pick('allTransferred')))} in ${median(pick('requests'))} requests; ` +
          `first byte ${median(pick('firstByte')).toFixed(0)} ms, DOMContentLoaded ${median(pick('domContentLoaded')).toFixed(0)} ms, load ${median(pick('load')).toFixed(0)} ms (max ${Math.max(...pick('load')).toFixed(0)}), playable ${median(pick('playable')).toFixed(0)} ms (max ${Math.max(...pick('playable')).toFixed(0)})`,
      );
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

await main();
