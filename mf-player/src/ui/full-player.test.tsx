import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getEventBus, type EventMap } from '@tunafy/event-bus';
import { fakeMediaQuery } from '@tunafy/app-kit/test';
import { stubApiClient } from '../test/fake-api';
import { catalogItem } from '../test/fakes';
import { stubMediaElements } from '../test/media';
import { renderPlayer } from '../test/render-player';
import { COMPACT_QUERY } from './use-compact-layout';

// The full player's focus and Escape come from @tunafy/ui's ModalFocus (Radix); these check what the player
// builds on it: which control starts, that focus wraps and comes back to the bar, and the queue's own Escape.
beforeEach(() => {
  localStorage.clear();
  stubMediaElements();
  stubApiClient();
  fakeMediaQuery(COMPACT_QUERY, true);
});
afterEach(() => vi.unstubAllGlobals());

const send = (command: EventMap['player:command']) => act(() => getEventBus().publish('player:command', command));

async function openFullPlayer() {
  const user = await renderPlayer();
  send({ type: 'play-list', songs: [1, 2, 3].map((n) => catalogItem(n, 100)), index: 0, source: 's' });
  const opener = screen.getByRole('button', { name: /^Open player: Song 1/ });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'Now playing' }) };
}

describe('FullPlayer', () => {
  it('starts on Close player, and Tab from the last control comes back round to it', async () => {
    const { user, dialog } = await openFullPlayer();
    const close = within(dialog).getByRole('button', { name: 'Close player' });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    const last = document.activeElement as HTMLElement;
    expect(dialog).toContainElement(last);
    expect(last).not.toBe(close);
    await user.tab();
    expect(close).toHaveFocus();

    // Closed, so its history entry is gone before the next test (a Back left pending would close that one's player).
    await user.keyboard('{Escape}');
    await waitFor(() => expect((window.history.state as Record<string, unknown> | null)?.tunafyFullPlayer).toBeFalsy());
  });

  it('an Escape in the open queue closes the queue; the next closes the player and focus is back on the bar', async () => {
    const { user, opener, dialog } = await openFullPlayer();
    await user.click(within(dialog).getByRole('button', { name: 'Queue' }));
    const queue = within(dialog).getByRole('region', { name: 'Queue' });
    act(() => within(queue).getAllByRole('tab')[0]!.focus());

    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('region', { name: 'Queue' })).toBeNull();
    expect(dialog).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('shows the lyrics full screen in the artwork’s place, from the Lyrics button', async () => {
    const { user, dialog } = await openFullPlayer();
    await user.click(within(dialog).getByRole('button', { name: 'Lyrics' }));
    const lyrics = within(dialog).getByRole('region', { name: 'Lyrics' });
    // The fake API has no lyrics for the song: a 404, said as such.
    expect(await within(lyrics).findByText('No lyrics for this song')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Lyrics' })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect((window.history.state as Record<string, unknown> | null)?.tunafyFullPlayer).toBeFalsy());
  });
});
