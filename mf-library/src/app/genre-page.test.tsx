import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GenresResponse, Song } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';
import { BOB, song } from '../test/fixtures';
import { apiError, pagedAnswer, serveGets, stubApiClient, type FakeApi } from '../test/fake-api';
import { currentPath, publishSession, queueOf, recordBus, renderAt } from '../test/render';
import GenrePage from './genre-page';
import GenresPage from './genres-page';

let api: FakeApi;
beforeEach(() => {
  api = stubApiClient();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const GENRES: GenresResponse = {
  genres: [
    { name: 'Electronic', song_count: 1200 },
    { name: 'Hip-Hop/Rap', song_count: 3 },
    { name: 'Jazz', song_count: 1 },
  ],
};
const RAP = [song({ song_name: 'One', genre: 'Hip-Hop/Rap' }), song({ song_name: 'Two', genre: 'Hip-Hop/Rap', artists: [{ id: 'ar1', name: 'Mos Def' }] }), song({ song_name: 'Three', genre: 'Hip-Hop/Rap' })];
// A genre's name is free text from tags: the API's path has it encoded whole, slash included.
const RAP_SONGS = '/api/genres/Hip-Hop%2FRap/songs';

function renderGenre(songs: Song[] = RAP, path = '/genres/Hip-Hop%2FRap') {
  serveGets(api, { [`${RAP_SONGS}?`]: pagedAnswer(() => songs, (page) => ({ genre: 'Hip-Hop/Rap', songs: page })) });
  renderAt(path, { '/genres/:genreName': <GenrePage />, '/genres': <p>Genres</p>, '/songs/:songId': <p>Song page</p> });
  publishSession(BOB);
}

const rows = () => screen.getByRole('grid', { name: 'Hip-Hop/Rap songs' });
const rowNames = () => within(rows()).queryAllByRole('link', { name: /^(One|Two|Three)$/ }).map((link) => link.textContent);

describe('Genres page', () => {
  it('lists every genre with its song count, each a link to its page', async () => {
    serveGets(api, { '/api/genres': GENRES });
    renderAt('/genres', { '/genres': <GenresPage />, '/genres/:genreName': <GenrePage /> });
    publishSession(BOB);
    expect(await screen.findByRole('heading', { level: 1, name: 'Genres' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Genres' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Electronic1,200 songs', 'Hip-Hop/Rap3 songs', 'Jazz1 song']);
    expect(links[1]).toHaveAttribute('href', '/genres/Hip-Hop%2FRap');
  });

  it('says so when no song has a genre', async () => {
    serveGets(api, { '/api/genres': { genres: [] } });
    renderAt('/genres', { '/genres': <GenresPage /> });
    publishSession(BOB);
    expect(await screen.findByRole('heading', { name: 'No genres yet' })).toBeInTheDocument();
  });

  it('asks a guest to log in and fetches nothing', async () => {
    renderAt('/genres', { '/genres': <GenresPage /> });
    publishSession(null);
    expect(await screen.findByRole('heading', { name: 'Please log in' })).toBeInTheDocument();
    expect(api.get).not.toHaveBeenCalled();
  });
});

describe('Genre page', () => {
  it('shows the genre’s name, its song count and its songs, read a page at a time', async () => {
    renderGenre();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hip-Hop/Rap' })).toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toEqual(['One', 'Two', 'Three']));
    expect(screen.getByRole('banner')).toHaveTextContent('3 songs');
    expect(within(rows()).getByRole('link', { name: 'Mos Def' })).toHaveAttribute('href', '/artists/ar1');
    expect(api.get.mock.calls.map(([path]) => path)).toEqual([`${RAP_SONGS}?limit=100&offset=0`]);
  });

  it('plays the genre from the top, and a row from that row, with the genre as the queue’s source', async () => {
    const commands = recordBus('player:command');
    renderGenre();
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'Play Hip-Hop/Rap songs' }));
    await waitFor(() => expect(commands).toHaveLength(1));
    expect(commands[0]).toMatchObject({ type: 'play-list', index: 0, source: 'genre:Hip-Hop/Rap' });
    expect(queueOf(commands[0]).map((item) => item.song_name)).toEqual(['One', 'Two', 'Three']);
    await userEvent.click(within(rows()).getByRole('button', { name: 'Play Three by ann' }));
    await waitFor(() => expect(commands).toHaveLength(2));
    expect(commands[1]).toMatchObject({ index: 2, source: 'genre:Hip-Hop/Rap' });
  });

  it('gives its rows the row menu every song list has', async () => {
    const commands = recordBus('player:command');
    renderGenre();
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    await userEvent.click(within(rows()).getByRole('button', { name: 'More options for Two by Mos Def' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Play next' }));
    expect(commands).toEqual([{ type: 'play-next', song: expect.objectContaining({ song_name: 'Two' }) }]);
  });

  it('reads its songs again when a song changes elsewhere', async () => {
    let current = RAP.slice(0, 1);
    serveGets(api, { [`${RAP_SONGS}?`]: pagedAnswer(() => current, (page) => ({ genre: 'Hip-Hop/Rap', songs: page })) });
    renderAt('/genres/Hip-Hop%2FRap', { '/genres/:genreName': <GenrePage /> });
    publishSession(BOB);
    await waitFor(() => expect(rowNames()).toEqual(['One']));
    current = RAP;
    getEventBus().publish('library:changed', { entity: 'song', id: RAP[1]!.id, action: 'updated' });
    await waitFor(() => expect(rowNames()).toHaveLength(3));
  });

  it('says so when no song has the genre any more', async () => {
    renderGenre([]);
    expect(await screen.findByRole('heading', { name: 'No songs in Hip-Hop/Rap' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'All genres' }));
    expect(currentPath()).toBe('/genres');
  });

  it('shows the not-found state when the API knows no such genre', async () => {
    serveGets(api, { '/api/genres/Nope/songs?': apiError(404, undefined, 'Genre not found.') });
    renderAt('/genres/Nope', { '/genres/:genreName': <GenrePage />, '/genres': <p>Genres</p> });
    publishSession(BOB);
    expect(await screen.findByRole('heading', { name: 'This genre isn’t here' })).toBeInTheDocument();
  });

  it('asks a guest to log in and fetches nothing', async () => {
    renderAt('/genres/Jazz', { '/genres/:genreName': <GenrePage /> });
    publishSession(null);
    expect(await screen.findByRole('heading', { name: 'Please log in' })).toBeInTheDocument();
    expect(api.get).not.toHaveBeenCalled();
  });
});
