import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PlaylistSong, Song } from '@tunafy/contracts';
import { ANN, BOB, playlist, song } from '../test/fixtures';
import { formFields, pagedAnswer, serveGets, stubApiClient, type FakeApi } from '../test/fake-api';
import { deleteFromMenu, expectNoOwnerControls } from '../test/detail-page';
import { currentPath, publishSession, renderAt } from '../test/render';
import PlaylistDetailPage from './playlist-detail-page';

let api: FakeApi;
const CHILL = playlist({ playlist_name: 'Chill', description: 'Slow songs for late nights', private: true });
const ONE = song({ song_name: 'Blue Hour', duration: 100, artist_id: BOB.id, artist_username: 'bob' });
const TWO = song({ song_name: 'Lone Pine', duration: 50 });

function entry(item: Song): PlaylistSong {
  return { id: `e${item.id.slice(1)}`, playlist_id: CHILL.id, song_id: item.id, added_at: '2026-11-01T00:00:00.000Z', song: item };
}

beforeEach(() => {
  api = stubApiClient();
});

function renderPage(viewer = ANN) {
  let songs = [ONE, TWO];
  serveGets(api, {
    [`/api/playlists/${CHILL.id}`]: () => ({ ...CHILL, song_count: songs.length, total_duration: songs.reduce((sum, item) => sum + item.duration, 0) }),
    [`/api/playlists/${CHILL.id}/songs`]: pagedAnswer(() => songs.map(entry), (page) => ({ playlist_songs: page })),
  });
  renderAt(`/playlists/${CHILL.id}`, { '/playlists/:playlistId': <PlaylistDetailPage />, '/playlists': <p>Playlists</p> });
  publishSession(viewer);
  return { setSongs: (next: Song[]) => (songs = next) };
}

describe('Playlist detail', () => {
  it('shows name, description, creator, count and length', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Chill' })).toBeInTheDocument();
    expect(screen.getByText('Slow songs for late nights')).toBeInTheDocument();
    expect(screen.getByText('Private Playlist')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('2 songs')).toBeInTheDocument());
    expect(screen.getByText('2 min 30 sec')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'ann' })).toHaveAttribute('href', `/users/${ANN.id}`);
  });

  it('gives the creator Delete and Remove on every row, whoever the artist', async () => {
    const { setSongs } = renderPage();
    const list = await screen.findByRole('grid', { name: 'Songs of Chill' });
    await userEvent.click(within(list).getByRole('button', { name: 'Remove Blue Hour from Chill' }));
    const dialog = screen.getByRole('dialog', { name: 'Removing from "Chill"' });
    expect(dialog).toHaveAccessibleDescription('"Blue Hour" will no longer be in "Chill".');
    api.delete.mockResolvedValue({ playlist_songs: [entry(TWO)] });
    setSongs([TWO]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(api.delete.mock.calls[0]![0]).toBe(`/api/playlists/${CHILL.id}/remove`);
    expect(formFields(api.delete.mock.calls[0]![1]?.form)).toEqual({ song_id: ONE.id });
    await waitFor(() => expect(screen.getByText('1 song')).toBeInTheDocument());

    // Private playlists cannot be shared (docs/shares.md): the menu leaves the item out.
    await userEvent.click(screen.getByRole('button', { name: 'More options for Chill' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Delete']);
  });

  it('lets the creator of a public playlist copy a link to share it', async () => {
    const open = { ...CHILL, private: false };
    serveGets(api, {
      [`/api/playlists/${CHILL.id}`]: { ...open, song_count: 0, total_duration: 0 },
      [`/api/playlists/${CHILL.id}/songs`]: pagedAnswer(() => [], (page) => ({ playlist_songs: page })),
    });
    renderAt(`/playlists/${CHILL.id}`, { '/playlists/:playlistId': <PlaylistDetailPage /> });
    publishSession(ANN);
    await userEvent.click(await screen.findByRole('button', { name: 'More options for Chill' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Copy link to share', 'Delete']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Copy link to share' }));
    expect(await screen.findByRole('dialog', { name: 'Share Chill' })).toBeInTheDocument();
  });

  it('deletes after the spec confirmation and goes to /playlists', async () => {
    renderPage();
    api.delete.mockResolvedValue({ id: CHILL.id, deleted: true });
    await deleteFromMenu('Chill');
    await waitFor(() => expect(currentPath()).toBe('/playlists'));
    expect(api.delete).toHaveBeenCalledWith(`/api/playlists/${CHILL.id}`);
  });

  it('keeps the menu and Remove from everyone else', async () => {
    renderPage(BOB);
    await expectNoOwnerControls('Chill');
  });

  it('keeps a failed removal in the dialog instead of swallowing it', async () => {
    renderPage();
    api.delete.mockRejectedValue(Object.assign(new Error('x'), { name: 'Error' }));
    const list = await screen.findByRole('grid', { name: 'Songs of Chill' });
    await userEvent.click(within(list).getByRole('button', { name: 'Remove Lone Pine from Chill' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Something went wrong. Please try again');
  });
});
