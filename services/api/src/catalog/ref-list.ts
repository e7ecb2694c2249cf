import type { SongRecord } from '../songs/songs.repository.js';
import { compareIds, ID_BYTES, idBytes, readId, writeId } from './object-ids.js';

/** One reference to a song in a playlist or a collection, as handed out (the list holds them unboxed). */
export interface SongRef {
  /** The entry's or the like's own id. */
  id: string;
  song: SongRecord;
  at: Date;
}

/**
 * A playlist's entries or a user's likes, ordered by the reference's id
 * (ObjectIds grow with time, so this is the order they were added). Ids are
 * kept as their 12 bytes, times as numbers and songs as their slots in the
 * song table (see SongTable), all in typed arrays: with millions of playlist
 * entries in memory, a reference costs 24 bytes instead of ~130 as an object
 * with a hex string, a Date and a pointer.
 */
export class RefList {
  private ids = new Uint8Array(0);
  private times = new Float64Array(0);
  private slots = new Int32Array(0);
  private count = 0;

  get length(): number {
    return this.count;
  }

  idAt(position: number): string {
    return readId(this.ids, position * ID_BYTES);
  }

  slotAt(position: number): number {
    return this.slots[position]!;
  }

  timeAt(position: number): Date {
    return new Date(this.times[position]!);
  }

  /** First position whose id sorts after `id` (for cursors over the ascending order). */
  positionAfter(id: string): number {
    const target = idBytes(id);
    return target ? this.search((position) => this.compareAt(position, target) <= 0) : 0;
  }

  /** First position whose id is not below `id`. */
  positionOf(id: string): number {
    const target = idBytes(id);
    return target ? this.search((position) => this.compareAt(position, target) < 0) : 0;
  }

  /** Adds a reference; a song already referenced keeps its first reference. */
  put(id: string, slot: number, at: Date): void {
    const bytes = idBytes(id);
    if (!bytes || this.positionOfSlot(slot) >= 0) return;
    const length = this.count;
    const position = length === 0 || this.compareAt(length - 1, bytes) < 0 ? length : this.positionOf(id);
    this.reserve(length + 1);
    this.ids.copyWithin((position + 1) * ID_BYTES, position * ID_BYTES, length * ID_BYTES);
    writeId(this.ids, position * ID_BYTES, id);
    this.times.copyWithin(position + 1, position, length);
    this.times[position] = at.getTime();
    this.slots.copyWithin(position + 1, position, length);
    this.slots[position] = slot;
    this.count++;
  }

  /** Where the song's reference sits, or -1 (a native scan of 4 bytes per reference). */
  positionOfSlot(slot: number): number {
    // On the whole array (no view to make per list, which a delete does for every playlist): past `count` lie only
    // stale values, and a match there means none before it.
    const position = this.slots.indexOf(slot);
    return position < this.count ? position : -1;
  }

  /** Removes the song's reference, if any; the song's slot is all it needs, so a catalog-wide cascade stays cheap. */
  removeSlot(slot: number): boolean {
    const position = this.positionOfSlot(slot);
    if (position < 0) return false;
    const length = this.count;
    this.ids.copyWithin(position * ID_BYTES, (position + 1) * ID_BYTES, length * ID_BYTES);
    this.times.copyWithin(position, position + 1, length);
    this.slots.copyWithin(position, position + 1, length);
    this.count--;
    return true;
  }

  /** Every reference's own id, oldest first. */
  allIds(): string[] {
    return Array.from({ length: this.count }, (_, position) => this.idAt(position));
  }

  /** The sum of a per-song value over the references (durations). */
  sum(valueOf: (slot: number) => number): number {
    let total = 0;
    for (let position = 0; position < this.count; position++) total += valueOf(this.slots[position]!);
    return total;
  }

  /** The first position where `before` turns false (positions where it holds come first). */
  private search(before: (position: number) => boolean): number {
    let low = 0;
    let high = this.count;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (before(middle)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private compareAt(position: number, target: Uint8Array): number {
    return compareIds(this.ids, position * ID_BYTES, target, 0);
  }

  /**
   * Drops the spare capacity that growing one reference at a time leaves: the loader calls it once every list is
   * read, since lists mostly grow at start.
   */
  compact(): void {
    if (this.times.length !== this.count) this.resize(this.count);
  }

  private reserve(count: number): void {
    if (count <= this.times.length) return;
    // Small lists (most playlists) grow by a few slots; long ones by half, so appends stay amortized O(1).
    this.resize(Math.max(4, count, Math.ceil(this.times.length * 1.5)));
  }

  private resize(capacity: number): void {
    const ids = new Uint8Array(capacity * ID_BYTES);
    ids.set(this.ids.subarray(0, this.count * ID_BYTES));
    const times = new Float64Array(capacity);
    times.set(this.times.subarray(0, this.count));
    const slots = new Int32Array(capacity);
    slots.set(this.slots.subarray(0, this.count));
    this.ids = ids;
    this.times = times;
    this.slots = slots;
  }
}
