/**
 * The main thread's tasks over 12 ms of wall time in traces that `lighthouse-bench.ts --save DIR` kept (issue 31),
 * each with its wall and CPU time and the work inside it. Lighthouse's simulation scales a task's wall time, so a
 * task whose wall time is far above its CPU time was the page waiting for a core on this 2-core machine, not work
 * the page can cut (docs/benchmarks.md, "Lighthouse on a quiet machine, session 24").
 *
 *   npx tsx e2e/perf/trace-walls.ts /tmp/lhr/artist-mobile-1.trace.json [more traces]
 */
import { readFileSync } from 'node:fs';
import { eventsIn, mainThreadOf, shortUrl, type TraceEvent } from './trace-tasks.js';

const WALL_MS = 12;
const ms = (us: number | undefined) => ((us ?? 0) / 1000).toFixed(1);

for (const file of process.argv.slice(2)) {
  const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const parse = events.find((event) => event.name === 'ParseHTML' && /^https?:/.test(String(event.args?.beginData?.url ?? '')));
  if (!parse) throw new Error(`${file}: no document in the trace`);
  const main = mainThreadOf(events, parse);
  console.log(`== ${file}`);
  for (const task of main.events.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) >= WALL_MS * 1000)) {
    const inner = eventsIn(main, task)
      .filter((event) => (event.dur ?? 0) > 2000)
      .slice(0, 4)
      .map((event) => `${event.name}${event.args?.data?.url ? ` ${shortUrl(String(event.args.data.url))}` : ''} ${ms(event.dur)}/${ms(event.tdur)}`);
    console.log(`  +${ms(task.ts - main.navigation)} ms: wall ${ms(task.dur)}, cpu ${ms(task.tdur)}  ${inner.join(' | ')}`);
  }
}
