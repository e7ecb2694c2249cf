/**
 * The song list's first commit on a cold visit (issue 31, decision 0033), front-ends alternated run by run over one
 * API: how many rows the commit inserted, the CPU time (thread time) of the task that inserted the grid, the style and
 * layout inside it, the next frame's, and a blocking sum by CPU as tasks-ab.ts makes it. The task is found by a
 * user-timing mark that an init script sets when the grid (or a row) is inserted. Phone viewport.
 *
 *   npx tsx e2e/perf/list-commit-ab.ts --targets /tmp/lh-base.json,/tmp/lh.json --pages album,playlist --runs 3
 *     (--after: every task of the next 600 ms and what ran in it; --styles: each style and layout event of the commit)
 *
 * Each target is a file `lighthouse-bench.ts --serve` wrote (`--target FILE --builds DIR --serve FILE2` for a base).
 */
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium.js';
const opt = (n: string) => { const i = process.argv.indexOf(`--${n}`); return i >= 0 ? process.argv[i + 1] : undefined; };
const targets = (opt('targets') ?? '/tmp/lh.json').split(',');
const pages = (opt('pages') ?? 'album').split(',');
const runs = Number(opt('runs') ?? 3);
const wait = Number(opt('wait') ?? 5000);
const loaded = await Promise.all(targets.map(async (f) => JSON.parse(await readFile(f, 'utf8'))));
const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS, headless: true });
const cpu = (e: any) => (e.tdur ?? e.dur) / 1000;
const results = new Map<string, { commit: number[]; block: number[] }>();
for (let r = 0; r < runs; r++) for (const page of pages) for (const [ti, target] of loaded.entries()) {
  const paths: Record<string, string> = { songs: '/songs', album: `/albums/${target.seeded.albumId}`, playlist: `/playlists/${target.seeded.playlistId}`, artist: `/artists/${target.seeded.artistId}` };
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const cookies = target.cookie.split(';').map((p: string) => p.trim().split('='));
  await context.addCookies(cookies.map(([name, ...v]: string[]) => ({ name, value: v.join('='), url: target.baseUrl })));
  await context.addInitScript(() => {
    const w = window as any; w.__rowsSeen = [];
    for (const name of ['appendChild', 'insertBefore'] as const) {
      const original = (Node.prototype as any)[name];
      (Node.prototype as any)[name] = function (this: Node, node: Node, ...rest: unknown[]) {
        const result = original.call(this, node, ...rest);
        if (w.__rowsSeen.length < 4 && node instanceof Element && this.isConnected && (node.matches('[role="grid"], [role="row"]') || node.querySelector('[role="grid"]'))) {
          w.__rowsSeen.push(document.querySelectorAll('[role="grid"] [role="row"]').length);
          performance.mark(`rows-${w.__rowsSeen.length}`);
        }
        return result;
      };
    }
  });
  const p = await context.newPage();
  await browser.startTracing(p, { categories: ['disabled-by-default-lighthouse', 'loading', 'v8', 'v8.execute', 'blink.user_timing', 'blink.console', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.stack', 'disabled-by-default-devtools.timeline.frame', 'latencyInfo'] });
  const load = loadavg()[0]!.toFixed(1);
  await p.goto(target.baseUrl + paths[page]);
  await p.waitForTimeout(wait);
  const info = await p.evaluate(() => ({ seen: (window as any).__rowsSeen, rows: document.querySelectorAll('[role="grid"] [role="row"]').length }));
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: any[] };
  await context.close();
  const ev = trace.traceEvents;
  const mark = ev.find((e) => e.name === 'rows-1');
  const onMain = ev.filter((e) => e.pid === mark?.pid && e.tid === mark?.tid && e.ph === 'X');
  const task = onMain.find((e) => e.name === 'RunTask' && e.ts <= mark.ts && e.ts + e.dur >= mark.ts);
  const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < task.ts + task.dur);
  const sum = (name: string) => inside.filter((e) => e.name === name).reduce((s, e) => s + cpu(e), 0);
  const nextFrame = onMain.find((e) => e.name === 'RunTask' && e.ts > task.ts + task.dur && onMain.some((x) => (x.name === 'Layout' || x.name === 'Paint' || x.name === 'UpdateLayoutTree') && x.ts >= e.ts && x.ts < e.ts + e.dur));
  const frameInside = nextFrame ? onMain.filter((e) => e !== nextFrame && e.ts >= nextFrame.ts && e.ts < nextFrame.ts + nextFrame.dur) : [];
  const fsum = (name: string) => frameInside.filter((e) => e.name === name).reduce((s, e) => s + cpu(e), 0);
  const nav = ev.find((e) => e.name === 'navigationStart' && e.pid === mark.pid)?.ts ?? onMain[0].ts;
  const fcp = ev.find((e) => e.name === 'firstContentfulPaint' && e.pid === mark.pid)?.ts ?? nav;
  let blocking = 0;
  for (const t of onMain.filter((e) => e.name === 'RunTask' && cpu(e) >= 12.5 && e.ts >= fcp && e.ts - nav <= 3500 * 1000)) {
    const lay = onMain.some((e) => e.name === 'Layout' && e.ts >= t.ts && e.ts < t.ts + t.dur);
    blocking += Math.max(0, cpu(t) * (lay ? 2 : 4) - 50);
  }
  if (process.argv.includes('--styles')) for (const e of inside.filter((x) => ['UpdateLayoutTree', 'Layout', 'ParseAuthorStyleSheet', 'RecalculateStyles'].includes(x.name))) console.log(`   ${e.name} ${cpu(e).toFixed(1)} ${JSON.stringify(e.args?.elementCount ?? e.args?.beginData ?? {}).slice(0, 200)} ${JSON.stringify(e.args?.endData ?? {}).slice(0, 120)}`);
  if (process.argv.includes('--after')) {
    const later = onMain.filter((e) => e.name === 'RunTask' && e.ts >= task.ts && e.ts < task.ts + 600_000 && cpu(e) >= 1).slice(0, 12);
    for (const t of later) {
      const kids = onMain.filter((e) => e !== t && e.ts >= t.ts && e.ts < t.ts + t.dur && (e.dur ?? 0) >= 300 && e.name !== 'RunTask');
      const names = new Map<string, number>();
      for (const k of kids) if (['FunctionCall', 'FireIdleCallback', 'TimerFire', 'UpdateLayoutTree', 'Layout', 'Paint', 'EventDispatch', 'FireAnimationFrame', 'v8.callFunction', 'RunMicrotasks', 'PrePaint', 'Commit', 'HitTest', 'IntersectionObserverController::computeIntersections', 'ParseAuthorStyleSheet', 'UpdateLayer', 'Layerize'].includes(k.name)) names.set(k.name, (names.get(k.name) ?? 0) + cpu(k));
      console.log(`    +${((t.ts - task.ts) / 1000).toFixed(0)} ms task ${cpu(t).toFixed(1)} cpu: ${[...names].map(([n, v]) => `${n} ${v.toFixed(1)}`).join(', ')}`);
    }
  }
  const key = `${page} ${targets[ti]}`;
  const entry = results.get(key) ?? { commit: [], block: [] };
  entry.commit.push(cpu(task)); entry.block.push(blocking); results.set(key, entry);
  console.log(`${page} ${targets[ti].replace(/^.*\//, '')} run ${r + 1} (load ${load}): rows at insert ${info.seen.join('/')} final ${info.rows}; commit task ${cpu(task).toFixed(1)} cpu (${(task.dur / 1000).toFixed(1)} wall), style ${sum('UpdateLayoutTree').toFixed(1)}, layout ${sum('Layout').toFixed(1)}, paint ${sum('Paint').toFixed(1)}; next frame +${((nextFrame?.ts - task.ts - task.dur) / 1000).toFixed(0)} ms ${nextFrame ? cpu(nextFrame).toFixed(1) : '-'} cpu (style ${fsum('UpdateLayoutTree').toFixed(1)}, layout ${fsum('Layout').toFixed(1)}, paint ${fsum('Paint').toFixed(1)}); blocking ${blocking.toFixed(0)}`);
}
await browser.close();
const med = (v: number[]) => { const s = [...v].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2; };
for (const [k, v] of results) console.log(`${k}: commit cpu median ${med(v.commit).toFixed(1)} (${v.commit.map((x) => x.toFixed(1)).join(', ')}); blocking median ${med(v.block).toFixed(0)} (${v.block.map((x) => x.toFixed(0)).join(', ')})`);
