import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getEventBus } from '@tunafy/event-bus';
import { deferred } from '../test/fake-api';
import { recordBus } from '../test/render';
import { MAX_SELECTION } from './selection';
import { useSelection } from './use-selection';

interface Item {
  id: string;
}
const TOTAL = 100_000;
const item = (index: number): Item => ({ id: `s${index}` });

/** A long list of which only rows 0-99 are in memory; `rowsIn` reads any range. */
function pagedList() {
  const rowsIn = vi.fn(async (start: number, end: number) => Array.from({ length: end - start }, (_, offset) => item(start + offset)));
  return { total: TOTAL, rowAt: (index: number) => (index < 100 ? item(index) : undefined), rowsIn };
}
const ids = (items: Item[]) => items.map((one) => one.id);

describe('useSelection', () => {
  it('selects a range of rows in memory without a request', () => {
    const list = pagedList();
    const { result } = renderHook(() => useSelection(list));
    act(() => result.current.toggle(2, item(2)));
    act(() => result.current.extendTo(4));
    expect(ids(result.current.selected())).toEqual(['s2', 's3', 's4']);
    expect(list.rowsIn).not.toHaveBeenCalled();
  });

  it('reads the rows of a range that are not loaded yet, in one request', async () => {
    const list = pagedList();
    const { result } = renderHook(() => useSelection(list));
    act(() => result.current.anchorAt(98));
    act(() => result.current.extendTo(103));
    expect(result.current.pending).toBe(true);
    await waitFor(() => expect(result.current.count).toBe(6));
    expect(list.rowsIn).toHaveBeenCalledWith(98, 104);
    expect(ids(result.current.selected())).toEqual(['s98', 's99', 's100', 's101', 's102', 's103']);
    expect(result.current.pending).toBe(false);
  });

  it('caps a long range at the maximum, from the anchor', async () => {
    const list = pagedList();
    const { result } = renderHook(() => useSelection(list));
    act(() => result.current.anchorAt(10));
    act(() => result.current.extendTo(TOTAL - 1));
    await waitFor(() => expect(result.current.count).toBe(MAX_SELECTION));
    expect(list.rowsIn).toHaveBeenCalledWith(10, 10 + MAX_SELECTION);
    expect(result.current.state.capped).toBe(true);
  });

  it('select-all takes the first rows up to the maximum', async () => {
    const list = pagedList();
    const { result } = renderHook(() => useSelection(list));
    act(() => result.current.selectAll());
    await waitFor(() => expect(result.current.count).toBe(MAX_SELECTION));
    expect(result.current.selected()[0]).toEqual(item(0));
  });

  it('only the last gesture counts when a range answers late', async () => {
    const answer = deferred<Item[]>();
    const list = { ...pagedList(), rowsIn: vi.fn(() => answer.promise) };
    const { result } = renderHook(() => useSelection(list));
    act(() => result.current.anchorAt(90));
    act(() => result.current.extendTo(150));
    act(() => result.current.toggle(5, item(5)));
    await act(async () => answer.resolve([item(90)]));
    expect(ids(result.current.selected())).toEqual(['s5']);
  });

  it('says so when the rows of a range cannot be read', async () => {
    const notices = recordBus('ui:notify');
    const list = { ...pagedList(), rowsIn: vi.fn(() => Promise.reject(new Error('offline'))) };
    const { result } = renderHook(() => useSelection(list));
    act(() => result.current.anchorAt(90));
    act(() => result.current.extendTo(150));
    await waitFor(() => expect(notices).toEqual([{ kind: 'error', message: "Couldn't select those songs. Try again." }]));
    expect(result.current.count).toBe(0);
  });

  it('drops a song deleted elsewhere', () => {
    const { result } = renderHook(() => useSelection(pagedList()));
    act(() => result.current.extendTo(2));
    act(() => result.current.toggle(5, item(5)));
    act(() => getEventBus().publish('library:changed', { entity: 'song', id: 's5', action: 'deleted' }));
    expect(ids(result.current.selected())).toEqual(['s2']);
  });
});
