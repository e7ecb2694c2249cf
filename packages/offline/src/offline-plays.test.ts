import { beforeEach, describe, expect, it } from 'vitest';
import { flushPlays, pendingPlays, queuePlay, type PendingPlay } from './offline-plays.js';

class MemoryStorage implements Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  readonly values = new Map<string, string>();
  getItem = (key: string) => this.values.get(key) ?? null;
  setItem = (key: string, value: string) => void this.values.set(key, value);
  removeItem = (key: string) => void this.values.delete(key);
}

const NOW = Date.parse('2026-11-28T12:00:00Z');
const play = (songId: string, minutesAgo: number): PendingPlay => ({ song_id: songId, played_at: new Date(NOW - minutesAgo * 60_000).toISOString() });

describe('plays made offline', () => {
  let storage: Storage;
  beforeEach(() => {
    storage = new MemoryStorage() as unknown as Storage;
  });

  it('keeps each account its own queue', () => {
    queuePlay(storage, 'a', play('s1', 5));
    queuePlay(storage, 'b', play('s2', 4));
    expect(pendingPlays(storage, 'a').map((p) => p.song_id)).toEqual(['s1']);
    expect(pendingPlays(storage, 'b').map((p) => p.song_id)).toEqual(['s2']);
  });

  it('sends in order, drops refused and too old plays, and stops at the first that could not be sent', async () => {
    queuePlay(storage, 'a', play('old', 15 * 24 * 60));
    queuePlay(storage, 'a', play('s1', 30));
    queuePlay(storage, 'a', play('refused', 20));
    queuePlay(storage, 'a', play('s2', 10));
    queuePlay(storage, 'a', play('s3', 5));
    const sent: string[] = [];
    let online = true;
    const count = await flushPlays(
      storage,
      'a',
      async (pending) => {
        if (pending.song_id === 's2') online = false;
        if (!online) return 'retry';
        sent.push(pending.song_id);
        return pending.song_id === 'refused' ? 'drop' : 'sent';
      },
      NOW,
    );
    expect(sent).toEqual(['s1', 'refused']);
    expect(count).toBe(1);
    expect(pendingPlays(storage, 'a').map((p) => p.song_id)).toEqual(['s2', 's3']);
  });

  it('keeps a play queued while the flush was sending', async () => {
    queuePlay(storage, 'a', play('s1', 10));
    const sent: string[] = [];
    await flushPlays(storage, 'a', async (pending) => {
      if (pending.song_id === 's1') queuePlay(storage, 'a', play('s9', 0));
      sent.push(pending.song_id);
      return pending.song_id === 's1' ? 'sent' : 'retry';
    }, NOW);
    // s9 was queued during s1's send: the flush tried it too, and it stays for the next one.
    expect(sent).toEqual(['s1', 's9']);
    expect(pendingPlays(storage, 'a').map((p) => p.song_id)).toEqual(['s9']);
  });
});
