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
import type { Page } from '@playwright/test';
import { abOptions, option } from './bench-target.js';
import { blockingOf, eventMs, eventsIn, mainThreadOf, median, type MainThread, type TraceEvent } from './trace-tasks.js';
import { traceVisits } from './traced-visits.js';

const { targetFiles, pageNames, runs } = abOptions('album');
const waitMs = Number(option('wait') ?? 5000);
const showStyles = process.argv.includes('--styles');
const showAfter = process.argv.includes('--after');
const STYLE_WORK = ['UpdateLayoutTree', 'Layout', 'ParseAuthorStyleSheet', 'RecalculateStyles'];
const AFTER_WORK = [
  'FunctionCall', 'FireIdleCallback', 'TimerFire', 'UpdateLayoutTree', 'Layout', 'Paint', 'EventDispatch', 'FireAnimationFrame', 'v8.callFunction',
  'RunMicrotasks', 'PrePaint', 'Commit', 'HitTest', 'IntersectionObserverController::computeIntersections', 'ParseAuthorStyleSheet', 'UpdateLayer', 'Layerize',
];

/** In the page, before its scripts: a user-timing mark (`rows-N`) each of the first times a grid or row is inserted. */
function markRowInsertions(): void {
  const seen: number[] = [];
  (window as unknown as { __rowsSeen: number[] }).__rowsSeen = seen;
  const prototype = Node.prototype as unknown as Record<'appendChild' | 'insertBefore', (this: Node, node: Node, ...rest: unknown[]) => Node>;
  for (const name of ['appendChild', 'insertBefore'] as const) {
    const original = prototype[name];
    prototype[name] = function (this: Node, node: Node, ...rest: unknown[]) {
      const result = original.call(this, node, ...rest);
      const isList = node instanceof Element && (node.matches('[role="grid"], [role="row"]') || node.querySelector('[role="grid"]') !== null);
      if (seen.length < 4 && this.isConnected && isList) {
        seen.push(document.querySelectorAll('[role="grid"] [role="row"]').length);
        performance.mark(`rows-${seen.length}`);
      }
      return result;
    };
  }
}

const sumOf = (events: TraceEvent[], name: string) => events.filter((event) => event.name === name).reduce((sum, event) => sum + eventMs(event), 0);
const styleLayoutPaint = (events: TraceEvent[]) => `style ${sumOf(events, 'UpdateLayoutTree').toFixed(1)}, layout ${sumOf(events, 'Layout').toFixed(1)}, paint ${sumOf(events, 'Paint').toFixed(1)}`;

/** --after: every task of the 600 ms from the commit, with what ran in it. */
function printAfter(main: MainThread, commit: TraceEvent): void {
  const later = main.events.filter((event) => event.name === 'RunTask' && event.ts >= commit.ts && event.ts < commit.ts + 600_000 && eventMs(event) >= 1).slice(0, 12);
  for (const task of later) {
    const work = new Map<string, number>();
    for (const event of eventsIn(main, task)) {
      if ((event.dur ?? 0) >= 300 && AFTER_WORK.includes(event.name)) work.set(event.name, (work.get(event.name) ?? 0) + eventMs(event));
    }
    console.log(`    +${((task.ts - commit.ts) / 1000).toFixed(0)} ms task ${eventMs(task).toFixed(1)} cpu: ${[...work].map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ')}`);
  }
}

const results = new Map<string, { commit: number[]; blocking: number[] }>();
const readRows = (tab: Page) =>
  tab.evaluate(() => ({
    seen: (window as unknown as { __rowsSeen: number[] }).__rowsSeen,
    final: document.querySelectorAll('[role="grid"] [role="row"]').length,
  }));
await traceVisits({ targetFiles, pageNames, runs, waitMs, initScript: markRowInsertions, inPage: readRows }, ({ run, pageName, file, load, events, read: rows }) => {
  const mark = events.find((event) => event.name === 'rows-1');
  if (!mark) throw new Error(`no song list was inserted on ${pageName}`);
  const main = mainThreadOf(events, mark);
  const commit = main.events.find((event) => event.name === 'RunTask' && event.ts <= mark.ts && event.ts + (event.dur ?? 0) >= mark.ts)!;
  const inCommit = eventsIn(main, commit);
  const commitEnd = commit.ts + (commit.dur ?? 0);
  const drew = (task: TraceEvent) => eventsIn(main, task).some((event) => event.name === 'Layout' || event.name === 'Paint' || event.name === 'UpdateLayoutTree');
  const nextFrame = main.events.find((event) => event.name === 'RunTask' && event.ts > commitEnd && drew(event));
  const { blocking } = blockingOf(main, { minMs: 12.5, untilMs: 3500 });
  if (showStyles) {
    for (const event of inCommit.filter((candidate) => STYLE_WORK.includes(candidate.name))) {
      console.log(`   ${event.name} ${eventMs(event).toFixed(1)} ${JSON.stringify(event.args?.elementCount ?? event.args?.beginData ?? {}).slice(0, 200)} ${JSON.stringify(event.args?.endData ?? {}).slice(0, 120)}`);
    }
  }
  if (showAfter) printAfter(main, commit);
  const key = `${pageName} ${file}`;
  const entry = results.get(key) ?? { commit: [], blocking: [] };
  entry.commit.push(eventMs(commit));
  entry.blocking.push(blocking);
  results.set(key, entry);
  const frame = nextFrame
    ? `next frame +${((nextFrame.ts - commitEnd) / 1000).toFixed(0)} ms ${eventMs(nextFrame).toFixed(1)} cpu (${styleLayoutPaint(eventsIn(main, nextFrame))})`
    : 'no next frame';
  console.log(
    `${pageName} ${file.replace(/^.*\//, '')} run ${run} (load ${load}): rows at insert ${rows.seen.join('/')} final ${rows.final}; ` +
      `commit task ${eventMs(commit).toFixed(1)} cpu (${eventMs(commit, false).toFixed(1)} wall), ${styleLayoutPaint(inCommit)}; ${frame}; blocking ${blocking.toFixed(0)}`,
  );
});
for (const [key, { commit, blocking }] of results) {
  console.log(`${key}: commit cpu median ${median(commit).toFixed(1)} (${commit.map((ms) => ms.toFixed(1)).join(', ')}); blocking median ${median(blocking).toFixed(0)} (${blocking.map((ms) => ms.toFixed(0)).join(', ')})`);
}
