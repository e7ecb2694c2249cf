import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchResponse } from '@tunafy/contracts';
import SearchBoxRegion from '../../app/search-box';
import { ANN, album, playlist, song } from '../../test/fixtures';
import { stubApiClient, type FakeApi } from '../../test/fake-api';
import { currentPath, publishSession, renderAt } from '../../test/render';
import { readRecentSearches } from './recent-searches';

let api: FakeApi;
const BLUE = song({ song_name: 'Blue Hour' });
const BLUES = album({ album_name: 'Blues Night' });
const MOOD = playlist({ playlist_name: 'Blue mood' });

beforeEach(() => {
  localStorage.clear();
  api = stubApiClient();
  api.get.mockImplementation(async (path) => {
    const query = new URL(path, 'http://x').searchParams.get('q') ?? '';
    const answer: SearchResponse = query.toLowerCase().startsWith('blu') ? { songs: [BLUE], albums: [BLUES], playlists: [MOOD] } : { songs: [], albums: [], playlists: [] };
    return answer;
  });
});

function renderBox(user: typeof ANN | null = ANN) {
  renderAt('/', { '/': <SearchBoxRegion />, '*': <SearchBoxRegion /> });
  publishSession(user);
}

describe('SearchBox', () => {
  it('is not there for guests (search needs an account)', () => {
    renderBox(null);
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('asks once the typing pauses, and lists songs, albums and playlists', async () => {
    renderBox();
    const box = screen.getByRole('combobox', { name: 'Search songs, albums and playlists' });
    await userEvent.type(box, 'blu');
    expect(await screen.findByRole('option', { name: /Blue Hour/ })).toBeInTheDocument();
    // Debounced: one request for the whole word, not one per key.
    expect(api.get).toHaveBeenCalledTimes(1);
    expect(api.get.mock.calls[0]![0]).toBe('/api/search?q=blu&limit=5');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('group', { name: 'Songs' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Albums' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Playlists' })).toBeInTheDocument();
  });

  it('moves through the results with the arrows and opens one with Enter', async () => {
    renderBox();
    const box = screen.getByRole('combobox');
    await userEvent.type(box, 'blue');
    await screen.findByRole('option', { name: /Blue Hour/ });
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { name: /Blues Night/ });
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', active.id);
    // Past the last result comes "See all results", then the first again.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'See all results for “blue”' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /Blue Hour/ })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('option', { name: /Blue mood/ })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    expect(currentPath()).toBe(`/playlists/${MOOD.id}`);
    expect(box).toHaveValue('');
  });

  it('goes to the search screen on Enter when nothing is highlighted, or by its last option, and counts the search as recent', async () => {
    renderBox();
    const box = screen.getByRole('combobox');
    await userEvent.type(box, 'blue ');
    await screen.findByRole('option', { name: /Blue Hour/ });
    await userEvent.keyboard('{Enter}');
    expect(currentPath()).toBe('/search?q=blue');
    expect(readRecentSearches(ANN.id)).toEqual(['blue']);
    await userEvent.type(box, 'blu');
    await userEvent.click(await screen.findByRole('option', { name: 'See all results for “blu”' }));
    expect(currentPath()).toBe('/search?q=blu');
    // Opening a result counts too.
    await userEvent.type(box, 'blues');
    await userEvent.click(await screen.findByRole('option', { name: /Blues Night/ }));
    expect(readRecentSearches(ANN.id)).toEqual(['blues', 'blu', 'blue']);
  });

  it('says when nothing matches, and Escape closes then clears', async () => {
    renderBox();
    const box = screen.getByRole('combobox');
    await userEvent.type(box, 'zzz');
    await waitFor(() => expect(within(screen.getByRole('search')).getByRole('status')).toHaveTextContent(/^No results for “zzz”/));
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('zzz');
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveValue('');
  });

  it('lists matching artists and genres too, opens their pages, and names songs and albums by their credited artists', async () => {
    const credited = { ...BLUE, artists: [{ id: 'ar1', name: 'Björk' }] };
    const compilation = { ...BLUES, album_artist: { id: 'va', name: 'Various Artists' } };
    const answer: SearchResponse = {
      songs: [credited],
      albums: [compilation],
      playlists: [],
      artists: [{ id: 'ar9', name: 'Blur', sort_name: 'Blur', musicbrainz_id: null, song_count: 12, album_count: 2, picture_url: null }],
      genres: [{ name: 'Blues Rock', song_count: 1 }],
    };
    api.get.mockResolvedValue(answer);
    renderBox();
    const box = screen.getByRole('combobox');
    await userEvent.type(box, 'blu');
    const artists = await screen.findByRole('group', { name: 'Artists' });
    expect(within(artists).getByRole('option', { name: /Blur/ })).toHaveTextContent('Artist • 12 songs');
    expect(within(screen.getByRole('group', { name: 'Genres' })).getByRole('option')).toHaveTextContent('Genre • 1 song');
    expect(screen.getByRole('option', { name: /Blue Hour/ })).toHaveTextContent('Song • Björk');
    expect(screen.getByRole('option', { name: /Blues Night/ })).toHaveTextContent('Album • Various Artists');
    // Songs, then artists, albums and genres: the arrows go through them in the order they show.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { name: /Blur/ });
    expect(box).toHaveAttribute('aria-activedescendant', active.id);
    await userEvent.keyboard('{Enter}');
    expect(currentPath()).toBe('/artists/ar9');
    await userEvent.type(box, 'blu');
    await userEvent.click(await screen.findByRole('option', { name: /Blues Rock/ }));
    expect(currentPath()).toBe('/genres/Blues%20Rock');
  });
});
