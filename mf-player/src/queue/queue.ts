/**
 * The play queue as pure data and pure transitions: no React, no audio, no
 * clock. SPEC §4 fixes the core rules; shuffle, repeat and queue editing are
 * ours. Every function returns a new state and never mutates its input.
 */
import type { RepeatMode } from '@tunafy/contracts';
import type { QueueItem } from '@tunafy/event-bus';
import { shuffled } from './shuffle';

export type { RepeatMode };

/**
 * One place in the queue. The key tells two plays of the same song apart (a
 * song queued twice), so removing or moving one never touches the other.
 */
export interface QueueEntry {
  key: number;
  song: QueueItem;
}

export interface QueueState {
  /** In play order (shuffled when shuffle is on). */
  entries: readonly QueueEntry[];
  /** Position of the current entry in `entries`; 0 when the queue is empty. */
  index: number;
  /** Who queued the list (a play-list command's `source`); null once the queue is emptied. */
  source: string | null;
  shuffle: boolean;
  repeat: RepeatMode;
  /** Entry keys in list order while shuffle is on, so turning it off restores that order; null when off. */
  unshuffled: readonly number[] | null;
  /** Next entry key to hand out. */
  nextKey: number;
}

export const EMPTY_QUEUE: QueueState = { entries: [], index: 0, source: null, shuffle: false, repeat: 'off', unshuffled: null, nextKey: 1 };

export function currentEntry(state: QueueState): QueueEntry | null {
  return state.entries[state.index] ?? null;
}

export function currentSong(state: QueueState): QueueItem | null {
  return currentEntry(state)?.song ?? null;
}

/** The entries after the current one, in play order (what the queue panel lists as "Next up"). */
export function upcomingEntries(state: QueueState): readonly QueueEntry[] {
  return state.entries.slice(state.index + 1);
}

/**
 * What plays when the current song ends, for preloading (gapless). Repeat-one
 * replays the same song through the audio element's own loop, so nothing is
 * preloaded for it.
 */
export function entryAfterCurrent(state: QueueState): QueueEntry | null {
  if (state.entries.length === 0 || state.repeat === 'one') return null;
  if (state.index + 1 < state.entries.length) return state.entries[state.index + 1];
  return state.repeat === 'all' ? state.entries[0] : null;
}

/**
 * The row a list page asked for, as a valid position. The original app broke
 * when a page sent the index as a string, so anything numeric-looking is
 * accepted and everything else falls back to the first song.
 */
export function toIndex(value: unknown, length: number): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(number) || length === 0) return 0;
  return Math.min(Math.max(Math.trunc(number), 0), length - 1);
}

function withKeys(state: QueueState, songs: readonly QueueItem[]): { entries: QueueEntry[]; nextKey: number } {
  let nextKey = state.nextKey;
  const entries = songs.map((song) => ({ key: nextKey++, song }));
  return { entries, nextKey };
}

/** The current entry first, the rest in a seeded random order: the playing song never changes on shuffle. */
function shuffleAround(entries: readonly QueueEntry[], current: QueueEntry, seed: number): QueueEntry[] {
  const others = entries.filter((entry) => entry.key !== current.key);
  return [current, ...shuffled(others, seed)];
}

function emptied(state: QueueState): QueueState {
  return { ...state, entries: [], index: 0, source: null, unshuffled: state.shuffle ? [] : null };
}

/**
 * SPEC §4: choosing a row sets the queue to the whole list and the current
 * index to that row. With shuffle on, that row plays first and the rest of the
 * list follows in a shuffled order.
 */
export function playList(state: QueueState, songs: readonly QueueItem[], index: unknown, source: string | null, seed: number): QueueState {
  if (songs.length === 0) return emptied(state);
  const { entries, nextKey } = withKeys(state, songs);
  const chosen = toIndex(index, entries.length);
  if (!state.shuffle) return { ...state, entries, index: chosen, source, unshuffled: null, nextKey };
  return { ...state, entries: shuffleAround(entries, entries[chosen], seed), index: 0, source, unshuffled: entries.map((entry) => entry.key), nextKey };
}

