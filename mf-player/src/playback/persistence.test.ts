import { beforeEach, describe, expect, it } from 'vitest';
import { catalogItem, catalogSong, hexId } from '../test/fakes';
import { song as sampleSong } from '../test/songs';
import { fromServerState, loadLocal, saveLocalPosition, saveLocalQueue, storageKeys, toServerInput } from './persistence';

const USER = 'u1';
const snapshot = (count: number, index = 0) => ({ songs: Array.from({ length: count }, (_, i) => catalogItem(i + 1)), index, source: 'album:a', shuffle: false, repeat: 'off' as const });

beforeEach(() => localStorage.clear());

describe('localStorage', () => {
  it('round-trips the queue, volume and the position of the current song', () => {
    saveLocalQueue(localStorage, USER, { queue: snapshot(3, 1), volume: 0.4, muted: true });
    saveLocalPosition(localStorage, USER, { index: 1, songId: hexId(2), position: 12.345 });
    const restored = loadLocal(localStorage, USER)!;
    expect(restored.queue.songs.map((song) => song.id)).toEqual([hexId(1), hexId(2), hexId(3)]);
    expect(restored).toMatchObject({ position: 12.3, volume: 0.4, muted: true, queue: { index: 1, source: 'album:a' } });
  });

  it('keeps the credited artists of the songs it saved, and drops malformed ones', () => {
    const credited = { ...catalogItem(1), artists: [{ id: 'ar1', name: 'Björk' }] };
    const bad = { ...catalogItem(2), artists: [{ id: 'ar2' }, 'Thom'] };
    saveLocalQueue(localStorage, USER, { queue: { ...snapshot(0), songs: [credited, bad as never, catalogItem(3)] }, volume: 0.1, muted: false });
    const [first, second, third] = loadLocal(localStorage, USER)!.queue.songs;
    expect(first!.artists).toEqual([{ id: 'ar1', name: 'Björk' }]);
    expect(second!.artists).toEqual([]);
    expect(third).not.toHaveProperty('artists');
  });

  it('keeps the format and the loudness of the songs it saved (the stream URL and the gain need them), and drops malformed ones', () => {
    const loudness = { track_lufs: -9.5, track_peak_db: -0.4, album_lufs: null, album_peak_db: null };
    const measured = { ...catalogItem(1), audio_format: 'alac' as const, loudness };
    const bad = { ...catalogItem(2), audio_format: 'midi', loudness: { track_lufs: 'loud', track_peak_db: 0 } };
    const halfAlbum = { ...catalogItem(3), loudness: { ...loudness, album_lufs: -10 } };
    saveLocalQueue(localStorage, USER, { queue: { ...snapshot(0), songs: [measured, bad as never, halfAlbum] }, volume: 0.1, muted: false });
    const [first, second, third] = loadLocal(localStorage, USER)!.queue.songs;
    expect(first).toMatchObject({ audio_format: 'alac', loudness });
    expect(second).not.toHaveProperty('audio_format');
    expect(second).not.toHaveProperty('loudness');
    expect(third!.loudness).toEqual(loudness);
  });

  it('ignores a position saved for another song', () => {
    saveLocalQueue(localStorage, USER, { queue: snapshot(3, 2), volume: 0.1, muted: false });
    saveLocalPosition(localStorage, USER, { index: 1, songId: hexId(2), position: 50 });
    expect(loadLocal(localStorage, USER)!.position).toBe(0);
  });

  it('survives garbage, other versions and missing storage', () => {
    expect(loadLocal(null, USER)).toBeNull();
    localStorage.setItem(storageKeys(USER).queue, '{not json');
    expect(loadLocal(localStorage, USER)).toBeNull();
    localStorage.setItem(storageKeys(USER).queue, JSON.stringify({ v: 99, queue: snapshot(1) }));
    expect(loadLocal(localStorage, USER)).toBeNull();
    localStorage.setItem(storageKeys(USER).queue, JSON.stringify({ v: 1, queue: { ...snapshot(2), songs: [{ id: 1 }, catalogItem(2)], repeat: 'sometimes' }, volume: 7 }));
    expect(loadLocal(localStorage, USER)).toMatchObject({ queue: { songs: [], repeat: 'off' }, volume: 1 });
  });
});

describe('server shape', () => {
  it('sends song ids, index, position, volume, shuffle and repeat', () => {
    expect(toServerInput({ ...snapshot(3, 2), shuffle: true, repeat: 'all' }, 33.333, 0.3)).toEqual({
      queue: [hexId(1), hexId(2), hexId(3)],
      index: 2,
      position: 33.3,
      volume: 0.3,
      shuffle: true,
      repeat: 'all',
    });
  });

  it('leaves out songs that are not in the catalog and keeps the index on the current song', () => {
    const songs = [sampleSong(1), catalogItem(2), sampleSong(3), catalogItem(4)];
    expect(toServerInput({ ...snapshot(0), songs, index: 3 }, 5, 0.1)).toMatchObject({ queue: [hexId(2), hexId(4)], index: 1, position: 5 });
    // The current song itself is not sendable: point at the next one, from its start.
    expect(toServerInput({ ...snapshot(0), songs, index: 2 }, 5, 0.1)).toMatchObject({ index: 1, position: 0 });
    expect(toServerInput({ ...snapshot(0), songs: [sampleSong(1)], index: 0 }, 5, 0.1)).toMatchObject({ queue: [], index: 0 });
  });

  it('sends at most 500 ids, around the current song', () => {
    const big = snapshot(1200, 1000);
    const input = toServerInput(big, 0, 0.1);
    expect(input.queue).toHaveLength(500);
    expect(input.queue[input.index]).toBe(hexId(1001));
    const early = toServerInput(snapshot(1200, 3), 0, 0.1);
    expect(early.queue[early.index]).toBe(hexId(4));
    const late = toServerInput(snapshot(1200, 1199), 0, 0.1);
    expect(late.queue[late.index]).toBe(hexId(1200));
  });

  it('reads the saved player back as a queue without a source', () => {
    const restored = fromServerState({ queue: [catalogSong(1), catalogSong(2)], index: 1, position: 4, volume: 0.2, shuffle: false, repeat: 'one', updated_at: '' });
    expect(restored.queue.songs[1]).toEqual(catalogItem(2));
    expect(restored).toMatchObject({ position: 4, volume: 0.2, muted: false, queue: { index: 1, source: null, repeat: 'one' } });
  });

  it("keeps a saved song's format and loudness", () => {
    const loudness = { track_lufs: -20, track_peak_db: -3, album_lufs: -18, album_peak_db: -1 };
    const restored = fromServerState({ queue: [{ ...catalogSong(1), audio_format: 'flac', loudness }], index: 0, position: 0, volume: 0.2, shuffle: false, repeat: 'off', updated_at: '' });
    expect(restored.queue.songs[0]).toMatchObject({ audio_format: 'flac', loudness });
  });
});
