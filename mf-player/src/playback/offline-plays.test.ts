import { describe, expect, it, vi } from 'vitest';
import { pendingPlays } from '@tunafy/offline';
import { OfflinePlays } from './offline-plays';

class MemoryStorage {
  private readonly values = new Map<string, string>();
  getItem = (key: string) => this.values.get(key) ?? null;
  setItem = (key: string, value: string) => void this.values.set(key, value);
  removeItem = (key: string) => void this.values.delete(key);
}

const NOW = Date.parse('2026-11-28T12:00:00Z');
const unreachable = () => Object.assign(new Error('no connection'), { status: 503 });

describe('OfflinePlays', () => {
  it('queues a play the API cannot be told about, with its time, and sends it with that time once it answers', async () => {
    const storage = new MemoryStorage() as unknown as Storage;
    let online = false;
    const recordPlay = vi.fn(async () => {
      if (!online) throw unreachable();
      return true;
    });
    let now = NOW;
    const plays = new OfflinePlays('u1', { recordPlay }, storage, () => now);
    await plays.report('song-1', 'playlist:p1');
    expect(pendingPlays(storage, 'u1')).toEqual([{ song_id: 'song-1', context: 'playlist:p1', played_at: '2026-11-28T12:00:00.000Z' }]);

    online = true;
    now = NOW + 3_600_000;
    expect(await plays.flush()).toBe(1);
    expect(recordPlay).toHaveBeenLastCalledWith('song-1', 'playlist:p1', '2026-11-28T12:00:00.000Z');
    expect(pendingPlays(storage, 'u1')).toEqual([]);
  });

  it('does not keep a play the API refused (4xx), and sends queued ones after the next play that gets through', async () => {
    const storage = new MemoryStorage() as unknown as Storage;
    const recordPlay = vi.fn(async (songId: string) => {
      if (songId === 'gone') throw Object.assign(new Error('Song not found'), { status: 404 });
      return true;
    });
    const plays = new OfflinePlays('u1', { recordPlay }, storage, () => NOW);
    await expect(plays.report('gone', undefined)).rejects.toThrow('Song not found');
    expect(pendingPlays(storage, 'u1')).toEqual([]);
  });
});
