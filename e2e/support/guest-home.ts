import type { Page } from '@playwright/test';

/**
 * The guest home page's first screen, as e2e/perf/home-perf.ts and specs/guest-home-budget.spec.ts both count it:
 * the layout is usable (the sidebar, the sign-up banner) and the home region has settled (the library's content,
 * or its fallback when mf-library is not built). Runs in the page before any script and timestamps the first frame
 * where each milestone holds. A string, because tsx rewrites functions (__name helpers) in ways that do not survive
 * serialization into the page.
 */
export const WATCH_MILESTONES = `(() => {
  // tsx (esbuild keepNames) wraps named functions in __name(); page.evaluate callbacks below need it.
  window.__name = (fn) => fn;
  const marks = {};
  window.__perf = marks;
  const check = () => {
    const main = document.querySelector('#tf-main');
    if (!marks.layout && main && document.querySelector('nav[aria-label="Main"]') && document.body.textContent.includes('Sign Up Free')) marks.layout = performance.now();
    if (marks.layout && !marks.home && main && main.childElementCount > 0 && !main.querySelector('[role="status"]')) {
      marks.home = performance.now();
      marks.fallback = main.querySelector('[data-remote-fallback]') ? 1 : 0;
    }
    if (!marks.home) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

export interface FirstScreenFile {
  /** The URL's path: /main.1234.js, /mf-library/remoteEntry.js, ... */
  path: string;
  /** As transferred: gzip bytes (the gateway compresses), from the resource timing's encodedBodySize. */
  bytes: number;
}

export interface FirstScreen {
  layoutMs: number;
  homeMs: number;
  homeShows: 'content' | 'fallback';
  /** "JavaScript before the home page is usable": every .js/.mjs response that ended before the home region settled. */
  js: FirstScreenFile[];
  css: FirstScreenFile[];
}

/** Waits for the milestones (WATCH_MILESTONES must have been added as an init script before the navigation). */
export async function readFirstScreen(page: Page): Promise<FirstScreen> {
  await page.waitForFunction('window.__perf && window.__perf.home', undefined, { timeout: 30_000 });
  return page.evaluate(() => {
    const marks = (window as unknown as { __perf: Record<string, number> }).__perf;
    const loaded = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => entry.responseEnd <= marks.home!);
    const files = (pattern: RegExp) =>
      loaded
        .filter((entry) => pattern.test(new URL(entry.name).pathname))
        .map((entry) => ({ path: new URL(entry.name).pathname, bytes: entry.encodedBodySize }));
    return {
      layoutMs: marks.layout!,
      homeMs: marks.home!,
      homeShows: marks.fallback ? ('fallback' as const) : ('content' as const),
      js: files(/\.m?js$/),
      css: files(/\.css$/),
    };
  });
}

/** The app a file belongs to: `shell`, or the remote's folder (`mf-library`, ...). */
export function appOf(path: string): string {
  return /^\/(mf-[^/]+)\//.exec(path)?.[1] ?? 'shell';
}

export const sumBytes = (files: FirstScreenFile[]) => files.reduce((total, file) => total + file.bytes, 0);
