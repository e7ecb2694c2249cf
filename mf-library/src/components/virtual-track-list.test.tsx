import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Song } from '@tunafy/contracts';
import type { ListPlayback } from '../lib/player';
import { MAX_LIST_PIXELS } from '../lib/scroll-scale';
import type { PagedRows } from '../lib/use-paged-rows';
import { song } from '../test/fixtures';
import { fakeWindowScrolling } from '../test/render';
import { TRACK_ROW_HEIGHT } from './track-list';
import { VirtualTrackList } from './virtual-track-list';

const TOTAL = 1_000_000;

afterEach(() => {
  vi.restoreAllMocks();
});

/** A million rows that all "arrive" at once, made on demand (one object per row, as a page would give). */
function millionRows(): PagedRows<Song> {
  const made = new Map<number, Song>();
  const rowAt = (index: number) => {
    if (index < 0 || index >= TOTAL) return undefined;
    if (!made.has(index)) made.set(index, song({ song_name: `Track ${index}` }));
    return made.get(index);
  };
  return { total: TOTAL, error: null, rowAt, show: vi.fn(), rowsIn: vi.fn(), reload: vi.fn(), version: 0 };
}

const playback: ListPlayback = { playing: false, currentId: null, toggle: vi.fn(), playAt: vi.fn() };

function renderList(rows: PagedRows<Song>) {
  return render(
    <MemoryRouter>
      <VirtualTrackList rows={rows} total={TOTAL} playback={playback} label="All Songs" />
    </MemoryRouter>,
  );
}

const positions = () => within(screen.getByRole('grid', { name: 'All Songs' })).getAllByRole('row').map((row) => Number(row.getAttribute('aria-rowindex')));

describe('VirtualTrackList at 1,000,000 rows', () => {
  it('stays under the height cap and renders only the rows in view', () => {
    fakeWindowScrolling();
    renderList(millionRows());
    const spacer = screen.getByRole('grid', { name: 'All Songs' }).parentElement!;
    expect(spacer.style.height).toBe(`${MAX_LIST_PIXELS}px`);
    expect(positions().length).toBeLessThan(40);
    expect(positions()[0]).toBe(1);
  });

  it('shows the middle rows at the middle of the scroll range and the last row at its end', () => {
    const scrollTo = fakeWindowScrolling();
    const rows = millionRows();
    renderList(rows);
    const range = MAX_LIST_PIXELS - window.innerHeight;
    act(() => scrollTo(range / 2));
    const middle = positions();
    expect(Math.min(...middle)).toBeLessThan(TOTAL / 2);
    expect(Math.max(...middle)).toBeGreaterThan(TOTAL / 2);
    expect(rows.show).toHaveBeenLastCalledWith(Math.min(...middle) - 1, Math.max(...middle));

    act(() => scrollTo(range));
    expect(Math.max(...positions())).toBe(TOTAL);
    // Row 599,187 (past where Chromium's clamp would cut a full-height list) is reachable too.
    act(() => scrollTo((range * 599_186 * TRACK_ROW_HEIGHT) / (TOTAL * TRACK_ROW_HEIGHT - window.innerHeight)));
    expect(positions()).toContain(599_187);
  });

  it('moves focus to the millionth row with End and back with Home', async () => {
    fakeWindowScrolling();
    renderList(millionRows());
    screen.getByRole('button', { name: 'Play Track 0 by ann' }).focus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Play Track 999999 by ann' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('button', { name: 'Play Track 999998 by ann' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'Play Track 0 by ann' })).toHaveFocus();
  });
});
