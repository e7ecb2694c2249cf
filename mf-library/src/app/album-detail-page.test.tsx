import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ANN, BOB, album, song } from '../test/fixtures';
import { formFields, pagedAnswer, serveGets, stubApiClient, type FakeApi } from '../test/fake-api';
import { deleteFromMenu, expectNoOwnerControls } from '../test/detail-page';
import { currentPath, publishSession, recordBus, renderAt } from '../test/render';
import AlbumDetailPage from './album-detail-page';

let api: FakeApi;
const NIGHT = album({ album_name: 'Night Drive' });
const ONE = song({ song_name: 'Blue Hour', duration: 185, album_id: NIGHT.id, album_name: 'Night Drive' });
const TWO = song({ song_name: 'Lone Pine', duration: 65, album_id: NIGHT.id, album_name: 'Night Drive' });

beforeEach(() => {
  api = stubApiClient();
});

function renderPage(viewer = ANN, songs = [ONE, TWO]) {
  let current = songs;
  serveGets(api, {
    // The header's totals come with the album (AlbumDetail); its songs are read a page at a time.
    [`/api/albums/${NIGHT.id}`]: () => ({ ...NIGHT, song_count: current.length, total_duration: current.reduce((sum, item) => sum + item.duration, 0) }),
    [`/api/albums/${NIGHT.id}/songs`]: pagedAnswer(() => current, (page) => ({ songs: page })),
  });
  renderAt(`/albums/${NIGHT.id}`, { '/albums/:albumId': <AlbumDetailPage />, '/albums': <p>Albums</p>, '/albums/:albumId/update': <p>Update page</p> });
  publishSession(viewer);
  return { setSongs: (next: typeof songs) => (current = next) };
}

describe('Album detail', () => {
  it('shows the album artist (a link to its page) and the year when its tags give them', async () => {
    serveGets(api, {
      [`/api/albums/${NIGHT.id}`]: { ...NIGHT, album_artist: { id: 'va1', name: 'Various Artists' }, year: 1997, song_count: 1, total_duration: 185 },
      [`/api/albums/${NIGHT.id}/songs`]: pagedAnswer(() => [{ ...ONE, artists: [{ id: 'ar1', name: 'Björk' }] }], (page) => ({ songs: page })),
    });
    renderAt(`/albums/${NIGHT.id}`, { '/albums/:albumId': <AlbumDetailPage /> });
    publishSession(BOB);
    const header = await screen.findByRole('banner');
    await waitFor(() => expect(within(header).getByRole('link', { name: 'Various Artists' })).toHaveAttribute('href', '/artists/va1'));
    expect(header).toHaveTextContent('1997');
    expect(within(header).queryByRole('link', { name: 'ann' })).toBeNull();
    // Each row says who its song is by: a compilation's tracks keep their own artists.
    const rows = await screen.findByRole('grid', { name: 'Songs of Night Drive' });
    await waitFor(() => expect(within(rows).getByRole('link', { name: 'Björk' })).toHaveAttribute('href', '/artists/ar1'));
    expect(within(rows).getByRole('button', { name: 'Play Blue Hour by Björk' })).toBeInTheDocument();
  });

  it('shows no year for an album made with the form', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByText('2 songs')).toBeInTheDocument());
    expect(screen.getByRole('banner').querySelectorAll('p:last-child > span')).toHaveLength(3);
  });

  it('shows cover, name, artist, the song count and the total length', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Night Drive' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover of Night Drive' })).toHaveAttribute('width', '232');
    await waitFor(() => expect(screen.getByText('2 songs')).toBeInTheDocument());
    expect(screen.getByText('4 min 10 sec')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('ann');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'ann' })).toHaveAttribute('href', `/users/${ANN.id}`);
  });

  it('says "1 song" for one', async () => {
    renderPage(ANN, [ONE]);
    expect(await screen.findByText('1 song')).toBeInTheDocument();
    expect(screen.getByText('3 min 5 sec')).toBeInTheDocument();
  });

  it('gives its artist the Update and Delete menu and Remove on their songs', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'More options for Night Drive' }));
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Copy link to share', 'Update', 'Delete']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Update' }));
    expect(currentPath()).toBe(`/albums/${NIGHT.id}/update`);
  });

  it('shows no menu and no Remove to anyone else', async () => {
    renderPage(BOB);
    await expectNoOwnerControls('Night Drive');
  });

  it('confirms a removal with the spec texts, sends it and reloads the album', async () => {
    const { setSongs } = renderPage();
    api.put.mockResolvedValue({ songs: [TWO] });
    const list = await screen.findByRole('grid', { name: 'Songs of Night Drive' });
    await userEvent.click(within(list).getByRole('button', { name: 'Remove Blue Hour from Night Drive' }));
    const dialog = screen.getByRole('dialog', { name: 'Removing from "Night Drive"' });
    expect(dialog).toHaveAccessibleDescription('"Blue Hour" will no longer be in "Night Drive".');
    setSongs([TWO]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(api.put.mock.calls[0]![0]).toBe(`/api/albums/${NIGHT.id}/remove`);
    expect(formFields(api.put.mock.calls[0]![1]?.form)).toEqual({ song_id: ONE.id });
    await waitFor(() => expect(screen.getByText('1 song')).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('deletes after the spec confirmation and goes to /albums', async () => {
    const changes = recordBus('library:changed');
    renderPage();
    api.delete.mockResolvedValue({ id: NIGHT.id, deleted: true });
    await deleteFromMenu('Night Drive');
    expect(api.delete).toHaveBeenCalledWith(`/api/albums/${NIGHT.id}`);
    await waitFor(() => expect(currentPath()).toBe('/albums'));
    expect(changes).toContainEqual({ entity: 'album', id: NIGHT.id, action: 'deleted' });
  });

  it('says when the album does not exist', async () => {
    serveGets(api, {});
    renderAt('/albums/000000000000000000000000', { '/albums/:albumId': <AlbumDetailPage /> });
    publishSession(ANN);
    expect(await screen.findByText('This album isn’t here')).toBeInTheDocument();
  });
});
