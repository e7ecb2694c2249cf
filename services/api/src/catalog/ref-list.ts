import type { SongRecord } from '../persistence/songs.repository.js';
import { compareIds, ID_BYTES, idBytes, readId } from './object-ids.js';
import { comparePacked, implicitKey, isLong, packKey, unpackKey, type PackedKey } from './position-keys.js';

/** One reference to a song in a playlist or a collection, as handed out (the list holds them unboxed). */
export interface SongRef {
  /** The entry's or the like's own id. */
  id: string;
  song: SongRecord;
  at: Date;
  /** A playlist entry's order key (fractional indexing); '' when it has none (written before keys existed, or a like). */
  orderKey?: string;
}

/** Removed references' keys kept per keyed list, so a cursor naming one still finds its place (see positionAfter). */
const DEPARTED_KEPT = 256;

/**
 * A playlist's entries or a user's likes, ordered by an order key and then
 * the reference's id. Likes have no keys, so they are in id order (ObjectIds
 * grow with time: the order they were added); a playlist's entries carry the
 * key their creator's moves gave them (docs/api.md, "Playlist order"), and
 * entries without one ('' sorts below every key) keep id order before them.
 *
 * Ids are kept as their 12 bytes, times as milliseconds past the id's own
 * second, songs as their slots in the song table (see SongTable) and keys
 * packed into two words (position-keys.ts), all in typed arrays over one
 * buffer per list: with millions of playlist entries in memory, a reference
 * costs 20 bytes instead of ~130 as an object with a hex string, a Date and a
 * pointer, plus 8 for its key once its list has any (a key longer than 8
 * characters also keeps its text aside).
 */
export class RefList {
  /**
   * References the columns have room for. They share one ArrayBuffer (see resize) and as few views as their types
   * allow: at 5,000 playlists each ArrayBuffer or typed array a list holds costs ~0.5 MB.
   */
  private capacity = 0;
  // Shared while empty (many playlists are): nothing is written to them, a write reserves room first.
  private ids = NO_IDS;
  /**
   * Two Int32 columns in one view: from 0, when each reference was made, as milliseconds after the second its
   * ObjectId carries (an entry's or a like's id is made with it, so this fits 32 bits where a Float64 took 64; a
   * time that does not is kept exactly in `oddTimes`); from `capacity`, its song's slot.
   */
  private words = NO_WORDS;
  private oddTimes: Map<string, number> | null = null;
  /** Packed order keys, two words per reference; made when the first keyed reference arrives (zeros read as ''). */
  private keys: Uint32Array | null = null;
  /** The full text of keys too long to pack, by reference id. */
  private longKeys: Map<string, string> | null = null;
  /** Keys of references removed lately, by id (keyed lists only: an id-ordered list finds a gone id by search). */
  private departed: Map<string, string> | null = null;
  private count = 0;

  get length(): number {
    return this.count;
  }

  idAt(position: number): string {
    return readId(this.ids, position * ID_BYTES);
  }

  slotAt(position: number): number {
    return this.words[this.capacity + position]!;
  }

  timeAt(position: number): Date {
    const offset = this.words[position]!;
    return new Date(offset === ODD_TIME ? this.oddTimes!.get(this.idAt(position))! : idSeconds(this.ids, position * ID_BYTES) * 1000 + offset);
  }

  /** The reference's own order key, '' when it has none. */
  ownKeyAt(position: number): string {
    const keys = this.keys;
    if (!keys) return '';
    const low = keys[position * 2 + 1]!;
    if (low === 0 && keys[position * 2] === 0) return '';
    return isLong(low) ? this.longKeys!.get(this.idAt(position))! : unpackKey(keys[position * 2]!, low);
  }

  /** The key the reference sorts at: its own, or the one its id stands for (implicitKey). */
  orderKeyAt(position: number): string {
    return this.ownKeyAt(position) || implicitKey(this.ids, position * ID_BYTES);
  }

  /**
   * First position after the reference with this id (for cursors). In id order a binary search, which also
   * places an id no longer there; in key order a native scan for the id, then the place of a reference removed
   * lately; an id it cannot place starts over (0), as an album's cursor does.
   */
  positionAfter(id: string): number {
    const target = idBytes(id);
    if (!target) return 0;
    if (!this.keys) return this.search((position) => this.compareIdAt(position, target) <= 0);
    const at = this.indexOfId(target);
    if (at >= 0) return at + 1;
    const key = this.departed?.get(readId(target, 0));
    if (key === undefined) return 0;
    const place = packKey(key);
    return this.search((position) => this.compareAt(position, place, target) <= 0);
  }

