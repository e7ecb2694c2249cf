import { describe, expect, it } from 'vitest';
import { EMPTY_QUEUE, addToQueue, currentSong, jumpTo, next, playList, setRepeat, type QueueState } from '../queue/queue';
import { catalogItem } from '../test/fakes';
import { addToQueueChange, afterTrackEnded, audioStepFor, isPlayable, playListChange, playNextChange, queueSongsChange } from './queue-transitions';

const items = (count: number) => Array.from({ length: count }, (_, i) => catalogItem(i + 1));
const noFile = (n: number) => ({ ...catalogItem(n), song_file_url: '' });
const names = (queue: QueueState) => queue.entries.map((entry) => entry.song.song_name);
const listOf = (count: number, index = 0) => playList(EMPTY_QUEUE, items(count), index, 's', 1);

describe('isPlayable', () => {
  it('accepts a row with an id and a file, nothing else', () => {
    expect(isPlayable(catalogItem(1))).toBe(true);
    expect(isPlayable(noFile(1))).toBe(false);
    expect(isPlayable(undefined)).toBe(false);
    expect(isPlayable({ ...catalogItem(1), id: 5 } as never)).toBe(false);
  });
});

describe('playListChange', () => {
  it('leaves out rows without a file and keeps the chosen row chosen; it plays from the start', () => {
    const change = playListChange(EMPTY_QUEUE, [catalogItem(1), noFile(9), catalogItem(2), catalogItem(3)], 2, 'album:a', 1)!;
    expect(names(change.queue)).toEqual(['Song 1', 'Song 2', 'Song 3']);
    expect(currentSong(change.queue)?.song_name).toBe('Song 2');
    expect(change).toMatchObject({ play: true, restart: true });
    expect(change.queue.source).toBe('album:a');
  });

  it('falls back to the first playable row when the chosen one cannot play', () => {
    const change = playListChange(EMPTY_QUEUE, [catalogItem(1), noFile(9), catalogItem(2)], 1, 's', 1)!;
    expect(currentSong(change.queue)?.song_name).toBe('Song 1');
  });

  it('a list with nothing playable empties the queue and does not play; a payload that is no list is ignored', () => {
    const change = playListChange(listOf(2), [noFile(1)], 0, 's', 1)!;
    expect(change.queue.entries).toEqual([]);
    expect(change.play).toBe(false);
    expect(playListChange(listOf(2), 'songs', 0, 's', 1)).toBeNull();
  });
});

describe('single songs and selections', () => {
  it('play-next and add-to-queue say what they did; a row without a file changes nothing', () => {
    const playNext = playNextChange(listOf(2), catalogItem(9))!;
    expect(names(playNext.queue)).toEqual(['Song 1', 'Song 9', 'Song 2']);
    expect(playNext.toast).toBe('"Song 9" will play next.');
    const added = addToQueueChange(listOf(2), catalogItem(8))!;
    expect(names(added.queue)).toEqual(['Song 1', 'Song 2', 'Song 8']);
    expect(added.toast).toBe('Added "Song 8" to the queue.');
    expect(playNextChange(listOf(2), noFile(9))).toBeNull();
    expect(addToQueueChange(listOf(2), noFile(9))).toBeNull();
    // Neither starts or stops anything by itself.
    expect(playNext.play).toBeUndefined();
  });

  it('queue-songs keeps the given order, drops unplayable rows and names one song or counts several', () => {
    const several = queueSongsChange(listOf(2), [catalogItem(7), noFile(6), catalogItem(8)], 'next')!;
    expect(names(several.queue)).toEqual(['Song 1', 'Song 7', 'Song 8', 'Song 2']);
    expect(several.toast).toBe('2 songs will play next.');
    expect(queueSongsChange(listOf(2), [catalogItem(5)], 'end')!.toast).toBe('Added "Song 5" to the queue.');
    expect(queueSongsChange(listOf(2), [catalogItem(5), catalogItem(6)], 'end')!.toast).toBe('Added 2 songs to the queue.');
    expect(queueSongsChange(listOf(2), [noFile(5)], 'end')).toBeNull();
    expect(queueSongsChange(listOf(2), null, 'end')).toBeNull();
  });
});

describe('afterTrackEnded', () => {
  it('advances by one (SPEC §4), and empties the queue after the last song', () => {
    const after = afterTrackEnded(listOf(3));
    expect(after.replay).toBe(false);
    expect(after.replay === false && currentSong(after.queue)?.song_name).toBe('Song 2');
    const last = afterTrackEnded(listOf(2, 1));
    expect(last.replay === false && last.queue.entries).toEqual([]);
  });

  it('replays in place when repeat-all wraps a single song onto itself', () => {
    expect(afterTrackEnded(setRepeat(listOf(1), 'all'))).toEqual({ replay: true });
    const wrapped = afterTrackEnded(setRepeat(listOf(2, 1), 'all'));
    expect(wrapped.replay === false && wrapped.queue.index).toBe(0);
  });
});

describe('audioStepFor', () => {
  it('opens a newly current entry, playing as asked or as before', () => {
    const queue = listOf(3);
    expect(audioStepFor(queue, true, next(queue), {})).toEqual({ playing: true, step: 'open' });
    expect(audioStepFor(queue, false, next(queue), {})).toEqual({ playing: false, step: 'open' });
    expect(audioStepFor(queue, false, jumpTo(queue, queue.entries[2].key), { play: true })).toEqual({ playing: true, step: 'open' });
  });

  it('keeps the same entry playing untouched, unless asked to restart it', () => {
    const queue = listOf(2);
    const edited = addToQueue(queue, catalogItem(9));
    expect(audioStepFor(queue, true, edited, {})).toEqual({ playing: true, step: 'keep' });
    expect(audioStepFor(queue, true, edited, { restart: true })).toEqual({ playing: true, step: 'open' });
  });

  it('resumes the same entry when it should play and did not', () => {
    const queue = listOf(2);
    expect(audioStepFor(queue, false, queue, { play: true })).toEqual({ playing: true, step: 'resume' });
  });

  it('clears the audio when the queue empties, and never claims to play an empty queue', () => {
    const queue = listOf(1);
    expect(audioStepFor(queue, true, next(queue), { play: true })).toEqual({ playing: false, step: 'clear' });
    expect(audioStepFor(EMPTY_QUEUE, false, EMPTY_QUEUE, { play: true })).toEqual({ playing: false, step: 'keep' });
  });
});
