import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { Song } from '@tunafy/contracts';
import { Button } from '@tunafy/ui';
import type { ListPlayback } from '../lib/player';
import { listPixels, rowWindow, type ListGeometry } from '../lib/scroll-scale';
import type { PagedRows } from '../lib/use-paged-rows';
import type { ListSelection } from '../lib/use-selection';
import type { MenuAction } from './action-menu';
import { useSlotView } from './list-slot';
import { TRACK_HEAD_SPACE, TRACK_ROW_HEIGHT, TrackListHead, TrackRow, TrackRowPlaceholder, trackListClassName, trackTableClassName, type ActionSlots, type RowGesture } from './track-list';
import { BLOCK_ROWS, FIRST_OVERSCAN, applyTabStop, controlsOf, keyedRowTarget, scrollRowIntoView, useListView } from './use-list-view';
import styles from './track-list.module.css';

export interface VirtualTrackListProps {
  rows: PagedRows<Song>;
  /** The list's length (rows.total once known). */
  total: number;
  playback: ListPlayback;
  /** The list's accessible name, e.g. "Songs of Blue Hour". */
  label: string;
  /** Row actions: Remove (album, playlist), the heart (Liked Songs). */
  actions?: (song: Song, index: number) => ReactNode;
  /** How many controls `actions` puts in a row (a playlist's drag handle and Remove: 2); sets the column's width. */
  actionCount?: 1 | 2;
  /** Each row's menu (Play next, Add to queue, Add to Playlist); stable. */
  menu?: (song: Song, index: number) => MenuAction[];
  /** Rows can be selected (click gestures and keys in docs/queue-and-selection.md). */
  selection?: ListSelection<Song>;
}

/**
 * Every list of songs (All Songs, an album, a playlist, Liked Songs): only the
 * rows in view (plus a few) are in the DOM, their pages fetched as they come
 * into view (usePagedRows), placeholders until they arrive. Past the browser's
 * height limit the scroll position is scaled onto the rows (lib/scroll-scale),
 * so the last of a million rows is reachable by scrollbar, wheel and keyboard:
 * arrows, Page Up/Down, Home and End move focus row by row through the whole
 * list, not just the rendered part.
 */
