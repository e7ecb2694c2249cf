/**
 * Long tasks of a cold visit on several front-ends over one API, run by run in turn (issue 31, decision 0027): per run
 * the main thread's tasks over 12.5 ms between first contentful paint and `--until` ms, what they ran, and a blocking
 * sum the way Lighthouse's simulation makes it (a task at 4x, 2x if it laid out; over 50 ms counts). Tasks are measured
 * in thread CPU time (`tdur`) unless `--wall`: on a shared machine a task's wall time is mostly the time its process
 * was not scheduled, its CPU time is not. Traced with Lighthouse's categories, whose stacks make every timer and
 * request a script starts dearer, as they are in Lighthouse's runs.
 *
 *   npx tsx e2e/perf/tasks-ab.ts --targets /tmp/lh-base.json,/tmp/lh.json --pages home,album --runs 3 --verbose
 *
 * Each target is a file `lighthouse-bench.ts --serve` wrote (`--target FILE --builds DIR --serve FILE2` serves another
 * checkout's front-end over the same API and writes FILE2).
 */
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium.js';
import { benchPage, phoneContext, readBenchTarget, type BenchTarget } from './bench-target.js';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time, where the trace has it. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; beginData?: { url?: string } };
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const targetFiles = (option('targets') ?? '/tmp/lh.json').split(',');
const pageNames = (option('pages') ?? 'home').split(',');
const runs = Number(option('runs') ?? 3);
const minMs = Number(option('min') ?? 12.5);
const waitMs = Number(option('wait') ?? 6000);
const untilMs = Number(option('until') ?? 3500);
const verbose = process.argv.includes('--verbose');
const cpuTime = !process.argv.includes('--wall');

// Lighthouse's own trace categories (its stack traces make timers and requests dearer, as in its runs).
const CATEGORIES = [
  'disabled-by-default-lighthouse', 'loading', 'v8', 'v8.execute', 'blink.user_timing', 'blink.console', 'devtools.timeline',
  'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.screenshot', 'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-devtools.timeline.frame', 'latencyInfo', 'disabled-by-default-devtools.target-rundown',
  'disabled-by-default-devtools.v8-source-rundown-sources', 'disabled-by-default-devtools.v8-source-rundown',
];
const NAMED_WORK = ['EvaluateScript', 'FunctionCall', 'TimerFire', 'EventDispatch', 'v8.callFunction'];

const durationMs = (event: TraceEvent) => ((cpuTime ? event.tdur ?? event.dur : event.dur) ?? 0) / 1000;
const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').replace(/\.[0-9a-f]{8,10}\.(js|css)$/, '.$1');
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The run's blocking sum and one word per long task: its time, `L` if it laid out, with --verbose when and what ran. */
function longTasks(events: TraceEvent[], baseUrl: string): { blocking: number; words: string[] } {
  const parse = events.find((event) => event.name === 'ParseHTML' && String(event.args?.beginData?.url ?? '').startsWith(baseUrl));
  if (!parse) throw new Error(`no document from ${baseUrl} in the trace`);
  const onMain = events.filter((event) => event.pid === parse.pid && event.tid === parse.tid && event.ph === 'X');
  const navigation = events.find((event) => event.name === 'navigationStart' && event.pid === parse.pid)?.ts ?? onMain[0]!.ts;
  const fcp = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === parse.pid)?.ts ?? navigation;
  const tasks = onMain.filter((event) => event.name === 'RunTask' && durationMs(event) >= minMs && event.ts >= fcp && event.ts - navigation <= untilMs * 1000);
  let blocking = 0;
  const words = tasks.map((task) => {
    const inside = onMain.filter((event) => event !== task && event.ts >= task.ts && event.ts < task.ts + (task.dur ?? 0));
    const laidOut = inside.some((event) => event.name === 'Layout');
    blocking += Math.max(0, durationMs(task) * (laidOut ? 2 : 4) - 50);
    const word = `${durationMs(task).toFixed(0)}${laidOut ? 'L' : ''}`;
    if (!verbose) return word;
    const what = inside
      .filter((event) => NAMED_WORK.includes(event.name) && (event.dur ?? 0) > 1000)
      .slice(0, 2)
      .map((event) => {
        const data = event.args?.data ?? {};
        const kind = event.name === 'EvaluateScript' ? 'eval' : event.name === 'EventDispatch' ? String(data.type) : event.name === 'TimerFire' ? 'timer' : 'call';
        return `${kind} ${short(String(data.url ?? ''))}`;
      });
    return `${word}@${((task.ts - navigation) / 1000).toFixed(0)}[${what.join(', ')}]`;
  });
  return { blocking, words };
}

const targets: BenchTarget[] = await Promise.all(targetFiles.map((file) => readBenchTarget(file)));
const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS, headless: true });
const sums = new Map<string, number[]>();
try {
  for (let run = 0; run < runs; run++) {
    for (const pageName of pageNames) {
      for (const [index, target] of targets.entries()) {
        const page = benchPage(target, pageName);
        const context = await phoneContext(browser, target, page);
        const tab = await context.newPage();
        await browser.startTracing(tab, { screenshots: true, categories: CATEGORIES });
        const load = loadavg()[0]!.toFixed(1);
        await tab.goto(target.baseUrl + page.path);
        await tab.waitForTimeout(waitMs);
        const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
        await context.close();
        const { blocking, words } = longTasks(trace.traceEvents, target.baseUrl);
        const key = `${pageName} ${targetFiles[index]}`;
        sums.set(key, [...(sums.get(key) ?? []), blocking]);
        console.log(`${pageName} ${targetFiles[index]!.replace(/^.*\//, '')} run ${run + 1} (load ${load}, ${cpuTime ? 'cpu' : 'wall'}): blocking ${blocking.toFixed(0)}; ${words.join(' ')}`);
      }
    }
  }
} finally {
  await browser.close();
}
for (const [key, values] of sums) console.log(`${key}: median blocking ${median(values).toFixed(0)} (${values.map((value) => value.toFixed(0)).join(', ')})`);
