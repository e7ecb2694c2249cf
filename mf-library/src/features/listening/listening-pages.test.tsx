import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryResponse, TopResponse } from '@tunafy/contracts';
import HistoryPage from '../../app/history-page';
import TopPage from '../../app/top-page';
import { album, BOB, song } from '../../test/fixtures';
import { serveGets, stubApiClient, type FakeApi } from '../../test/fake-api';
import { publishSession, queueOf, recordBus, renderAt } from '../../test/render';

let api: FakeApi;
beforeEach(() => {
  api = stubApiClient();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const today = new Date();
const at = (daysAgo: number, hour: number) => new Date(today.getFullYear(), today.getMonth(), today.getDate() - daysAgo, hour).toISOString();
const one = song({ song_name: 'Morning Song' });
const two = song({ song_name: 'Night Song' });
const old = song({ song_name: 'Old Song' });

function history(plays: HistoryResponse['plays'], next: string | null = null, paused = false): HistoryResponse {
  return { plays, next_before: next, paused };
}

describe('Listening history page', () => {
  it('groups plays by day, newest first, loads older plays, and plays a day from the row chosen', async () => {
    serveGets(api, {
      '/api/me/history?before=': history([{ id: 'p3', played_at: at(9, 12), song: old }]),
      '/api/me/history': history([{ id: 'p1', played_at: at(0, 1), song: two }, { id: 'p2', played_at: at(1, 23), song: one }], 'cursor-1'),
    });
    const commands = recordBus('player:command');
    renderAt('/history', { '/history': <HistoryPage /> });
    publishSession(BOB);
    expect(await screen.findByRole('heading', { level: 2, name: 'Today' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Yesterday' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show older plays' }));
    expect(await screen.findByRole('link', { name: 'Old Song' })).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/api/me/history?before=cursor-1', expect.anything());
    await userEvent.click(within(screen.getByRole('grid', { name: 'Played Yesterday' })).getByRole('button', { name: /Play Morning Song/ }));
    await waitFor(() => expect(queueOf(commands.at(-1)).map((item) => item.song_name)).toEqual(['Morning Song']));
  });

  it('pauses and resumes the history, and clears it after asking', async () => {
    serveGets(api, { '/api/me/history': history([{ id: 'p1', played_at: at(0, 1), song: two }]) });
    api.put.mockImplementation(async (_path, options) => ({ paused: (options as { json: { paused: boolean } }).json.paused }));
    api.delete.mockResolvedValue({ cleared: true });
    renderAt('/history', { '/history': <HistoryPage /> });
    publishSession(BOB);
    await userEvent.click(await screen.findByRole('button', { name: 'Pause history' }));
    expect(api.put).toHaveBeenCalledWith('/api/me/history/settings', { json: { paused: true } });
    expect(await screen.findByText('Paused: new plays are not being added.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resume history' }));
    expect(await screen.findByRole('button', { name: 'Pause history' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear listening history' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear history' }));
    expect(api.delete).toHaveBeenCalledWith('/api/me/history');
    expect(await screen.findByRole('heading', { name: 'Songs you play will appear here' })).toBeInTheDocument();
  });

  it('asks a guest to log in and fetches nothing', async () => {
    renderAt('/history', { '/history': <HistoryPage /> });
    publishSession(null);
    expect(await screen.findByRole('link', { name: /log in/i })).toBeInTheDocument();
    expect(api.get).not.toHaveBeenCalled();
  });
});

describe('Your top page', () => {
  const top = (period: TopResponse['period'], names: string[]): TopResponse => ({
    period,
    songs: names.map((name, index) => ({ song: song({ song_name: name }), plays: 10 - index })),
    artists: [{ artist: { id: 'ar1', name: 'Sigur Rós' }, plays: 7 }],
    albums: [{ album: album({ album_name: 'Takk' }), plays: 7 }],
  });

  it('shows this month first and switches to this year and all time', async () => {
    serveGets(api, {
      '/api/me/top?period=month': top('month', ['Hoppípolla']),
      '/api/me/top?period=year': top('year', ['Glósóli', 'Hoppípolla']),
      '/api/me/top?period=all': top('all', []),
    });
    renderAt('/top', { '/top': <TopPage /> });
    publishSession(BOB);
    const songs = await screen.findByRole('grid', { name: 'Your top songs, this month' });
    expect(within(songs).getByRole('link', { name: 'Hoppípolla' })).toBeInTheDocument();
    const artists = screen.getByRole('list', { name: 'Your top artists, this month' });
    expect(within(artists).getByRole('link', { name: 'Sigur Rós' })).toHaveAttribute('href', '/artists/ar1');
    expect(within(artists).getByText('7 plays')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Takk By/ })).toHaveAttribute('href', expect.stringMatching(/^\/albums\//));
    await userEvent.click(screen.getByRole('button', { name: 'This year' }));
    expect(await screen.findByRole('grid', { name: 'Your top songs, this year' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'This year' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'All time' }));
    expect(await screen.findByRole('heading', { name: 'Nothing played yet' })).toBeInTheDocument();
  });
});
