import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RecentItemsResponse } from '@tunafy/contracts';
import HomePage from '../../app/home-page';
import { ANN, album, playlist, song } from '../../test/fixtures';
import { serveGets, stubApiClient, type FakeApi } from '../../test/fake-api';
import { publishSession, renderAt } from '../../test/render';

let api: FakeApi;
const NIGHT = album({ album_name: 'Night Drive', artist_username: 'ann' });
const ROAD = playlist({ playlist_name: 'Road Trip', creator_username: 'ann', creator_id: ANN.id });
const BLUE = song({ song_name: 'Blue Hour' });
const played_at = '2026-11-28T10:00:00.000Z';
const RECENT: RecentItemsResponse = {
  items: [
    { kind: 'album', played_at, album: NIGHT },
    { kind: 'liked', played_at },
    { kind: 'artist', played_at, artist: { id: 'e00000000000000000000001', name: 'Björk', sort_name: 'Björk', musicbrainz_id: null, song_count: 3, album_count: 1, picture_url: null } },
    { kind: 'playlist', played_at, playlist: ROAD },
    { kind: 'genre', played_at, genre: { name: 'Hip-Hop/Rap', song_count: 2 } },
    { kind: 'song', played_at, song: BLUE },
  ],
};

function renderHome(user: typeof ANN | null, recent: RecentItemsResponse | Error = RECENT) {
  serveGets(api, {
    '/api/playlists?': { playlists: [], next_cursor: null, total: 0 },
    '/api/albums?': { albums: [], next_cursor: null, total: 0 },
    '/api/me/recent-items': recent,
  });
  renderAt('/', { '/': <HomePage /> });
  publishSession(user);
}

beforeEach(() => {
  api = stubApiClient();
});

describe('Recently played on the home page', () => {
  it('shows the places the listener last played from, latest first, each opening its page', async () => {
    renderHome(ANN);
    const shelf = await screen.findByRole('region', { name: 'Recently played' });
    // The answer renders as a transition (decision 0026): the shelf's skeleton may show before its cards.
    const cards = await within(await within(shelf).findByRole('list', { name: 'Recently played' })).findAllByRole('link', { name: /./ });
    const pages = cards.filter((link) => link.getAttribute('aria-label')).map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]);
    expect(pages).toEqual([
      ['Night Drive By ann', `/albums/${NIGHT.id}`],
      ['Liked Songs Your liked songs', '/collection/tracks'],
      ['Björk Artist', '/artists/e00000000000000000000001'],
      ['Road Trip By ann', `/playlists/${ROAD.id}`],
      ['Hip-Hop/Rap Genre', '/genres/Hip-Hop%2FRap'],
      [`Blue Hour By ${BLUE.artist_username}`, `/songs/${BLUE.id}`],
    ]);
    expect(within(shelf).getByRole('link', { name: 'Show all Recently played' })).toHaveAttribute('href', '/history');
    // It comes first, above the SPEC's two shelves.
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby') && region.textContent?.slice(0, 15))[0]).toContain('Recently played');
  });

  it.each([
    ['the listener has no plays yet', { items: [] }],
    ['it cannot be loaded', new Error('offline')],
  ])('is left out when %s', async (_case, recent) => {
    renderHome(ANN, recent);
    await screen.findByRole('region', { name: 'Tunafy Albums' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Recently played' })).toBeNull();
  });

  it('asks nothing for a guest', async () => {
    renderHome(null);
    await screen.findByRole('region', { name: 'Tunafy Albums' });
    expect(api.get.mock.calls.map(([path]) => path)).not.toContain('/api/me/recent-items?limit=10');
    expect(screen.queryByRole('region', { name: 'Recently played' })).toBeNull();
  });
});
