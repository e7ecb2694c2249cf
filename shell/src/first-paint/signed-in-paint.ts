import { ALL_SONGS_HEADER, COVER_SIZES, gradientCoverBackground, HEADER_TINTS, HERO_COVER_SIZES, SESSION_PROBE_PATH } from '@tunafy/contracts';
import { PHONE_QUERY } from '../layout/use-media-query';

/**
 * A logged-in user's album, playlist, artist and All Songs pages first painted by index.html (decision 0022), as the
 * guest home is (0021): on Lighthouse's phone their largest paint (the hero cover, All Songs' title) waited for the
 * federation runtime, React, mf-library's chunks, the item's answer and React's commit: 3.2–3.8 s on a quiet machine.
 * Painted from the HTML it waits for the session probe, the item and the picture. React's first render then draws the
 * same cover (same file, same box) or the same title where these were. On a wide screen (decision 0030) the layout's
 * frame and the whole header's boxes are drawn, with the cover and the item's name in them.
 */
export interface SignedInPage {
  /** The page's path; its first group is the item's id. */
  route: string;
  /** The item's API path, the id appended (mf-library's `albumPath`, `playlistPath`, `artistPath`). */
  api?: string;
  /** Where the item's cover URL is, as property names (`['artist', 'picture_url']`). */
  cover?: readonly string[];
  round?: boolean;
  /** Where the item's name is (the page's `h1`), as property names; painted on a wide screen only. */
  name?: readonly string[];
  /** A fixed page title (All Songs), painted where the page's heading is drawn. */
  title?: string;
  /** A fixed description under the title (All Songs'). */
  description?: string;
  /** Where the item's description is, when the page shows one (a playlist's). */
  about?: readonly string[];
  /** The header's tint (collection-header's `--hero-tint`), on a wide screen. */
  tint?: string;
  /** A cover that is a gradient box, not a picture (All Songs' 192 px one), on a wide screen. */
  gradient?: string;
}

export interface SignedInPaintOptions {
  probe: string;
  /** The phone layout's query: there the hero alone (0022); elsewhere the frame and the header (0030). */
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
    // The tints, All Songs' header and its gradient are mf-library's pages' own (@tunafy/contracts).
    { route: '^/albums/([^/]+)/?$', api: '/api/albums/', cover: ['album_cover_url'], name: ['album_name'] },
    { route: '^/playlists/([^/]+)/?$', api: '/api/playlists/', cover: ['playlist_cover_url'], name: ['playlist_name'], about: ['description'], tint: HEADER_TINTS.playlist },
    { route: '^/artists/([^/]+)/?$', api: '/api/artists/', cover: ['artist', 'picture_url'], name: ['artist', 'name'], round: true, tint: HEADER_TINTS.artist },
    {
      route: '^/songs/?$',
      title: ALL_SONGS_HEADER.title,
      description: ALL_SONGS_HEADER.description,
      tint: HEADER_TINTS.allSongs,
      gradient: gradientCoverBackground(ALL_SONGS_HEADER.gradientTo),
    },
  ],
};

/**
 * Runs as an inline script (its source is put into index.html by rspack.config.ts), so it imports nothing and uses
 * nothing from outside its body. Only once the session probe says a user is logged in: a guest meets the log-in prompt
 * on these pages, and asking a guest's item would answer 401 (logged in the console). Resolves whether it painted.
 */
export function paintSignedIn(options: SignedInPaintOptions): Promise<boolean> {
  if (!window.matchMedia) return Promise.resolve(false);
  const phone = window.matchMedia(options.query).matches;
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
      const at = (path: readonly string[] | undefined) => {
        if (!path) return null;
        let value: unknown = item;
        for (const key of path) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : null;
        return value;
      };
      const element = (tag: string, className: string, text?: unknown) => {
        const made = document.createElement(tag);
        made.className = className;
        // Text from the API goes in as text, never as markup.
        if (typeof text === 'string') made.textContent = text;
        return made;
      };
      const url = at(page.cover);
      // Only the API's own covers have derived sizes (as coverSrcSet in @tunafy/ui); the page draws a placeholder otherwise.
      const picture = typeof url === 'string' && /^\/api\/files\/[0-9a-fA-F]{24}$/.test(url) ? url : '';
      const hero = element('div', page.round ? 'tf-first-hero tf-first-round' : 'tf-first-hero');
      if (picture) {
        const image = document.createElement('img');
        image.alt = '';
        image.width = 232;
        image.height = 232;
        image.sizes = options.sizes;
        image.srcset = options.coverSizes.map((size) => `${picture}?size=${size} ${size}w`).join(', ');
        image.src = picture;
        image.setAttribute('fetchpriority', 'high');
        hero.appendChild(image);
      }
      // Not a heading: the splash stays the loading status until React replaces it with the page's own.
      const title = element('p', 'tf-first-title', page.title || at(page.name));
      title.setAttribute('aria-hidden', 'true');
      if (phone) {
        if (page.title) splash.replaceChildren(title);
        else if (picture) splash.replaceChildren(hero);
        else return false;
        splash.classList.add('tf-first-page');
        return true;
      }
      if (!title.textContent) return false;
      // A wide screen: the header's boxes as collection-header.module.css lays them out, so the cover and the name land
      // where the page draws them; the kind and facts lines are empty boxes of their height, the description invisible.
      if (page.gradient) {
        hero.className = 'tf-first-hero tf-first-gradient';
        hero.style.background = page.gradient;
      }
      const text = element('div', 'tf-first-text');
      const description = page.description || at(page.about);
      text.append(element('p', 'tf-first-line'), title);
      if (typeof description === 'string' && description) text.appendChild(element('p', 'tf-first-description', description));
      text.appendChild(element('p', 'tf-first-line'));
      const header = element('div', 'tf-first-header');
      if (page.tint) header.style.setProperty('--tf-first-tint', page.tint);
      header.append(hero, text);
      const main = element('div', 'tf-first-main');
      // Pictures and text in boxes, read by no one: the splash stays the loading status until React replaces it.
      main.setAttribute('aria-hidden', 'true');
      main.appendChild(header);
      splash.replaceChildren(main);
      splash.classList.add('tf-wide');
      return true;
    })
    .catch(() => false);
}

/** For index.html's inline script (app-start.ts): the function's own source, called with the options. */
export function signedInPaintCall(options: SignedInPaintOptions = SIGNED_IN_PAINT_OPTIONS): string {
  return `(${paintSignedIn.toString()})(${JSON.stringify(options)})`;
}
