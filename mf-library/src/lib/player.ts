import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { LISTENING_LIMITS, type Song } from '@tunafy/contracts';
import { getEventBus, toQueueItem, type PlayerState } from '@tunafy/event-bus';
import { notify } from './bus';
import type { PagedRows } from './use-paged-rows';

function subscribe(onChange: () => void): () => void {
  const subscription = getEventBus().on('player:state').subscribe(onChange);
  return () => subscription.unsubscribe();
}

function snapshot(): PlayerState | undefined {
  return getEventBus().last('player:state');
}

/** The player's last published state (replayed by the bus), or undefined before the player exists. */
export function usePlayerState(): PlayerState | undefined {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Queue the whole list and play from `index` (SPEC §4: choosing a row). */
export function playList(songs: readonly Song[], index: number, source: string): void {
  if (songs.length === 0) return;
  getEventBus().publish('player:command', { type: 'play-list', songs: songs.map(toQueueItem), index, source });
}

/**
 * "Play next" (after the current song) or "Add to queue" (at the end) for one song or a selection, in the
 * order given. One song uses the player's own play-next/add-to-queue; several go as one queue-songs command
 * (contract 1.3.0), so the queue changes once. The player confirms with a toast (it knows what it queued).
 */
export function queueSongs(songs: readonly Song[], at: 'next' | 'end'): void {
  if (songs.length === 0) return;
  const bus = getEventBus();
  if (songs.length === 1) {
    const song = toQueueItem(songs[0]);
    bus.publish('player:command', at === 'next' ? { type: 'play-next', song } : { type: 'add-to-queue', song });
  } else {
    bus.publish('player:command', { type: 'queue-songs', songs: songs.map(toQueueItem), at });
  }
}

export interface ListPlayback {
  /** This list is the player's queue and it is playing now. */
  playing: boolean;
  /** The id of the song the player is on, when the queue is this list. */
  currentId: string | null;
  /** The play/pause button: toggles when the queue is already this list, else plays it from the top (SPEC §4). */
  toggle: () => void;
  playAt: (index: number) => void;
}

/** Whether the player's queue is the list `source`, and where it is. */
function useQueueOf(source: string): Pick<ListPlayback, 'playing' | 'currentId'> & { ours: boolean } {
  const state = usePlayerState();
  const ours = Boolean(state && state.source === source && state.queue.length > 0);
  return { ours, playing: Boolean(ours && state?.playing), currentId: ours ? (state?.current?.id ?? null) : null };
}

/** Play/pause state and actions of a list held whole (a song page's one song), identified by `source`. */
export function useListPlayback(source: string, songs: readonly Song[]): ListPlayback {
  const { ours, playing, currentId } = useQueueOf(source);
  return {
    playing,
    currentId,
    toggle: () => {
      if (ours) getEventBus().publish('player:command', { type: 'toggle' });
      else playList(songs, 0, source);
    },
    playAt: (index) => playList(songs, index, source),
  };
}

/**
 * The rows of a list that go into the player's queue when row `index` is played: at most `max` (the
 * player's and the API's queue limit), starting at the chosen row; when fewer than `max` rows follow it,
 * the window starts earlier so the queue is as full as the list allows. A list of at most `max` rows is
 * queued whole. See docs/lists-at-scale.md.
 */
export function queueWindow(index: number, total: number, max: number = LISTENING_LIMITS.queueMax): { start: number; end: number } {
  const start = Math.max(0, Math.min(index, total - max));
  return { start, end: Math.min(total, start + max) };
}

/**
 * Play/pause state and actions of a list read by position (usePagedRows): playing a row queues the
 * window around it (queueWindow), taken from memory or fetched in one request. Only the last click plays:
 * a slower answer for an earlier click is dropped.
 */
export function usePagedPlayback(source: string, rows: Pick<PagedRows<Song>, 'total' | 'rowsIn'>): ListPlayback {
  const { ours, playing, currentId } = useQueueOf(source);
  const latest = useRef(0);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const playAt = useCallback(
    (index: number) => {
      const { total, rowsIn } = rowsRef.current;
      if (!total) return;
      const ticket = ++latest.current;
      const { start, end } = queueWindow(index, total);
      rowsIn(start, end).then(
        (songs) => ticket === latest.current && playList(songs, Math.min(index - start, songs.length - 1), source),
        () => ticket === latest.current && notify("Couldn't load the songs to play. Try again.", 'error'),
      );
    },
    [source],
  );
  const toggle = useCallback(() => {
    if (ours) getEventBus().publish('player:command', { type: 'toggle' });
    else playAt(0);
  }, [ours, playAt]);
  // One object while nothing changes, so the list's memoized rows do not render on every scroll.
  return useMemo(() => ({ playing, currentId, toggle, playAt }), [playing, currentId, toggle, playAt]);
}
