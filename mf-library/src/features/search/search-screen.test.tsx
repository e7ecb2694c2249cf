import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Artist, ArtistDetail, SearchResponse } from '@tunafy/contracts';
import SearchPage from '../../app/search-page';
import { ANN, album, playlist, song } from '../../test/fixtures';
import { apiError, stubApiClient, type FakeApi } from '../../test/fake-api';
import { currentPath, publishSession, queueOf, recordBus, renderAt } from '../../test/render';
import { readRecentSearches, recordRecentSearch } from './recent-searches';

let api: FakeApi;
const RADIOHEAD: Artist = { id: 'ar1', name: 'Radiohead', sort_name: 'Radiohead', musicbrainz_id: null, song_count: 3, album_count: 1, picture_url: null };
const CREEP = song({ song_name: 'Creep', artists: [{ id: 'ar1', name: 'Radiohead' }] });
const KARMA = song({ song_name: 'Karma Police', artists: [{ id: 'ar1', name: 'Radiohead' }] });
const OK = album({ album_name: 'OK Computer', album_artist: { id: 'ar1', name: 'Radiohead' } });
const MIX = playlist({ playlist_name: 'Radio mix' });
const albums = Array.from({ length: 25 }, (_, n) => album({ album_name: `Radio ${n}` }));

function empty(): SearchResponse {
  return { top: null, songs: [], albums: [], playlists: [], artists: [], users: [], genres: [] };
}

/** The API's answers by query: whole answers, and one group a page at a time (`type` and `offset`). */
function serveSearch(whole: (q: string) => SearchResponse | Error = () => empty()) {
  api.get.mockImplementation(async (path) => {
    const url = new URL(path, 'http://x');
    if (url.pathname === '/api/artists/ar1') return { artist: RADIOHEAD, albums: [], top_songs: [CREEP, KARMA], appears_on: [] } satisfies ArtistDetail;
    if (url.pathname !== '/api/search') throw apiError(404);
    const q = url.searchParams.get('q') ?? '';
    const type = url.searchParams.get('type');
    if (type === 'albums') {
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      return { ...empty(), albums: albums.slice(offset, offset + limit), next_offset: offset + limit < albums.length ? offset + limit : null };
    }
    if (type === 'songs') return { ...empty(), songs: [CREEP, KARMA], next_offset: null };
    const answer = whole(q);
    if (answer instanceof Error) throw answer;
    return answer;
  });
}

function renderSearch(path = '/search') {
  renderAt(path, { '/search': <SearchPage /> });
  publishSession(ANN);
}

beforeEach(() => {
  localStorage.clear();
  api = stubApiClient();
});
afterEach(() => vi.restoreAllMocks());

