import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HERO_COVER_SIZES, SESSION_PROBE_PATH } from '@tunafy/contracts';
import { coverSrcSet } from '@tunafy/ui';
import { SIGNED_IN_PAINT_OPTIONS, paintSignedIn, signedInPaintCall } from './signed-in-paint';

const COVER = '/api/files/0123456789abcdef01234567';
const USER = { id: 'u1', username: 'ann' };

/** The API as the page meets it: who is logged in, and the items a page asks for. */
function stubApi(user: unknown, items: Record<string, unknown> = {}) {
  const answers: Record<string, unknown> = { [SESSION_PROBE_PATH]: { user }, ...items };
  const fetch = vi.fn(async (url: string) => new Response(JSON.stringify(answers[url]), { status: answers[url] ? 200 : 404 }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function stubPhone(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: phone && query === SIGNED_IN_PAINT_OPTIONS.query }));
}

const splash = () => document.querySelector('.tf-splash')!;
const at = (path: string) => window.history.replaceState(null, '', path);

beforeEach(() => {
  document.body.innerHTML = '<div id="root"><div class="tf-splash" role="status" aria-label="Loading Tunafy">Tunafy</div></div>';
  stubPhone(true);
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('paintSignedIn', () => {
  it("paints a user's album cover with the hero's own srcset and sizes, after the probe said who it is", async () => {
    at('/albums/a1');
    const fetch = stubApi(USER, { '/api/albums/a1': { id: 'a1', album_cover_url: COVER } });
    await expect(paintSignedIn(SIGNED_IN_PAINT_OPTIONS)).resolves.toBe(true);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([SESSION_PROBE_PATH, '/api/albums/a1']);
    const image = splash().querySelector('.tf-first-hero img')!;
    expect(image.getAttribute('srcset')).toBe(coverSrcSet(COVER));
    expect(image.getAttribute('sizes')).toBe(HERO_COVER_SIZES);
    expect(image.getAttribute('fetchpriority')).toBe('high');
    expect(image).toHaveAttribute('alt', '');
    // Still the loading region the app replaces.
    expect(splash()).toHaveClass('tf-first-page');
    expect(splash()).toHaveAttribute('role', 'status');
  });

  it("paints an artist's picture round and a playlist's cover, reading each from its own field", async () => {
    at('/artists/r%201');
    stubApi(USER, { '/api/artists/r%201': { artist: { id: 'r 1', picture_url: COVER } } });
    await expect(paintSignedIn(SIGNED_IN_PAINT_OPTIONS)).resolves.toBe(true);
    expect(splash().querySelector('.tf-first-hero')).toHaveClass('tf-first-round');
    at('/playlists/p1/');
    stubApi(USER, { '/api/playlists/p1': { id: 'p1', playlist_cover_url: COVER } });
    await expect(paintSignedIn(SIGNED_IN_PAINT_OPTIONS)).resolves.toBe(true);
    expect(splash().querySelector('.tf-first-hero')).not.toHaveClass('tf-first-round');
  });

  it("paints All Songs' title, hidden from assistive technology, without asking for an item", async () => {
    at('/songs');
    const fetch = stubApi(USER);
    await expect(paintSignedIn(SIGNED_IN_PAINT_OPTIONS)).resolves.toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(splash().querySelector('.tf-first-title')).toHaveTextContent('All Songs');
    expect(splash().querySelector('.tf-first-title')).toHaveAttribute('aria-hidden', 'true');
  });

  it("asks a guest's item for nothing (it would answer 401) and leaves the splash", async () => {
    at('/albums/a1');
    const fetch = stubApi(null, { '/api/albums/a1': { id: 'a1', album_cover_url: COVER } });
    await expect(paintSignedIn(SIGNED_IN_PAINT_OPTIONS)).resolves.toBe(false);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([SESSION_PROBE_PATH]);
    expect(splash()).toHaveTextContent('Tunafy');
  });

  it('paints nothing for another page, a missing item, a cover from elsewhere on a phone, or once the app has rendered', async () => {
    const fetch = stubApi(USER, { '/api/albums/ext': { album_cover_url: 'https://example.com/c.jpg' } });
    for (const path of ['/', '/songs/s1', '/albums']) {
      at(path);
      await expect(paintSignedIn(SIGNED_IN_PAINT_OPTIONS)).resolves.toBe(false);
    }
    expect(fetch).not.toHaveBeenCalled();
    at('/albums/a1');
    await expect(paintSignedIn(SIGNED_IN_PAINT_OPTIONS)).resolves.toBe(false);
    at('/albums/ext');
    await expect(paintSignedIn(SIGNED_IN_PAINT_OPTIONS)).resolves.toBe(false);
    expect(splash().querySelector('img')).toBeNull();
    at('/songs');
    const answered = paintSignedIn(SIGNED_IN_PAINT_OPTIONS);
    document.getElementById('root')!.replaceChildren();
    await expect(answered).resolves.toBe(false);
  });
});

describe('paintSignedIn on a wide screen', () => {
  beforeEach(() => stubPhone(false));

  it("paints the layout's frame and the album's header: its cover and its name, as text, where the page draws them", async () => {
    at('/albums/a1');
    const name = 'Tide <img src=x onerror=alert(1)>';
    stubApi(USER, { '/api/albums/a1': { id: 'a1', album_name: name, album_cover_url: COVER, description: 'not shown by the album page' } });
    await expect(paintSignedIn(SIGNED_IN_PAINT_OPTIONS)).resolves.toBe(true);
    expect(splash()).toHaveClass('tf-wide');
    expect(splash()).toHaveAttribute('role', 'status');
    const header = splash().querySelector('.tf-first-main > .tf-first-header')!;
    expect(header.querySelector('.tf-first-hero img')).toHaveAttribute('srcset', coverSrcSet(COVER));
    const title = header.querySelector('.tf-first-text .tf-first-title')!;
    expect(title.textContent).toBe(name);
    expect(header.querySelectorAll('img')).toHaveLength(1);
    expect(splash().querySelector('.tf-first-main')).toHaveAttribute('aria-hidden', 'true');
    // Kind and facts as empty lines, no description (the album page shows none): only the name is text.
    expect(Array.from(header.querySelector('.tf-first-text')!.children, (line) => line.className)).toEqual(['tf-first-line', 'tf-first-title', 'tf-first-line']);
    expect(header.querySelector('.tf-first-text')!.textContent).toBe(name);
  });

  it("puts a playlist's description (invisible) under its name, tints its header, and paints a name without a picture", async () => {
    at('/playlists/p1');
    stubApi(USER, { '/api/playlists/p1': { playlist_name: 'Ferry', description: 'For the crossing', playlist_cover_url: null } });
    await expect(paintSignedIn(SIGNED_IN_PAINT_OPTIONS)).resolves.toBe(true);
    expect(splash().querySelector('.tf-first-hero img')).toBeNull();
    expect(splash().querySelector('.tf-first-description')).toHaveTextContent('For the crossing');
    expect((splash().querySelector('.tf-first-header') as HTMLElement).style.getPropertyValue('--tf-first-tint')).toBe('rgba(40, 96, 144, 0.6)');
  });

  it("paints an artist's name and round picture, and All Songs' title over its gradient box", async () => {
    at('/artists/r1');
    stubApi(USER, { '/api/artists/r1': { artist: { name: 'Mara', picture_url: COVER } } });
    await expect(paintSignedIn(SIGNED_IN_PAINT_OPTIONS)).resolves.toBe(true);
    expect(splash().querySelector('.tf-first-title')).toHaveTextContent('Mara');
    expect(splash().querySelector('.tf-first-hero')).toHaveClass('tf-first-round');
    at('/songs');
    document.body.innerHTML = '<div id="root"><div class="tf-splash" role="status">Tunafy</div></div>';
    await expect(paintSignedIn(SIGNED_IN_PAINT_OPTIONS)).resolves.toBe(true);
    expect(splash().querySelector('.tf-first-title')).toHaveTextContent('All Songs');
    expect(splash().querySelector('.tf-first-gradient')).not.toBeNull();
    expect(splash().querySelector('.tf-first-description')).toHaveTextContent('All the songs in our library.');
  });

  it("asks a guest's item for nothing, and paints nothing for an item without a name", async () => {
    at('/albums/a1');
    const fetch = stubApi(null, { '/api/albums/a1': { album_name: 'Tide' } });
    await expect(paintSignedIn(SIGNED_IN_PAINT_OPTIONS)).resolves.toBe(false);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([SESSION_PROBE_PATH]);
    stubApi(USER, { '/api/albums/a1': { album_cover_url: COVER } });
    await expect(paintSignedIn(SIGNED_IN_PAINT_OPTIONS)).resolves.toBe(false);
    expect(splash()).toHaveTextContent('Tunafy');
  });
});

describe('signedInPaintCall', () => {
  it('is the painter on its own: run as an inline script, it paints as the module does', async () => {
    at('/albums/a1');
    stubApi(USER, { '/api/albums/a1': { album_cover_url: COVER } });
    new Function(`${signedInPaintCall()};`)();
    await vi.waitFor(() => expect(splash().querySelectorAll('img')).toHaveLength(1));
  });
});
