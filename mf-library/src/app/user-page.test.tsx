import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Album, Playlist, Song, UserProfile } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';
import { ANN, BOB, album, playlist, song } from '../test/fixtures';
import { apiError, pagedAnswer, serveGets, stubApiClient, type FakeApi } from '../test/fake-api';
import { currentPath, publishSession, queueOf, recordBus, renderAt } from '../test/render';
import UserPage from './user-page';

let api: FakeApi;
beforeEach(() => {
  api = stubApiClient();
});
afterEach(() => {
  vi.restoreAllMocks();
});

// Ann's songs as the API answers them: most played first.
const HIT = song({ song_name: 'The Hit', duration: 200 });
const SECOND = song({ song_name: 'Second Best', duration: 120 });
const DEEP_CUT = song({ song_name: 'Deep Cut', duration: 95 });
const NIGHT = album({ album_name: 'Night Drive' });
const OUT_LOUD = playlist({ playlist_name: 'Out Loud' });
const JUST_ME = playlist({ playlist_name: 'Just Me', private: true });

interface Ann {
  songs?: Song[];
  albums?: Album[];
  playlists?: Playlist[];
}

function renderUser(viewer = BOB, { songs = [HIT, SECOND, DEEP_CUT], albums = [NIGHT], playlists = [OUT_LOUD] }: Ann = {}) {
  const profile: UserProfile = { id: ANN.id, username: ANN.username, song_count: songs.length, album_count: albums.length, playlist_count: playlists.length };
  serveGets(api, {
    [`/api/users/${ANN.id}`]: profile,
    [`/api/users/${ANN.id}/songs?`]: pagedAnswer(() => songs, (page) => ({ songs: page })),
    [`/api/users/${ANN.id}/albums?`]: pagedAnswer(() => albums, (page) => ({ albums: page })),
    [`/api/users/${ANN.id}/playlists?`]: pagedAnswer(() => playlists, (page) => ({ playlists: page })),
  });
  renderAt(`/users/${ANN.id}`, {
    '/users/:userId': <UserPage />,
    '/albums/:albumId': <p>Album page</p>,
    '/playlists/:playlistId': <p>Playlist page</p>,
  });
  publishSession(viewer);
}

const songList = () => screen.getByLabelText(`Songs by ${ANN.username}`);
const songNames = () => within(songList()).getAllByRole('link', { name: /^(The Hit|Second Best|Deep Cut)$/ }).map((link) => link.textContent);

/**
 * Ann's page with its three songs: clicks `button`, checks it sent one play-list command from the first song with
 * this page's source (so the rows show what plays), and answers the queue's song names.
 */
async function queuedBy(button: string): Promise<string[]> {
  const commands = recordBus('player:command');
  renderUser();
  await waitFor(() => expect(songNames()).toHaveLength(3));
  await userEvent.click(screen.getByRole('button', { name: button }));
  await waitFor(() => expect(commands).toHaveLength(1));
  expect(commands[0]).toMatchObject({ type: 'play-list', index: 0, source: `user:${ANN.id}` });
  return queueOf(commands[0]).map((item) => item.song_name);
}

