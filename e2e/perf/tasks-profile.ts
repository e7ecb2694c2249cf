/**
 * What the main thread's long tasks are made of on a cold visit (issue 31): the tasks over a threshold of real script
 * time on this machine (Lighthouse's phone multiplies them by 4, so a task over ~12 ms here counts towards its total
 * blocking time), each with what ran in it (scripts evaluated, callbacks, parse, style, layout) and the functions that
 * took its time (a CPU profile sampled beside the trace, named through each file's source map), and the style and
 * layout a script forced (with the two frames that asked). Phone viewport; no throttling: the times are this machine's.
 *
 *   npx tsx e2e/perf/tasks-profile.ts --target /tmp/lh.json --page home --runs 3
 *   npx tsx e2e/perf/tasks-profile.ts --target /tmp/lh.json --page album --min 8 --functions 12
 *   npx tsx e2e/perf/tasks-profile.ts --target /tmp/lh.json --page playlist --min 30 --functions 40 --inclusive
 *     (--inclusive: time of every function on the stack, not only the innermost; --wait MS: how long after load)
 *
 * `--target` is the file `lighthouse-bench.ts --serve` writes (base URL, the session cookie, the seeded ids);
 * `--url` serves another front-end over the same API (a `--builds` gateway).
 */
import { SourceMap, type SourceMapPayload } from 'node:module';
import { loadavg } from 'node:os';
import { chromium, type CDPSession } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium.js';
import { benchPage, option, phoneContext, readBenchTarget } from './bench-target.js';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; beginData?: { stackTrace?: StackFrame[] } };
}

interface StackFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const target = await readBenchTarget(option('target') ?? '/tmp/lh.json');
const baseUrl = option('url') ?? target.baseUrl;
const pageName = option('page') ?? 'home';
const runs = Number(option('runs') ?? 1);
const minMs = Number(option('min') ?? 10);
const functionsShown = Number(option('functions') ?? 8);
const inclusive = process.argv.includes('--inclusive');
const benchedPage = benchPage(target, pageName);

