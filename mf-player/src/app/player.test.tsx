import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getEventBus, type EventMap, type PlayerState } from '@tunafy/event-bus';
import { publishSession } from '@tunafy/app-kit';
import { saveLocalQueue } from '../playback/persistence';
import { ANN, BOB, stubApiClient } from '../test/fake-api';
import { catalogItem, hexId } from '../test/fakes';
import { idleCallbacks } from '../test/idle';
import { setMediaState, stubMediaElements } from '../test/media';
import Player from './player';

let media: ReturnType<typeof stubMediaElements>;
let api: ReturnType<typeof stubApiClient>;
let notices: EventMap['ui:notify'][];

beforeEach(() => {
  localStorage.clear();
  media = stubMediaElements();
  api = stubApiClient();
  notices = [];
  getEventBus().on('ui:notify').subscribe((notice) => notices.push(notice));
});

const items = (count: number) => Array.from({ length: count }, (_, i) => catalogItem(i + 1, 100));
const fileOf = (n: number) => catalogItem(n).song_file_url;
const audioPlaying = (n: number) => document.querySelector<HTMLAudioElement>(`audio[src="${fileOf(n)}"]`);
const state = () => getEventBus().last('player:state') as PlayerState;
const bar = () => screen.getByRole('region', { name: 'Player' });
const send = (command: EventMap['player:command']) => act(() => getEventBus().publish('player:command', command));

/** The Player as a page shows it once idle (it starts then); `idle: false` leaves it before that. */
async function renderPlayer({ strict = false, idle = true } = {}) {
  publishSession(ANN);
  const tree = (
    <MemoryRouter>
      <input aria-label="Search" />
      <Player />
    </MemoryRouter>
  );
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  if (idle) act(() => idleCallbacks.runAll());
  // Let the server restore (asked when this browser has nothing saved) settle.
  await act(async () => undefined);
  return { view, user: userEvent.setup() };
}

/** What a browser reports once the song's metadata is in. */
function loaded(n: number, duration = 100) {
  const element = audioPlaying(n)!;
  setMediaState(element, { readyState: 4, duration });
  act(() => void element.dispatchEvent(new Event('loadedmetadata')));
  return element;
}

