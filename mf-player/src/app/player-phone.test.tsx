import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getEventBus, type EventMap, type PlayerState } from '@tunafy/event-bus';
import { fakeMediaQuery } from '@tunafy/app-kit/test';
import { stubApiClient } from '../test/fake-api';
import { catalogItem } from '../test/fakes';
import { setMediaState, stubMediaElements } from '../test/media';
import { renderPlayer } from '../test/render-player';
import { COMPACT_QUERY } from '../ui/use-compact-layout';


/** A phone-sized window as matchMedia sees it; `resize` flips it, as rotating a tablet does. */
const fakeScreen = (compact: boolean) => fakeMediaQuery(COMPACT_QUERY, compact);

beforeEach(() => {
  localStorage.clear();
  stubMediaElements();
  stubApiClient();
});
afterEach(() => vi.unstubAllGlobals());

const items = (count: number) => Array.from({ length: count }, (_, i) => catalogItem(i + 1, 100));
const send = (command: EventMap['player:command']) => act(() => getEventBus().publish('player:command', command));
const state = () => getEventBus().last('player:state') as PlayerState;
const bar = () => screen.getByRole('region', { name: 'Player' });

function loaded(element: HTMLAudioElement, duration = 100) {
  setMediaState(element, { readyState: 4, duration });
  act(() => void element.dispatchEvent(new Event('loadedmetadata')));
}

describe('Player on a phone', () => {
  it('is one compact row: the song, play/pause, and no desktop controls', async () => {
    fakeScreen(true);
    const user = await renderPlayer();
    expect(within(bar()).getByText('Pick a song to start listening.')).toBeInTheDocument();
    expect(within(bar()).getByRole('button', { name: 'Play' })).toBeDisabled();

    send({ type: 'play-list', songs: items(3), index: 1, source: 's' });
    const open = within(bar()).getByRole('button', { name: 'Open player: Song 2 by Artist 2' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(within(bar()).queryByRole('slider')).toBeNull();
    expect(within(bar()).queryByRole('button', { name: 'Next' })).toBeNull();

    await user.click(within(bar()).getByRole('button', { name: 'Pause' }));
    expect(state().playing).toBe(false);
    await user.click(within(bar()).getByRole('button', { name: 'Play' }));
    expect(state().playing).toBe(true);
  });

  it('opens a full-screen player with cover, title, seek bar, controls and queue, and closes back to the bar', async () => {
    fakeScreen(true);
    const user = await renderPlayer();
    send({ type: 'play-list', songs: items(3), index: 0, source: 's' });
    const audio = document.querySelector<HTMLAudioElement>('audio[src]')!;
    loaded(audio);
    const open = within(bar()).getByRole('button', { name: /^Open player: Song 1/ });
    await user.click(open);

    const dialog = screen.getByRole('dialog', { name: 'Now playing' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('button', { name: 'Close player' })).toHaveFocus();
    expect(within(dialog).getByRole('link', { name: 'Song 1' })).toHaveAttribute('href', expect.stringMatching(/^\/songs\//));
    expect(within(dialog).getByText('Artist 1')).toBeInTheDocument();

    const seek = within(dialog).getByRole('slider', { name: 'Seek' });
    seek.focus();
    await user.keyboard('{End}');
    expect(audio.currentTime).toBe(100);
    await user.keyboard('{Home}');
    expect(audio.currentTime).toBe(0);

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('link', { name: 'Song 2' })).toBeInTheDocument();
    for (const name of ['Shuffle', 'Previous', 'Rewind 5 seconds', 'Pause', 'Forward 5 seconds', 'Loop this song', 'Repeat queue']) {
      expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
    }

    await user.click(within(dialog).getByRole('button', { name: 'Queue' }));
    const queue = within(dialog).getByRole('region', { name: 'Queue' });
    expect(within(queue).getByRole('list', { name: 'Next up' })).toHaveTextContent('Song 3');

    // Tab stays inside the dialog.
    within(dialog).getByRole('button', { name: 'Close player' }).focus();
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(bar()).getByRole('button', { name: /^Open player: Song 2/ })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on the phone’s Back instead of leaving the page, and takes its history entry off when closed otherwise', async () => {
    fakeScreen(true);
    const user = await renderPlayer();
    send({ type: 'play-list', songs: items(2), index: 0, source: 's' });
    const marked = () => Boolean((window.history.state as Record<string, unknown> | null)?.tunafyFullPlayer);

    await user.click(within(bar()).getByRole('button', { name: /^Open player: Song 1/ }));
    expect(screen.getByRole('dialog', { name: 'Now playing' })).toBeInTheDocument();
    expect(marked()).toBe(true);
    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(marked()).toBe(false);
    expect(state().playing).toBe(true);

    // Closed with its button: the entry goes too, so the next Back leaves the page as usual.
    await user.click(within(bar()).getByRole('button', { name: /^Open player: Song 1/ }));
    expect(marked()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Close player' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(marked()).toBe(false));
  });

  it('turns into the desktop bar when the window widens, and back', async () => {
    const window = fakeScreen(true);
    await renderPlayer();
    send({ type: 'play-list', songs: items(2), index: 0, source: 's' });
    expect(within(bar()).queryByRole('button', { name: 'Next' })).toBeNull();
    window.resize(false);
    expect(within(bar()).getByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(within(bar()).getByRole('slider', { name: 'Seek' })).toBeInTheDocument();
    window.resize(true);
    expect(within(bar()).getByRole('button', { name: /^Open player: Song 1/ })).toBeInTheDocument();
    // Still the same playback: switching layouts never restarts the song.
    expect(state()).toMatchObject({ index: 0, playing: true });
  });
});