/** Source maps of the scripts (each build ships its `.map` beside the file), to name minified frames. */
const maps = new Map<string, SourceMap | null>();
async function loadMaps(urls: Iterable<string>): Promise<void> {
  for (const url of urls) {
    if (maps.has(url) || !/\.js$/.test(url)) continue;
    const response = await fetch(`${url}.map`).catch(() => undefined);
    maps.set(url, response?.ok ? new SourceMap((await response.json()) as SourceMapPayload) : null);
  }
}
const frameName = (frame: ProfileNode['callFrame']) => {
  const map = maps.get(frame.url);
  // findEntry: zero-based lines and columns, as the profiler's; an empty object where nothing maps.
  const original = map?.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string; originalLine?: number; name?: string } | undefined;
  if (original?.originalSource) {
    const source = original.originalSource.replace(/^.*node_modules\//, '').replace(/^webpack:\/\/[^/]*\//, '');
    return `${original.name ?? frame.functionName ?? '(anonymous)'} ${source}:${(original.originalLine ?? 0) + 1}`;
  }
  return `${frame.functionName || '(anonymous)'} ${short(frame.url)}${frame.url ? `:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : ''}`;
};
const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').replace(/\.[0-9a-f]{10}\.js/, '.js') || '(page)';

const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS, headless: true });
try {
  for (let run = 0; run < runs; run++) {
    const context = await phoneContext(browser, target, benchedPage, baseUrl);
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.stack', 'toplevel', 'v8.execute', 'blink.user_timing'] });
    await cdp.send('Profiler.start');
    const load = loadavg()[0]!.toFixed(1);
    await page.goto(baseUrl + benchedPage.path);
    // The first screen and what follows it within a few idle seconds (the player bar, the deferred remotes).
    await page.waitForTimeout(Number(option('wait') ?? 6000));
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    await context.close();
    await loadMaps(new Set([...profile.nodes.map((node) => node.callFrame.url), ...trace.traceEvents.flatMap((event) => event.args?.beginData?.stackTrace?.map((frame) => frame.url) ?? [])].filter(Boolean)));
    report(run + 1, load, trace.traceEvents, profile);
  }
} finally {
  await browser.close();
}

function report(run: number, load: string, events: TraceEvent[], profile: Profile): void {
  // The renderer's main thread: the thread that ran the page's scripts.
  const main = events.find((event) => event.name === 'EvaluateScript' || event.name === 'ParseHTML');
  if (!main) throw new Error('no script ran in the trace');
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X');
  const navigation = events.find((event) => event.name === 'navigationStart' && event.pid === main.pid)?.ts ?? onMain[0]!.ts;
  const tasks = onMain.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) / 1000 >= minMs);
  // Samples: absolute timestamps (the profiler's clock is the trace's), with their leaf node.
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);
  const stackOf = (leaf: ProfileNode) => {
    const stack: ProfileNode[] = [];
    for (let node: ProfileNode | undefined = leaf; node; node = parentOf.get(node.id)) stack.push(node);
    return stack.filter((node) => node.callFrame.functionName !== '(root)');
  };
  const samples: { ts: number; node: ProfileNode }[] = [];
  let ts = profile.startTime;
  profile.samples.forEach((id, i) => {
    ts += profile.timeDeltas[i]!;
    samples.push({ ts, node: byId.get(id)! });
  });
  const sampleMs = samples.length > 1 ? (samples.at(-1)!.ts - samples[0]!.ts) / (samples.length - 1) / 1000 : 0.1;
  const total = tasks.reduce((sum, task) => sum + Math.max(0, (task.dur! / 1000) * 4 - 50), 0);
  console.log(`\nrun ${run} ${pageName} (load ${load}): ${tasks.length} tasks ≥ ${minMs} ms; at 4×, blocking ${total.toFixed(0)} ms`);
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const inside = onMain.filter((event) => event.ts >= task.ts && event.ts < end && event !== task);
    const what = inside
      .filter((event) => ['EvaluateScript', 'FunctionCall', 'ParseHTML', 'TimerFire', 'EventDispatch', 'FireAnimationFrame', 'v8.compile', 'ResourceReceivedData', 'XHRReadyStateChange'].includes(event.name) || event.name.startsWith('Layout') || event.name === 'UpdateLayoutTree' || event.name === 'Paint' || event.name === 'v8.run')
      .filter((event) => (event.dur ?? 0) >= 1000)
      .slice(0, 6)
      .map((event) => {
        const data = event.args?.data ?? {};
        const url = typeof data.url === 'string' ? short(data.url) : '';
        const fn = typeof data.functionName === 'string' && data.functionName ? ` ${data.functionName}` : '';
        const type = typeof data.type === 'string' ? ` ${data.type}` : '';
        return `${event.name}${type}${url ? ` ${url}` : ''}${fn} ${((event.dur ?? 0) / 1000).toFixed(1)}`;
      });
    console.log(`  +${((task.ts - navigation) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(1)} ms (${((task.dur! / 1000) * 4).toFixed(0)} at 4×) ${what.join(' | ')}`);
    // Self time by function, or with --inclusive the time of every function on the stack (each counted once a sample).
    const self = new Map<string, number>();
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts >= end) continue;
      const frames = inclusive ? stackOf(sample.node) : [sample.node];
      for (const key of new Set(frames.map((node) => frameName(node.callFrame)))) self.set(key, (self.get(key) ?? 0) + sampleMs);
    }
    // Style and layout a script forced (read in a render or an effect) rather than the frame's own.
    for (const event of inside) {
      const stack = event.args?.beginData?.stackTrace;
      if (!stack?.length || (event.name !== 'Layout' && event.name !== 'UpdateLayoutTree') || (event.dur ?? 0) < 1000) continue;
      const by = stack.slice(0, 2).map((frame) => frameName({ ...frame, lineNumber: frame.lineNumber - 1, columnNumber: frame.columnNumber - 1 }));
      console.log(`      forced ${event.name} ${((event.dur ?? 0) / 1000).toFixed(1)} ms by ${by.join(' < ')}`);
    }
    const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, functionsShown);
    console.log(`      ${top.map(([key, ms]) => `${key} ${ms.toFixed(1)}`).join('\n      ')}`);
  }
}
