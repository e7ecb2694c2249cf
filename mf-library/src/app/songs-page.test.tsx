import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Song } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';
import { ANN, song } from '../test/fixtures';
import { pagedAnswer, serveGets, stubApiClient, type FakeApi } from '../test/fake-api';
import { currentPath, fakeWindowScrolling, publishSession, queueOf, recordBus, renderAt } from '../test/render';
import { ROWS_PAGE_SIZE } from '../lib/use-paged-rows';
import SongsPage from './songs-page';

let api: FakeApi;
beforeEach(() => {
  api = stubApiClient();
});

const SONGS = [
  song({ song_name: 'Blue Hour', duration: 185, album_id: 'a1'.padEnd(24, '0'), album_name: 'Night Drive' }),
  song({ song_name: 'Lone Pine', duration: 65.2, artist_username: 'bob' }),
  song({ song_name: 'Short One', duration: 7 }),
];

function renderPage(songs: readonly Song[] = SONGS) {
  serveGets(api, { '/api/songs?': pagedAnswer(() => songs, (page) => ({ songs: page })) });
  renderAt('/songs', { '/songs': <SongsPage />, '/': <p>Home</p>, '/songs/new': <p>Create song page</p> });
  publishSession(ANN);
}

afterEach(() => {
  vi.restoreAllMocks();
});

const rows = () => within(screen.getByRole('grid', { name: 'All Songs' })).getAllByRole('row');