  /** First position whose id is not below `id` (id-ordered lists: likes). */
  positionOf(id: string): number {
    const target = idBytes(id);
    return target ? this.search((position) => this.compareIdAt(position, target) < 0) : 0;
  }

  /** Where the reference with this id sits, or -1 (a native scan of the ids, 12 bytes per reference). */
  positionOfId(id: string): number {
    const target = idBytes(id);
    return target ? this.indexOfId(target) : -1;
  }

  /**
   * Adds a reference at its place by (key, id). A song already referenced keeps its reference, except that
   * the same reference arriving with another key moves to that key's place, and with `replace` a reference of
   * the same song with another id takes its place (the database holds one entry per playlist and song, so a
   * re-read naming another one means the old one was removed and the song added again).
   */
  put(id: string, slot: number, at: Date, key = '', replace = false): void {
    const bytes = idBytes(id);
    if (!bytes) return;
    const existing = this.positionOfSlot(slot);
    if (existing >= 0) {
      const same = compareIds(this.ids, existing * ID_BYTES, bytes, 0) === 0;
      if (!same && !replace) return;
      if (same && this.ownKeyAt(existing) === key) return;
      this.removeAt(existing, !same);
    }
    if (key !== '' && !this.keys) this.resize(this.capacity, true);
    const packed = packKey(key);
    const length = this.count;
    const position =
      length === 0 || this.compareAt(length - 1, packed, bytes) < 0 ? length : this.search((other) => this.compareAt(other, packed, bytes) < 0);
    this.reserve(length + 1);
    this.ids.copyWithin((position + 1) * ID_BYTES, position * ID_BYTES, length * ID_BYTES);
    this.ids.set(bytes, position * ID_BYTES);
    const words = this.words;
    const slots = this.capacity;
    words.copyWithin(position + 1, position, length);
    const hex = readId(bytes, 0);
    const time = at.getTime();
    const offset = time - idSeconds(bytes, 0) * 1000;
    if (offset > ODD_TIME && offset <= 0x7fffffff) words[position] = offset;
    else {
      // NaN (an invalid date) and times far from the id's second: kept as they are.
      words[position] = ODD_TIME;
      (this.oddTimes ??= new Map()).set(hex, time);
    }
    words.copyWithin(slots + position + 1, slots + position, slots + length);
    words[slots + position] = slot;
    if (this.keys) {
      this.keys.copyWithin((position + 1) * 2, position * 2, length * 2);
      this.keys[position * 2] = packed.high;
      this.keys[position * 2 + 1] = packed.low;
    }
    if (packed.long !== null) (this.longKeys ??= new Map()).set(hex, packed.long);
    this.departed?.delete(hex);
    this.count++;
  }

  /** Gives the song's reference a new key, if the reference is still the one with this id; false otherwise. */
  move(slot: number, id: string, key: string): boolean {
    const position = this.positionOfSlot(slot);
    if (position < 0 || this.idAt(position) !== id.toLowerCase()) return false;
    this.put(id, slot, this.timeAt(position), key);
    return true;
  }

  /** Where the song's reference sits, or -1 (a native scan of 4 bytes per reference). */
  positionOfSlot(slot: number): number {
    // On the whole array (no view to make per list, which a delete does for every playlist): past `count` lie only
    // stale values, and a match there means none before it.
    const at = this.words.indexOf(slot, this.capacity);
    return at >= 0 && at - this.capacity < this.count ? at - this.capacity : -1;
  }

  /** Removes the song's reference, if any; the song's slot is all it needs, so a catalog-wide cascade stays cheap. */
  removeSlot(slot: number): boolean {
    const position = this.positionOfSlot(slot);
    if (position < 0) return false;
    this.removeAt(position, true);
    return true;
  }

  /** Every reference's own id, in list order. */
  allIds(): string[] {
    return Array.from({ length: this.count }, (_, position) => this.idAt(position));
  }

  /** The sum of a per-song value over the references (durations). */
  sum(valueOf: (slot: number) => number): number {
    let total = 0;
    for (let position = 0; position < this.count; position++) total += valueOf(this.words[this.capacity + position]!);
    return total;
  }

  private removeAt(position: number, depart: boolean): void {
    if (this.oddTimes && this.words[position] === ODD_TIME) this.oddTimes.delete(this.idAt(position));
    if (this.keys && (depart || this.longKeys)) {
      const id = this.idAt(position);
      if (depart) {
        const departed = (this.departed ??= new Map());
        departed.set(id, this.orderKeyAt(position));
        if (departed.size > DEPARTED_KEPT) departed.delete(departed.keys().next().value!);
      }
      this.longKeys?.delete(id);
    }
    const length = this.count;
    this.ids.copyWithin(position * ID_BYTES, (position + 1) * ID_BYTES, length * ID_BYTES);
    const slots = this.capacity;
    this.words.copyWithin(position, position + 1, length);
    this.words.copyWithin(slots + position, slots + position + 1, slots + length);
    this.keys?.copyWithin(position * 2, (position + 1) * 2, length * 2);
    this.count--;
  }

