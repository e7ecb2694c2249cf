import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { artistLetter, type Artist } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';
import { ANN } from '../test/fixtures';
import { serveGets, stubApiClient, type FakeApi } from '../test/fake-api';
import { currentPath, fakeWindowScrolling, publishSession, renderAt } from '../test/render';
import ArtistsPage from './artists-page';

let api: FakeApi;
beforeEach(() => {
  api = stubApiClient();
});
afterEach(() => {
  vi.restoreAllMocks();
});

function artist(name: string, overrides: Partial<Artist> = {}): Artist {
  return { id: `ar-${name}`, name, sort_name: name, musicbrainz_id: null, song_count: 3, album_count: 1, picture_url: null, ...overrides };
}

const CATALOG = [
  artist('!!!', { song_count: 1, album_count: 0 }),
  artist('ABBA', { picture_url: '/api/files/abba' }),
  artist('Beatles, The', { song_count: 12, album_count: 2 }),
  artist('Björk', { song_count: 40, album_count: 5 }),
  artist('Blur'),
];

/** GET /api/artists as the API answers it: A–Z, filtered by `letter`, a page by limit and offset, with the total. */
function serveArtists(all: readonly Artist[] = CATALOG) {
  serveGets(api, {
    '/api/artists?': (path: string) => {
      const query = new URL(path, 'http://test').searchParams;
      const letter = query.get('letter');
      const listed = letter ? all.filter((item) => artistLetter(item.sort_name) === letter) : all;
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit'));
      return { artists: listed.slice(offset, offset + limit), next_cursor: null, total: listed.length };
    },
  });
}

function renderPage(path = '/artists') {
  renderAt(path, { '/artists': <ArtistsPage />, '/artists/:artistId': <p>Artist page</p>, '/genres': <p>Genres</p> });
  publishSession(ANN);
}

const grid = () => screen.getByRole('grid', { name: /^Artists/ });
const names = () => within(grid()).queryAllByRole('link').map((link) => link.textContent);
const requested = () => api.get.mock.calls.map(([path]) => path);

