import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getEventBus } from '@tunafy/event-bus';
import { ANN, BOB, album, playlist, song } from '../test/fixtures';
import { apiError, deferred, formFields, serveGets, stubApiClient, type FakeApi } from '../test/fake-api';
import { currentPath, publishSession, queueOf, recordBus, renderAt } from '../test/render';
import SongDetailPage from './song-detail-page';

let api: FakeApi;
const NIGHT = album({ album_name: 'Night Drive' });
const BLUE = song({ song_name: 'Blue Hour', duration: 185, album_id: NIGHT.id, album_name: 'Night Drive' });
const MINE = playlist({ playlist_name: 'Road trip', private: true });

beforeEach(() => {
  api = stubApiClient();
  serveGets(api, {
    [`/api/songs/${BLUE.id}`]: BLUE,
    [`/api/playlists/${ANN.id}/manage`]: { playlists: [MINE] },
    [`/api/playlists/${BOB.id}/manage`]: { playlists: [] },
    [`/api/albums/current/${ANN.id}`]: [NIGHT],
  });
});

function renderPage({ viewer = ANN, liked = false }: { viewer?: typeof ANN; liked?: boolean } = {}) {
  api.find.mockResolvedValue(liked ? { id: 'l'.padEnd(24, '0'), song_id: BLUE.id } : null);
  renderAt(`/songs/${BLUE.id}`, {
    '/songs/:songId': <SongDetailPage />,
    '/songs': <p>All songs</p>,
    '/playlists/:playlistId': <p>Playlist page</p>,
    '/albums/:albumId': <p>Album page</p>,
    '/songs/:songId/update': <p>Update page</p>,
  });
  publishSession(viewer);
}

const heart = () => screen.getByRole('button', { name: 'Like Blue Hour' });

async function openMenu() {
  await userEvent.click(await screen.findByRole('button', { name: 'More options for Blue Hour' }));
  return screen.getAllByRole('menuitem').map((item) => item.textContent);
}

/** As the song's artist: `item` in the song's menu, then the picker's entry named like `choice`. */
async function addFromMenu(item: 'Add to Playlist' | 'Add to Album', choice: RegExp) {
  renderPage();
  await openMenu();
  await userEvent.click(screen.getByRole('menuitem', { name: item }));
  const dialog = screen.getByRole('dialog', { name: item });
  await userEvent.click(await within(dialog).findByRole('button', { name: choice }));
}

