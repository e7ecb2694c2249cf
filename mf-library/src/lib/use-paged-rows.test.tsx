import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getEventBus } from '@tunafy/event-bus';
import { deferred } from '../test/fake-api';
import { queueWindow } from './player';
import { usePagedRows, type FetchRows, type RowsAnswer } from './use-paged-rows';

const TOTAL = 1_000_000;

/** A million-row list that exists only as arithmetic; every call is recorded with its signal. */
function millionRows() {
  const calls: { offset: number; limit: number; signal: AbortSignal }[] = [];
  const fetchRows = vi.fn<FetchRows<number>>(async (offset, limit, signal) => {
    calls.push({ offset, limit, signal });
    return { items: Array.from({ length: Math.max(0, Math.min(limit, TOTAL - offset)) }, (_, at) => offset + at), total: TOTAL };
  });
  return { fetchRows, calls };
}

describe('usePagedRows', () => {
  it('reads the first page for the total, then only the pages shown, by offset', async () => {
    const { fetchRows, calls } = millionRows();
    const { result } = renderHook(() => usePagedRows(fetchRows, { pageSize: 100 }));
    await waitFor(() => expect(result.current.total).toBe(TOTAL));
    expect(calls.map(({ offset, limit }) => [offset, limit])).toEqual([[0, 100]]);
    expect(result.current.rowAt(42)).toBe(42);

    act(() => result.current.show(999_980, 1_000_000));
    await waitFor(() => expect(result.current.rowAt(999_999)).toBe(999_999));
    expect(calls.map(({ offset }) => offset)).toEqual([0, 999_900]);
    // Rows between were never asked for.
    expect(result.current.rowAt(500_000)).toBeUndefined();
  });

  it('shows a first page already in memory in its first render, and does not ask for it again', async () => {
    const { fetchRows, calls } = millionRows();
    const firstPage = vi.fn(() => ({ items: [10, 11, 12], total: 3 }));
    const renders: (number | null)[] = [];
    const { result } = renderHook(() => {
      const rows = usePagedRows(fetchRows, { pageSize: 100, firstPage });
      renders.push(rows.total);
      return rows;
    });
    expect(renders[0]).toBe(3);
    expect(result.current.rowAt(1)).toBe(11);
    // Past the first page, pages are read as usual; the first one never is.
    act(() => result.current.show(0, 3));
    await act(async () => undefined);
    expect(calls).toEqual([]);
    expect(firstPage).toHaveBeenCalledTimes(1);
  });

  it('asks for the pages of a jump once the view settles, and cancels requests for pages scrolled past', async () => {
    const answers: ReturnType<typeof deferred<RowsAnswer<number>>>[] = [];
    const requests: { offset: number; signal: AbortSignal }[] = [];
    const fetchRows: FetchRows<number> = (offset, limit, signal) => {
      requests.push({ offset, signal });
      const answer = deferred<RowsAnswer<number>>();
      answers.push(answer);
      return answer.promise;
    };
    const { result } = renderHook(() => usePagedRows(fetchRows, { pageSize: 100 }));
    await act(async () => answers[0]!.resolve({ items: [1, 2, 3], total: TOTAL }));
    // A scrollbar drag: two jumps in a row; only where it stops is read.
    act(() => result.current.show(250_000, 250_020));
    act(() => result.current.show(500_000, 500_020));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests.map(({ offset }) => offset)).toEqual([0, 500_000]);
    // Moving on before it answered cancels it, and its late answer is dropped.
    act(() => result.current.show(700_000, 700_020));
    expect(requests[1]!.signal.aborted).toBe(true);
    await act(async () => answers[1]!.resolve({ items: [7], total: TOTAL }));
    expect(result.current.rowAt(500_000)).toBeUndefined();
    await waitFor(() => expect(requests).toHaveLength(3));
    // Scrolling on by less than a page reads the next page at once.
    await act(async () => answers[2]!.resolve({ items: Array.from({ length: 100 }, (_, at) => 700_000 + at), total: TOTAL }));
    act(() => result.current.show(700_090, 700_110));
    expect(requests.map(({ offset }) => offset)).toEqual([0, 500_000, 700_000, 700_100]);
  });

  it('keeps a bounded number of pages however far the list is scrolled', async () => {
    const { fetchRows } = millionRows();
    const { result } = renderHook(() => usePagedRows(fetchRows, { pageSize: 100, maxPages: 5 }));
    await waitFor(() => expect(result.current.total).toBe(TOTAL));
    for (let row = 0; row < TOTAL; row += 50_000) {
      act(() => result.current.show(row, row + 20));
      await waitFor(() => expect(result.current.rowAt(row)).toBe(row));
    }
    const kept = Array.from({ length: TOTAL / 100 }, (_, page) => page * 100).filter((row) => result.current.rowAt(row) !== undefined);
    expect(kept).toHaveLength(5);
    expect(kept).toContain(950_000);
  });

  it('refetches the rows on screen after a library change, showing the old ones meanwhile', async () => {
    let names = ['a', 'b', 'c'];
    const fetchRows = vi.fn<FetchRows<string>>(async (offset, limit) => ({ items: names.slice(offset, offset + limit), total: names.length }));
    const { result } = renderHook(() => usePagedRows(fetchRows, { pageSize: 100, reloadOn: ['song'] }));
    await waitFor(() => expect(result.current.total).toBe(3));
    names = ['a', 'c'];
    act(() => getEventBus().publish('library:changed', { entity: 'playlist', id: 'x', action: 'updated' }));
    expect(fetchRows).toHaveBeenCalledTimes(1);
    act(() => getEventBus().publish('library:changed', { entity: 'song', id: 'b', action: 'deleted' }));
    expect(result.current.rowAt(1)).toBe('b');
    await waitFor(() => expect(result.current.total).toBe(2));
    expect(result.current.rowAt(1)).toBe('c');
  });

  it('reports a failed first page and retries it on reload', async () => {
    let fail = true;
    const fetchRows: FetchRows<number> = async () => {
      if (fail) throw new Error('down');
      return { items: [1], total: 1 };
    };
    const { result } = renderHook(() => usePagedRows(fetchRows));
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(result.current.total).toBeNull();
    fail = false;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.total).toBe(1));
    expect(result.current.error).toBeNull();
  });

  it('gives the rows for a queue from memory, or in one request', async () => {
    const { fetchRows, calls } = millionRows();
    const { result } = renderHook(() => usePagedRows(fetchRows, { pageSize: 100 }));
    await waitFor(() => expect(result.current.total).toBe(TOTAL));
    expect(await result.current.rowsIn(10, 20)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(calls).toHaveLength(1);
    const { start, end } = queueWindow(700_000, TOTAL);
    expect(await result.current.rowsIn(start, end)).toHaveLength(500);
    expect(calls.at(-1)).toMatchObject({ offset: 700_000, limit: 500 });
  });
});

describe('queueWindow', () => {
  it('queues from the chosen row on, at most the queue limit', () => {
    expect(queueWindow(700_000, TOTAL)).toEqual({ start: 700_000, end: 700_500 });
  });
  it('starts earlier near the end, so the queue stays full', () => {
    expect(queueWindow(999_999, TOTAL)).toEqual({ start: 999_500, end: 1_000_000 });
  });
  it('queues a short list whole', () => {
    expect(queueWindow(2, 3)).toEqual({ start: 0, end: 3 });
    expect(queueWindow(450, 500)).toEqual({ start: 0, end: 500 });
  });
});
