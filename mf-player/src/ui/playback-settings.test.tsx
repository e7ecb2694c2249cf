import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getEventBus, type EventMap } from '@tunafy/event-bus';
import { fakeMediaQuery } from '@tunafy/app-kit/test';
import { PLAYBACK_SETTINGS_KEY } from '../playback/playback-settings';
import { stubApiClient } from '../test/fake-api';
import { catalogItem, hexId } from '../test/fakes';
import { stubMediaElements } from '../test/media';
import { renderPlayer } from '../test/render-player';
import { COMPACT_QUERY } from './use-compact-layout';

beforeEach(() => {
  localStorage.clear();
  stubMediaElements();
  stubApiClient();
});
afterEach(() => vi.unstubAllGlobals());

const send = (command: EventMap['player:command']) => act(() => getEventBus().publish('player:command', command));
const songs = [1, 2, 3].map((n) => catalogItem(n, 100));
const sources = () => Array.from(document.querySelectorAll('audio')).map((element) => element.getAttribute('src'));

/** The desktop bar playing `songs`, its settings dialog open. */
async function openSettings() {
  const user = await renderPlayer();
  send({ type: 'play-list', songs, index: 0, source: 'songs' });
  const button = within(screen.getByRole('region', { name: 'Player' })).getByRole('button', { name: 'Playback settings' });
  await user.click(button);
  return { user, button, dialog: await screen.findByRole('dialog', { name: 'Playback settings' }) };
}

describe('Playback settings', () => {
  it('opens from the bar with the two groups, each option with its hint, at Automatic and Normal', async () => {
    const { dialog } = await openSettings();
    const quality = within(dialog).getByRole('radiogroup', { name: 'Streaming quality' });
    const normalization = within(dialog).getByRole('radiogroup', { name: 'Volume normalization' });
    const names = (group: HTMLElement) => within(group).getAllByRole('radio').map((radio) => document.getElementById(radio.getAttribute('aria-labelledby')!)!.textContent);
    expect(names(quality)).toEqual(['Automatic', 'Low (96 kbit/s)', 'Normal (160 kbit/s)', 'High (320 kbit/s)', 'Original']);
    expect(names(normalization)).toEqual(['Off', 'Normal', 'Loud']);
    const automatic = within(quality).getByRole('radio', { name: 'Automatic' });
    expect(automatic).toBeChecked();
    expect(automatic).toHaveAccessibleDescription('Original on fast connections, Normal on slow or metered ones');
    expect(within(quality).getByRole('radio', { name: 'Low (96 kbit/s)' })).not.toBeChecked();
    expect(within(normalization).getByRole('radio', { name: 'Normal' })).toBeChecked();
    expect(within(normalization).getByRole('radio', { name: 'Off' })).toHaveAccessibleDescription('Every song plays as it was mastered');
  });

  it('a new quality plays from the next song and is kept on this device', async () => {
    const { user, dialog } = await openSettings();
    expect(sources()).toContain(songs[0].song_file_url);
    await user.click(within(dialog).getByRole('radio', { name: 'Low (96 kbit/s)' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Off' }));
    expect(JSON.parse(localStorage.getItem(PLAYBACK_SETTINGS_KEY)!)).toEqual({ quality: 'low', normalization: 'off' });
    // The current song plays on from its file.
    expect(sources()).toContain(songs[0].song_file_url);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(sources()).toContain(`/api/songs/${hexId(2)}/stream?maxBitRate=96`);
  });

  it('closes on Escape with focus back on its button', async () => {
    const { user, button } = await openSettings();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it("opens from the phone's full player, above it; Escape closes the settings only", async () => {
    fakeMediaQuery(COMPACT_QUERY, true);
    const user = await renderPlayer();
    send({ type: 'play-list', songs, index: 0, source: 'songs' });
    await user.click(screen.getByRole('button', { name: /^Open player: Song 1/ }));
    const full = screen.getByRole('dialog', { name: 'Now playing' });
    await user.click(within(full).getByRole('button', { name: 'Playback settings' }));
    const settings = await screen.findByRole('dialog', { name: 'Playback settings' });
    await user.click(within(settings).getByRole('radio', { name: 'High (320 kbit/s)' }));
    expect(within(settings).getByRole('radio', { name: 'High (320 kbit/s)' })).toBeChecked();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Playback settings' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Now playing' })).toBeInTheDocument();
    await waitFor(() => expect(within(full).getByRole('button', { name: 'Playback settings' })).toHaveFocus());

    // Closed, so its history entry is gone before the next test.
    await user.keyboard('{Escape}');
    await waitFor(() => expect((window.history.state as Record<string, unknown> | null)?.tunafyFullPlayer).toBeFalsy());
  });
});
