import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { getEventBus } from '@tunafy/event-bus';
import { notify } from './bus';
import { emptySelection, rangeBounds, selectedInOrder, selectionReducer, type SelectedRow, type SelectionAction, type SelectionState } from './selection';
import type { PagedRows } from './use-paged-rows';

export interface ListSelection<T> {
  state: SelectionState<T>;
  count: number;
  /** A range is being read (its rows were not all in memory). */
  pending: boolean;
  /** A plain click on row `index` (which plays it): the selection is cleared and ranges start there. */
  anchorAt: (index: number) => void;
  /** Ctrl/Cmd-click, Shift+Space. */
  toggle: (index: number, item: T) => void;
  /** Shift-click, Shift+Arrow: from the anchor (`from` when there is none yet) to `index`; added to the selection when `additive`. */
  extendTo: (index: number, additive?: boolean, from?: number) => void;
  /** Ctrl/Cmd+A: the first MAX_SELECTION rows. */
  selectAll: () => void;
  clear: () => void;
  /** The selected items in list order. */
  selected: () => T[];
}

/**
 * The selection of a list read by position (usePagedRows). A range whose rows are not all in memory is read
 * with one `rowsIn` request (a range is at most MAX_SELECTION rows, one page request); only the last gesture
 * counts when answers come late. Songs deleted elsewhere leave the selection.
 */
export function useSelection<T extends { id: string }>(rows: Pick<PagedRows<T>, 'total' | 'rowAt' | 'rowsIn'>): ListSelection<T> {
  const [state, dispatch] = useReducer(selectionReducer as (state: SelectionState<T>, action: SelectionAction<T>) => SelectionState<T>, undefined, emptySelection<T>);
  const [pending, setPending] = useState(false);
  const stateRef = useRef(state);
  stateRef.current = state;
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const latest = useRef(0);

  const readRange = useCallback((anchor: number, to: number, additive: boolean) => {
    const { total, rowAt, rowsIn } = rowsRef.current;
    if (!total) return;
    const last = total - 1;
    const { start, end, capped } = rangeBounds(Math.min(anchor, last), Math.min(Math.max(to, 0), last));
    const ticket = ++latest.current;
    const apply = (items: readonly T[]) => {
      const range: SelectedRow<T>[] = items.map((item, offset) => ({ id: item.id, index: start + offset, item }));
      dispatch({ type: 'range', rows: range, anchor, additive, capped });
    };
    const inMemory: T[] = [];
    for (let index = start; index < end; index++) {
      const item = rowAt(index);
      if (!item) break;
      inMemory.push(item);
    }
    if (inMemory.length === end - start) {
      setPending(false);
      apply(inMemory);
      return;
    }
    setPending(true);
    rowsIn(start, end).then(
      (items) => {
        if (ticket !== latest.current) return;
        setPending(false);
        apply(items);
      },
      () => {
        if (ticket !== latest.current) return;
        setPending(false);
        notify("Couldn't select those songs. Try again.", 'error');
      },
    );
  }, []);

  const anchorAt = useCallback((index: number) => {
    latest.current++;
    dispatch({ type: 'anchor', index });
  }, []);
  const toggle = useCallback((index: number, item: T) => {
    latest.current++;
    dispatch({ type: 'toggle', row: { id: item.id, index, item } });
  }, []);
  const extendTo = useCallback((index: number, additive = false, from = index) => readRange(stateRef.current.anchor ?? from, index, additive), [readRange]);
  const selectAll = useCallback(() => readRange(0, Number.MAX_SAFE_INTEGER, false), [readRange]);
  const clear = useCallback(() => {
    latest.current++;
    setPending(false);
    dispatch({ type: 'clear' });
  }, []);
  const selected = useCallback(() => selectedInOrder(stateRef.current), []);

  useEffect(() => {
    const subscription = getEventBus()
      .on('library:changed')
      .subscribe((change) => change.entity === 'song' && change.action === 'deleted' && dispatch({ type: 'forget', ids: [change.id] }));
    return () => subscription.unsubscribe();
  }, []);

  return useMemo(
    () => ({ state, count: state.rows.size, pending, anchorAt, toggle, extendTo, selectAll, clear, selected }),
    [state, pending, anchorAt, toggle, extendTo, selectAll, clear, selected],
  );
}