describe('All Songs', () => {
  it('has the spec header, and rows with number, cover, title, artist, album (or the song name) and m:ss', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'All Songs' })).toBeInTheDocument();
    expect(screen.getByText('All the songs in our library.')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [first, second, third] = rows();
    expect(first).toHaveTextContent(/^1Blue HourannNight Drive3:05$/);
    expect(within(first!).getByRole('link', { name: 'Night Drive' })).toHaveAttribute('href', `/albums/${SONGS[0]!.album_id}`);
    expect(within(first!).getByRole('link', { name: 'Blue Hour' })).toHaveAttribute('href', `/songs/${SONGS[0]!.id}`);
    expect(within(first!).getByRole('link', { name: 'ann' })).toHaveAttribute('href', `/users/${ANN.id}`);
    // No album: the album column shows the song's own name.
    expect(second).toHaveTextContent(/^2Lone PinebobLone Pine1:05$/);
    expect(third).toHaveTextContent('0:07');
    // The first rows are in view at once: their covers load without waiting for layout (docs/ui.md, "Covers").
    expect(first!.querySelector('img')).toHaveAttribute('loading', 'eager');
    expect(screen.getByText('3 songs')).toBeInTheDocument();
  });

  it('plays the whole list from the clicked row', async () => {
    const commands = recordBus('player:command');
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    // A click on the row itself (the artist's name is a link to their page, not a play).
    await userEvent.click(within(rows()[1]!).getByText('1:05'));
    await waitFor(() => expect(commands).toHaveLength(1));
    const command = commands[0]!;
    expect(command.type).toBe('play-list');
    if (command.type !== 'play-list') return;
    expect(command.index).toBe(1);
    expect(command.source).toBe('songs');
    expect(command.songs.map((item) => item.song_name)).toEqual(['Blue Hour', 'Lone Pine', 'Short One']);
  });

  it('play/pause starts the list from the top, then toggles once the player says it is ours', async () => {
    const commands = recordBus('player:command');
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'Play All Songs' }));
    await waitFor(() => expect(commands[0]).toMatchObject({ type: 'play-list', index: 0, source: 'songs' }));

    const queue = queueOf(commands[0]);
    act(() => getEventBus().publish('player:state', { queue, index: 0, current: queue[0]!, playing: true, position: 0, source: 'songs' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pause All Songs' }));
    expect(commands[1]).toEqual({ type: 'toggle' });
    expect(rows()[0]).toHaveAttribute('aria-current', 'true');
  });

  it('plays from the top when the player holds another list', async () => {
    const commands = recordBus('player:command');
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const other = [{ ...SONGS[0]!, id: 'other' }];
    act(() => getEventBus().publish('player:state', { queue: other, index: 0, current: other[0]!, playing: true, position: 0, source: 'album:x' }));
    await userEvent.click(screen.getByRole('button', { name: 'Play All Songs' }));
    await waitFor(() => expect(commands[0]).toMatchObject({ type: 'play-list', index: 0, source: 'songs' }));
  });

  it('reads one page by offset for the first rows and the total, not the whole catalog', async () => {
    const many = Array.from({ length: 100_000 }, (_, index) => song({ song_name: `Track ${index}` }));
    renderPage(many);
    await waitFor(() => expect(screen.getByText('100,000 songs')).toBeInTheDocument());
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Track 0'));
    expect(api.get.mock.calls.map(([path]) => path)).toEqual([`/api/songs?limit=${ROWS_PAGE_SIZE}&offset=0`]);
    const rendered = rows();
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(60);
    expect(screen.getByRole('grid', { name: 'All Songs' })).toHaveAttribute('aria-rowcount', '100000');
    expect(rendered[0]).toHaveAttribute('aria-rowindex', '1');
  });

  it('jumps with End to the last of 100,000 songs, fetching only its page, and plays it with the songs before it', async () => {
    const many = Array.from({ length: 100_000 }, (_, index) => song({ song_name: `Track ${index}` }));
    const commands = recordBus('player:command');
    fakeWindowScrolling();
    renderPage(many);
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Track 0'));
    within(rows()[0]!).getByRole('button', { name: /^Play Track 0/ }).focus();
    await userEvent.keyboard('{End}');
    const last = await screen.findByRole('button', { name: 'Play Track 99999 by ann' });
    await waitFor(() => expect(last).toHaveFocus());
    expect(api.get.mock.calls.map(([path]) => path)).toContain(`/api/songs?limit=${ROWS_PAGE_SIZE}&offset=99900`);
    expect(api.get.mock.calls.some(([path]) => path.includes('offset=50000'))).toBe(false);

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(commands).toHaveLength(1));
    const queue = queueOf(commands[0]);
    expect(queue).toHaveLength(500);
    expect(queue[0]!.song_name).toBe('Track 99500');
    expect(commands[0]).toMatchObject({ index: 499, source: 'songs' });
  });

  it('moves focus row by row with the arrow keys', async () => {
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    within(rows()[0]!).getByRole('button', { name: 'Play Blue Hour by ann' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(within(rows()[1]!).getByRole('button', { name: 'Play Lone Pine by bob' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(rows()[2]!).getByRole('button', { name: 'Play Short One by ann' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(within(rows()[0]!).getByRole('button', { name: 'Play Blue Hour by ann' })).toHaveFocus();
  });

  it('fetches the rows again when a song changes elsewhere', async () => {
    let current = SONGS;
    serveGets(api, { '/api/songs?': pagedAnswer(() => current, (page) => ({ songs: page })) });
    renderAt('/songs', { '/songs': <SongsPage /> });
    publishSession(ANN);
    await waitFor(() => expect(rows()).toHaveLength(3));
    current = SONGS.slice(1);
    act(() => getEventBus().publish('library:changed', { entity: 'song', id: SONGS[0]!.id, action: 'deleted' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByText('2 songs')).toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent('Lone Pine');
  });

  it('offers Create in its menu', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'More options for All Songs' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Create' }));
    expect(currentPath()).toBe('/songs/new');
  });

  it('says what to do when the library is empty', async () => {
    renderPage([]);
    expect(await screen.findByText('No songs yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Song' })).toHaveAttribute('href', '/songs/new');
  });

  it('sends a guest home', () => {
    renderAt('/songs', { '/songs': <SongsPage />, '/': <p>Home</p> });
    publishSession(null);
    expect(currentPath()).toBe('/');
    expect(api.get).not.toHaveBeenCalled();
  });
});
