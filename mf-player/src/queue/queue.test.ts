import { describe, expect, it } from 'vitest';
import type { PlayerState } from '@tunafy/event-bus';
import { song, songs } from '../test/songs';
import { isSourcePlaying, isSourceQueued, listButtonCommand } from './list-button';
import {
  EMPTY_QUEUE,
  addToQueue,
  currentSong,
  entryAfterCurrent,
  fromSnapshot,
  jumpTo,
  move,
  next,
  nextRepeatMode,
  playList,
  playNext,
  queueSongs,
  previous,
  remove,
  setRepeat,
  setShuffle,
  toIndex,
  toSnapshot,
  trackEnded,
  upcomingEntries,
  type QueueState,
} from './queue';
import { shuffled } from './shuffle';

const SEED = 42;
const ids = (state: QueueState) => state.entries.map((entry) => entry.song.id);
const list = (count: number, index = 0, source = 'songs') => playList(EMPTY_QUEUE, songs(count), index, source, SEED);

describe('play-list (SPEC §4: choosing a row)', () => {
  it('sets the queue to the whole list and the index to the row', () => {
    const state = list(3, 1, 'album:a');
    expect(ids(state)).toEqual(['song-1', 'song-2', 'song-3']);
    expect(state.index).toBe(1);
    expect(currentSong(state)?.id).toBe('song-2');
    expect(state.source).toBe('album:a');
  });

  it('replaces whatever was queued', () => {
    const state = playList(list(5, 4), songs(2), 0, 'other', SEED);
    expect(ids(state)).toEqual(['song-1', 'song-2']);
    expect(state.index).toBe(0);
    expect(state.source).toBe('other');
  });

  it('accepts an index sent as a string and clamps bad ones', () => {
    expect(playList(EMPTY_QUEUE, songs(3), '2', 's', SEED).index).toBe(2);
    expect(toIndex('abc', 3)).toBe(0);
    expect(toIndex(-4, 3)).toBe(0);
    expect(toIndex(99, 3)).toBe(2);
    expect(toIndex(1.7, 3)).toBe(1);
    expect(toIndex(undefined, 3)).toBe(0);
    expect(toIndex(2, 0)).toBe(0);
  });

  it('with an empty list empties the queue', () => {
    const state = playList(list(3), [], 0, 'x', SEED);
    expect(state.entries).toEqual([]);
    expect(state.index).toBe(0);
    expect(state.source).toBeNull();
  });

  it('gives every entry its own key, also for a song listed twice', () => {
    const state = playList(EMPTY_QUEUE, [song(1), song(1)], 0, 's', SEED);
    expect(new Set(state.entries.map((entry) => entry.key)).size).toBe(2);
  });

  it('does not mutate its input', () => {
    const before = list(3, 1);
    const frozen = JSON.stringify(before);
    next(before);
    previous(before);
    remove(before, before.entries[0].key);
    setShuffle(before, true, SEED);
    expect(JSON.stringify(before)).toBe(frozen);
  });
});

describe('next (SPEC §4)', () => {
  it('advances by one', () => {
    expect(next(list(3, 0)).index).toBe(1);
  });

  it('past the last song empties the queue and goes to index 0', () => {
    const state = next(list(3, 2, 'album:a'));
    expect(state.entries).toEqual([]);
    expect(state.index).toBe(0);
    expect(state.source).toBeNull();
    expect(currentSong(state)).toBeNull();
  });

  it('does nothing on an empty queue', () => {
    expect(next(EMPTY_QUEUE)).toBe(EMPTY_QUEUE);
  });

  it('wraps to the first song with repeat-all', () => {
    const state = next(setRepeat(list(3, 2), 'all'));
    expect(state.index).toBe(0);
    expect(ids(state)).toHaveLength(3);
  });

  it('still moves on with repeat-one (it only replays a song that ends by itself)', () => {
    expect(next(setRepeat(list(3, 0), 'one')).index).toBe(1);
    expect(next(setRepeat(list(3, 2), 'one')).entries).toEqual([]);
  });
});

describe('previous (SPEC §4)', () => {
  it('goes back by one', () => {
    expect(previous(list(3, 2)).index).toBe(1);
  });

  it('stops at 0', () => {
    const state = list(3, 0);
    expect(previous(state)).toBe(state);
    expect(previous(setRepeat(state, 'all')).index).toBe(0);
  });
});

