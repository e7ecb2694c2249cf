import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getEventBus, type PlayerCommand } from '@tunafy/event-bus';
import { publishSession } from '@tunafy/app-kit';
import { ANN, stubApiClient } from '../test/fake-api';
import { catalogSong, hexId } from '../test/fakes';
import RecentlyPlayed from './recently-played';

describe('RecentlyPlayed', () => {
  it('renders nothing for a guest', () => {
    stubApiClient();
    publishSession(null);
    const { container } = render(<RecentlyPlayed />);
    expect(container).toBeEmptyDOMElement();
  });

  it('lists the songs and plays the list from the chosen one, over the bus', async () => {
    const api = stubApiClient({ recentlyPlayed: [catalogSong(1, 65), catalogSong(2)] });
    const commands: PlayerCommand[] = [];
    getEventBus().on('player:command').subscribe((command) => commands.push(command));
    publishSession(ANN);
    render(<RecentlyPlayed limit={5} title="Jump back in" />);
    const list = await screen.findByRole('list', { name: 'Recently played songs' });
    expect(screen.getByRole('heading', { level: 2, name: 'Jump back in' })).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/api/me/recently-played?limit=5');
    expect(within(list).getByText('1:05')).toBeInTheDocument();
    await userEvent.setup().click(within(list).getByRole('button', { name: /^Play Song 2 by Artist 2/ }));
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({ type: 'play-list', index: 1, source: 'recently-played' });
    expect((commands[0] as Extract<PlayerCommand, { type: 'play-list' }>).songs.map((song) => song.id)).toEqual([hexId(1), hexId(2)]);
    expect((commands[0] as Extract<PlayerCommand, { type: 'play-list' }>).songs[0]).not.toHaveProperty('created_at');
  });

  it('marks the song that is playing', async () => {
    stubApiClient({ recentlyPlayed: [catalogSong(1), catalogSong(2)] });
    publishSession(ANN);
    const { created_at: _created, ...current } = catalogSong(2);
    getEventBus().publish('player:state', { queue: [current], index: 0, current, playing: true, position: 3, source: 'x' });
    render(<RecentlyPlayed />);
    const row = await screen.findByRole('button', { name: /^Play Song 2 by Artist 2/ });
    expect(row).toHaveAttribute('aria-current', 'true');
  });

  it('offers a retry when the list cannot load', async () => {
    const api = stubApiClient();
    api.get.mockRejectedValueOnce(new Error('offline'));
    publishSession(ANN);
    render(<RecentlyPlayed />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Songs you play show up here.')).toBeInTheDocument();
  });
});
