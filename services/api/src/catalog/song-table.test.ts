import { describe, expect, it } from 'vitest';
import { NONE, NO_NUMBER, SongTable, type SongRow } from './song-table.js';

const hex = (n: number) => n.toString(16).padStart(24, '0');
const row = (n: number, name: string): SongRow => ({
  id: hex(n),
  name,
  artist: 1,
  album: NONE,
  coverFileId: hex(1_000_000 + n),
  audioFileId: hex(2_000_000 + n),
  duration: 180,
  plays: 0,
  createdAt: n,
  disc: NO_NUMBER,
  track: NO_NUMBER,
  year: NO_NUMBER,
  genre: NONE,
  format: NONE,
  credits: NONE,
  loudness: NONE,
  albumLoudness: NONE,
  lyricsAt: 0,
});

describe('SongTable names (UTF-8 bytes outside the heap)', () => {
  it('gives back every name as written through renames, deletes, reused slots and compaction', () => {
    const table = new SongTable();
    const names = new Map<number, string>();
    const slots = new Map<number, number>();
    let random = 11;
    const next = () => (random = (random * 1103515245 + 12345) % 2147483648) / 2147483648;
    const nameOf = (n: number, round: number) => ['Song', 'Café', 'Ünïcødé 曲', '🎵 emoji', ''][n % 5]! + ` ${n}.${round}`.repeat(1 + (round % 3));
    table.beginUnordered();
    for (let n = 0; n < 500; n++) {
      names.set(n, nameOf(n, 0));
      slots.set(n, table.add(row(n, names.get(n)!)));
    }
    table.sortOrder();
    for (let round = 1; round < 40; round++) {
      for (let i = 0; i < 50; i++) {
        const n = Math.floor(next() * 600);
        const slot = slots.get(n);
        if (slot === undefined) {
          names.set(n, nameOf(n, round));
          slots.set(n, table.add(row(n, names.get(n)!)));
        } else if (next() < 0.3) {
          table.remove(slot);
          slots.delete(n);
          names.delete(n);
        } else {
          names.set(n, nameOf(n, round));
          table.update(slot, row(n, names.get(n)!));
        }
      }
      if (round % 10 === 0) table.compact();
      for (const [n, slot] of slots) expect(table.row(slot)).toMatchObject({ id: hex(n), name: names.get(n) });
    }
    expect(table.size).toBe(slots.size);
  });
});

describe('SongTable id order (SongIdOrder)', () => {
  it('finds every live song and the position after any id through loads, adds out of order and deletes', () => {
    const table = new SongTable();
    const live = new Map<number, number>();
    let random = 7;
    const next = () => (random = (random * 1103515245 + 12345) % 2147483648) / 2147483648;
    table.beginUnordered();
    for (let i = 0; i < 300; i++) {
      const n = Math.floor(next() * 2000);
      if (!live.has(n)) live.set(n, table.add(row(n, `s${n}`)));
    }
    table.sortOrder();
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 40; i++) {
        const n = Math.floor(next() * 2000);
        const slot = live.get(n);
        if (slot === undefined) live.set(n, table.add(row(n, `s${n}`)));
        else {
          table.remove(slot);
          live.delete(n);
        }
      }
      const sorted = [...live.keys()].sort((a, b) => a - b);
      expect(table.size).toBe(sorted.length);
      expect(sorted.map((_, position) => table.id(table.slotAt(position)))).toEqual(sorted.map(hex));
      for (let probe = 0; probe < 2000; probe += 37) {
        expect(table.slotOf(hex(probe))).toBe(live.get(probe) ?? -1);
        expect(table.positionAfter(hex(probe))).toBe(sorted.filter((n) => n <= probe).length);
      }
    }
    expect(table.slotOf('not an id')).toBe(-1);
    expect(() => table.remove(table.add(row(5000, 'x')) + 1000)).toThrow();
  });
});