describe('the search screen', () => {
  it('asks guests to log in', () => {
    renderAt('/search?q=radio', { '/search': <SearchPage /> });
    publishSession(null);
    expect(screen.getByRole('heading', { name: 'Please log in' })).toBeInTheDocument();
  });

  it('shows the top result first, then each group with See all; Play puts the artist on the queue', async () => {
    serveSearch((q) => (q.startsWith('radio') ? { ...empty(), top: { kind: 'artist', artist: RADIOHEAD }, songs: [CREEP, KARMA], artists: [RADIOHEAD], albums: albums.slice(0, 7), playlists: [MIX] } : empty()));
    const commands = recordBus('player:command');
    renderSearch();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search songs, artists, albums and more' }), 'radiohed');
    // The address follows the box, so reload and back keep the search.
    expect(currentPath()).toBe('/search?q=radiohed');
    const top = await screen.findByRole('region', { name: 'Top result' });
    expect(within(top).getByRole('link', { name: 'Radiohead' })).toHaveAttribute('href', '/artists/ar1');
    expect(top).toHaveTextContent('Artist');
    expect(api.get).toHaveBeenCalledWith('/api/search?q=radiohed&limit=7', expect.anything());
    expect(screen.getByRole('grid', { name: 'Songs' })).toHaveTextContent('Karma Police');
    expect(within(screen.getByRole('list', { name: 'Artists' })).getByRole('link', { name: /Radiohead/ })).toBeInTheDocument();
    // Six albums of the seven: "See all" opens the Albums chip.
    expect(within(screen.getByRole('list', { name: 'Albums' })).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'See all Albums' })).toHaveAttribute('href', '/search?q=radiohed&type=albums');
    expect(screen.queryByRole('link', { name: 'See all Playlists' })).toBeNull();
    expect(screen.getByText('11 results')).toHaveAttribute('role', 'status');

    await userEvent.click(within(top).getByRole('button', { name: 'Play Radiohead' }));
    await waitFor(() => expect(queueOf(commands.at(-1)).map((item) => item.song_name)).toEqual(['Creep', 'Karma Police']));
    expect(commands.at(-1)).toMatchObject({ source: 'artist:ar1', index: 0 });
    // Playing a result counts the search as made.
    expect(readRecentSearches(ANN.id)).toEqual(['radiohed']);
  });

  it('switches groups with the chips (arrows move along them) and pages one group as it is asked for more', async () => {
    serveSearch((q) => ({ ...empty(), albums: albums.slice(0, 7), songs: [CREEP] , top: q ? { kind: 'song', song: CREEP } : null }));
    renderSearch('/search?q=radio');
    const chips = await screen.findByRole('tablist', { name: 'Show results for' });
    expect(within(chips).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All', 'Songs', 'Artists', 'Albums', 'Playlists', 'Profiles', 'Genres']);
    const all = within(chips).getByRole('tab', { name: 'All' });
    expect(all).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('All');
    // One Tab stop: the chosen chip.
    expect(within(chips).getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toEqual([all]);
    all.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    const albumsChip = within(chips).getByRole('tab', { name: 'Albums' });
    expect(albumsChip).toHaveFocus();
    expect(albumsChip).toHaveAttribute('aria-selected', 'true');
    expect(currentPath()).toBe('/search?q=radio&type=albums');
    const grid = await screen.findByRole('list', { name: 'Albums for “radio”' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(20);
    expect(api.get).toHaveBeenCalledWith('/api/search?q=radio&type=albums&offset=0&limit=20', expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Show more albums' }));
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(25));
    expect(api.get).toHaveBeenCalledWith('/api/search?q=radio&type=albums&offset=20&limit=20', expect.anything());
    expect(screen.queryByRole('button', { name: 'Show more albums' })).toBeNull();
    // Home and End too; the Songs chip lists rows.
    albumsChip.focus();
    await userEvent.keyboard('{End}');
    expect(currentPath()).toBe('/search?q=radio&type=genres');
    await userEvent.keyboard('{Home}');
    expect(currentPath()).toBe('/search?q=radio');
    await userEvent.click(within(chips).getByRole('tab', { name: 'Songs' }));
    expect(await screen.findByRole('grid', { name: 'Songs for “radio”' })).toHaveTextContent('Karma Police');
  });

  it('says when nothing is found, and offers a retry when the search fails', async () => {
    let fail = true;
    serveSearch((q) => (q === 'boom' && fail ? apiError(500) : empty()));
    renderSearch('/search?q=zzzq');
    expect(await screen.findByRole('heading', { name: 'No results found for “zzzq”' })).toBeInTheDocument();
    const box = screen.getByRole('searchbox');
    await userEvent.clear(box);
    await userEvent.type(box, 'boom');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Couldn’t search right now');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No results found for “boom”' })).toBeInTheDocument();
  });

  it('shows recent searches while the box is empty: Enter records one, each can be searched again or removed, all cleared', async () => {
    serveSearch();
    recordRecentSearch(ANN.id, 'bjork');
    recordRecentSearch(ANN.id, 'sigur ros');
    renderSearch();
    const recent = screen.getByRole('list', { name: 'Recent searches' });
    expect(within(recent).getAllByRole('button', { name: /^(bjork|sigur ros)$/ }).map((button) => button.textContent)).toEqual(['sigur ros', 'bjork']);
    const box = screen.getByRole('searchbox');
    await userEvent.type(box, 'creep{Enter}');
    expect(readRecentSearches(ANN.id)).toEqual(['creep', 'sigur ros', 'bjork']);
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box).toHaveFocus();
    expect(currentPath()).toBe('/search');
    await userEvent.click(screen.getByRole('button', { name: 'Remove “sigur ros” from recent searches' }));
    expect(within(screen.getByRole('list', { name: 'Recent searches' })).queryByText('sigur ros')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'bjork' }));
    expect(box).toHaveValue('bjork');
    expect(currentPath()).toBe('/search?q=bjork');
    await userEvent.clear(box);
    await userEvent.click(screen.getByRole('button', { name: 'Clear recent searches' }));
    expect(screen.queryByRole('list', { name: 'Recent searches' })).toBeNull();
    expect(readRecentSearches(ANN.id)).toEqual([]);
  });

  it('shows songs found by their lyrics, with the line, and a Lyrics chip, when the answer has them', async () => {
    serveSearch(() => ({ ...empty(), lyrics: [{ song: CREEP, line: 'I wish I was special' }] }) as SearchResponse);
    renderSearch('/search?q=special');
    const lyrics = await screen.findByRole('list', { name: 'Lyrics' });
    expect(within(lyrics).getByRole('link', { name: 'Creep' })).toHaveAttribute('href', `/songs/${CREEP.id}`);
    expect(lyrics).toHaveTextContent('I wish I was special');
    await userEvent.click(screen.getByRole('tab', { name: 'Lyrics' }));
    expect(currentPath()).toBe('/search?q=special&type=lyrics');
    expect(within(screen.getByRole('tabpanel')).getByRole('list', { name: 'Lyrics' })).toHaveTextContent('Creep');
  });

  it('opens at the address: its query in the box and its chip chosen', async () => {
    serveSearch();
    renderSearch('/search?q=first&type=users');
    expect(screen.getByRole('searchbox')).toHaveValue('first');
    expect(await screen.findByRole('tab', { name: 'Profiles' })).toHaveAttribute('aria-selected', 'true');
  });
});
