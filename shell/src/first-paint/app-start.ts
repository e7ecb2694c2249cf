/**
 * The app's entry, started by index.html once its first paint is on screen (decision 0023). As a deferred script the
 * entry ran while the first paint's answers were in flight: the federation runtime's start (~60 ms of script, 4× that
 * on Lighthouse's phone) held their callbacks back, then React's chunk held the painted cover's frame back, and all of
 * it counted towards the largest paint. The entry still downloads from the start (a preload); only its run waits.
 */
export interface AppStartOptions {
  /** The entry's scripts, in order (the HTML plugin's list). */
  scripts: readonly string[];
  /** The longest the entry waits for a paint after this script ran: a slow picture must not hold the app back. */
  holdMs: number;
}

/**
 * Runs as an inline script (rspack.config.ts puts its source into index.html after the first-paint scripts), so it
 * imports nothing and uses nothing from outside its body. `painting` are the first-paint scripts' promises (whether
 * each painted): when none paints, the entry starts once the document is parsed, as a deferred script did; when one
 * does, once its pictures have loaded (or failed) and a frame has drawn them, or after `holdMs`.
 */
export function startApp(painting: readonly Promise<boolean>[], options: AppStartOptions): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const src of options.scripts) {
      const script = document.createElement('script');
      script.src = src;
      // In the given order, as deferred scripts ran.
      script.async = false;
      document.head.appendChild(script);
    }
  };
  // The entry renders into #root: never before the document is parsed.
  const afterParse = (run: () => void) => {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
    else run();
  };
  setTimeout(() => afterParse(start), options.holdMs);
  Promise.all(painting)
    .then((painted) => {
      if (painted.indexOf(true) < 0) return;
      const pictures = Array.prototype.slice.call(document.querySelectorAll('.tf-splash img')) as HTMLImageElement[];
      return Promise.all(
        pictures.map((picture) =>
          picture.complete
            ? undefined
            : new Promise<void>((settled) => {
                picture.addEventListener('load', () => settled(), { once: true });
                picture.addEventListener('error', () => settled(), { once: true });
              }),
        ),
      ).then(() => new Promise<void>((drawn) => requestAnimationFrame(() => setTimeout(drawn, 0))));
    })
    .catch(() => undefined)
    .then(() => afterParse(start));
}

/** How long the entry may wait for the first paint (see AppStartOptions.holdMs). */
export const APP_HOLD_MS = 1000;

/**
 * The inline script for index.html: the first-paint scripts' functions called with their options, and the entry
 * started when they are done. `paints` are `(function source)(options JSON)` expressions, each a Promise<boolean>.
 */
export function appStartScript(paints: readonly string[], scripts: readonly string[], holdMs = APP_HOLD_MS): string {
  const preloads = scripts.map((src) => `<link rel="preload" as="script" href="${src}" fetchpriority="low" />`).join('');
  const options: AppStartOptions = { scripts, holdMs };
  return `${preloads}<script>(${startApp.toString()})([${paints.join(',')}],${JSON.stringify(options)});</script>`;
}
