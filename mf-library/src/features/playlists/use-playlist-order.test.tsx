import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Song } from '@tunafy/contracts';
import type { PagedRows } from '../../lib/use-paged-rows';
import { song } from '../../test/fixtures';
import { apiError, deferred, stubApiClient, type FakeApi } from '../../test/fake-api';
import { usePlaylistOrder } from './use-playlist-order';

const SONGS = ['A', 'B', 'C', 'D', 'E'].map((name) => song({ song_name: name }));
const byName = (name: string) => SONGS.find((each) => each.song_name === name)!;

/** Paged rows over an array the test replaces, as a re-read from the server would. */
function fakeRows(initial: Song[]) {
  let current = initial;
  const make = (version: number): PagedRows<Song> => ({
    total: current.length,
    error: null,
    rowAt: (index) => current[index],
    show: () => undefined,
    rowsIn: async (start, end) => current.slice(start, end),
    reload: vi.fn(),
    version,
  });
  let rows = make(0);
  return {
    get rows() {
      return rows;
    },
    /** The server's order arrives (a new rows object, as usePagedRows makes one per answer). */
    serve(next: Song[]) {
      current = next;
      rows = make(rows.version + 1);
    },
  };
}

const names = (rows: PagedRows<Song>) => Array.from({ length: rows.total ?? 0 }, (_, index) => rows.rowAt(index)?.song_name);

let api: FakeApi;
beforeEach(() => {
  api = stubApiClient();
});

describe('usePlaylistOrder', () => {
  it('shows chained moves at once, sends them one after another, and keeps the order while the server’s comes back', async () => {
    const source = fakeRows(SONGS);
    const first = deferred<unknown>();
    const second = deferred<unknown>();
    api.put.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const { result, rerender } = renderHook(({ base }) => usePlaylistOrder('p1', base), { initialProps: { base: source.rows } });

    act(() => result.current.move(0, 3));
    expect(names(result.current.rows)).toEqual(['B', 'C', 'D', 'A', 'E']);
    act(() => result.current.move(4, 0));
    expect(names(result.current.rows)).toEqual(['E', 'B', 'C', 'D', 'A']);
    // The second waits for the first's answer: each names neighbours in the order the server has by then.
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    expect(api.put).toHaveBeenLastCalledWith('/api/playlists/p1/songs/order', { json: { song_id: byName('A').id, after_song_id: byName('D').id } });

    await act(async () => first.resolve({}));
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(2));
    expect(api.put).toHaveBeenLastCalledWith('/api/playlists/p1/songs/order', { json: { song_id: byName('E').id, before_song_id: byName('B').id } });
    expect(source.rows.reload).toHaveBeenCalled();
    // The first move comes back from the server: the second is still drawn on top of it.
    source.serve(['B', 'C', 'D', 'A', 'E'].map(byName));
    rerender({ base: source.rows });
    expect(names(result.current.rows)).toEqual(['E', 'B', 'C', 'D', 'A']);

    await act(async () => second.resolve({}));
    source.serve(['E', 'B', 'C', 'D', 'A'].map(byName));
    rerender({ base: source.rows });
    expect(names(result.current.rows)).toEqual(['E', 'B', 'C', 'D', 'A']);
    expect(result.current.failure).toBeNull();
  });

  it('puts every pending move back, drops moves queued behind a refused one, and says why', async () => {
    const source = fakeRows(SONGS);
    const first = deferred<unknown>();
    api.put.mockReturnValueOnce(first.promise);
    const { result } = renderHook(() => usePlaylistOrder('p1', source.rows));
    act(() => result.current.move(1, 4));
    act(() => result.current.move(0, 2));
    expect(names(result.current.rows)).toEqual(['C', 'D', 'A', 'E', 'B']);
    await act(async () => first.reject(apiError(500)));
    expect(names(result.current.rows)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(result.current.failure).toBe("Couldn't move “B”. It is back in its place; try again.");
    expect(source.rows.reload).toHaveBeenCalled();
    // The second move was made on an order that is gone: never sent.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(api.put).toHaveBeenCalledTimes(1);
    act(() => result.current.dismissFailure());
    expect(result.current.failure).toBeNull();
  });

  it('reads a range of rows in the order shown (what playing or selecting from the list uses)', async () => {
    const source = fakeRows(SONGS);
    api.put.mockReturnValue(new Promise(() => undefined));
    const { result } = renderHook(() => usePlaylistOrder('p1', source.rows));
    act(() => result.current.move(4, 1));
    expect((await result.current.rows.rowsIn(0, 5)).map((each) => each.song_name)).toEqual(['A', 'E', 'B', 'C', 'D']);
  });
});