describe('track ended (SPEC §4)', () => {
  it('advances the index by one', () => {
    expect(trackEnded(list(3, 0)).index).toBe(1);
  });

  it('after the last song empties the queue', () => {
    expect(trackEnded(list(2, 1)).entries).toEqual([]);
  });

  it('stays on the song with repeat-one', () => {
    const state = setRepeat(list(3, 2), 'one');
    expect(trackEnded(state)).toBe(state);
  });

  it('wraps with repeat-all', () => {
    expect(trackEnded(setRepeat(list(3, 2), 'all')).index).toBe(0);
  });
});

describe('what plays after the current song (gapless preloading)', () => {
  it('is the next entry', () => {
    expect(entryAfterCurrent(list(3, 0))?.song.id).toBe('song-2');
  });
  it('is nothing after the last song, or the first one with repeat-all', () => {
    expect(entryAfterCurrent(list(3, 2))).toBeNull();
    expect(entryAfterCurrent(setRepeat(list(3, 2), 'all'))?.song.id).toBe('song-1');
  });
  it('is nothing with repeat-one (the audio element loops) or an empty queue', () => {
    expect(entryAfterCurrent(setRepeat(list(3, 0), 'one'))).toBeNull();
    expect(entryAfterCurrent(EMPTY_QUEUE)).toBeNull();
  });
});

describe('play-next and add-to-queue', () => {
  it('play-next inserts right after the current song', () => {
    const state = playNext(list(3, 0), song(9));
    expect(ids(state)).toEqual(['song-1', 'song-9', 'song-2', 'song-3']);
    expect(state.index).toBe(0);
    expect(next(state).entries[1].song.id).toBe('song-9');
  });

  it('add-to-queue appends', () => {
    const state = addToQueue(list(2, 1), song(9));
    expect(ids(state)).toEqual(['song-1', 'song-2', 'song-9']);
    expect(state.index).toBe(1);
  });

  it('both start an empty queue with the song', () => {
    for (const state of [playNext(EMPTY_QUEUE, song(9)), addToQueue(EMPTY_QUEUE, song(9))]) {
      expect(ids(state)).toEqual(['song-9']);
      expect(state.index).toBe(0);
    }
  });

  it('keeps the list order in step while shuffled', () => {
    const shuffledState = setShuffle(list(4, 1), true, SEED);
    const withNext = playNext(shuffledState, song(9));
    const unshuffledIds = ids(setShuffle(withNext, false, SEED));
    // Right after song-2 (the current song) in list order.
    expect(unshuffledIds).toEqual(['song-1', 'song-2', 'song-9', 'song-3', 'song-4']);
    expect(ids(setShuffle(addToQueue(shuffledState, song(8)), false, SEED)).at(-1)).toBe('song-8');
  });
});

describe('queueSongs (a selection of several rows)', () => {
  const three = [song(7), song(8), song(9)];

  it('"next" puts them right after the current song, in the order given', () => {
    const state = queueSongs(list(3, 1), three, 'next');
    expect(ids(state)).toEqual(['song-1', 'song-2', 'song-7', 'song-8', 'song-9', 'song-3']);
    expect(currentSong(state)?.id).toBe('song-2');
  });

  it('"end" appends them in order', () => {
    expect(ids(queueSongs(list(2, 0), three, 'end'))).toEqual(['song-1', 'song-2', 'song-7', 'song-8', 'song-9']);
  });

  it('an empty queue starts with the first of them, in order, either way', () => {
    for (const at of ['next', 'end'] as const) {
      const state = queueSongs(EMPTY_QUEUE, three, at);
      expect(ids(state)).toEqual(['song-7', 'song-8', 'song-9']);
      expect(state.index).toBe(0);
    }
  });

  it('keeps the list order in step while shuffled', () => {
    const shuffledState = setShuffle(list(3, 0), true, SEED);
    const unshuffledIds = ids(setShuffle(queueSongs(shuffledState, three, 'next'), false, SEED));
    expect(unshuffledIds).toEqual(['song-1', 'song-7', 'song-8', 'song-9', 'song-2', 'song-3']);
  });
});

