import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SongsResponse } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';
import { ANN, song } from '../test/fixtures';
import { serveGets, stubApiClient, type FakeApi } from '../test/fake-api';
import { currentPath, publishSession, queueOf, recordBus, renderAt } from '../test/render';
import SongsPage, { FIRST_PAGE_SIZE, PAGE_SIZE } from './songs-page';

let api: FakeApi;
beforeEach(() => {
  api = stubApiClient();
});

const SONGS = [
  song({ song_name: 'Blue Hour', duration: 185, album_id: 'a1'.padEnd(24, '0'), album_name: 'Night Drive' }),
  song({ song_name: 'Lone Pine', duration: 65.2, artist_username: 'bob' }),
  song({ song_name: 'Short One', duration: 7 }),
];

function renderPage(pages: Record<string, SongsResponse> = { '/api/songs?': { songs: SONGS, next_cursor: null, total: SONGS.length } }) {
  serveGets(api, pages);
  renderAt('/songs', { '/songs': <SongsPage />, '/': <p>Home</p>, '/songs/new': <p>Create song page</p> });
  publishSession(ANN);
}

const rows = () => within(screen.getByRole('list', { name: 'All Songs' })).getAllByRole('listitem');

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
    // No album: the album column shows the song's own name.
    expect(second).toHaveTextContent(/^2Lone PinebobLone Pine1:05$/);
    expect(third).toHaveTextContent('0:07');
    expect(first!.querySelector('img')).toHaveAttribute('loading', 'lazy');
    expect(screen.getByText('3 songs')).toBeInTheDocument();
  });

  it('plays the whole list from the clicked row', async () => {
    const commands = recordBus('player:command');
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(within(rows()[1]!).getByText('bob'));
    expect(commands).toHaveLength(1);
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
    expect(commands[0]).toMatchObject({ type: 'play-list', index: 0, source: 'songs' });

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
    expect(commands[0]).toMatchObject({ type: 'play-list', index: 0, source: 'songs' });
  });

  it('fetches page by page with limit and cursor until the list is complete', async () => {
    const firstPage = Array.from({ length: 3 }, (_, index) => song({ song_name: `First ${index}` }));
    const secondPage = [song({ song_name: 'Last one' })];
    renderPage({
      [`/api/songs?limit=${FIRST_PAGE_SIZE}`]: { songs: firstPage, next_cursor: 'abc', total: 4 },
      [`/api/songs?limit=${PAGE_SIZE}&cursor=abc`]: { songs: secondPage, next_cursor: null, total: 4 },
    });
    await waitFor(() => expect(screen.getByText('4 songs')).toBeInTheDocument());
    expect(api.get.mock.calls.map(([path]) => path)).toEqual([`/api/songs?limit=${FIRST_PAGE_SIZE}`, `/api/songs?limit=${PAGE_SIZE}&cursor=abc`]);
    expect(rows()).toHaveLength(4);
  });

  it('renders only the rows in view of 10,000 songs', async () => {
    const many = Array.from({ length: 10_000 }, (_, index) => song({ song_name: `Track ${index}` }));
    renderPage({ '/api/songs?': { songs: many, next_cursor: null, total: many.length } });
    await waitFor(() => expect(screen.getByText('10,000 songs')).toBeInTheDocument());
    const rendered = rows();
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(60);
    expect(rendered[0]).toHaveAttribute('aria-setsize', '10000');
  });

  it('offers Create in its menu', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'More options for All Songs' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Create' }));
    expect(currentPath()).toBe('/songs/new');
  });

  it('says what to do when the library is empty', async () => {
    renderPage({ '/api/songs?': { songs: [], next_cursor: null, total: 0 } });
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
