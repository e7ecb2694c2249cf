import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Lyrics } from '@tunafy/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LyricsView, RESUME_FOLLOW_MS } from './lyrics-view';
import { clearLyricsCache } from './use-lyrics';

/** The player's progress store as the view uses it: a position that moves, and listeners told of each move. */
function fakeClock(position = 0) {
  const listeners = new Set<() => void>();
  const clock = {
    position,
    getProgress: () => ({ position: clock.position, duration: 100 }),
    subscribeProgress: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    seek: vi.fn((seconds: number) => clock.move(seconds)),
    /** Resolves once the view listens: its effect runs in a task after the lines appear, later still on a loaded machine. */
    followed: () => waitFor(() => expect(listeners.size).toBeGreaterThan(0)),
    move(seconds: number) {
      clock.position = seconds;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
  return clock;
}

const timed = (song_id: string): Lyrics => ({
  song_id,
  synced: [
    { start_ms: 1000, text: 'First line' },
    { start_ms: 2500, text: 'Second line' },
    { start_ms: 4000, text: '' },
    { start_ms: 5000, text: 'Last line' },
  ],
  plain: null,
  source: 'lrc',
  lang: null,
  updated_at: '2026-11-28T00:00:00.000Z',
});

const current = () => screen.queryByRole('button', { current: 'true' } as never) ?? document.querySelector('[aria-current="true"]');

beforeEach(() => clearLyricsCache());

describe('LyricsView', () => {
  it('highlights the line whose time has come as the clock moves, none before the first', async () => {
    const clock = fakeClock(0.5);
    render(<LyricsView controller={clock} songId="s1" variant="full" fetcher={async (id) => timed(id)} />);
    await screen.findByText('First line');
    await clock.followed();
    expect(document.querySelector('[aria-current="true"]')).toBeNull();
    clock.move(1.0);
    expect(current()).toHaveTextContent('First line');
    clock.move(2.499);
    expect(current()).toHaveTextContent('First line');
    clock.move(2.5);
    expect(current()).toHaveTextContent('Second line');
    clock.move(4.2);
    expect(current()).toHaveAccessibleName('Instrumental');
    clock.move(99);
    expect(current()).toHaveTextContent('Last line');
    clock.move(0);
    expect(document.querySelector('[aria-current="true"]')).toBeNull();
  });

  it('seeks to a line on click through the player', async () => {
    const clock = fakeClock(0);
    const user = userEvent.setup();
    render(<LyricsView controller={clock} songId="s2" variant="panel" onClose={() => undefined} fetcher={async (id) => timed(id)} />);
    await user.click(await screen.findByRole('button', { name: 'Second line' }));
    expect(clock.seek).toHaveBeenCalledWith(2.5);
    expect(current()).toHaveTextContent('Second line');
  });

  it('keeps the current line in view, but leaves a listener who scrolled alone for a few seconds', async () => {
    const clock = fakeClock(0);
    render(<LyricsView controller={clock} songId="s3" variant="full" fetcher={async (id) => timed(id)} />);
    const list = await screen.findByTestId('lyrics-lines');
    await clock.followed();
    const scrollTo = vi.fn();
    list.scrollTo = scrollTo as never;
    clock.move(1);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo.mock.calls[0]![0]).toMatchObject({ behavior: 'smooth' });

    const now = vi.spyOn(performance, 'now');
    now.mockReturnValue(10_000);
    list.dispatchEvent(new WheelEvent('wheel', { bubbles: true }));
    now.mockReturnValue(10_000 + RESUME_FOLLOW_MS - 1);
    clock.move(2.5);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    now.mockReturnValue(10_000 + RESUME_FOLLOW_MS + 1);
    clock.move(5);
    expect(scrollTo).toHaveBeenCalledTimes(2);
    now.mockRestore();
  });

  it('shows plain lyrics as text, "No lyrics for this song" when there are none, and nothing-playing without a song', async () => {
    const plain: Lyrics = { song_id: 'p', synced: null, plain: 'Line one\nLine two', source: 'user', lang: null, updated_at: '2026-11-28T00:00:00.000Z' };
    const { rerender } = render(<LyricsView controller={fakeClock()} songId="p" variant="full" fetcher={async () => plain} />);
    expect(await screen.findByTestId('lyrics-plain')).toHaveTextContent('Line one Line two');
    rerender(<LyricsView controller={fakeClock()} songId="none" variant="full" fetcher={async () => null} />);
    expect(await screen.findByText('No lyrics for this song')).toBeInTheDocument();
    rerender(<LyricsView controller={fakeClock()} songId={null} variant="full" fetcher={async () => null} />);
    expect(await screen.findByText('Nothing is playing.')).toBeInTheDocument();
  });
});