describe('User page', () => {
  it('shows the username, the counts, albums, public playlists and songs most played first', async () => {
    renderUser();
    expect(await screen.findByRole('heading', { level: 1, name: 'ann' })).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(header).toHaveTextContent('3 songs');
    expect(header).toHaveTextContent('1 album');
    expect(header).toHaveTextContent('1 public playlist');
    const albums = screen.getByRole('region', { name: 'Albums' });
    expect(await within(albums).findByRole('link', { name: 'Night Drive By ann' })).toHaveAttribute('href', `/albums/${NIGHT.id}`);
    const playlists = screen.getByRole('region', { name: 'Playlists' });
    expect(await within(playlists).findByRole('link', { name: 'Out Loud By ann' })).toHaveAttribute('href', `/playlists/${OUT_LOUD.id}`);
    expect(screen.getByRole('region', { name: 'Songs' })).toHaveTextContent('Most played first');
    await waitFor(() => expect(songNames()).toEqual(['The Hit', 'Second Best', 'Deep Cut']));
    // The page asks for its songs a page at a time, never the whole list.
    expect(api.get.mock.calls.map(([path]) => path)).toContain(`/api/users/${ANN.id}/songs?limit=100&offset=0`);
  });

  it('Play all queues the songs in that order from the first', async () => {
    expect(await queuedBy('Play all songs by ann')).toEqual(['The Hit', 'Second Best', 'Deep Cut']);
  });

  it('toggles instead of starting over once the player plays this page’s songs', async () => {
    const commands = recordBus('player:command');
    renderUser();
    await waitFor(() => expect(songNames()).toHaveLength(3));
    const item = { ...HIT };
    getEventBus().publish('player:state', { queue: [item], index: 0, current: item, playing: true, position: 3, source: `user:${ANN.id}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Pause all songs by ann' }));
    expect(commands).toEqual([{ type: 'toggle' }]);
  });

  it('Shuffle queues every song in a random order, with the same source so the rows show what plays', async () => {
    // Fixed "random" draws: the order Fisher–Yates gives for them is checked below.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect(await queuedBy('Shuffle songs by ann')).toEqual(['Second Best', 'Deep Cut', 'The Hit']);
  });

  it('shows the most played five first, all of them on request, and Play all queues them all', async () => {
    const commands = recordBus('player:command');
    const many = Array.from({ length: 7 }, (_, index) => song({ song_name: `Track ${index + 1}` }));
    renderUser(BOB, { songs: many });
    const shown = () => within(songList()).queryAllByRole('link', { name: /^Track \d$/ }).map((link) => link.textContent);
    await waitFor(() => expect(shown()).toEqual(['Track 1', 'Track 2', 'Track 3', 'Track 4', 'Track 5']));
    const toggle = screen.getByRole('button', { name: 'Show all 7 songs' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Play all songs by ann' }));
    await waitFor(() => expect(commands).toHaveLength(1));
    expect(queueOf(commands[0])).toHaveLength(7);
    await userEvent.click(toggle);
    await waitFor(() => expect(shown()).toHaveLength(7));
    await userEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
    await waitFor(() => expect(shown()).toHaveLength(5));
  });

  it('shows the owner their private playlists with a note that only they see them', async () => {
    renderUser(ANN, { playlists: [OUT_LOUD, JUST_ME] });
    const playlists = await screen.findByRole('region', { name: 'Playlists' });
    expect(await within(playlists).findByRole('link', { name: 'Just Me By ann' })).toBeInTheDocument();
    expect(playlists).toHaveTextContent('Your private playlists show here only for you.');
    expect(screen.getByRole('banner')).toHaveTextContent('2 playlists');
  });

  it('leaves out sections with nothing in them', async () => {
    renderUser(BOB, { albums: [], playlists: [] });
    await waitFor(() => expect(songNames()).toHaveLength(3));
    expect(screen.queryByRole('region', { name: 'Albums' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Playlists' })).toBeNull();
  });

  it('says so when the user has shared nothing, and offers its owner the upload screen', async () => {
    renderUser(BOB, { songs: [], albums: [], playlists: [] });
    expect(await screen.findByRole('heading', { name: 'ann hasn’t shared anything yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play all songs by ann' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Shuffle songs by ann' })).toBeDisabled();
  });

  it('links the artist of each song row and of each album card to the user page', async () => {
    renderUser();
    await waitFor(() => expect(songNames()).toHaveLength(3));
    const artistLinks = within(songList()).getAllByRole('link', { name: 'ann' });
    expect(artistLinks).toHaveLength(3);
    for (const link of artistLinks) expect(link).toHaveAttribute('href', `/users/${ANN.id}`);
    const albums = screen.getByRole('region', { name: 'Albums' });
    expect(within(albums).getByRole('link', { name: 'ann' })).toHaveAttribute('href', `/users/${ANN.id}`);
  });

  it('gives its song rows the row menu and the selection of every song list', async () => {
    const commands = recordBus('player:command');
    renderUser();
    await waitFor(() => expect(songNames()).toEqual(['The Hit', 'Second Best', 'Deep Cut']));
    await userEvent.click(within(songList()).getByRole('button', { name: 'More options for Second Best by ann' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Add to queue' }));
    expect(commands).toEqual([{ type: 'add-to-queue', song: expect.objectContaining({ id: SECOND.id }) }]);
    expect(songList()).toHaveAttribute('aria-multiselectable', 'true');
  });

  it('shows a clean not-found state for an id no user has', async () => {
    serveGets(api, { [`/api/users/${ANN.id}`]: apiError(404, undefined, 'User not found.') });
    renderAt(`/users/${ANN.id}`, { '/users/:userId': <UserPage /> });
    publishSession(BOB);
    expect(await screen.findByRole('heading', { name: 'This user isn’t here' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: /Play all/ })).toBeNull();
  });

  it('shows the same state for a malformed id (the API answers 400)', async () => {
    serveGets(api, { '/api/users/nope': apiError(400, undefined, 'That is not a valid user id.') });
    renderAt('/users/nope', { '/users/:userId': <UserPage /> });
    publishSession(BOB);
    expect(await screen.findByRole('heading', { name: 'This user isn’t here' })).toBeInTheDocument();
  });

  it('asks a guest to log in and fetches nothing', async () => {
    renderAt(`/users/${ANN.id}`, { '/users/:userId': <UserPage /> });
    publishSession(null);
    expect(await screen.findByRole('heading', { name: 'Please log in' })).toBeInTheDocument();
    expect(api.get).not.toHaveBeenCalled();
  });

  it('opens an album from its card', async () => {
    renderUser();
    const albums = await screen.findByRole('region', { name: 'Albums' });
    await userEvent.click(await within(albums).findByRole('link', { name: 'Night Drive By ann' }));
    expect(currentPath()).toBe(`/albums/${NIGHT.id}`);
  });
});
