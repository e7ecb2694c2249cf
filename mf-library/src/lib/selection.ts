/**
 * The selection of rows in a song list, as pure data and pure transitions (no React, no fetching). Rows are
 * kept by song id (what the actions need) with the position they had when selected (for the order of the
 * actions); ranges are given by position, because the rows of a paged list between two clicks may not be in
 * memory yet (the hook fetches them, see use-selection.ts). See docs/queue-and-selection.md.
 */
import { LISTENING_LIMITS } from '@tunafy/contracts';

/**
 * At most this many rows are selected: the player's queue limit, and one page request of the paged rows
 * helper (LIMITS.pageSizeMax), so a shift-range is always read in one request. Longer ranges are cut here.
 */
export const MAX_SELECTION = LISTENING_LIMITS.queueMax;

export interface SelectedRow<T> {
  id: string;
  index: number;
  item: T;
}

export interface SelectionState<T> {
  rows: ReadonlyMap<string, SelectedRow<T>>;
  /** Where ranges start (the last row clicked, toggled or played); null before any. */
  anchor: number | null;
  /** The last change was cut at MAX_SELECTION (a range or select-all longer than that, or a toggle past it). */
  capped: boolean;
}

export type SelectionAction<T> =
  /** A plain click (it plays the row, SPEC §2): clears the selection and makes the row the anchor. */
  | { type: 'anchor'; index: number }
  /** Ctrl/Cmd-click or Shift+Space: the row in or out; it becomes the anchor. */
  | { type: 'toggle'; row: SelectedRow<T> }
  /**
   * Shift-click or Shift+Arrow: the rows of a range (already read), replacing the selection, or added to it
   * (`additive`, Ctrl/Cmd+Shift-click). The anchor stays where it was (or becomes `anchor` when there was none).
   */
  | { type: 'range'; rows: readonly SelectedRow<T>[]; anchor: number; additive: boolean; capped: boolean }
  | { type: 'clear' }
  /** Songs that no longer exist (deleted elsewhere). */
  | { type: 'forget'; ids: readonly string[] };

export function emptySelection<T>(): SelectionState<T> {
  return { rows: new Map(), anchor: null, capped: false };
}

/**
 * The positions of the range from `anchor` to `to`, both included, at most `max` rows long: a longer range
 * keeps the rows nearest the anchor (the user's starting point) and is marked capped.
 */
export function rangeBounds(anchor: number, to: number, max: number = MAX_SELECTION): { start: number; end: number; capped: boolean } {
  const capped = Math.abs(to - anchor) + 1 > max;
  if (to >= anchor) return { start: anchor, end: capped ? anchor + max : to + 1, capped };
  return { start: capped ? anchor - max + 1 : to, end: anchor + 1, capped };
}

export function selectionReducer<T>(state: SelectionState<T>, action: SelectionAction<T>): SelectionState<T> {
  switch (action.type) {
    case 'anchor':
      if (state.rows.size === 0 && state.anchor === action.index && !state.capped) return state;
      return { rows: new Map(), anchor: action.index, capped: false };
    case 'toggle': {
      const rows = new Map(state.rows);
      if (rows.has(action.row.id)) rows.delete(action.row.id);
      else if (rows.size >= MAX_SELECTION) return { ...state, anchor: action.row.index, capped: true };
      else rows.set(action.row.id, action.row);
      return { rows, anchor: action.row.index, capped: false };
    }
    case 'range': {
      const rows = new Map(action.additive ? state.rows : []);
      let capped = action.capped;
      for (const row of action.rows) {
        if (rows.has(row.id)) continue;
        if (rows.size >= MAX_SELECTION) {
          capped = true;
          break;
        }
        rows.set(row.id, row);
      }
      return { rows, anchor: state.anchor ?? action.anchor, capped };
    }
    case 'clear':
      return state.rows.size === 0 && !state.capped ? state : { ...state, rows: new Map(), capped: false };
    case 'forget': {
      if (!action.ids.some((id) => state.rows.has(id))) return state;
      const rows = new Map(state.rows);
      for (const id of action.ids) rows.delete(id);
      return { ...state, rows };
    }
  }
}

/** The selected items in list order (the order they are queued or added to a playlist in). */
export function selectedInOrder<T>(state: SelectionState<T>): T[] {
  return [...state.rows.values()].sort((a, b) => a.index - b.index).map((row) => row.item);
}