describe('remove', () => {
  it('takes an upcoming entry out, the current song stays', () => {
    const state = list(4, 1);
    const after = remove(state, state.entries[2].key);
    expect(ids(after)).toEqual(['song-1', 'song-2', 'song-4']);
    expect(currentSong(after)?.id).toBe('song-2');
  });

  it('keeps the current song current when an earlier entry goes', () => {
    const state = list(4, 2);
    const after = remove(state, state.entries[0].key);
    expect(after.index).toBe(1);
    expect(currentSong(after)?.id).toBe('song-3');
  });

  it('removing the current song makes the next one current, or the last one at the end', () => {
    const middle = list(3, 1);
    expect(currentSong(remove(middle, middle.entries[1].key))?.id).toBe('song-3');
    const last = list(3, 2);
    expect(currentSong(remove(last, last.entries[2].key))?.id).toBe('song-2');
  });

  it('removes only the entry asked for when a song is queued twice', () => {
    const state = addToQueue(list(2, 0), song(1));
    const after = remove(state, state.entries[2].key);
    expect(ids(after)).toEqual(['song-1', 'song-2']);
    expect(after.entries[0].key).toBe(state.entries[0].key);
  });

  it('removing the only entry empties the queue; an unknown key changes nothing', () => {
    const one = list(1);
    expect(remove(one, one.entries[0].key).entries).toEqual([]);
    expect(remove(one, 12345)).toBe(one);
  });
});

describe('move (reorder)', () => {
  it('moves an upcoming entry', () => {
    const state = move(list(4, 0), 3, 1);
    expect(ids(state)).toEqual(['song-1', 'song-4', 'song-2', 'song-3']);
    expect(state.index).toBe(0);
  });

  it('the current song stays current wherever entries move', () => {
    const state = list(4, 1);
    expect(currentSong(move(state, 0, 3))?.id).toBe('song-2');
    expect(move(state, 0, 3).index).toBe(0);
    const movedCurrent = move(state, 1, 3);
    expect(movedCurrent.index).toBe(3);
    expect(currentSong(movedCurrent)?.id).toBe('song-2');
  });

  it('clamps the target and ignores a bad source position', () => {
    expect(ids(move(list(3), 0, 99))).toEqual(['song-2', 'song-3', 'song-1']);
    const state = list(3);
    expect(move(state, 7, 0)).toBe(state);
    expect(move(state, 1, 1)).toBe(state);
  });
});

describe('jump to an entry', () => {
  it('makes it current', () => {
    const state = list(4, 0);
    expect(jumpTo(state, state.entries[2].key).index).toBe(2);
    expect(jumpTo(state, 999)).toBe(state);
  });
});

describe('shuffle', () => {
  it('keeps the current song current and puts it first', () => {
    const state = setShuffle(list(6, 3), true, SEED);
    expect(state.shuffle).toBe(true);
    expect(state.index).toBe(0);
    expect(currentSong(state)?.id).toBe('song-4');
    expect([...ids(state)].sort()).toEqual(ids(list(6)).sort());
  });

  it('shuffles the others with the seed: same seed, same order', () => {
    const a = setShuffle(list(8, 0), true, 7);
    const b = setShuffle(list(8, 0), true, 7);
    expect(ids(a)).toEqual(ids(b));
    expect(ids(a).slice(1)).toEqual(shuffled(ids(list(8)).slice(1), 7));
  });

  it('keeps one order while playing through it (next never re-rolls)', () => {
    const state = setShuffle(list(6, 0), true, SEED);
    const order = ids(state);
    let walk = state;
    const played = [currentSong(walk)!.id];
    for (let i = 0; i < 5; i++) {
      walk = next(walk);
      played.push(currentSong(walk)!.id);
    }
    expect(played).toEqual(order);
  });

  it('off restores the list order with the current song still current', () => {
    const on = setShuffle(list(6, 2), true, SEED);
    const moved = next(next(on));
    const playing = currentSong(moved)!.id;
    const off = setShuffle(moved, false, SEED);
    expect(ids(off)).toEqual(ids(list(6)));
    expect(currentSong(off)?.id).toBe(playing);
    expect(off.unshuffled).toBeNull();
  });

  it('play-list while shuffled plays the chosen row first', () => {
    const shuffledEmpty = setShuffle(EMPTY_QUEUE, true, SEED);
    const state = playList(shuffledEmpty, songs(5), 3, 's', SEED);
    expect(state.index).toBe(0);
    expect(currentSong(state)?.id).toBe('song-4');
    expect(ids(setShuffle(state, false, SEED))).toEqual(ids(list(5)));
    expect(currentSong(setShuffle(state, false, SEED))?.id).toBe('song-4');
  });

  it('setting the same value changes nothing', () => {
    const state = list(3);
    expect(setShuffle(state, false, SEED)).toBe(state);
    const on = setShuffle(state, true, SEED);
    expect(setShuffle(on, true, 1)).toBe(on);
  });

  it('survives emptying: the flag stays, the list order is empty', () => {
    const state = next(setShuffle(list(1), true, SEED));
    expect(state.shuffle).toBe(true);
    expect(state.unshuffled).toEqual([]);
  });
});

