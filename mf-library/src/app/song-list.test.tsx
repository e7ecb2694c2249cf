import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Song } from '@tunafy/contracts';
import type { PlayerCommand } from '@tunafy/event-bus';
import type { ListPlayback } from '../lib/player';
import { MAX_SELECTION } from '../lib/selection';
import type { PagedRows } from '../lib/use-paged-rows';
import { ANN, BOB, playlist, song } from '../test/fixtures';
import { serveGets, stubApiClient } from '../test/fake-api';
import { publishSession, recordBus } from '../test/render';
import { SongList } from './song-list';

const TOTAL = 2_000;
/** Rows 0-99 are in memory; the rest come only through rowsIn (like a paged list scrolled to the top). */
const SONGS = Array.from({ length: TOTAL }, (_, index) => song({ song_name: `Track ${index}` }));
const ROAD = playlist({ playlist_name: 'Road trip' });

function pagedRows(): PagedRows<Song> {
  return {
    total: TOTAL,
    error: null,
    rowAt: (index) => (index < 100 ? SONGS[index] : undefined),
    show: vi.fn(),
    rowsIn: vi.fn(async (start: number, end: number) => SONGS.slice(start, end)),
    reload: vi.fn(),
    version: 0,
  };
}

let playback: ListPlayback;
let rows: PagedRows<Song>;

beforeEach(() => {
  const api = stubApiClient();
  serveGets(api, { [`/api/playlists/${ANN.id}/manage`]: { playlists: [ROAD] } });
  playback = { playing: false, currentId: null, toggle: vi.fn(), playAt: vi.fn() };
  rows = pagedRows();
  publishSession(ANN);
  render(
    <MemoryRouter>
      <SongList rows={rows} total={TOTAL} playback={playback} label="All Songs" />
    </MemoryRouter>,
  );
});

const grid = () => screen.getByRole('grid', { name: 'All Songs' });
const row = (name: string) => within(grid()).getAllByRole('row').find((candidate) => candidate.textContent?.includes(`${name}ann`))!;
const selectedNames = () =>
  within(grid())
    .getAllByRole('row')
    .filter((candidate) => candidate.getAttribute('aria-selected') === 'true')
    .map((candidate) => within(candidate).getByRole('link', { name: /^Track/ }).textContent);
const status = () => within(screen.getByRole('group', { name: 'Selected songs' })).getByRole('status');
const bar = () => screen.getByRole('group', { name: 'Selected songs' });
const songIds = (command: PlayerCommand) => (command.type === 'queue-songs' ? command.songs.map((one) => one.song_name) : []);

async function clickRow(name: string, keys?: string) {
  const user = userEvent.setup();
  const cell = within(row(name)).getAllByRole('gridcell')[3]!; // the duration: not a link or a button
  if (keys) await user.keyboard(`{${keys}>}`);
  await user.click(cell);
  if (keys) await user.keyboard(`{/${keys}}`);
}

