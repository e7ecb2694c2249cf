/**
 * Reading a Chromium trace the way Lighthouse's simulation counts blocking time (issue 31): the page's main thread,
 * its tasks after the first contentful paint, each at 4× (2× if it laid out) and counted past 50 ms. Shared by
 * tasks-ab.ts and list-commit-ab.ts.
 */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time, where the trace has it. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; beginData?: Record<string, unknown>; endData?: Record<string, unknown>; elementCount?: number };
}

/** Lighthouse's own trace categories: its stack traces make every timer and request dearer, as in its runs. */
export const LIGHTHOUSE_CATEGORIES = [
  'disabled-by-default-lighthouse', 'loading', 'v8', 'v8.execute', 'blink.user_timing', 'blink.console', 'devtools.timeline',
  'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.screenshot', 'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-devtools.timeline.frame', 'latencyInfo', 'disabled-by-default-devtools.target-rundown',
  'disabled-by-default-devtools.v8-source-rundown-sources', 'disabled-by-default-devtools.v8-source-rundown',
];

/** An event's time in ms: thread CPU time by default (a loaded machine inflates wall time far more), else wall. */
export const eventMs = (event: TraceEvent, cpuTime = true) => ((cpuTime ? event.tdur ?? event.dur : event.dur) ?? 0) / 1000;

export interface MainThread {
  /** Complete events on the renderer's main thread. */
  events: TraceEvent[];
  navigation: number;
  firstContentfulPaint: number;
}

/** The main thread of the renderer that ran `anchor` (the document's parse, a user-timing mark). */
export function mainThreadOf(events: TraceEvent[], anchor: TraceEvent): MainThread {
  const onMain = events.filter((event) => event.pid === anchor.pid && event.tid === anchor.tid && event.ph === 'X');
  const navigation = events.find((event) => event.name === 'navigationStart' && event.pid === anchor.pid)?.ts ?? onMain[0]!.ts;
  const firstContentfulPaint = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === anchor.pid)?.ts ?? navigation;
  return { events: onMain, navigation, firstContentfulPaint };
}

/** The events inside a task (not the task itself). */
export function eventsIn(main: MainThread, task: TraceEvent): TraceEvent[] {
  return main.events.filter((event) => event !== task && event.ts >= task.ts && event.ts < task.ts + (task.dur ?? 0));
}

export interface LongTask {
  task: TraceEvent;
  ms: number;
  laidOut: boolean;
}

/** The tasks of at least `minMs` from the first contentful paint to `untilMs` after navigation, and their blocking sum. */
export function blockingOf(main: MainThread, options: { minMs: number; untilMs: number; cpuTime?: boolean }): { blocking: number; tasks: LongTask[] } {
  const tasks = main.events
    .filter((event) => event.name === 'RunTask' && eventMs(event, options.cpuTime) >= options.minMs)
    .filter((event) => event.ts >= main.firstContentfulPaint && event.ts - main.navigation <= options.untilMs * 1000)
    .map((task) => ({ task, ms: eventMs(task, options.cpuTime), laidOut: eventsIn(main, task).some((event) => event.name === 'Layout') }));
  const blocking = tasks.reduce((sum, { ms, laidOut }) => sum + Math.max(0, ms * (laidOut ? 2 : 4) - 50), 0);
  return { blocking, tasks };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A script's URL without origin and content hash, as the tools print it. */
export const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').replace(/\.[0-9a-f]{8,10}\.(js|css)$/, '.$1');
