import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Album, Playlist } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';
import { ANN, album, playlist } from '../test/fixtures';
import { serveGets, stubApiClient, type FakeApi } from '../test/fake-api';
import { publishSession, renderAt } from '../test/render';
import SidebarLibrary from './sidebar-library';
import YourLibraryPage from './your-library-page';

let api: FakeApi;
let playlists: Playlist[];
let albums: Album[];
let likedTotal: number;

const ROAD_TRIP = playlist({ playlist_name: 'Road Trip', private: true, created_at: '2026-11-03T10:00:00.000Z' });
const CHILL = playlist({ playlist_name: 'Chill Café', created_at: '2026-11-01T10:00:00.000Z' });
const NIGHT_DRIVE = album({ album_name: 'Night Drive', created_at: '2026-11-02T10:00:00.000Z' });

beforeEach(() => {
  api = stubApiClient();
  playlists = [CHILL, ROAD_TRIP];
  albums = [NIGHT_DRIVE];
  likedTotal = 12;
  serveGets(api, {
    [`/api/playlists/${ANN.id}/manage`]: () => ({ playlists }),
    [`/api/albums/current/${ANN.id}`]: () => albums,
    // The count is the page's total; the one row asked for is not shown.
    [`/api/collection/${ANN.id}/tracks?`]: () => ({ tracks: [], next_cursor: null, total: likedTotal }),
  });
});

/** The rows' accessible names, top to bottom. */
function rowNames(): string[] {
  const list = screen.getByRole('list', { name: 'Your playlists and albums' });
  return within(list)
    .queryAllByRole('link')
    .map((link) => link.textContent ?? '');
}

function changed(entity: 'playlist' | 'album' | 'like', id: string, action: 'created' | 'updated' | 'deleted') {
  act(() => getEventBus().publish('library:changed', { entity, id, action }));
}

describe('SidebarLibrary', () => {
  it('lists Liked Songs with its count, then playlists and albums newest first, private ones marked', async () => {
    renderAt('/', { '/': <SidebarLibrary /> });
    publishSession(ANN);

    await waitFor(() => expect(rowNames()).toEqual(['Liked SongsPlaylist • 12 songs', 'Road TripPlaylist', 'Night DriveAlbum', 'Chill CaféPlaylist']));
    const list = screen.getByRole('list', { name: 'Your playlists and albums' });
    expect(within(list).getByRole('link', { name: 'Road Trip private Playlist' })).toHaveAttribute('href', `/playlists/${ROAD_TRIP.id}`);
    expect(within(list).getByRole('link', { name: 'Chill Café Playlist' })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Night Drive Album' })).toHaveAttribute('href', `/albums/${NIGHT_DRIVE.id}`);
    expect(within(list).getByRole('link', { name: /^Liked Songs/ })).toHaveAttribute('href', '/collection/tracks');
    // Only the private one carries the mark.
    expect(within(list).getAllByRole('img', { name: 'private' })).toHaveLength(1);
  });

  it('filters by name, ignoring case and accents, and says when nothing matches', async () => {
    renderAt('/', { '/': <SidebarLibrary /> });
    publishSession(ANN);
    await waitFor(() => expect(rowNames()).toHaveLength(4));

    const filter = screen.getByRole('searchbox', { name: 'Filter your library' });
    await userEvent.type(filter, 'CAFE');
    await waitFor(() => expect(rowNames()).toEqual(['Chill CaféPlaylist']));

    await userEvent.clear(filter);
    await userEvent.type(filter, 'night d');
    await waitFor(() => expect(rowNames()).toEqual(['Night DriveAlbum']));

    await userEvent.clear(filter);
    await userEvent.type(filter, 'jazz');
    expect(await screen.findByText('No playlists or albums match “jazz”.')).toBeInTheDocument();
    expect(rowNames()).toEqual([]);

    await userEvent.clear(filter);
    await waitFor(() => expect(rowNames()).toHaveLength(4));
  });

  it('follows playlists and albums created, renamed and deleted elsewhere on the page, and the liked count', async () => {
    renderAt('/', { '/': <SidebarLibrary /> });
    publishSession(ANN);
    await waitFor(() => expect(rowNames()).toHaveLength(4));

    const fresh = playlist({ playlist_name: 'Just Made', created_at: '2026-11-05T10:00:00.000Z' });
    playlists = [...playlists, fresh];
    changed('playlist', fresh.id, 'created');
    await waitFor(() => expect(rowNames()[1]).toBe('Just MadePlaylist'));

    albums = [{ ...NIGHT_DRIVE, album_name: 'Night Drive (Deluxe)' }];
    changed('album', NIGHT_DRIVE.id, 'updated');
    await waitFor(() => expect(rowNames()).toContain('Night Drive (Deluxe)Album'));

    playlists = playlists.filter((item) => item.id !== ROAD_TRIP.id);
    changed('playlist', ROAD_TRIP.id, 'deleted');
    await waitFor(() => expect(rowNames()).toEqual(['Liked SongsPlaylist • 12 songs', 'Just MadePlaylist', 'Night Drive (Deluxe)Album', 'Chill CaféPlaylist']));

    likedTotal = 13;
    changed('like', 's1', 'created');
    await waitFor(() => expect(rowNames()[0]).toBe('Liked SongsPlaylist • 13 songs'));
  });

  it('marks the row of the page on screen as the current one', async () => {
    renderAt(`/albums/${NIGHT_DRIVE.id}`, { '/albums/:albumId': <SidebarLibrary /> });
    publishSession(ANN);
    const row = await screen.findByRole('link', { name: 'Night Drive Album' });
    expect(row).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Chill Café Playlist' })).not.toHaveAttribute('aria-current');
  });

  it('offers a retry when the lists cannot be loaded', async () => {
    let fail = true;
    serveGets(api, {
      [`/api/playlists/${ANN.id}/manage`]: () => (fail ? new Error('down') : { playlists }),
      [`/api/albums/current/${ANN.id}`]: () => albums,
      [`/api/collection/${ANN.id}/tracks?`]: { tracks: [], next_cursor: null, total: 0 },
    });
    renderAt('/', { '/': <SidebarLibrary /> });
    publishSession(ANN);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Couldn’t load your playlists and albums.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rowNames()).toEqual(['Liked SongsPlaylist • 0 songs', 'Road TripPlaylist', 'Night DriveAlbum', 'Chill CaféPlaylist']));
  });

  it('shows nothing to a guest', () => {
    const { container } = renderAt('/', { '/': <SidebarLibrary /> });
    publishSession(null);
    expect(container.querySelector('section')).toBeNull();
    expect(api.get).not.toHaveBeenCalled();
  });
});

describe('YourLibraryPage', () => {
  it('is the same list under a page heading, with the sidebar’s shortcuts', async () => {
    renderAt('/library', { '/library': <YourLibraryPage /> });
    publishSession(ANN);
    expect(screen.getByRole('heading', { level: 1, name: 'Your Library' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Your Library' });
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(4));
    const shortcuts = screen.getByRole('navigation', { name: 'Library shortcuts' });
    expect(within(shortcuts).getByRole('link', { name: 'Create Playlist' })).toHaveAttribute('href', '/playlists/new');
    expect(within(shortcuts).getByRole('link', { name: 'All Songs' })).toHaveAttribute('href', '/songs');
  });

  it('asks a guest to log in', () => {
    renderAt('/library', { '/library': <YourLibraryPage /> });
    publishSession(null);
    expect(screen.getByRole('heading', { name: 'Please log in' })).toBeInTheDocument();
  });
});
