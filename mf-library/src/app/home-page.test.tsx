import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ANN, BOB, album, playlist } from '../test/fixtures';
import { serveGets, stubApiClient, type FakeApi } from '../test/fake-api';
import { currentPath, publishSession, recordBus, renderAt } from '../test/render';
import HomePage, { preloadCovers } from './home-page';

let api: FakeApi;
const WITH_TEXT = playlist({ playlist_name: 'Chill', description: 'Slow songs for late nights', playlist_cover_url: '/api/files/p1' });
const WITHOUT = playlist({ playlist_name: 'Gym', creator_username: 'bob', creator_id: BOB.id });
const NIGHT = album({ album_name: 'Night Drive', artist_username: 'ann' });

beforeEach(() => {
  api = stubApiClient();
  serveGets(api, { '/api/playlists?': { playlists: [WITH_TEXT, WITHOUT], next_cursor: null, total: 2 }, '/api/albums?': { albums: [NIGHT], next_cursor: null, total: 1 } });
});

function renderHome(user: typeof ANN | null) {
  renderAt('/', { '/': <HomePage />, '/playlists': <p>Playlists</p>, '/albums': <p>Albums</p>, '/playlists/:id': <p>Playlist page</p>, '/albums/:id': <p>Album page</p> });
  publishSession(user);
}

describe('Home', () => {
  it('has the two sections with Show all links, and cards with the spec texts', async () => {
    renderHome(ANN);
    const playlists = screen.getByRole('region', { name: 'Tunafy Playlists' });
    const albums = screen.getByRole('region', { name: 'Tunafy Albums' });
    expect(within(playlists).getByRole('link', { name: 'Show all Tunafy Playlists' })).toHaveAttribute('href', '/playlists');
    expect(within(albums).getByRole('link', { name: 'Show all Tunafy Albums' })).toHaveAttribute('href', '/albums');
    expect(await within(playlists).findByRole('link', { name: 'Chill Slow songs for late nights' })).toHaveAttribute('href', `/playlists/${WITH_TEXT.id}`);
    expect(within(playlists).getByRole('link', { name: 'Gym By bob' })).toBeInTheDocument();
    expect(await within(albums).findByRole('link', { name: 'Night Drive By ann' })).toHaveAttribute('href', `/albums/${NIGHT.id}`);
    const cover = within(playlists).getByRole('link', { name: /Chill/ }).querySelector('img');
    expect(cover).toHaveAttribute('width', '176');
  });

  it('loads the first row of covers at once (the playlists’ ahead of everything), the rest lazily', async () => {
    const many = Array.from({ length: 8 }, (_, i) => playlist({ playlist_name: `Mix ${i + 1}`, playlist_cover_url: `/api/files/65a1f0c2b3d4e5f6a7b8c9${String(i).padStart(2, '0')}` }));
    serveGets(api, { '/api/playlists?': { playlists: many, next_cursor: null, total: 8 }, '/api/albums?': { albums: [NIGHT], next_cursor: null, total: 1 } });
    renderHome(null);
    const playlists = screen.getByRole('region', { name: 'Tunafy Playlists' });
    await within(playlists).findByRole('link', { name: /^Mix 8/ });
    const covers = within(playlists).getAllByRole('link', { name: /^Mix/ }).map((link) => link.querySelector('img')!);
    expect(covers.map((cover) => `${cover.getAttribute('loading')} ${cover.getAttribute('fetchpriority')}`)).toEqual([...Array(6).fill('eager high'), 'lazy null', 'lazy null']);
    // A phone's two columns of ~150 px pick a small derived size; a laptop's column ~240 px.
    expect(covers[0]).toHaveAttribute('sizes', '(max-width: 479px) calc(50vw - 46px), 240px');
    expect(covers[0]!.getAttribute('srcset')).toContain('?size=300 300w');
    const albumCover = within(screen.getByRole('region', { name: 'Tunafy Albums' })).getByRole('link', { name: /Night Drive/ }).querySelector('img');
    expect(albumCover).toHaveAttribute('loading', 'eager');
    expect(albumCover).not.toHaveAttribute('fetchpriority');
  });

  it('starts the first two covers when the playlists arrive, with the cards’ own srcset and sizes', () => {
    const ids = ['65a1f0c2b3d4e5f6a7b8c9e1', '65a1f0c2b3d4e5f6a7b8c9e2', '65a1f0c2b3d4e5f6a7b8c9e3'];
    const playlists = [playlist({ playlist_cover_url: null }), ...ids.map((id) => playlist({ playlist_cover_url: `/api/files/${id}` }))];
    preloadCovers({ playlists, next_cursor: null, total: playlists.length });
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];
    // The first two playlists: one has no cover, so only the second's is fetched early.
    expect(links.map((link) => link.getAttribute('imagesrcset'))).toEqual([expect.stringContaining(`/api/files/${ids[0]}?size=300 300w`)]);
    expect(links[0]).toHaveAttribute('imagesizes', '(max-width: 479px) calc(50vw - 46px), 240px');
    expect(links[0]).toHaveAttribute('fetchpriority', 'high');
    links.forEach((link) => link.remove());
  });

  it('lets a user open a card', async () => {
    renderHome(ANN);
    await userEvent.click(await screen.findByRole('link', { name: 'Night Drive By ann' }));
    expect(currentPath()).toBe(`/albums/${NIGHT.id}`);
  });

  it('asks a guest to log in instead of opening a card or a list', async () => {
    const modals = recordBus('ui:open-modal');
    renderHome(null);
    await userEvent.click(await screen.findByRole('link', { name: 'Night Drive By ann' }));
    await userEvent.click(screen.getByRole('link', { name: 'Gym By bob' }));
    await userEvent.click(screen.getByRole('link', { name: 'Show all Tunafy Albums' }));
    expect(currentPath()).toBe('/');
    expect(modals).toEqual([{ modal: 'please-log-in' }, { modal: 'please-log-in' }, { modal: 'please-log-in' }]);
  });

  it('says what to do when there is nothing yet', async () => {
    serveGets(api, { '/api/playlists?': { playlists: [], next_cursor: null, total: 0 }, '/api/albums?': { albums: [], next_cursor: null, total: 0 } });
    renderHome(ANN);
    expect(await screen.findByText('No playlists yet')).toBeInTheDocument();
    expect(await screen.findByText('No albums yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Playlist' })).toHaveAttribute('href', '/playlists/new');
  });
});