// Two dozen full rows (links, menus) per render: slow in jsdom on a loaded machine.
describe('SongList row menu', { timeout: 15_000 }, () => {
  it('plays a row next or adds it to the end of the queue', async () => {
    const commands = recordBus('player:command');
    await userEvent.click(within(row('Track 2')).getByRole('button', { name: 'More options for Track 2 by ann' }));
    // The songs are the viewer's own, so they may be shared too (docs/shares.md).
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Play next', 'Add to queue', 'Add to Playlist', 'Copy link to share']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Play next' }));
    await userEvent.click(within(row('Track 3')).getByRole('button', { name: 'More options for Track 3 by ann' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Add to queue' }));
    expect(commands).toEqual([
      { type: 'play-next', song: expect.objectContaining({ id: SONGS[2]!.id, song_name: 'Track 2' }) },
      { type: 'add-to-queue', song: expect.objectContaining({ id: SONGS[3]!.id, song_name: 'Track 3' }) },
    ]);
    expect(playback.playAt).not.toHaveBeenCalled();
  });

  it('opens Add to Playlist for that row', async () => {
    await userEvent.click(within(row('Track 1')).getByRole('button', { name: 'More options for Track 1 by ann' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Add to Playlist' }));
    expect(screen.getByRole('dialog', { name: 'Add to Playlist' })).toBeInTheDocument();
  });
});

describe('SongList selection', { timeout: 15_000 }, () => {
  it('Ctrl-click toggles rows, Shift-click selects the range; the bar counts and acts in list order', async () => {
    const commands = recordBus('player:command');
    await clickRow('Track 4', 'Control');
    await clickRow('Track 2', 'Shift');
    expect(selectedNames()).toEqual(['Track 2', 'Track 3', 'Track 4']);
    expect(grid()).toHaveAttribute('aria-multiselectable', 'true');
    expect(row('Track 5')).toHaveAttribute('aria-selected', 'false');
    expect(status()).toHaveTextContent('3 songs selected');
    await clickRow('Track 3', 'Meta');
    expect(selectedNames()).toEqual(['Track 2', 'Track 4']);
    expect(playback.playAt).not.toHaveBeenCalled();

    await userEvent.click(within(bar()).getByRole('button', { name: 'Play next' }));
    await userEvent.click(within(bar()).getByRole('button', { name: 'Add to queue' }));
    expect(commands.map((command) => command.type === 'queue-songs' && command.at)).toEqual(['next', 'end']);
    expect(commands.map(songIds)).toEqual([
      ['Track 2', 'Track 4'],
      ['Track 2', 'Track 4'],
    ]);
  });

  it('a plain click plays the row (SPEC §2), clears the selection and is where a Shift-click range starts', async () => {
    await clickRow('Track 1', 'Control');
    await clickRow('Track 5');
    expect(playback.playAt).toHaveBeenCalledWith(5);
    expect(selectedNames()).toEqual([]);
    expect(status()).toHaveTextContent('');
    await clickRow('Track 7', 'Shift');
    expect(selectedNames()).toEqual(['Track 5', 'Track 6', 'Track 7']);
  });

  it('includes rows of a range that are not loaded yet, read in one request', async () => {
    const commands = recordBus('player:command');
    await clickRow('Track 10', 'Control');
    within(row('Track 10')).getByRole('button', { name: /^Play Track 10/ }).focus();
    await userEvent.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(selectedNames()).toEqual(['Track 10', 'Track 11']);
    expect(rows.rowsIn).not.toHaveBeenCalled();
    // Ctrl+A: the first MAX_SELECTION rows, most of them not in memory.
    await userEvent.keyboard('{Control>}a{/Control}');
    await waitFor(() => expect(status()).toHaveTextContent(`${MAX_SELECTION} songs selected (at most ${MAX_SELECTION} at a time)`));
    expect(rows.rowsIn).toHaveBeenCalledWith(0, MAX_SELECTION);
    await userEvent.click(within(bar()).getByRole('button', { name: 'Add to queue' }));
    const queued = songIds(commands.at(-1)!);
    expect(queued).toHaveLength(MAX_SELECTION);
    expect(queued.at(-1)).toBe(`Track ${MAX_SELECTION - 1}`);
  });

  it('Shift+Space toggles the focused row and Escape clears the selection', async () => {
    within(row('Track 3')).getByRole('button', { name: /^Play Track 3/ }).focus();
    await userEvent.keyboard('{Shift>} {/Shift}');
    expect(selectedNames()).toEqual(['Track 3']);
    await userEvent.keyboard('{Shift>}{ArrowDown}{ArrowDown}{/Shift}');
    expect(selectedNames()).toEqual(['Track 3', 'Track 4', 'Track 5']);
    expect(screen.getByRole('button', { name: /^Play Track 5/ })).toHaveFocus();
    expect(playback.playAt).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    expect(selectedNames()).toEqual([]);
  });

  it('adds the selection to a playlist through the one dialog', async () => {
    await clickRow('Track 0', 'Control');
    await clickRow('Track 2', 'Shift');
    await userEvent.click(within(bar()).getByRole('button', { name: 'Add to Playlist' }));
    const dialog = screen.getByRole('dialog', { name: 'Add 3 songs to Playlist' });
    expect(await within(dialog).findByRole('button', { name: /Road trip/ })).toBeInTheDocument();
  });

  it('offers Edit tags only while every selected song is the user’s, and opens the dialog for them', async () => {
    await clickRow('Track 0', 'Control');
    await clickRow('Track 1', 'Shift');
    await userEvent.click(within(bar()).getByRole('button', { name: 'Edit tags' }));
    expect(await screen.findByRole('dialog', { name: 'Edit tags of 2 songs' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    // Someone else looking at the same selection (the songs are ann's): no Edit tags, the other actions stay.
    publishSession(BOB);
    expect(within(bar()).getByRole('button', { name: 'Add to queue' })).toBeInTheDocument();
    expect(within(bar()).queryByRole('button', { name: 'Edit tags' })).toBeNull();
  });

  it('is one Tab stop: the control last focused in it', async () => {
    const stops = () => [...grid().querySelectorAll<HTMLElement>('a, button')].filter((control) => control.tabIndex === 0);
    expect(stops()).toEqual([within(row('Track 0')).getByRole('button', { name: /^Play Track 0/ })]);
    within(row('Track 2')).getByRole('button', { name: /^Play Track 2/ }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(row('Track 2')).getByRole('link', { name: 'Track 2' })).toHaveFocus();
    expect(stops()).toEqual([within(row('Track 2')).getByRole('link', { name: 'Track 2' })]);
  });
});
