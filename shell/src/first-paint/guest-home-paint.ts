import { CARD_COVER_SIZES, COVER_SIZES, FIRST_ROW_CARDS, HOME_PLAYLISTS_PATH, SESSION_PROBE_PATH } from '@tunafy/contracts';
import { PHONE_QUERY } from '../layout/use-media-query';

/**
 * The guest home's first covers painted by index.html itself, before any of the app's JavaScript has run (decision
 * 0021). On Lighthouse's phone (slow 4G, 4× CPU) the home page's largest paint, the first playlist's cover, waited for
 * the federation runtime, React, two remote chunks and React's commit: 3.3 s. Painted from the HTML it waits for two
 * small answers and the picture. React's first render then replaces the splash with the same covers at the same size.
 * On a wide screen the layout's frame is drawn around them (decision 0030).
 */
export interface FirstPaintOptions {
  probe: string;
  playlists: string;
  /** The phone layout's query: there the covers alone (0021); elsewhere inside the layout's frame (0030). */
  query: string;
  coverSizes: readonly number[];
  sizes: string;
  /** The cards the home page loads eagerly (FIRST_ROW_CARDS): two rows on a phone and a third's top. */
  cards: number;
}

export const FIRST_PAINT_OPTIONS: FirstPaintOptions = {
  probe: SESSION_PROBE_PATH,
  playlists: HOME_PLAYLISTS_PATH,
  query: PHONE_QUERY,
  coverSizes: COVER_SIZES,
  sizes: CARD_COVER_SIZES,
  cards: FIRST_ROW_CARDS,
};

interface Answers {
  session: { user: unknown } | null;
  playlists: { playlists: { playlist_cover_url: string | null }[] } | null;
}

/**
 * Runs as an inline script (its source is put into index.html by rspack.config.ts), so it imports nothing and uses
 * nothing from outside its body. Only for a guest, known from the session probe: a user's home starts with their own
 * shelves, and nothing here may show them a guest's page; they keep the splash. Resolves whether it painted.
 */
export function paintGuestHome(options: FirstPaintOptions): Promise<boolean> {
  if (location.pathname !== '/' || !window.matchMedia) return Promise.resolve(false);
  const phone = window.matchMedia(options.query).matches;
  const get = (url: string) =>
    fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } }).then((answer) => (answer.ok ? answer.json() : null));
  return Promise.all([get(options.probe), get(options.playlists)])
    .then(([session, playlists]: [Answers['session'], Answers['playlists']]) => {
      const splash = document.querySelector('.tf-splash');
      // React has rendered already (the splash is gone), or this is not a guest's home with playlists to show.
      if (!splash || !session || session.user !== null || !playlists || playlists.playlists.length === 0) return false;
      const grid = document.createElement('ul');
      grid.className = 'tf-first-grid';
      playlists.playlists.slice(0, options.cards).forEach((playlist, index) => {
        const card = document.createElement('li');
        const box = document.createElement('div');
        box.className = 'tf-first-cover';
        const url = playlist.playlist_cover_url;
        // Only the API's own covers have derived sizes (as coverSrcSet in @tunafy/ui); anything else stays a placeholder.
        if (url && /^\/api\/files\/[0-9a-fA-F]{24}$/.test(url)) {
          const image = document.createElement('img');
          image.alt = '';
          image.width = 176;
          image.height = 176;
          image.sizes = options.sizes;
          image.srcset = options.coverSizes.map((size) => `${url}?size=${size} ${size}w`).join(', ');
          image.src = url;
          // The home page's first two covers are its picture (mf-library preloads them with this priority too).
          if (index < 2) image.setAttribute('fetchpriority', 'high');
          box.appendChild(image);
        }
        card.appendChild(box);
        card.appendChild(document.createElement('span'));
        grid.appendChild(card);
      });
      if (phone) {
        splash.replaceChildren(grid);
        splash.classList.add('tf-first');
        return true;
      }
      // A wide screen: the covers in the layout's main region, under a guest's top bar and the shelf's head (decision 0030).
      const main = document.createElement('div');
      main.className = 'tf-first-main';
      main.setAttribute('aria-hidden', 'true');
      main.appendChild(grid);
      splash.replaceChildren(main);
      splash.classList.add('tf-wide', 'tf-guest');
      return true;
    })
    .catch(() => false);
}

/** For index.html's inline script (app-start.ts): the function's own source, called with the options. */
export function guestHomePaintCall(options: FirstPaintOptions = FIRST_PAINT_OPTIONS): string {
  return `(${paintGuestHome.toString()})(${JSON.stringify(options)})`;
}
