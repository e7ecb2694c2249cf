/**
 * /songs at catalog scale in the real browser, against the production builds on a stack of its own grown to
 * `--songs` songs (default 100,000) by direct inserts:
 *   - time from navigation start to the first song row showing (cold cache, after one warm-up load),
 *   - /api/songs requests while opening the page and dragging the scrollbar to the end (and how many were
 *     cancelled because their page left the screen first),
 *   - the JS heap after reaching the last row (after a forced GC),
 *   - long tasks (> 50 ms) while loading and while scrolling.
 *
 *   npx tsx e2e/perf/songs-perf.ts --songs 100000
 *   npx tsx e2e/perf/songs-perf.ts --songs 1000000 --runs 1
 *   npx tsx e2e/perf/songs-perf.ts --songs 1000000 --ui-only   # the browser side alone, in minutes (see below)
 *   npx tsx e2e/perf/songs-perf.ts --songs 20000 --waterfall   # also prints each run's requests up to the first row
 *   npx tsx e2e/perf/songs-perf.ts --songs 100000 --production # through the production topology instead (below)
 *
 * --ui-only grows 1,000 real songs and has the browser's /api/songs answered by the script instead (pages made from
 * those songs with distinct ids and names, `total` = --songs): growing and loading a real catalog of a million songs
 * takes ~40 minutes on the embedded engine, and the list's cost in the browser does not depend on where pages come from.
 *
 * --production serves the same catalog through the production topology (packages/stack/src/production-topology.ts:
 * the images' nginx gateway and static servers with their precompressed files, two API replicas) instead of the
 * development gateway `npm start` runs, which is an Express app living in this script's own process here: on the
 * 2-core machine its work while the page loads competes with the browser (docs/benchmarks.md).
 */
import { chromium, request as playwrightRequest, type Page } from '@playwright/test';
import type { Song, SongsResponse } from '@tunafy/contracts';
import { startProductionTopology } from '@tunafy/stack';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium.js';
import { logInAsDemoAt, startGrownStack } from '../support/grown-stack.js';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** Before any script: long tasks and the first frame with a song row. A string: tsx's __name helpers do not survive serialization. */
const WATCH = `(() => {
  window.__name = (fn) => fn;
  const perf = { longTasks: [], firstRow: 0 };
  window.__perf = perf;
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) perf.longTasks.push({ at: entry.startTime, ms: entry.duration }); }).observe({ type: 'longtask', buffered: true });
  const check = () => {
    if (document.querySelector('[role="grid"][aria-label="All Songs"] [role="row"] a')) perf.firstRow = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

interface Run {
  firstRowMs: number;
  /** The first /api/songs request: when it started and when its answer was in, from navigation start. */
  firstRequest: { startMs: number; endMs: number };
  loadRequests: number;
  scrollRequests: number;
  cancelled: number;
  heapMb: number;
  longTasksLoad: number[];
  longTasksScroll: number[];
  /** Main-thread busy time (CDP TaskDuration: script, style, layout, paint) per frame of the drag. */
  busyPerFrameMs: number;
  lastRow: string;
  /** Every resource fetched before the first row showed, with its start and end from navigation start. */
  waterfall: { name: string; startMs: number; endMs: number }[];
}

/** Drags the list's scroller from the top to the end in `steps` frames, like a scrollbar thumb. */
async function dragToEnd(page: Page, steps: number): Promise<void> {
  await page.getByRole('grid', { name: 'All Songs' }).evaluate(async (list, count) => {
    let scroller: HTMLElement | null = list.parentElement;
    while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
    if (!scroller) throw new Error('no scroller around the list');
    const end = scroller.scrollHeight - scroller.clientHeight;
    for (let step = 1; step <= count; step++) {
      scroller.scrollTop = (end * step) / count;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  }, steps);
}

/** Answers the page's /api/songs?limit&offset with synthesized rows of a `total`-song catalog made from `real`. */
async function fakeSongPages(page: Page, real: Song[], total: number): Promise<void> {
  await page.route(/\/api\/songs\?/, async (route) => {
    const query = new URL(route.request().url()).searchParams;
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? 100);
    const songs = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, at) => {
      const index = offset + at;
      const model = real[index % real.length]!;
      return { ...model, id: index.toString(16).padStart(24, '0'), song_name: `${model.song_name} #${index}` };
    });
    const body: SongsResponse = { songs, next_cursor: offset + limit < total ? String(offset + limit) : null, total };
    await route.fulfill({ json: body });
  });
}