describe('Artists page', () => {
  it('lists every artist A–Z with its picture, name and counts, each a link to its page', async () => {
    serveArtists();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Artists' })).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['!!!', 'ABBA', 'Beatles, The', 'Björk', 'Blur']));
    expect(screen.getByText('5 artists')).toBeInTheDocument();
    const bjork = within(grid()).getByRole('link', { name: 'Björk' });
    expect(bjork).toHaveAttribute('href', '/artists/ar-Bj%C3%B6rk');
    const row = bjork.closest('[role="row"]')!;
    expect(row).toHaveTextContent('40 songs • 5 albums');
    expect(within(grid()).getByText('1 song')).toBeInTheDocument();
    // A picture when the API has one (an album's cover), a placeholder otherwise; both decorative beside the name.
    expect(grid().querySelectorAll('img')).toHaveLength(1);
    expect(requested()).toEqual(['/api/artists?limit=100&offset=0']);
  });

  it('has a letter bar, All then A to Z and #, with the letter shown marked as the current page', async () => {
    serveArtists();
    renderPage('/artists?letter=b');
    const letters = screen.getByRole('navigation', { name: 'Artists by letter' });
    const links = within(letters).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['All', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#']);
    expect(within(letters).getByRole('link', { name: 'B' })).toHaveAttribute('aria-current', 'page');
    expect(within(letters).getByRole('link', { name: 'All artists' })).not.toHaveAttribute('aria-current');
    expect(within(letters).getByRole('link', { name: /^#/ })).toHaveAttribute('href', '/artists?letter=%23');
    await waitFor(() => expect(names()).toEqual(['Beatles, The', 'Björk', 'Blur']));
    expect(screen.getByText('3 artists under B')).toBeInTheDocument();
    expect(grid()).toHaveAccessibleName('Artists under B');
    expect(requested()).toEqual(['/api/artists?limit=100&offset=0&letter=B']);
  });

  it('filters by another letter from the bar, and back to all', async () => {
    serveArtists();
    renderPage();
    await waitFor(() => expect(names()).toHaveLength(5));
    const letters = screen.getByRole('navigation', { name: 'Artists by letter' });
    await userEvent.click(within(letters).getByRole('link', { name: 'A' }));
    expect(currentPath()).toBe('/artists?letter=A');
    await waitFor(() => expect(names()).toEqual(['ABBA']));
    // The bar stays, and so does focus on the letter chosen; only the list under it is new.
    expect(within(letters).getByRole('link', { name: 'A' })).toHaveAttribute('aria-current', 'page');
    expect(within(letters).getByRole('link', { name: 'A' })).toHaveFocus();
    await userEvent.click(within(letters).getByRole('link', { name: /^#/ }));
    await waitFor(() => expect(names()).toEqual(['!!!']));
    expect(requested()).toContain('/api/artists?limit=100&offset=0&letter=%23');
    await userEvent.click(within(letters).getByRole('link', { name: 'All artists' }));
    await waitFor(() => expect(names()).toHaveLength(5));
  });

  it('says when no artist is under a letter, with a way back to all of them', async () => {
    serveArtists();
    renderPage('/artists?letter=Q');
    expect(await screen.findByRole('heading', { name: 'No artists under Q' })).toBeInTheDocument();
    // The letter bar's All and the empty state's own way out.
    const ways = screen.getAllByRole('link', { name: 'All artists' });
    expect(ways).toHaveLength(2);
    for (const link of ways) expect(link).toHaveAttribute('href', '/artists');
  });

  it('takes an unknown ?letter= as every artist', async () => {
    serveArtists();
    renderPage('/artists?letter=Ä1');
    await waitFor(() => expect(names()).toHaveLength(5));
    expect(requested()).toEqual(['/api/artists?limit=100&offset=0']);
  });

  it('invites the first upload when there are no artists at all', async () => {
    serveArtists([]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No artists yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload Music' })).toHaveAttribute('href', '/upload');
  });

  it('stays a window of rows at 10,000 artists, and End reaches the last one fetching only its page', async () => {
    const many = Array.from({ length: 10_000 }, (_, index) => artist(`Artist ${String(index).padStart(5, '0')}`));
    fakeWindowScrolling();
    serveArtists(many);
    renderPage();
    await waitFor(() => expect(names()[0]).toBe('Artist 00000'));
    expect(grid()).toHaveAttribute('aria-rowcount', '10000');
    expect(within(grid()).getAllByRole('row').length).toBeLessThan(60);
    expect(screen.getByText('10,000 artists')).toBeInTheDocument();

    within(grid()).getByRole('link', { name: 'Artist 00000' }).focus();
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(within(grid()).getByRole('link', { name: 'Artist 09999' })).toHaveFocus());
    expect(requested()).toContain('/api/artists?limit=100&offset=9900');
    expect(requested().some((path) => path.includes('offset=5000'))).toBe(false);
    await userEvent.keyboard('{ArrowUp}');
    expect(within(grid()).getByRole('link', { name: 'Artist 09998' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(within(grid()).getByRole('link', { name: 'Artist 00000' })).toHaveFocus());
  });

  it('is one Tab stop, and Enter opens the focused artist', async () => {
    serveArtists();
    renderPage();
    await waitFor(() => expect(names()).toHaveLength(5));
    const links = within(grid()).getAllByRole('link');
    expect(links.map((link) => link.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    links[0]!.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(grid()).getByRole('link', { name: 'Beatles, The' })).toHaveFocus();
    expect(within(grid()).getAllByRole('link').map((link) => link.tabIndex)).toEqual([-1, -1, 0, -1, -1]);
    await userEvent.keyboard('{Enter}');
    expect(currentPath()).toBe('/artists/ar-Beatles%2C%20The');
  });

  it('reads the list again when songs change elsewhere (an artist appears or goes)', async () => {
    let current = CATALOG.slice(0, 2);
    serveGets(api, { '/api/artists?': () => ({ artists: current, next_cursor: null, total: current.length }) });
    renderPage();
    await waitFor(() => expect(names()).toHaveLength(2));
    current = CATALOG;
    getEventBus().publish('library:changed', { entity: 'song', id: 's1', action: 'created' });
    await waitFor(() => expect(names()).toHaveLength(5));
  });

  it('asks a guest to log in and fetches nothing', async () => {
    renderAt('/artists', { '/artists': <ArtistsPage /> });
    publishSession(null);
    expect(await screen.findByRole('heading', { name: 'Please log in' })).toBeInTheDocument();
    expect(api.get).not.toHaveBeenCalled();
  });
});
