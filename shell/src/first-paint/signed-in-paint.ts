import { COVER_SIZES, HERO_COVER_SIZES, SESSION_PROBE_PATH } from '@tunafy/contracts';
import { PHONE_QUERY } from '../layout/use-media-query';

/**
 * A logged-in user's album, playlist, artist and All Songs pages first painted by index.html (decision 0022), as the
 * guest home is (0021): on Lighthouse's phone their largest paint (the hero cover, All Songs' title) waited for the
 * federation runtime, React, mf-library's chunks, the item's answer and React's commit: 3.2–3.8 s on a quiet machine.
 * Painted from the HTML it waits for the session probe, the item and the picture. React's first render then draws the
 * same cover (same file, same box) or the same title where these were.
 */
export interface SignedInPage {
  /** The page's path; its first group is the item's id. */
  route: string;
  /** The item's API path, the id appended (mf-library's `albumPath`, `playlistPath`, `artistPath`). */
  api?: string;
  /** Where the item's cover URL is, as property names (`['artist', 'picture_url']`). */
  cover?: readonly string[];
  round?: boolean;
  /** A fixed page title (All Songs), painted where the page's heading is drawn. */
  title?: string;
}

export interface SignedInPaintOptions {
  probe: string;
  query: string;
  coverSizes: readonly number[];
  sizes: string;
  pages: readonly SignedInPage[];
}

export const SIGNED_IN_PAINT_OPTIONS: SignedInPaintOptions = {
  probe: SESSION_PROBE_PATH,
  query: PHONE_QUERY,
  coverSizes: COVER_SIZES,
  sizes: HERO_COVER_SIZES,
  pages: [
    { route: '^/albums/([^/]+)/?$', api: '/api/albums/', cover: ['album_cover_url'] },
    { route: '^/playlists/([^/]+)/?$', api: '/api/playlists/', cover: ['playlist_cover_url'] },
    { route: '^/artists/([^/]+)/?$', api: '/api/artists/', cover: ['artist', 'picture_url'], round: true },
    { route: '^/songs/?$', title: 'All Songs' },
  ],
};

/**
 * Runs as an inline script (its source is put into index.html by rspack.config.ts), so it imports nothing and uses
 * nothing from outside its body. Only once the session probe says a user is logged in: a guest meets the log-in prompt
 * on these pages, and asking a guest's item would answer 401 (logged in the console). Resolves whether it painted.
 */
export function paintSignedIn(options: SignedInPaintOptions): Promise<boolean> {
  if (!window.matchMedia || !window.matchMedia(options.query).matches) return Promise.resolve(false);
  let id = '';
  const page = options.pages.find((candidate) => {
    const match = new RegExp(candidate.route).exec(location.pathname);
    if (match) id = match[1] || '';
    return Boolean(match);
  });
  if (!page) return Promise.resolve(false);
  const get = (url: string) =>
    fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } }).then((answer) => (answer.ok ? answer.json() : null));
  return get(options.probe)
    .then((session: { user: unknown } | null) => {
      if (!session || !session.user) return null;
      // The id as the page reads it (useParams decodes it), sent as mf-library's paths send it.
      return page.api ? get(page.api + encodeURIComponent(decodeURIComponent(id))) : {};
    })
    .then((item: Record<string, unknown> | null) => {
      const splash = document.querySelector('.tf-splash');
      // React has rendered already (the splash is gone), or a guest, or an item that did not load.
      if (!splash || !item) return false;
      if (page.title) {
        // Not a heading: the splash stays the loading status until React replaces it with the page's own.
        const title = document.createElement('p');
        title.className = 'tf-first-title';
        title.setAttribute('aria-hidden', 'true');
        title.textContent = page.title;
        splash.replaceChildren(title);
      } else {
        let url: unknown = item;
        for (const key of page.cover || []) url = url && typeof url === 'object' ? (url as Record<string, unknown>)[key] : null;
        // Only the API's own covers have derived sizes (as coverSrcSet in @tunafy/ui); the page draws a placeholder otherwise.
        if (typeof url !== 'string' || !/^\/api\/files\/[0-9a-fA-F]{24}$/.test(url)) return false;
        const box = document.createElement('div');
        box.className = page.round ? 'tf-first-hero tf-first-round' : 'tf-first-hero';
        const image = document.createElement('img');
        image.alt = '';
        image.width = 232;
        image.height = 232;
        image.sizes = options.sizes;
        image.srcset = options.coverSizes.map((size) => `${url}?size=${size} ${size}w`).join(', ');
        image.src = url;
        image.setAttribute('fetchpriority', 'high');
        box.appendChild(image);
        splash.replaceChildren(box);
      }
      splash.classList.add('tf-first-page');
      return true;
    })
    .catch(() => false);
}

/** For index.html's inline script (app-start.ts): the function's own source, called with the options. */
export function signedInPaintCall(options: SignedInPaintOptions = SIGNED_IN_PAINT_OPTIONS): string {
  return `(${paintSignedIn.toString()})(${JSON.stringify(options)})`;
}