async function measure(page: Page, baseUrl: string, songs: number, real: Song[] | null): Promise<Run> {
  if (real) await fakeSongPages(page, real, songs);
  const requests: string[] = [];
  let cancelled = 0;
  page.on('request', (request) => new URL(request.url()).pathname === '/api/songs' && requests.push(request.url()));
  page.on('requestfailed', (request) => new URL(request.url()).pathname === '/api/songs' && (cancelled += 1));
  await page.addInitScript(WATCH);
  await logInAsDemoAt(page.request, baseUrl);
  await page.goto(`${baseUrl}/songs`);
  await page.waitForFunction('window.__perf.firstRow > 0', undefined, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const loaded = await page.evaluate(() => (window as unknown as { __perf: { firstRow: number; longTasks: { at: number; ms: number }[] } }).__perf);
  const firstRequest = await page.evaluate(() => {
    const entry = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((resource) => new URL(resource.name).pathname === '/api/songs');
    return { startMs: entry?.startTime ?? NaN, endMs: entry?.responseEnd ?? NaN };
  });
  // Where the time to the first row goes: what the page waited for, in order (--waterfall prints it).
  const waterfall = await page.evaluate((firstRow) => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => entry.startTime <= firstRow);
    return [
      ...(navigation ? [{ name: `document (DOMContentLoaded ${navigation.domContentLoadedEventEnd.toFixed(0)})`, startMs: 0, endMs: navigation.responseEnd }] : []),
      ...entries.map((entry) => ({ name: new URL(entry.name).pathname + new URL(entry.name).search, startMs: entry.startTime, endMs: entry.responseEnd })),
    ];
  }, loaded.firstRow);
  const loadRequests = requests.length;
  const scrollStart = await page.evaluate(() => performance.now());
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const busy = async () => ((await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }).metrics.find((metric) => metric.name === 'TaskDuration')!.value;
  const busyBefore = await busy();

  await dragToEnd(page, 60);
  const busyPerFrameMs = ((await busy()) - busyBefore) * 1000 / 60;
  const last = page.getByRole('grid', { name: 'All Songs' }).locator(`[role="row"][aria-rowindex="${songs}"] a`).first();
  await last.waitFor({ timeout: 30_000 });
  const lastRow = (await last.textContent()) ?? '';
  await page.waitForLoadState('networkidle');

  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  const longTasks = await page.evaluate(() => (window as unknown as { __perf: { longTasks: { at: number; ms: number }[] } }).__perf.longTasks);
  return {
    firstRowMs: loaded.firstRow,
    firstRequest,
    loadRequests,
    scrollRequests: requests.length - loadRequests,
    cancelled,
    heapMb: heap.usedSize / 1048576,
    longTasksLoad: longTasks.filter((task) => task.at < scrollStart).map((task) => task.ms),
    longTasksScroll: longTasks.filter((task) => task.at >= scrollStart).map((task) => task.ms),
    busyPerFrameMs,
    lastRow,
    waterfall,
  };
}

const songs = Number(option('songs') ?? 100_000);
const runs = Number(option('runs') ?? 3);
const uiOnly = process.argv.includes('--ui-only');
const showWaterfall = process.argv.includes('--waterfall');
const production = process.argv.includes('--production');
const started = Date.now();
const grown = await startGrownStack(uiOnly ? 1000 : songs, (line) => console.error(`[songs-perf] ${line}`));
const topology = production
  ? await startProductionTopology({ database: grown.database, apiStartTimeoutMs: Math.max(120_000, songs * 2), log: (line) => !line.startsWith('[api-') && console.error(`[songs-perf] ${line}`) })
  : null;
const baseUrl = topology?.url ?? grown.baseUrl;
let real: Song[] | null = null;
if (uiOnly) {
  const api = await playwrightRequest.newContext();
  await logInAsDemoAt(api, baseUrl);
  real = ((await (await api.get(`${baseUrl}/api/songs?limit=500`)).json()) as SongsResponse).songs;
  await api.dispose();
}
console.error(`[songs-perf] stack ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS, headless: true });
try {
  // One warm-up so the gateway's one-time gzip of each file does not count against run 1.
  await measure(await (await browser.newContext()).newPage(), baseUrl, songs, real);
  const results: Run[] = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext();
    results.push(await measure(await context.newPage(), baseUrl, songs, real));
    await context.close();
  }
  const tasks = (list: number[]) => (list.length === 0 ? 'none' : `${list.length} (max ${Math.max(...list).toFixed(0)} ms)`);
  console.log(`/songs at ${songs.toLocaleString('en-US')} songs${uiOnly ? ' (pages answered by the script: the browser side only)' : ''}${production ? ' through the production topology (nginx)' : ' through the development gateway'}, ${runs} cold-cache runs (fresh browser context each)`);
  results.forEach((run, index) =>
    console.log(
      `  run ${index + 1}: first rows ${run.firstRowMs.toFixed(0)} ms (first page asked at ${run.firstRequest.startMs.toFixed(0)}, in at ${run.firstRequest.endMs.toFixed(0)}); /api/songs requests: ${run.loadRequests} to open, ${run.scrollRequests} for a 60-frame drag to the end (${run.cancelled} cancelled); ` +
        `JS heap at the end ${run.heapMb.toFixed(1)} MB; long tasks > 50 ms: load ${tasks(run.longTasksLoad)}, scroll ${tasks(run.longTasksScroll)}; main thread busy ${run.busyPerFrameMs.toFixed(1)} ms per drag frame; last row "${run.lastRow}"`,
    ),
  );
  if (showWaterfall)
    results.forEach((run, index) => {
      console.log(`  run ${index + 1}, what came before the first row (${run.firstRowMs.toFixed(0)} ms), from navigation start:`);
      for (const entry of run.waterfall) console.log(`    ${entry.startMs.toFixed(0).padStart(5)} -> ${entry.endMs.toFixed(0).padStart(5)} ms  ${entry.name}`);
    });
  if (topology) {
    // The gateway's own account of each first page: its whole time against the API replica's.
    const pages = topology.accessLog().filter((line) => /^\/api\/songs\?limit=\d+&offset=0$/.test(line.uri));
    console.log(`  gateway access log, first pages (seconds in nginx / in the API): ${pages.map((line) => `${line.seconds} / ${line.upstream_seconds}`).join(', ')}`);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(`median: first rows ${median(results.map((run) => run.firstRowMs)).toFixed(0)} ms, JS heap at the end ${median(results.map((run) => run.heapMb)).toFixed(1)} MB`);
} finally {
  await browser.close();
  await topology?.stop();
  await grown.stop();
}
