import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_COVER_SIZES, HOME_PLAYLISTS_PATH, SESSION_PROBE_PATH } from '@tunafy/contracts';
import { coverSrcSet } from '@tunafy/ui';
import { FIRST_PAINT_OPTIONS, guestHomePaintCall, paintGuestHome } from './guest-home-paint';

const COVER = '/api/files/0123456789abcdef01234567';

/** The API as the page meets it: who is logged in, and the home page's playlists (their covers). */
function stubApi(user: unknown, covers: (string | null)[]) {
  const answers: Record<string, unknown> = {
    [SESSION_PROBE_PATH]: { user },
    [HOME_PLAYLISTS_PATH]: { playlists: covers.map((url, index) => ({ id: String(index), playlist_cover_url: url })) },
  };
  const fetch = vi.fn(async (url: string) => new Response(JSON.stringify(answers[url]), { status: answers[url] ? 200 : 404 }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function stubPhone(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: phone && query === FIRST_PAINT_OPTIONS.query }));
}

const splash = () => document.querySelector('.tf-splash')!;

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  document.body.innerHTML = '<div id="root"><div class="tf-splash" role="status" aria-label="Loading Tunafy">Tunafy</div></div>';
  stubPhone(true);
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('paintGuestHome', () => {
  it("paints a guest's first playlist covers with the cards' own srcset and sizes, the first two first", async () => {
    const fetch = stubApi(null, [COVER, COVER.replace('0123', 'ffff'), null, COVER, COVER, COVER, COVER, COVER]);
    await expect(paintGuestHome(FIRST_PAINT_OPTIONS)).resolves.toBe(true);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([SESSION_PROBE_PATH, HOME_PLAYLISTS_PATH]);
    const cards = splash().querySelectorAll('li');
    expect(cards).toHaveLength(FIRST_PAINT_OPTIONS.cards);
    const images = splash().querySelectorAll('img');
    // The third playlist has no cover: its box stays a placeholder.
    expect(images).toHaveLength(5);
    expect(images[0]!.getAttribute('srcset')).toBe(coverSrcSet(COVER));
    expect(images[1]!.getAttribute('srcset')).toBe(coverSrcSet(COVER.replace('0123', 'ffff')));
    expect([...images].every((image) => image.getAttribute('sizes') === CARD_COVER_SIZES && image.alt === '')).toBe(true);
    expect([...images].map((image) => image.getAttribute('fetchpriority'))).toEqual(['high', 'high', null, null, null]);
    // Still the loading region the app replaces (tests wait for it to go).
    expect(splash()).toHaveClass('tf-first');
    expect(splash()).toHaveAttribute('role', 'status');
  });

  it("leaves a logged-in user's splash alone: their home does not start with these shelves", async () => {
    stubApi({ id: 'u1', username: 'ann' }, [COVER]);
    await expect(paintGuestHome(FIRST_PAINT_OPTIONS)).resolves.toBe(false);
    expect(splash()).toHaveTextContent('Tunafy');
    expect(splash().querySelector('img')).toBeNull();
  });

  it('does nothing off the home page, or once the app has rendered', async () => {
    const fetch = stubApi(null, [COVER]);
    window.history.replaceState(null, '', '/songs');
    await expect(paintGuestHome(FIRST_PAINT_OPTIONS)).resolves.toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/');
    const answered = paintGuestHome(FIRST_PAINT_OPTIONS);
    document.getElementById('root')!.replaceChildren();
    await expect(answered).resolves.toBe(false);
  });

  it("on a wide screen, paints the same covers inside the layout's frame, and still nothing for a user", async () => {
    stubPhone(false);
    stubApi(null, [COVER, COVER, COVER]);
    await expect(paintGuestHome(FIRST_PAINT_OPTIONS)).resolves.toBe(true);
    expect(splash()).toHaveClass('tf-wide', 'tf-guest');
    expect(splash()).toHaveAttribute('role', 'status');
    expect(splash().querySelectorAll('.tf-first-main > .tf-first-grid img')).toHaveLength(3);
    expect(splash().querySelector('.tf-first-main')).toHaveAttribute('aria-hidden', 'true');
    expect(splash().querySelector('img')).toHaveAttribute('sizes', CARD_COVER_SIZES);
    document.body.innerHTML = '<div id="root"><div class="tf-splash" role="status">Tunafy</div></div>';
    stubApi({ id: 'u1', username: 'ann' }, [COVER]);
    await expect(paintGuestHome(FIRST_PAINT_OPTIONS)).resolves.toBe(false);
    expect(splash()).not.toHaveClass('tf-wide');
  });

  it('paints nothing when an answer fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 503 })));
    await expect(paintGuestHome(FIRST_PAINT_OPTIONS)).resolves.toBe(false);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    await expect(paintGuestHome(FIRST_PAINT_OPTIONS)).resolves.toBe(false);
    expect(splash().querySelector('img')).toBeNull();
  });
});

describe('guestHomePaintCall', () => {
  it('is the painter on its own: run as an inline script, it paints as the module does', async () => {
    stubApi(null, [COVER, COVER]);
    new Function(`${guestHomePaintCall()};`)();
    await vi.waitFor(() => expect(splash().querySelectorAll('img')).toHaveLength(2));
  });
});
