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
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium.js';
const opt = (n: string) => { const i = process.argv.indexOf(`--${n}`); return i >= 0 ? process.argv[i + 1] : undefined; };
const targets = (opt('targets') ?? '/tmp/lh.json').split(',');
const pages = (opt('pages') ?? 'home').split(',');
const runs = Number(opt('runs') ?? 3);
const min = Number(opt('min') ?? 12.5);
const wait = Number(opt('wait') ?? 6000);
const until = Number(opt('until') ?? 3500);
const verbose = process.argv.includes('--verbose');
const cpu = !process.argv.includes('--wall');
const len = (e: any) => (cpu ? e.tdur ?? e.dur : e.dur) / 1000;
const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS, headless: true });
const loaded = await Promise.all(targets.map(async (file) => JSON.parse(await readFile(file, 'utf8'))));
const sums = new Map<string, number[]>();
const short = (u: string) => u.replace(/^https?:\/\/[^/]+/, '').replace(/\.[0-9a-f]{8,10}\.(js|css)$/, '.$1');
for (let r = 0; r < runs; r++) {
  for (const page of pages) {
    for (const [ti, target] of loaded.entries()) {
      const paths: Record<string, string> = { home: '/', songs: '/songs', album: `/albums/${target.seeded.albumId}`, artist: `/artists/${target.seeded.artistId}`, playlist: `/playlists/${target.seeded.playlistId}` };
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      if (page !== 'home') {
        const cookies = target.cookie.split(';').map((p: string) => p.trim().split('='));
        await context.addCookies(cookies.map(([name, ...v]: string[]) => ({ name, value: v.join('='), url: target.baseUrl })));
      }
      const p = await context.newPage();
      await browser.startTracing(p, { screenshots: true, categories: ['disabled-by-default-lighthouse', 'loading', 'v8', 'v8.execute', 'blink.user_timing', 'blink.console', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.screenshot', 'disabled-by-default-devtools.timeline.stack', 'disabled-by-default-devtools.timeline.frame', 'latencyInfo', 'disabled-by-default-devtools.target-rundown', 'disabled-by-default-devtools.v8-source-rundown-sources', 'disabled-by-default-devtools.v8-source-rundown'] });
      const load = loadavg()[0]!.toFixed(1);
      await p.goto(target.baseUrl + paths[page]);
      await p.waitForTimeout(wait);
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: any[] };
      await context.close();
      const ev = trace.traceEvents;
      const m = ev.find((e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').startsWith(target.baseUrl));
      const onMain = ev.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X');
      const nav = ev.find((e) => e.name === 'navigationStart' && e.pid === m.pid)?.ts ?? onMain[0].ts;
      const fcp = ev.find((e) => e.name === 'firstContentfulPaint' && e.pid === m.pid)?.ts ?? nav;
      const tasks = onMain.filter((e) => e.name === 'RunTask' && len(e) >= min && e.ts >= fcp && e.ts - nav <= until * 1000);
      let blocking = 0;
      const parts: string[] = [];
      for (const t of tasks) {
        const inside = onMain.filter((e) => e !== t && e.ts >= t.ts && e.ts < t.ts + t.dur);
        const layout = inside.some((e) => e.name === 'Layout');
        blocking += Math.max(0, len(t) * (layout ? 2 : 4) - 50);
        const what = inside.filter((e) => ['EvaluateScript', 'FunctionCall', 'TimerFire', 'EventDispatch', 'v8.callFunction'].includes(e.name) && e.dur > 1000).slice(0, 2)
          .map((e) => { const d = e.args?.data ?? {}; return `${e.name === 'EvaluateScript' ? 'eval' : e.name === 'EventDispatch' ? d.type : e.name === 'TimerFire' ? 'timer' : 'call'} ${short(String(d.url ?? ''))}`; });
        parts.push(`${len(t).toFixed(0)}${layout ? 'L' : ''}${verbose ? `@${((t.ts - nav) / 1000).toFixed(0)}[${what.join(', ')}]` : ''}`);
      }
      const key = `${page} ${targets[ti]}`;
      sums.set(key, [...(sums.get(key) ?? []), blocking]);
      console.log(`${page} ${targets[ti].replace(/^.*\//, '')} run ${r + 1} (load ${load}, ${cpu ? 'cpu' : 'wall'}): blocking ${blocking.toFixed(0)}; ${parts.join(' ')}`);
    }
  }
}
await browser.close();
const median = (v: number[]) => { const s = [...v].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2; };
for (const [key, v] of sums) console.log(`${key}: median blocking ${median(v).toFixed(0)} (${v.map((x) => x.toFixed(0)).join(', ')})`);