/**
 * SPEC §4: next moves to the following song; past the last one it empties the
 * queue and goes to index 0. Repeat-all wraps to the first song instead
 * (keeping a shuffled order as it is). Repeat-one does not hold back an
 * explicit "next": it only replays a song that ends by itself.
 */
export function next(state: QueueState): QueueState {
  if (state.entries.length === 0) return state;
  if (state.index + 1 < state.entries.length) return { ...state, index: state.index + 1 };
  return state.repeat === 'all' ? { ...state, index: 0 } : emptied(state);
}

/** SPEC §4: previous stops at 0. */
export function previous(state: QueueState): QueueState {
  return state.index > 0 ? { ...state, index: state.index - 1 } : state;
}

/** SPEC §4: when a track ends the index advances by one (same as next); repeat-one stays on the song. */
export function trackEnded(state: QueueState): QueueState {
  if (state.repeat === 'one' && state.entries.length > 0) return state;
  return next(state);
}

function insertKey(keys: readonly number[] | null, key: number, afterKey: number | null): number[] | null {
  if (!keys) return null;
  const at = afterKey === null ? keys.length : keys.indexOf(afterKey) + 1;
  return [...keys.slice(0, at), key, ...keys.slice(at)];
}

/** Queues a song right after the current one (an empty queue starts with it). */
export function playNext(state: QueueState, song: QueueItem): QueueState {
  const entry: QueueEntry = { key: state.nextKey, song };
  if (state.entries.length === 0) return { ...state, entries: [entry], index: 0, unshuffled: state.shuffle ? [entry.key] : null, nextKey: state.nextKey + 1 };
  const at = state.index + 1;
  return {
    ...state,
    entries: [...state.entries.slice(0, at), entry, ...state.entries.slice(at)],
    unshuffled: insertKey(state.unshuffled, entry.key, currentEntry(state)!.key),
    nextKey: state.nextKey + 1,
  };
}

/** Queues a song at the end. */
export function addToQueue(state: QueueState, song: QueueItem): QueueState {
  const entry: QueueEntry = { key: state.nextKey, song };
  return {
    ...state,
    entries: [...state.entries, entry],
    index: state.entries.length === 0 ? 0 : state.index,
    unshuffled: insertKey(state.unshuffled, entry.key, null),
    nextKey: state.nextKey + 1,
  };
}

/**
 * Queues several songs in the order given, right after the current one (`next`) or at the end (`end`).
 * "Next" inserts them back to front after the current song, so they play in the order given.
 */
export function queueSongs(state: QueueState, songs: readonly QueueItem[], at: 'next' | 'end'): QueueState {
  if (at === 'end' || state.entries.length === 0) return songs.reduce(addToQueue, state);
  return songs.reduceRight(playNext, state);
}

/**
 * Takes one entry out. Removing an earlier entry keeps the current song
 * current; removing the current song makes the one after it current (or the
 * new last one when it was last).
 */
export function remove(state: QueueState, key: number): QueueState {
  const at = state.entries.findIndex((entry) => entry.key === key);
  if (at < 0) return state;
  const entries = state.entries.filter((entry) => entry.key !== key);
  if (entries.length === 0) return emptied(state);
  const index = at < state.index ? state.index - 1 : Math.min(state.index, entries.length - 1);
  return { ...state, entries, index, unshuffled: state.unshuffled?.filter((candidate) => candidate !== key) ?? null };
}

/** Moves the entry at play position `from` to position `to`; the current song stays current wherever it lands. */
export function move(state: QueueState, from: number, to: number): QueueState {
  const last = state.entries.length - 1;
  if (from < 0 || from > last || from === to) return state;
  const target = Math.min(Math.max(to, 0), last);
  const current = currentEntry(state);
  const entries = [...state.entries];
  const [moved] = entries.splice(from, 1);
  entries.splice(target, 0, moved);
  return { ...state, entries, index: current ? entries.indexOf(current) : 0 };
}

