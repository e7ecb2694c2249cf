/**
 * Guest home page cost, measured in the real browser against the production builds:
 *   - gzip JS bytes the browser downloaded before the home page was usable,
 *   - time from navigation start to the layout being usable and to the home region settling
 *     (the library's home content, or its fallback while mf-library is not built).
 * Each run uses a fresh browser context (cold HTTP cache); prints every run and the median.
 *
 *   npx tsx e2e/perf/home-perf.ts                  # starts its own stack (like the e2e global setup)
 *   npx tsx e2e/perf/home-perf.ts --url http://localhost:8080 --runs 9
 */
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium.js';
import { startTestStack, type TestStack } from '../support/stack.js';

interface Run {
  layoutMs: number;
  homeMs: number;
  homeShows: 'content' | 'fallback';
  jsBytes: number;
  jsFiles: number;
  cssBytes: number;
  /** gzip JS bytes per app: `shell` or the remote's path (`mf-library`, ...). */
  jsByApp: Record<string, number>;
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Runs in the page before any script: timestamps the first frame where each milestone holds. A string,
 * because tsx rewrites functions (__name helpers) in ways that do not survive serialization into the page.
 */
const WATCH_MILESTONES = `(() => {
  // tsx (esbuild keepNames) wraps named functions in __name(); page.evaluate callbacks below need it.
  window.__name = (fn) => fn;
  const marks = {};
  window.__perf = marks;
  const check = () => {
    const main = document.querySelector('#tf-main');
    if (!marks.layout && main && document.querySelector('nav[aria-label="Main"]') && document.body.textContent.includes('Sign Up Free')) marks.layout = performance.now();
    if (marks.layout && !marks.home && main && main.childElementCount > 0 && !main.querySelector('[role="status"]')) {
      marks.home = performance.now();
      marks.fallback = main.querySelector('[data-remote-fallback]') ? 1 : 0;
    }
    if (!marks.home) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

async function measure(page: Page, url: string): Promise<Run> {
  await page.addInitScript(WATCH_MILESTONES);
  await page.goto(url);
  await page.waitForFunction('window.__perf && window.__perf.home', undefined, { timeout: 30_000 });
  return page.evaluate(() => {
    const marks = (window as unknown as { __perf: Record<string, number> }).__perf;
    const loaded = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => entry.responseEnd <= marks.home!);
    const js = loaded.filter((entry) => /\.m?js(\?|$)/.test(new URL(entry.name).pathname));
    const css = loaded.filter((entry) => /\.css(\?|$)/.test(new URL(entry.name).pathname));
    const sum = (entries: PerformanceResourceTiming[]) => entries.reduce((total, entry) => total + entry.encodedBodySize, 0);
    const jsByApp: Record<string, number> = {};
    for (const entry of js) {
      const app = /^\/(mf-[^/]+)\//.exec(new URL(entry.name).pathname)?.[1] ?? 'shell';
      jsByApp[app] = (jsByApp[app] ?? 0) + entry.encodedBodySize;
    }
    return {
      jsByApp,
      layoutMs: marks.layout!,
      homeMs: marks.home!,
      homeShows: marks.fallback ? ('fallback' as const) : ('content' as const),
      jsBytes: sum(js),
      jsFiles: js.length,
      cssBytes: sum(css),
    };
  });
}

const runs = Number(option('runs') ?? 5);
let stack: TestStack | undefined;
const baseUrl = option('url') ?? (stack = await startTestStack()).baseUrl;
const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS, headless: true });
try {
  // One warm-up so the gateway's one-time gzip of each file does not count against run 1.
  await measure(await (await browser.newContext()).newPage(), baseUrl);
  const results: Run[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    results.push(await measure(await context.newPage(), baseUrl));
    await context.close();
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log(`Guest home page, ${baseUrl}, ${runs} cold-cache runs (fresh browser context each)`);
  results.forEach((run, i) =>
    console.log(`  run ${i + 1}: layout usable ${run.layoutMs.toFixed(0)} ms, home ${run.homeShows} ${run.homeMs.toFixed(0)} ms, JS ${kb(run.jsBytes)} gzip in ${run.jsFiles} files, CSS ${kb(run.cssBytes)}`),
  );
  console.log(`median: layout usable ${median(results.map((r) => r.layoutMs)).toFixed(0)} ms`);
  console.log(`median: home region settled (${results[0]!.homeShows}) ${median(results.map((r) => r.homeMs)).toFixed(0)} ms`);
  const apps = [...new Set(results.flatMap((run) => Object.keys(run.jsByApp)))];
  console.log(`median JS per app: ${apps.map((app) => `${app} ${kb(median(results.map((run) => run.jsByApp[app] ?? 0)))}`).join(', ')}`);
  console.log(`median: JS before usable ${kb(median(results.map((r) => r.jsBytes)))} gzip (${median(results.map((r) => r.jsFiles))} files), CSS ${kb(median(results.map((r) => r.cssBytes)))}`);
} finally {
  await browser.close();
  await stack?.stop();
}
