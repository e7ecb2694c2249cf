/**
 * Guest home page cost, measured in the real browser against the production builds:
 *   - gzip JS bytes the browser downloaded before the home page was usable,
 *   - time from navigation start to the layout being usable and to the home region settling
 *     (the library's home content, or its fallback while mf-library is not built).
 * Each run uses a fresh browser context (cold HTTP cache); prints every run and the median.
 *
 *   npx tsx e2e/perf/home-perf.ts                  # starts its own stack (like the e2e global setup)
 *   npx tsx e2e/perf/home-perf.ts --url http://localhost:8080 --runs 9
 *   npx tsx e2e/perf/home-perf.ts --runs 1 --files   # and the JS files of the last run, with their gzip sizes
 */
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium.js';
import { appOf, readFirstScreen, sumBytes, WATCH_MILESTONES, type FirstScreen } from '../support/guest-home.js';
import { startTestStack, type TestStack } from '../support/stack.js';

interface Run extends FirstScreen {
  jsBytes: number;
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

async function measure(page: Page, url: string): Promise<Run> {
  await page.addInitScript(WATCH_MILESTONES);
  await page.goto(url);
  const screen = await readFirstScreen(page);
  const jsByApp: Record<string, number> = {};
  for (const file of screen.js) jsByApp[appOf(file.path)] = (jsByApp[appOf(file.path)] ?? 0) + file.bytes;
  return { ...screen, jsByApp, jsBytes: sumBytes(screen.js), cssBytes: sumBytes(screen.css) };
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
    console.log(`  run ${i + 1}: layout usable ${run.layoutMs.toFixed(0)} ms, home ${run.homeShows} ${run.homeMs.toFixed(0)} ms, JS ${kb(run.jsBytes)} gzip in ${run.js.length} files, CSS ${kb(run.cssBytes)}`),
  );
  console.log(`median: layout usable ${median(results.map((r) => r.layoutMs)).toFixed(0)} ms`);
  console.log(`median: home region settled (${results[0]!.homeShows}) ${median(results.map((r) => r.homeMs)).toFixed(0)} ms`);
  const apps = [...new Set(results.flatMap((run) => Object.keys(run.jsByApp)))];
  console.log(`median JS per app: ${apps.map((app) => `${app} ${kb(median(results.map((run) => run.jsByApp[app] ?? 0)))}`).join(', ')}`);
  if (process.argv.includes('--files')) {
    console.log('JS files of the last run (gzip):');
    for (const file of results.at(-1)!.js) console.log(`  ${kb(file.bytes).padStart(9)}  ${file.path}`);
  }
  console.log(`median: JS before usable ${kb(median(results.map((r) => r.jsBytes)))} gzip (${median(results.map((r) => r.js.length))} files), CSS ${kb(median(results.map((r) => r.cssBytes)))}`);
} finally {
  await browser.close();
  await stack?.stop();
}
