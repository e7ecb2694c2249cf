import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Artist, ArtistDetail, Song } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';
import { ARTIST_CARDS } from '../features/artists/artist-view';
import { PLAY_ALBUMS_MAX } from '../features/shared/use-artist-play';
import { BOB, album, song } from '../test/fixtures';
import { apiError, pagedAnswer, serveGets, stubApiClient, type FakeApi } from '../test/fake-api';
import { currentPath, publishSession, queueOf, recordBus, renderAt } from '../test/render';
import ArtistPage from './artist-page';

let api: FakeApi;
beforeEach(() => {
  api = stubApiClient();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const BJORK: Artist = { id: 'ar1', name: 'Björk', sort_name: 'Björk', musicbrainz_id: null, song_count: 4, album_count: 1, picture_url: '/api/files/homogenic' };
const credited = { artists: [{ id: BJORK.id, name: BJORK.name }] };
// Popular: most played first. The album holds one of them and one more.
const JOGA = song({ song_name: 'Jóga', ...credited });
const HUNTER = song({ song_name: 'Hunter', ...credited });
const BACHELORETTE = song({ song_name: 'Bachelorette', ...credited });
const HOMOGENIC = album({ album_name: 'Homogenic', album_artist: { id: BJORK.id, name: BJORK.name }, year: 1997 });
const NOW97 = album({ album_name: 'Now 97', album_artist: { id: 'va', name: 'Various Artists' }, year: 1997 });

function detail(overrides: Partial<ArtistDetail> = {}): ArtistDetail {
  return { artist: BJORK, albums: [HOMOGENIC], top_songs: [JOGA, HUNTER], appears_on: [NOW97], ...overrides };
}

function renderArtist(answer: ArtistDetail = detail(), albumSongs: Record<string, Song[]> = { [HOMOGENIC.id]: [HUNTER, BACHELORETTE] }) {
  serveGets(api, {
    [`/api/artists/${BJORK.id}`]: answer,
    ...Object.fromEntries(Object.entries(albumSongs).map(([id, songs]) => [`/api/albums/${id}/songs?`, pagedAnswer(() => songs, (page) => ({ songs: page }))])),
  });
  renderAt(`/artists/${BJORK.id}`, { '/artists/:artistId': <ArtistPage />, '/albums/:albumId': <p>Album page</p>, '/artists': <p>Artists</p> });
  publishSession(BOB);
}

const popular = () => screen.getByRole('grid', { name: 'Popular songs by Björk' });
const popularNames = () => within(popular()).getAllByRole('link', { name: /^(Jóga|Hunter)$/ }).map((link) => link.textContent);

async function queuedBy(button: string): Promise<string[]> {
  const commands = recordBus('player:command');
  renderArtist();
  await userEvent.click(await screen.findByRole('button', { name: button }));
  await waitFor(() => expect(commands).toHaveLength(1));
  expect(commands[0]).toMatchObject({ type: 'play-list', index: 0, source: `artist:${BJORK.id}` });
  return queueOf(commands[0]).map((item) => item.song_name);
}

describe('Artist page', () => {
  it('shows the picture, name and counts, the popular songs, the albums and what it appears on', async () => {
    renderArtist();
    expect(await screen.findByRole('heading', { level: 1, name: 'Björk' })).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(header).toHaveTextContent('Artist');
    expect(header).toHaveTextContent('4 songs');
    expect(header).toHaveTextContent('1 album');
    expect(header.querySelector('img')).toHaveAttribute('src', '/api/files/homogenic');
    expect(screen.getByRole('region', { name: 'Popular' })).toHaveTextContent('Most played first');
    await waitFor(() => expect(popularNames()).toEqual(['Jóga', 'Hunter']));
    const albums = screen.getByRole('region', { name: 'Albums' });
    expect(within(albums).getByRole('link', { name: 'Homogenic By Björk' })).toHaveAttribute('href', `/albums/${HOMOGENIC.id}`);
    const appearsOn = screen.getByRole('region', { name: 'Appears on' });
    expect(within(appearsOn).getByRole('link', { name: 'Now 97 By Various Artists' })).toHaveAttribute('href', `/albums/${NOW97.id}`);
    expect(within(appearsOn).getByRole('link', { name: 'Various Artists' })).toHaveAttribute('href', '/artists/va');
    expect(api.get.mock.calls.map(([path]) => path)).toEqual([`/api/artists/${BJORK.id}`]);
  });

  it('draws a placeholder when the artist has no picture yet', async () => {
    renderArtist(detail({ artist: { ...BJORK, picture_url: null } }));
    await screen.findByRole('heading', { level: 1, name: 'Björk' });
    expect(screen.getByRole('banner').querySelector('img')).toBeNull();
    expect(screen.getByRole('banner').querySelector('svg')).not.toBeNull();
  });

  it('Play queues the popular songs, then the songs of its albums, each once', async () => {
    expect(await queuedBy('Play songs by Björk')).toEqual(['Jóga', 'Hunter', 'Bachelorette']);
    expect(api.get.mock.calls.map(([path]) => path)).toContain(`/api/albums/${HOMOGENIC.id}/songs?limit=500&offset=0`);
  });

  it('Shuffle queues the same songs in a random order', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect(await queuedBy('Shuffle songs by Björk')).toEqual(['Hunter', 'Bachelorette', 'Jóga']);
  });

  it('plays the popular songs even when an album cannot be read', async () => {
    const commands = recordBus('player:command');
    serveGets(api, { [`/api/artists/${BJORK.id}`]: detail(), [`/api/albums/${HOMOGENIC.id}/songs?`]: apiError(500) });
    renderAt(`/artists/${BJORK.id}`, { '/artists/:artistId': <ArtistPage /> });
    publishSession(BOB);
    await userEvent.click(await screen.findByRole('button', { name: 'Play songs by Björk' }));
    await waitFor(() => expect(commands).toHaveLength(1));
    expect(queueOf(commands[0]).map((item) => item.song_name)).toEqual(['Jóga', 'Hunter']);
  });

  it('reads at most PLAY_ALBUMS_MAX albums for Play, newest first as the API lists them', async () => {
    const many = Array.from({ length: PLAY_ALBUMS_MAX + 5 }, (_, index) => album({ album_name: `Album ${index}` }));
    const commands = recordBus('player:command');
    renderArtist(detail({ albums: many }), Object.fromEntries(many.map((item) => [item.id, [song({ song_name: item.album_name })]])));
    await userEvent.click(await screen.findByRole('button', { name: 'Play songs by Björk' }));
    await waitFor(() => expect(commands).toHaveLength(1));
    const queue = queueOf(commands[0]).map((item) => item.song_name);
    expect(queue).toHaveLength(2 + PLAY_ALBUMS_MAX);
    expect(queue.slice(2, 4)).toEqual(['Album 0', 'Album 1']);
  });

  it('toggles instead of starting over once the player plays this artist, and marks the playing row', async () => {
    const commands = recordBus('player:command');
    renderArtist();
    await waitFor(() => expect(popularNames()).toHaveLength(2));
    const item = { ...HUNTER };
    getEventBus().publish('player:state', { queue: [item], index: 0, current: item, playing: true, position: 3, source: `artist:${BJORK.id}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Pause songs by Björk' }));
    expect(commands).toEqual([{ type: 'toggle' }]);
    expect(within(popular()).getAllByRole('row')[1]).toHaveAttribute('aria-current', 'true');
  });

  it('plays a popular song from its row, with the rest of the popular songs queued', async () => {
    const commands = recordBus('player:command');
    renderArtist();
    await waitFor(() => expect(popularNames()).toHaveLength(2));
    await userEvent.click(within(popular()).getByRole('button', { name: 'Play Hunter by Björk' }));
    await waitFor(() => expect(commands).toHaveLength(1));
    expect(commands[0]).toMatchObject({ type: 'play-list', index: 1, source: `artist:${BJORK.id}` });
    expect(queueOf(commands[0]).map((item) => item.song_name)).toEqual(['Jóga', 'Hunter']);
    // The queue carries the credited artists, so the player names them too.
    expect(queueOf(commands[0])[1]!.artists).toEqual([{ id: BJORK.id, name: 'Björk' }]);
  });

  it('shows the first cards of a long discography, and more on request', async () => {
    const many = Array.from({ length: ARTIST_CARDS + 3 }, (_, index) => album({ album_name: `Record ${index}` }));
    renderArtist(detail({ albums: many }));
    const albums = await screen.findByRole('region', { name: 'Albums' });
    expect(within(albums).getAllByRole('listitem')).toHaveLength(ARTIST_CARDS);
    await userEvent.click(within(albums).getByRole('button', { name: 'Show more of albums' }));
    expect(within(albums).getAllByRole('listitem')).toHaveLength(ARTIST_CARDS + 3);
    expect(within(albums).queryByRole('button', { name: /Show more/ })).toBeNull();
  });

  it('leaves out the sections it has nothing for', async () => {
    renderArtist(detail({ albums: [], appears_on: [] }));
    await waitFor(() => expect(popularNames()).toHaveLength(2));
    expect(screen.queryByRole('region', { name: 'Albums' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Appears on' })).toBeNull();
  });

  it('reads the page again when songs change elsewhere, showing the new popular songs', async () => {
    let answer = detail();
    serveGets(api, { [`/api/artists/${BJORK.id}`]: () => answer });
    renderAt(`/artists/${BJORK.id}`, { '/artists/:artistId': <ArtistPage /> });
    publishSession(BOB);
    await waitFor(() => expect(popularNames()).toEqual(['Jóga', 'Hunter']));
    answer = detail({ top_songs: [HUNTER, JOGA] });
    getEventBus().publish('library:changed', { entity: 'song', id: JOGA.id, action: 'updated' });
    await waitFor(() => expect(popularNames()).toEqual(['Hunter', 'Jóga']));
  });

  it('shows the not-found state for an id no artist has', async () => {
    serveGets(api, { [`/api/artists/${BJORK.id}`]: apiError(404, undefined, 'Artist not found.') });
    renderAt(`/artists/${BJORK.id}`, { '/artists/:artistId': <ArtistPage />, '/artists': <p>Artists</p> });
    publishSession(BOB);
    expect(await screen.findByRole('heading', { name: 'This artist isn’t here' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'All artists' }));
    expect(currentPath()).toBe('/artists');
  });

  it('asks a guest to log in and fetches nothing', async () => {
    renderAt(`/artists/${BJORK.id}`, { '/artists/:artistId': <ArtistPage /> });
    publishSession(null);
    expect(await screen.findByRole('heading', { name: 'Please log in' })).toBeInTheDocument();
    expect(api.get).not.toHaveBeenCalled();
  });
});
