import { loadavg } from 'node:os';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium.js';
import { benchPage, phoneContext, readBenchTarget, type BenchTarget } from './bench-target.js';
import { LIGHTHOUSE_CATEGORIES, type TraceEvent } from './trace-tasks.js';

export interface TracedVisit<T> {
  run: number;
  pageName: string;
  /** The target's file, as given (the A/B's column). */
  file: string;
  target: BenchTarget;
  /** The one-minute load average when the visit started. */
  load: string;
  events: TraceEvent[];
  /** What `inPage` read from the page before the trace stopped. */
  read: T;
}

export interface TraceVisitsOptions<T> {
  targetFiles: string[];
  pageNames: string[];
  runs: number;
  waitMs: number;
  screenshots?: boolean;
  /** Runs in each page before its own scripts. */
  initScript?: () => void;
  inPage?: (tab: Page) => Promise<T>;
}

/**
 * Cold visits on a phone screen, run by run, page by page, alternating the targets (front-ends over one API), each
 * traced with Lighthouse's categories; `each` gets every visit's trace as it ends.
 */
export async function traceVisits<T = undefined>(options: TraceVisitsOptions<T>, each: (visit: TracedVisit<T>) => void): Promise<void> {
  const targets = await Promise.all(options.targetFiles.map((file) => readBenchTarget(file)));
  const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS, headless: true });
  try {
    for (let run = 1; run <= options.runs; run++) {
      for (const pageName of options.pageNames) {
        for (const [index, target] of targets.entries()) {
          const page = benchPage(target, pageName);
          const context = await phoneContext(browser, target, page);
          if (options.initScript) await context.addInitScript(options.initScript);
          const tab = await context.newPage();
          await browser.startTracing(tab, { screenshots: options.screenshots ?? false, categories: LIGHTHOUSE_CATEGORIES });
          const load = loadavg()[0]!.toFixed(1);
          await tab.goto(target.baseUrl + page.path);
          await tab.waitForTimeout(options.waitMs);
          const read = (options.inPage ? await options.inPage(tab) : undefined) as T;
          const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
          await context.close();
          each({ run, pageName, file: options.targetFiles[index]!, target, load, events: traceEvents, read });
        }
      }
    }
  } finally {
    await browser.close();
  }
}
