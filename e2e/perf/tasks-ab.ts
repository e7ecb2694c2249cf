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
import { abOptions, option } from './bench-target.js';
import { blockingOf, eventsIn, mainThreadOf, median, shortUrl, type TraceEvent } from './trace-tasks.js';
import { traceVisits } from './traced-visits.js';

const { targetFiles, pageNames, runs } = abOptions('home');
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

const sums = new Map<string, number[]>();
await traceVisits({ targetFiles, pageNames, runs, waitMs, screenshots: true }, ({ run, pageName, file, target, load, events }) => {
  const { blocking, words } = longTasks(events, target.baseUrl);
  const key = `${pageName} ${file}`;
  sums.set(key, [...(sums.get(key) ?? []), blocking]);
  console.log(`${pageName} ${file.replace(/^.*\//, '')} run ${run} (load ${load}, ${cpuTime ? 'cpu' : 'wall'}): blocking ${blocking.toFixed(0)}; ${words.join(' ')}`);
});
for (const [key, values] of sums) console.log(`${key}: median blocking ${median(values).toFixed(0)} (${values.map((value) => value.toFixed(0)).join(', ')})`);