describe('repeat', () => {
  it('cycles off → all → one → off', () => {
    expect(nextRepeatMode('off')).toBe('all');
    expect(nextRepeatMode('all')).toBe('one');
    expect(nextRepeatMode('one')).toBe('off');
  });

  it('set-repeat to the same mode keeps the state', () => {
    const state = list(2);
    expect(setRepeat(state, 'off')).toBe(state);
  });
});

describe('snapshots (persistence)', () => {
  it('round-trip a plain queue', () => {
    const state = setRepeat(list(3, 2, 'album:a'), 'all');
    const restored = fromSnapshot(JSON.parse(JSON.stringify(toSnapshot(state))));
    expect(ids(restored)).toEqual(ids(state));
    expect(restored.index).toBe(2);
    expect(restored.source).toBe('album:a');
    expect(restored.repeat).toBe('all');
    expect(restored.shuffle).toBe(false);
  });

  it('round-trip a shuffled queue, list order included', () => {
    const state = setShuffle(list(6, 2), true, SEED);
    const restored = fromSnapshot(JSON.parse(JSON.stringify(toSnapshot(state))));
    expect(ids(restored)).toEqual(ids(state));
    expect(ids(setShuffle(restored, false, SEED))).toEqual(ids(list(6)));
  });

  it('take the play order as list order when the saved one is unusable (the server keeps none)', () => {
    const restored = fromSnapshot({ songs: songs(3), index: 1, source: null, shuffle: true, repeat: 'off', unshuffledOrder: [0, 0, 7] });
    expect(ids(setShuffle(restored, false, SEED))).toEqual(['song-1', 'song-2', 'song-3']);
  });

  it('clamp a saved index and drop the source of an empty queue', () => {
    expect(fromSnapshot({ songs: songs(2), index: 9, source: 's', shuffle: false, repeat: 'off' }).index).toBe(1);
    expect(fromSnapshot({ songs: [], index: 0, source: 's', shuffle: false, repeat: 'off' }).source).toBeNull();
  });
});

describe('upcoming entries', () => {
  it('are the ones after the current song', () => {
    expect(upcomingEntries(list(4, 1)).map((entry) => entry.song.id)).toEqual(['song-3', 'song-4']);
    expect(upcomingEntries(EMPTY_QUEUE)).toEqual([]);
  });
});

describe('list page play/pause button (SPEC §4)', () => {
  const state = (overrides: Partial<PlayerState> = {}): PlayerState => ({
    queue: songs(2),
    index: 0,
    current: song(1),
    playing: true,
    position: 0,
    source: 'album:a',
    ...overrides,
  });

  it('loads the list from the first song when another list (or nothing) is queued', () => {
    expect(listButtonCommand(undefined, 'album:a', songs(3))).toEqual({ type: 'play-list', songs: songs(3), index: 0, source: 'album:a' });
    expect(listButtonCommand(state({ source: 'album:b' }), 'album:a', songs(3))).toMatchObject({ type: 'play-list', index: 0 });
    expect(listButtonCommand(state({ queue: [], current: null }), 'album:a', songs(3))).toMatchObject({ type: 'play-list' });
  });

  it('then toggles', () => {
    expect(listButtonCommand(state(), 'album:a', songs(3))).toEqual({ type: 'toggle' });
    expect(listButtonCommand(state({ playing: false }), 'album:a', songs(3))).toEqual({ type: 'toggle' });
  });

  it('shows "playing" only for the queued list while it plays', () => {
    expect(isSourcePlaying(state(), 'album:a')).toBe(true);
    expect(isSourcePlaying(state({ playing: false }), 'album:a')).toBe(false);
    expect(isSourcePlaying(state(), 'album:b')).toBe(false);
    expect(isSourcePlaying(undefined, 'album:a')).toBe(false);
    expect(isSourceQueued(state({ playing: false }), 'album:a')).toBe(true);
  });
});
