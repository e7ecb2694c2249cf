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
import { blockingOf, eventsIn, LIGHTHOUSE_CATEGORIES, mainThreadOf, median, shortUrl, type TraceEvent } from './trace-tasks.js';

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
const NAMED_WORK = ['EvaluateScript', 'FunctionCall', 'TimerFire', 'EventDispatch', 'v8.callFunction'];

/** The run's blocking sum and one word per long task: its time, `L` if it laid out, with --verbose when and what ran. */
function longTasks(events: TraceEvent[], baseUrl: string): { blocking: number; words: string[] } {
  const parse = events.find((event) => event.name === 'ParseHTML' && String(event.args?.beginData?.url ?? '').startsWith(baseUrl));
  if (!parse) throw new Error(`no document from ${baseUrl} in the trace`);
  const main = mainThreadOf(events, parse);
  const { blocking, tasks } = blockingOf(main, { minMs, untilMs, cpuTime });
  const words = tasks.map(({ task, ms, laidOut }) => {
    const word = `${ms.toFixed(0)}${laidOut ? 'L' : ''}`;
    if (!verbose) return word;
    const what = eventsIn(main, task)
      .filter((event) => NAMED_WORK.includes(event.name) && (event.dur ?? 0) > 1000)
      .slice(0, 2)
      .map((event) => {
        const data = event.args?.data ?? {};
        const kind = event.name === 'EvaluateScript' ? 'eval' : event.name === 'EventDispatch' ? String(data.type) : event.name === 'TimerFire' ? 'timer' : 'call';
        return `${kind} ${shortUrl(String(data.url ?? ''))}`;
      });
    return `${word}@${((task.ts - main.navigation) / 1000).toFixed(0)}[${what.join(', ')}]`;
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
        await browser.startTracing(tab, { screenshots: true, categories: LIGHTHOUSE_CATEGORIES });
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