describe('Song detail', () => {
  it('shows a tagged song’s credited artists, each a link to its page, and its genre as a link to the genre’s page', async () => {
    const tagged = { ...BLUE, artists: [{ id: 'ar1', name: 'Björk' }, { id: 'ar2', name: 'Thom Yorke' }], genre: 'Hip-Hop/Rap' };
    serveGets(api, { [`/api/songs/${BLUE.id}`]: tagged });
    renderPage();
    const header = await screen.findByRole('banner');
    await waitFor(() => expect(within(header).getByRole('link', { name: 'Björk' })).toHaveAttribute('href', '/artists/ar1'));
    expect(within(header).getByRole('link', { name: 'Thom Yorke' })).toHaveAttribute('href', '/artists/ar2');
    // The owner is not shown as its artist: the tags say who made it.
    expect(within(header).queryByRole('link', { name: 'ann' })).toBeNull();
    expect(within(header).getByRole('link', { name: 'Hip-Hop/Rap' })).toHaveAttribute('href', '/genres/Hip-Hop%2FRap');
  });

  it('shows cover, name, artist, album link and duration', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Blue Hour' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Night Drive' })).toHaveAttribute('href', `/albums/${NIGHT.id}`);
    expect(screen.getByText('3:05')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover of Blue Hour' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'ann' })).toHaveAttribute('href', `/users/${ANN.id}`);
  });

  it('plays the song, then toggles once it is playing', async () => {
    const commands = recordBus('player:command');
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Play Blue Hour' }));
    expect(commands[0]).toMatchObject({ type: 'play-list', index: 0, source: `song:${BLUE.id}` });
    const queue = queueOf(commands[0]);
    act(() => getEventBus().publish('player:state', { queue, index: 0, current: queue[0]!, playing: true, position: 0, source: `song:${BLUE.id}` }));
    await userEvent.click(screen.getByRole('button', { name: 'Pause Blue Hour' }));
    expect(commands[1]).toEqual({ type: 'toggle' });
  });

  it('shows the artist Add to Playlist, Add to Album, Update and Delete', async () => {
    renderPage();
    expect(await openMenu()).toEqual(['Play next', 'Add to queue', 'Add to Playlist', 'Add to Album', 'Copy link to share', 'Update', 'Delete']);
  });

  it('shows everyone else only Add to Playlist', async () => {
    renderPage({ viewer: BOB });
    expect(await openMenu()).toEqual(['Play next', 'Add to queue', 'Add to Playlist']);
  });

  it('sends the song to the player to play next or to the end of the queue', async () => {
    const commands = recordBus('player:command');
    renderPage({ viewer: BOB });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Play next' }));
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Add to queue' }));
    expect(commands.map((command) => command.type)).toEqual(['play-next', 'add-to-queue']);
    expect(commands.map((command) => ('song' in command ? command.song.id : null))).toEqual([BLUE.id, BLUE.id]);
    expect(commands[0]).toMatchObject({ song: { song_name: 'Blue Hour', song_file_url: BLUE.song_file_url, duration: 185 } });
  });

  it('fills the heart when liked, and flips it at once before the server answers', async () => {
    const answer = deferred<unknown>();
    api.delete.mockReturnValue(answer.promise);
    const changes = recordBus('library:changed');
    renderPage({ liked: true });
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'true'));
    expect(api.find).toHaveBeenCalledWith(`/api/collection/${ANN.id}/liked/${BLUE.id}`, expect.anything());
    await userEvent.click(heart());
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
    expect(api.delete.mock.calls[0]![0]).toBe(`/api/collection/${ANN.id}/delete`);
    expect(formFields(api.delete.mock.calls[0]![1]?.form)).toEqual({ song_id: BLUE.id });
    await act(async () => answer.resolve({ song_id: BLUE.id, liked: false }));
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
    expect(changes).toEqual([{ entity: 'like', id: BLUE.id, action: 'deleted' }]);
  });

  it('puts the heart back and says so when the like fails', async () => {
    api.post.mockRejectedValue(apiError(500));
    const notices = recordBus('ui:notify');
    renderPage();
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'false'));
    await userEvent.click(heart());
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'false'));
    expect(api.post.mock.calls[0]![0]).toBe(`/api/collection/${ANN.id}/new`);
    expect(notices).toEqual([{ kind: 'error', message: 'Could not update your Liked Songs. Please try again.' }]);
  });

  it('sends one request at a time, so fast clicks end where the last click left the heart', async () => {
    const like = deferred<unknown>();
    api.post.mockReturnValueOnce(like.promise);
    api.delete.mockResolvedValue({ song_id: BLUE.id, liked: false });
    renderPage();
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'false'));
    await userEvent.click(heart());
    await userEvent.click(heart());
    await userEvent.click(heart());
    expect(heart()).toHaveAttribute('aria-pressed', 'true');
    expect(api.post).toHaveBeenCalledTimes(1);
    expect(api.delete).not.toHaveBeenCalled();
    // Already liked on the server when the first answer comes: nothing more to send.
    await act(async () => like.resolve({ id: 'x', song_id: BLUE.id }));
    expect(api.delete).not.toHaveBeenCalled();
    expect(heart()).toHaveAttribute('aria-pressed', 'true');
  });

  it('picks one of my playlists, adds the song and goes to that playlist', async () => {
    api.put.mockResolvedValue({});
    await addFromMenu('Add to Playlist', /Road trip/);
    expect(api.put.mock.calls[0]![0]).toBe(`/api/playlists/${MINE.id}/add`);
    expect(formFields(api.put.mock.calls[0]![1]?.form)).toEqual({ song_id: BLUE.id });
    await waitFor(() => expect(currentPath()).toBe(`/playlists/${MINE.id}`));
  });

  it('tells a user with no playlists how to make one', async () => {
    renderPage({ viewer: BOB });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Add to Playlist' }));
    const dialog = screen.getByRole('dialog', { name: 'Add to Playlist' });
    expect(await within(dialog).findByText(/You have no playlists yet/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Create Playlist' })).toHaveAttribute('href', '/playlists/new');
  });

  it('adds the song to one of my albums and goes to that album', async () => {
    api.put.mockResolvedValue({ songs: [BLUE] });
    await addFromMenu('Add to Album', /Night Drive/);
    expect(api.put.mock.calls[0]![0]).toBe(`/api/albums/${NIGHT.id}/add`);
    await waitFor(() => expect(currentPath()).toBe(`/albums/${NIGHT.id}`));
  });

  it('deletes after the spec confirmation and goes to /songs', async () => {
    api.delete.mockResolvedValue({ id: BLUE.id, deleted: true });
    renderPage();
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleDescription('Are you sure? Deleting "Blue Hour" cannot be reversed.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.delete).not.toHaveBeenCalled();
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(api.delete).toHaveBeenCalledWith(`/api/songs/${BLUE.id}`);
    await waitFor(() => expect(currentPath()).toBe('/songs'));
  });
});