describe('Player', () => {
  it('renders nothing for a guest', () => {
    publishSession(null);
    render(<Player />);
    expect(screen.queryByRole('region', { name: 'Player' })).toBeNull();
  });

  it('shows an idle bar with volume 0.1 and disabled transport', async () => {
    await renderPlayer();
    expect(within(bar()).getByText('Pick a song to start listening.')).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveValue('0.1');
    expect(screen.getByRole('button', { name: 'Play' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(document.querySelectorAll('audio')).toHaveLength(2);
  });

  it('restores the saved queue without playing it (no autoplay)', async () => {
    saveLocalQueue(localStorage, ANN.id, { queue: { songs: items(3), index: 2, source: 'album:x', shuffle: false, repeat: 'off' }, volume: 0.5, muted: false });
    await renderPlayer();
    expect(screen.getByRole('link', { name: 'Song 3' })).toHaveAttribute('href', `/songs/${hexId(3)}`);
    // The artist's name leads to their user page, as it does everywhere in the library.
    const song = items(3)[2]!;
    expect(within(screen.getByRole('group', { name: 'Now playing' })).getByRole('link', { name: song.artist_username })).toHaveAttribute('href', `/users/${song.artist_id}`);
    expect(screen.getByRole('button', { name: 'Play' })).toBeEnabled();
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveValue('0.5');
    expect(media.play).not.toHaveBeenCalled();
    expect(audioPlaying(3)!.preload).toBe('metadata');
    expect(api.get).not.toHaveBeenCalledWith('/api/me/player-state');
  });

  it('shows a tagged song’s credited artists, each a link to its artist page', async () => {
    await renderPlayer();
    const song = { ...items(1)[0]!, artists: [{ id: 'ar1', name: 'Björk' }, { id: 'ar2', name: 'Thom Yorke' }] };
    send({ type: 'play-list', songs: [song], index: 0, source: 's' });
    const nowPlaying = screen.getByRole('group', { name: 'Now playing' });
    expect(nowPlaying).toHaveTextContent('Björk, Thom Yorke');
    expect(within(nowPlaying).getByRole('link', { name: 'Björk' })).toHaveAttribute('href', '/artists/ar1');
    expect(within(nowPlaying).getByRole('link', { name: 'Thom Yorke' })).toHaveAttribute('href', '/artists/ar2');
    expect(within(nowPlaying).queryByRole('link', { name: song.artist_username })).toBeNull();
  });

  it('restores from the server when this browser has nothing saved', async () => {
    const song = { ...items(1)[0], created_at: '2026-01-01T00:00:00Z' };
    api = stubApiClient({ playerState: { queue: [song], index: 0, position: 12, volume: 0.3, shuffle: true, repeat: 'one', updated_at: '2026-01-01T00:00:00Z' } });
    await renderPlayer();
    expect(await screen.findByRole('link', { name: 'Song 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Shuffle' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Loop this song' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveValue('0.3');
    expect(media.play).not.toHaveBeenCalled();
  });

  it('shows the bar at once and starts the player once the page is idle (decision 0031)', async () => {
    saveLocalQueue(localStorage, ANN.id, { queue: { songs: items(3), index: 2, source: 'album:x', shuffle: false, repeat: 'off' }, volume: 0.5, muted: false });
    await renderPlayer({ idle: false });
    expect(within(bar()).getByText('Pick a song to start listening.')).toBeInTheDocument();
    expect(document.querySelectorAll('audio')).toHaveLength(0);
    act(() => idleCallbacks.runAll());
    expect(document.querySelectorAll('audio')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Song 3' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveValue('0.5');
    expect(media.play).not.toHaveBeenCalled();
  });

  it('plays a row chosen before the page was idle at once, and nothing is left for later', async () => {
    await renderPlayer({ idle: false });
    send({ type: 'play-list', songs: items(2), index: 1, source: 'songs' });
    expect(audioPlaying(2)).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Song 2' })).toBeInTheDocument();
    expect(state()).toMatchObject({ index: 1, playing: true, source: 'songs' });
    expect(idleCallbacks.pending()).toBe(0);
  });

  it('survives React StrictMode remounting: one pair of audio elements, commands still heard', async () => {
    await renderPlayer({ strict: true });
    expect(document.querySelectorAll('audio')).toHaveLength(2);
    send({ type: 'play-list', songs: items(2), index: 0, source: 's' });
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });

  it('plays a list from the chosen row and controls it with the buttons', async () => {
    const { user } = await renderPlayer();
    send({ type: 'play-list', songs: items(3), index: 1, source: 'album:a' });
    expect(screen.getByRole('link', { name: 'Song 2' })).toBeInTheDocument();
    expect(within(bar()).getByText('Artist 2')).toBeInTheDocument();
    expect(audioPlaying(2)).not.toBeNull();
    expect(state()).toMatchObject({ index: 1, playing: true, source: 'album:a' });

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(media.pause).toHaveBeenCalled();
    expect(state().playing).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(state().playing).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('link', { name: 'Song 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(state().index).toBe(0);
  });

  it('toggles shuffle, loop and repeat as pressed buttons', async () => {
    const { user } = await renderPlayer();
    send({ type: 'play-list', songs: items(3), index: 0, source: 's' });
    const loop = screen.getByRole('button', { name: 'Loop this song' });
    const repeat = screen.getByRole('button', { name: 'Repeat queue' });
    await user.click(loop);
    expect(loop).toHaveAttribute('aria-pressed', 'true');
    expect(audioPlaying(1)!.loop).toBe(true);
    await user.click(repeat);
    expect(repeat).toHaveAttribute('aria-pressed', 'true');
    expect(loop).toHaveAttribute('aria-pressed', 'false');
    expect(audioPlaying(1)!.loop).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Shuffle' }));
    expect(screen.getByRole('button', { name: 'Shuffle' })).toHaveAttribute('aria-pressed', 'true');
    expect(state().current?.id).toBe(hexId(1));
  });

  it('jumps 5 s with the rewind and forward buttons', async () => {
    const { user } = await renderPlayer();
    send({ type: 'play-list', songs: items(1), index: 0, source: 's' });
    const audio = loaded(1);
    audio.currentTime = 20;
    await user.click(screen.getByRole('button', { name: 'Forward 5 seconds' }));
    expect(audio.currentTime).toBe(25);
    await user.click(screen.getByRole('button', { name: 'Rewind 5 seconds' }));
    await user.click(screen.getByRole('button', { name: 'Rewind 5 seconds' }));
    expect(audio.currentTime).toBe(15);
  });

  it('seeks with the keyboard on the progress slider', async () => {
    const { user } = await renderPlayer();
    send({ type: 'play-list', songs: items(1), index: 0, source: 's' });
    const audio = loaded(1);
    const slider = screen.getByRole('slider', { name: 'Seek' });
    expect(slider).toHaveAttribute('aria-valuemax', '100');
    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(audio.currentTime).toBe(10);
    expect(slider).toHaveAttribute('aria-valuenow', '10');
    expect(slider).toHaveAttribute('aria-valuetext', '10 seconds of 1 minute 40 seconds');
    await user.keyboard('{End}');
    expect(audio.currentTime).toBe(100);
    await user.keyboard('{Home}');
    expect(audio.currentTime).toBe(0);
    // The page-wide shortcut did not seek a second time.
    await user.keyboard('{ArrowRight}');
    expect(audio.currentTime).toBe(5);
  });

  it('seeks once, on release, when the progress bar is dragged', async () => {
    await renderPlayer();
    send({ type: 'play-list', songs: items(1), index: 0, source: 's' });
    const audio = loaded(1, 200);
    const slider = screen.getByRole('slider', { name: 'Seek' });
    vi.spyOn(slider, 'getBoundingClientRect').mockReturnValue({ left: 100, width: 400, top: 0, height: 16, right: 500, bottom: 16, x: 100, y: 0, toJSON: () => ({}) });
    fireEvent.pointerDown(slider, { clientX: 150, button: 0, pointerId: 1 });
    fireEvent.pointerMove(slider, { clientX: 300, pointerId: 1 });
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    expect(audio.currentTime).toBe(0);
    fireEvent.pointerUp(slider, { clientX: 400, pointerId: 1 });
    expect(audio.currentTime).toBe(150);
    expect(slider).toHaveAttribute('aria-valuenow', '150');
    expect(state().position).toBe(150);
  });

  it('changes and mutes the volume', async () => {
    const { user } = await renderPlayer();
    const slider = screen.getByRole('slider', { name: 'Volume' });
    fireEvent.change(slider, { target: { value: '0.7' } });
    expect(document.querySelectorAll('audio')[0].volume).toBe(0.7);
    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(document.querySelectorAll('audio')[1].muted).toBe(true);
    expect(slider).toHaveValue('0');
    await user.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(slider).toHaveValue('0.7');
  });

  describe('keyboard shortcuts', () => {
    it('space plays and pauses, arrows seek and change the volume, M mutes', async () => {
      const { user } = await renderPlayer();
      send({ type: 'play-list', songs: items(1), index: 0, source: 's' });
      const audio = loaded(1);
      (document.activeElement as HTMLElement | null)?.blur();
      await user.keyboard(' ');
      expect(state().playing).toBe(false);
      await user.keyboard(' ');
      expect(state().playing).toBe(true);
      await user.keyboard('{ArrowRight}');
      expect(audio.currentTime).toBe(5);
      await user.keyboard('{ArrowLeft}');
      expect(audio.currentTime).toBe(0);
      await user.keyboard('{ArrowUp}{ArrowUp}');
      expect(screen.getByRole('slider', { name: 'Volume' })).toHaveValue('0.3');
      await user.keyboard('{ArrowDown}');
      expect(audio.volume).toBe(0.2);
      await user.keyboard('m');
      expect(audio.muted).toBe(true);
    });

    it('leave text fields alone', async () => {
      const { user } = await renderPlayer();
      send({ type: 'play-list', songs: items(1), index: 0, source: 's' });
      await user.click(screen.getByRole('textbox', { name: 'Search' }));
      await user.keyboard(' m?{ArrowUp}');
      expect(state().playing).toBe(true);
      expect(screen.getByRole('slider', { name: 'Volume' })).toHaveValue('0.1');
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('? shows the help overlay; Escape closes it and focus returns', async () => {
      const { user } = await renderPlayer();
      const opener = screen.getByRole('button', { name: 'Queue' });
      opener.focus();
      await user.keyboard('?');
      const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
      expect(dialog).toHaveAttribute('aria-modal', 'true');
      expect(within(dialog).getByText('Play or pause')).toBeInTheDocument();
      expect(dialog).toHaveAccessibleDescription('They work anywhere on the page except while typing in a text field.');
      // The list has no control: focus goes to the dialog itself (not the page behind), Tab then reaches Close.
      expect(dialog).toHaveFocus();
      await user.tab();
      expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
      // The player's shortcuts still work under their own help (Space is Close's here, so M).
      await user.keyboard('m');
      expect(screen.getByRole('button', { name: 'Unmute', hidden: true })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(opener).toHaveFocus();
    });
  });

  describe('queue panel', () => {
    it('lists what plays next; songs can be moved, removed and played', async () => {
      const { user } = await renderPlayer();
      send({ type: 'play-list', songs: items(4), index: 0, source: 's' });
      const toggle = screen.getByRole('button', { name: 'Queue' });
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const panel = screen.getByRole('region', { name: 'Queue' });
      const upcoming = () =>
        within(within(panel).getByRole('list', { name: 'Next up' }))
          .getAllByRole('button', { name: /^Play / })
          .map((row) => /Song \d/.exec(row.textContent ?? '')?.[0]);
      expect(upcoming()).toEqual(['Song 2', 'Song 3', 'Song 4']);

      await user.click(within(panel).getByRole('button', { name: 'Move Song 4 up' }));
      expect(upcoming()).toEqual(['Song 2', 'Song 4', 'Song 3']);
      expect(within(panel).getByRole('button', { name: 'Move Song 4 up' })).toHaveFocus();
      expect(state().queue.map((song) => song.song_name)).toEqual(['Song 1', 'Song 2', 'Song 4', 'Song 3']);

      await user.click(within(panel).getByRole('button', { name: 'Remove Song 2 from the queue' }));
      expect(upcoming()).toEqual(['Song 4', 'Song 3']);
      expect(within(panel).getByRole('button', { name: 'Remove Song 4 from the queue' })).toHaveFocus();

      await user.click(within(panel).getByRole('button', { name: 'Play Song 3 by Artist 3' }));
      expect(state().current?.song_name).toBe('Song 3');
      expect(within(panel).getByText('Nothing after this song.')).toBeInTheDocument();

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('region', { name: 'Queue' })).toBeNull();
      expect(toggle).toHaveFocus();
      // Escape on the toggle itself closes it too.
      await user.click(toggle);
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('region', { name: 'Queue' })).toBeNull();
    });

    it('shows recently played songs in its second tab', async () => {
      api = stubApiClient({ recentlyPlayed: [] });
      const { user } = await renderPlayer();
      await user.click(screen.getByRole('button', { name: 'Queue' }));
      await user.click(screen.getByRole('tab', { name: 'Recently played' }));
      expect(await screen.findByText('Songs you play show up here.')).toBeInTheDocument();
      expect(api.get).toHaveBeenCalledWith('/api/me/recently-played?limit=20');
    });
  });

  it('skips a song that fails to load, with a visible message and a toast', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderPlayer();
    send({ type: 'play-list', songs: items(3), index: 0, source: 's' });
    const broken = audioPlaying(1)!;
    setMediaState(broken, { error: { code: 4, message: '' } });
    act(() => void broken.dispatchEvent(new Event('error')));
    expect(screen.getByTestId('player-notice')).toHaveTextContent(`Couldn't play "Song 1". Skipping to the next song.`);
    expect(notices).toContainEqual({ kind: 'error', message: `Couldn't play "Song 1". Skipping to the next song.` });
    expect(screen.getByRole('link', { name: 'Song 2' })).toBeInTheDocument();
    expect(audioPlaying(2)).not.toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByTestId('player-notice')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"Song 1"'));
  });

  it('counts a play through the API after 30 s of listening', async () => {
    await renderPlayer();
    send({ type: 'play-list', songs: items(2), index: 0, source: 's' });
    const audio = loaded(1);
    for (let t = 0; t <= 31; t += 0.25) {
      audio.currentTime = t;
      audio.dispatchEvent(new Event('timeupdate'));
    }
    expect(api.post).toHaveBeenCalledExactlyOnceWith('/api/plays', { json: { song_id: hexId(1), context: 's' } });
  });

  it('stops and disappears on logout, and starts fresh for the next user', async () => {
    await renderPlayer();
    send({ type: 'play-list', songs: items(2), index: 0, source: 's' });
    media.pause.mockClear();
    act(() => publishSession(null));
    expect(screen.queryByRole('region', { name: 'Player' })).toBeNull();
    expect(media.pause).toHaveBeenCalled();
    expect(document.querySelectorAll('audio')).toHaveLength(0);
    expect(state()).toMatchObject({ queue: [], playing: false });
    expect(api.put).not.toHaveBeenCalled();

    act(() => publishSession(BOB));
    await waitFor(() => expect(within(bar()).getByText('Pick a song to start listening.')).toBeInTheDocument());
  });
});
