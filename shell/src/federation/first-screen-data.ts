import { HOME_ALBUMS_PATH, HOME_PLAYLISTS_PATH, LIST_PAGE_ROWS, SESSION_PROBE_PATH, songRowsPath } from '@tunafy/contracts';

/**
 * The first data of a screen, by path, for the screens where it is what the person waits for. The entry chunk has the
 * browser ask for it (`<link rel="preload" as="fetch">`) before any other code loads; when the screen's module asks
 * for the same URL (mf-library's `prefetch`), the browser hands it the preloaded answer instead of a second request.
 * Both sides build the URL from @tunafy/contracts, so they cannot drift apart.
 */
const FIRST_SCREEN_DATA: readonly { path: RegExp; urls: readonly string[] }[] = [
  // /songs at 100,000 songs: its first page was asked for ~300 ms into a cold start, when the page's module loaded.
  { path: /^\/songs\/?$/, urls: [songRowsPath(0, LIST_PAGE_ROWS)] },
  // The home page (issue 31): its shelves were asked for only once mf-library's remote entry and page chunk had run.
  { path: /^\/$/, urls: [HOME_PLAYLISTS_PATH, HOME_ALBUMS_PATH] },
];

export function preloadFirstScreenData(pathname: string, head: HTMLElement = document.head): void {
  // Every first render waits for the session probe (bootstrap.tsx), which was asked for only once React and the router
  // had loaded: one more round trip before anything showed, ~0.5 s of a phone's simulated slow 4G (issue 31).
  const urls = [SESSION_PROBE_PATH, ...FIRST_SCREEN_DATA.filter(({ path }) => path.test(pathname)).flatMap(({ urls }) => urls)];
  for (const url of urls) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    // A same-origin fetch() with credentials 'same-origin' (the api-client's) only takes a preload made in cors mode.
    link.crossOrigin = 'anonymous';
    link.href = url;
    head.appendChild(link);
  }
}
