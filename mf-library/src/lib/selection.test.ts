import { describe, expect, it } from 'vitest';
import { emptySelection, MAX_SELECTION, rangeBounds, selectedInOrder, selectionReducer, type SelectedRow, type SelectionState } from './selection';

interface Item {
  id: string;
}
const row = (index: number): SelectedRow<Item> => ({ id: `s${index}`, index, item: { id: `s${index}` } });
const rows = (start: number, end: number) => Array.from({ length: end - start }, (_, offset) => row(start + offset));
const ids = (state: SelectionState<Item>) => selectedInOrder(state).map((item) => item.id);
const run = (...actions: Parameters<typeof selectionReducer<Item>>[1][]) => actions.reduce(selectionReducer<Item>, emptySelection<Item>());

describe('rangeBounds', () => {
  it('includes both ends, in either direction', () => {
    expect(rangeBounds(3, 5)).toEqual({ start: 3, end: 6, capped: false });
    expect(rangeBounds(5, 3)).toEqual({ start: 3, end: 6, capped: false });
    expect(rangeBounds(4, 4)).toEqual({ start: 4, end: 5, capped: false });
  });

  it('cuts a range longer than the maximum at the end away from the anchor', () => {
    expect(rangeBounds(10, 100_000)).toEqual({ start: 10, end: 10 + MAX_SELECTION, capped: true });
    expect(rangeBounds(100_000, 0)).toEqual({ start: 100_001 - MAX_SELECTION, end: 100_001, capped: true });
    expect(rangeBounds(0, MAX_SELECTION - 1).capped).toBe(false);
  });
});

describe('selectionReducer', () => {
  it('toggles rows in and out; the toggled row becomes the anchor', () => {
    const state = run({ type: 'toggle', row: row(4) }, { type: 'toggle', row: row(1) }, { type: 'toggle', row: row(7) }, { type: 'toggle', row: row(4) });
    expect(ids(state)).toEqual(['s1', 's7']);
    expect(state.anchor).toBe(4);
  });

  it('a range replaces the selection and keeps the anchor; an additive one adds to it', () => {
    const ranged = run({ type: 'toggle', row: row(9) }, { type: 'toggle', row: row(2) }, { type: 'range', rows: rows(2, 5), anchor: 2, additive: false, capped: false });
    expect(ids(ranged)).toEqual(['s2', 's3', 's4']);
    expect(ranged.anchor).toBe(2);
    const added = selectionReducer(ranged, { type: 'range', rows: rows(7, 9), anchor: 7, additive: true, capped: false });
    expect(ids(added)).toEqual(['s2', 's3', 's4', 's7', 's8']);
    expect(added.anchor).toBe(2);
  });

  it('a range with no anchor yet starts where it was asked to', () => {
    expect(run({ type: 'range', rows: rows(3, 4), anchor: 3, additive: false, capped: false }).anchor).toBe(3);
  });

  it('a plain click clears the selection and moves the anchor; clear keeps the anchor', () => {
    const state = run({ type: 'toggle', row: row(1) }, { type: 'anchor', index: 6 });
    expect(ids(state)).toEqual([]);
    expect(state.anchor).toBe(6);
    const cleared = run({ type: 'toggle', row: row(1) }, { type: 'clear' });
    expect(cleared.rows.size).toBe(0);
    expect(cleared.anchor).toBe(1);
  });

  it('never holds more than the maximum, and says so', () => {
    const full = run({ type: 'range', rows: rows(0, MAX_SELECTION), anchor: 0, additive: false, capped: false });
    expect(full.rows.size).toBe(MAX_SELECTION);
    expect(full.capped).toBe(false);
    const refused = selectionReducer(full, { type: 'toggle', row: row(MAX_SELECTION + 3) });
    expect(refused.rows.size).toBe(MAX_SELECTION);
    expect(refused.capped).toBe(true);
    const more = selectionReducer(full, { type: 'range', rows: rows(MAX_SELECTION, MAX_SELECTION + 5), anchor: 0, additive: true, capped: false });
    expect(more.rows.size).toBe(MAX_SELECTION);
    expect(more.capped).toBe(true);
    // Toggling one out makes room again.
    expect(selectionReducer(full, { type: 'toggle', row: row(0) }).rows.size).toBe(MAX_SELECTION - 1);
  });

  it('forgets songs deleted elsewhere, and keeps the same state when none of them was selected', () => {
    const state = run({ type: 'range', rows: rows(0, 3), anchor: 0, additive: false, capped: false });
    expect(ids(selectionReducer(state, { type: 'forget', ids: ['s1'] }))).toEqual(['s0', 's2']);
    expect(selectionReducer(state, { type: 'forget', ids: ['nope'] })).toBe(state);
  });

  it('orders the selection by list position, whatever order it was made in', () => {
    const state = run({ type: 'toggle', row: row(8) }, { type: 'toggle', row: row(0) }, { type: 'toggle', row: row(5) });
    expect(ids(state)).toEqual(['s0', 's5', 's8']);
  });
});