export function VirtualTrackList({ rows, total, playback, label, actions, actionCount = 1, menu, selection }: VirtualTrackListProps) {
  const [spacer, setSpacer] = useState<HTMLDivElement | null>(null);
  const [list, setList] = useState<HTMLDivElement | null>(null);
  const geometry = { rowCount: total, rowHeight: TRACK_ROW_HEIGHT };
  // The first commit holds the rows in view and a few (decision 0033), placed from the skeleton's place when known.
  const firstView = useSlotView(TRACK_HEAD_SPACE);
  const { view, scroller, overscan } = useListView(spacer, geometry, { firstOverscan: FIRST_OVERSCAN, firstView });
  const shape: ListGeometry = { ...geometry, viewport: view.viewport };
  const visible = rowWindow(view.scrolled, shape, overscan);
  const { show } = rows;

  useEffect(() => {
    if (total > 0) show(visible.first, visible.end);
  }, [show, total, visible.first, visible.end]);

  // Keyboard moves: the row to focus once it is rendered (it may first have to be scrolled to and fetched).
  const pendingFocus = useRef<number | null>(null);
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  useLayoutEffect(() => {
    const index = pendingFocus.current;
    const row = index === null ? null : list?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (!row) return;
    const button = row.querySelector<HTMLElement>('button');
    (button ?? row).focus({ preventScroll: true });
    if (button) pendingFocus.current = null;
  });

  const focusRow = useCallback(
    (index: number) => {
      if (!spacer) return;
      pendingFocus.current = index;
      scrollRowIntoView(spacer, scroller, { rowCount: total, rowHeight: TRACK_ROW_HEIGHT }, index);
      rerender();
    },
    [spacer, scroller, total],
  );

  // Where Tab enters the grid (see applyTabStop).
  const activeCell = useRef({ index: 0, control: 0 });
  useLayoutEffect(() => {
    if (list) applyTabStop(list, activeCell.current);
  });
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const row = event.target.closest('[data-index]');
    const control = row ? controlsOf(row).indexOf(event.target) : -1;
    if (!row || control < 0) return;
    activeCell.current = { index: Number(row.getAttribute('data-index')), control };
    if (list) applyTabStop(list, activeCell.current);
  };

  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  // Stable, so rows keep their props (and do not render) while the selection or the scroll changes.
  const onGesture = useCallback((index: number, song: Song, gesture: RowGesture) => {
    const current = selectionRef.current;
    if (!current) return;
    if (gesture === 'play') current.anchorAt(index);
    else if (gesture === 'toggle') current.toggle(index, song);
    else current.extendTo(index, gesture === 'add-range');
  }, []);

  /** Selection keys (the grid pattern's): Shift+Space, Shift+Up/Down, Ctrl/Cmd+A, Escape. True when handled. */
  const selectionKey = (event: KeyboardEvent, index: number): boolean => {
    if (!selection || event.altKey) return false;
    const command = event.ctrlKey || event.metaKey;
    if (event.key === 'Escape' && !command && !event.shiftKey && selection.count > 0) {
      selection.clear();
      return true;
    }
    if (command && !event.shiftKey && event.key.toLowerCase() === 'a') {
      selection.selectAll();
      return true;
    }
    if (!event.shiftKey || command) return false;
    if (event.key === ' ') {
      const song = rows.rowAt(index);
      if (song) selection.toggle(index, song);
      return true;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const target = Math.min(total - 1, Math.max(0, index + (event.key === 'ArrowDown' ? 1 : -1)));
      focusRow(target);
      selection.extendTo(target, false, index);
      return true;
    }
    return false;
  };

  /** Left/Right move between the row's links and buttons (the grid's cells). */
  const moveWithinRow = (event: KeyboardEvent, row: Element): boolean => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return false;
    const controls = controlsOf(row);
    const at = controls.indexOf(event.target as HTMLElement);
    const next = controls[at + (event.key === 'ArrowRight' ? 1 : -1)];
    next?.focus();
    return at >= 0;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // An open row menu and the menu button handle their own keys, and so does a song being dragged by keyboard
    // (its handle is marked pressed while dnd-kit moves it with the arrows).
    if (event.defaultPrevented || (event.target instanceof Element && event.target.closest('[role="menu"], [aria-pressed="true"][aria-roledescription]'))) return;
    const row = event.target instanceof Element ? event.target.closest('[data-index]') : null;
    if (!row) return;
    const index = Number(row.getAttribute('data-index'));
    if (selectionKey(event, index)) {
      event.preventDefault();
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (moveWithinRow(event, row)) {
      event.preventDefault();
      return;
    }
    const target = keyedRowTarget(event.key, index, total, view, TRACK_ROW_HEIGHT);
    if (target === undefined) return;
    event.preventDefault();
    focusRow(target);
  };

  const base = visible.first - (visible.first % BLOCK_ROWS);
  const blockTop = visible.top - (visible.first - base) * TRACK_ROW_HEIGHT;
  const items: ReactNode[] = [];
  for (let index = visible.first; index < visible.end; index++) {
    const song = rows.rowAt(index);
    const top = (index - base) * TRACK_ROW_HEIGHT;
    items.push(
      song ? (
        <TrackRow
          key={index}
          song={song}
          index={index}
          playback={playback}
          setSize={total}
          top={top}
          actions={actions}
          menu={menu}
          selected={selection ? selection.state.rows.has(song.id) : undefined}
          onGesture={selection ? onGesture : undefined}
        />
      ) : (
        <TrackRowPlaceholder key={index} index={index} top={top} />
      ),
    );
  }

  const actionSlots = ((actions ? actionCount : 0) + (menu ? 1 : 0)) as ActionSlots;
  const pixels = listPixels(shape);
  // Only a scaled list places overscan rows past its end; a short list must not cut off an open row menu.
  const scaled = pixels < total * TRACK_ROW_HEIGHT;
  return (
    <div className={trackTableClassName(actionSlots)}>
      <TrackListHead actionSlots={actionSlots} />
      {rows.error && (
        <div role="alert" className={styles.listError}>
          Some songs could not be loaded.
          <Button size="small" variant="secondary" onClick={rows.reload}>
            Try again
          </Button>
        </div>
      )}
      <div ref={setSpacer} className={scaled ? `${styles.windowed} ${styles.clipped}` : styles.windowed} style={{ height: pixels }}>
        <div
          ref={setList}
          role="grid"
          className={trackListClassName}
          aria-label={label}
          aria-rowcount={total}
          aria-multiselectable={selection ? true : undefined}
          style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${blockTop}px)` }}
          onKeyDown={onKeyDown}
          // A button activates on Space's keyup: Shift+Space selects the row instead of pressing its play button.
          onKeyUp={(event) => selection && event.key === ' ' && event.shiftKey && event.preventDefault()}
          onFocus={onFocus}
        >
          {items}
        </div>
      </div>
    </div>
  );
}