  /** The id's position by a native scan of the ids' last words (nearly unique: an ObjectId's counter), or -1. */
  private indexOfId(target: Uint8Array): number {
    const [first, second, third] = new Uint32Array(target.buffer, target.byteOffset, 3);
    // A view made for the scan: kept in the list, it would cost every list ~100 bytes of heap.
    const words = new Uint32Array(this.ids.buffer, 0, this.count * 3);
    const end = this.count * 3;
    for (let from = 2; from < end; ) {
      const at = words.indexOf(third!, from);
      if (at < 0 || at >= end) return -1;
      if (at % 3 === 2 && words[at - 1] === second && words[at - 2] === first) return (at - 2) / 3;
      from = at + 1;
    }
    return -1;
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

  private compareIdAt(position: number, target: Uint8Array): number {
    return compareIds(this.ids, position * ID_BYTES, target, 0);
  }

  /**
   * The reference at `position` against a (key, id), '' standing for the id's implicit key: negative when it sorts
   * first. Two references without keys compare by id (their implicit keys are in id order); only a keyed one
   * against a keyless one spells the implicit key out.
   */
  private compareAt(position: number, key: PackedKey, id: Uint8Array): number {
    const keys = this.keys;
    const high = keys ? keys[position * 2]! : 0;
    const low = keys ? keys[position * 2 + 1]! : 0;
    const implicit = high === 0 && low === 0;
    const targetImplicit = key.high === 0 && key.low === 0;
    let byKey = 0;
    if (!implicit && !targetImplicit) byKey = comparePacked(high, low, key.high, key.low, () => [this.longKeys!.get(this.idAt(position))!, key.long!]);
    else if (implicit !== targetImplicit) {
      const mine = this.orderKeyAt(position);
      const theirs = targetImplicit ? implicitKey(id) : (key.long ?? unpackKey(key.high, key.low));
      byKey = mine < theirs ? -1 : mine > theirs ? 1 : 0;
    }
    return byKey !== 0 ? byKey : this.compareIdAt(position, id);
  }

  /**
   * Drops the spare capacity that growing one reference at a time leaves: the loader calls it once every list is
   * read, since lists mostly grow at start.
   */
  compact(): void {
    if (this.capacity !== this.count) this.resize(this.count, this.keys !== null);
  }

  private reserve(count: number): void {
    if (count <= this.capacity) return;
    // Small lists (most playlists) grow by a few slots; long ones by half, so appends stay amortized O(1).
    this.resize(Math.max(4, count, Math.ceil(this.capacity * 1.5)), this.keys !== null);
  }

  /** Moves the columns into a buffer for `capacity` references: ids, then times, slots and (keyed lists) keys. */
  private resize(capacity: number, keyed: boolean): void {
    const buffer = new ArrayBuffer(capacity * (keyed ? KEYED_BYTES : REF_BYTES));
    const ids = new Uint8Array(buffer, 0, capacity * ID_BYTES);
    ids.set(this.ids.subarray(0, this.count * ID_BYTES));
    const words = new Int32Array(buffer, capacity * ID_BYTES, capacity * 2);
    words.set(this.words.subarray(0, this.count));
    words.set(this.words.subarray(this.capacity, this.capacity + this.count), capacity);
    if (keyed) {
      const keys = new Uint32Array(buffer, capacity * REF_BYTES, capacity * 2);
      if (this.keys) keys.set(this.keys.subarray(0, this.count * 2));
      this.keys = keys;
    }
    this.capacity = capacity;
    this.ids = ids;
    this.words = words;
  }
}

const NO_IDS = new Uint8Array(0);
const NO_WORDS = new Int32Array(0);
/** A reference's bytes: its id, its time and its song's slot; a keyed list's add its two key words. */
const REF_BYTES = ID_BYTES + 4 + 4;
const KEYED_BYTES = REF_BYTES + 8;
/** In the times column: the reference's time is in `oddTimes`. */
const ODD_TIME = -0x80000000;

/** The seconds an ObjectId starts with (big-endian), the time it was made. */
function idSeconds(ids: Uint8Array, offset: number): number {
  return ((ids[offset]! << 24) | (ids[offset + 1]! << 16) | (ids[offset + 2]! << 8) | ids[offset + 3]!) >>> 0;
}