/** Makes a queued entry the current one (clicking a row in the queue panel). */
export function jumpTo(state: QueueState, key: number): QueueState {
  const at = state.entries.findIndex((entry) => entry.key === key);
  return at < 0 || at === state.index ? state : { ...state, index: at };
}

/**
 * Shuffle on: the current song stays current and moves to the front, every
 * other entry follows in one shuffled order that stays fixed (next never
 * re-rolls it). Shuffle off: the list order comes back, the current song still
 * current.
 */
export function setShuffle(state: QueueState, on: boolean, seed: number): QueueState {
  if (on === state.shuffle) return state;
  if (!on) {
    const byKey = new Map(state.entries.map((entry) => [entry.key, entry]));
    const ordered = (state.unshuffled ?? []).map((key) => byKey.get(key)).filter((entry): entry is QueueEntry => entry !== undefined);
    // Entries the list order does not know (never expected) keep their place at the end.
    const known = new Set(ordered.map((entry) => entry.key));
    const entries = [...ordered, ...state.entries.filter((entry) => !known.has(entry.key))];
    const current = currentEntry(state);
    return { ...state, shuffle: false, unshuffled: null, entries, index: current ? entries.indexOf(current) : 0 };
  }
  const unshuffled = state.entries.map((entry) => entry.key);
  const current = currentEntry(state);
  if (!current) return { ...state, shuffle: true, unshuffled };
  return { ...state, shuffle: true, unshuffled, entries: shuffleAround(state.entries, current, seed), index: 0 };
}

export function setRepeat(state: QueueState, repeat: RepeatMode): QueueState {
  return state.repeat === repeat ? state : { ...state, repeat };
}

/** Off → all → one → off: the order of the repeat button. */
export function nextRepeatMode(mode: RepeatMode): RepeatMode {
  return mode === 'off' ? 'all' : mode === 'all' ? 'one' : 'off';
}

export interface QueueSnapshot {
  /** Songs in play order. */
  songs: readonly QueueItem[];
  index: number;
  source: string | null;
  shuffle: boolean;
  repeat: RepeatMode;
  /** Play positions in list order while shuffled (so shuffle-off can restore the list); absent otherwise. */
  unshuffledOrder?: readonly number[] | null;
}

/** The queue as saved (localStorage, the server); positions instead of keys, which are per page. */
export function toSnapshot(state: QueueState): QueueSnapshot {
  const positionOf = new Map(state.entries.map((entry, position) => [entry.key, position]));
  return {
    songs: state.entries.map((entry) => entry.song),
    index: state.index,
    source: state.source,
    shuffle: state.shuffle,
    repeat: state.repeat,
    unshuffledOrder: state.unshuffled ? state.unshuffled.map((key) => positionOf.get(key)).filter((position): position is number => position !== undefined) : null,
  };
}

/** Rebuilds a queue from a snapshot; a shuffled queue without a usable list order keeps its play order as the list order. */
export function fromSnapshot(snapshot: QueueSnapshot): QueueState {
  const { entries, nextKey } = withKeys(EMPTY_QUEUE, snapshot.songs);
  let unshuffled: number[] | null = null;
  if (snapshot.shuffle) {
    const order = snapshot.unshuffledOrder;
    const valid = order && order.length === entries.length && new Set(order).size === entries.length && order.every((position) => entries[position] !== undefined);
    unshuffled = valid ? order.map((position) => entries[position].key) : entries.map((entry) => entry.key);
  }
  return {
    entries,
    index: toIndex(snapshot.index, entries.length),
    source: entries.length > 0 ? snapshot.source : null,
    shuffle: snapshot.shuffle,
    repeat: snapshot.repeat,
    unshuffled,
    nextKey,
  };
}
