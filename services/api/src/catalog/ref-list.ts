import type { SongRecord } from '../songs/songs.repository.js';

/** One reference to a song in a playlist or a collection, as handed out (the list holds them unboxed). */
export interface SongRef {
  /** The entry's or the like's own id. */
  id: string;
  song: SongRecord;
  at: Date;
}

const ID_BYTES = 12;

/**
 * A playlist's entries or a user's likes, ordered by the reference's id
 * (ObjectIds grow with time, so this is the order they were added). Ids are
 * kept as their 12 bytes and times as numbers in typed arrays: with hundreds
 * of thousands of playlist entries in memory, a reference costs ~28 bytes
 * instead of ~130 as an object with a hex string and a Date.
 */
export class RefList {
  private ids = new Uint8Array(0);
  private times = new Float64Array(0);
  private songs: SongRecord[] = [];

  get length(): number {
    return this.songs.length;
  }

  at(position: number): SongRef {
    return { id: this.idAt(position), song: this.songs[position]!, at: new Date(this.times[position]!) };
  }

  idAt(position: number): string {
    return Buffer.from(this.ids.buffer, this.ids.byteOffset + position * ID_BYTES, ID_BYTES).toString('hex');
  }

  /** First position whose id sorts after `id` (for cursors over the ascending order). */
  positionAfter(id: string): number {
    const target = toBytes(id);
    return this.search((position) => this.compareAt(position, target) <= 0);
  }

  /** First position whose id is not below `id`. */
  positionOf(id: string): number {
    const target = toBytes(id);
    return this.search((position) => this.compareAt(position, target) < 0);
  }

  /** Adds a reference; a song already referenced keeps its first reference. */
  put(id: string, song: SongRecord, at: Date): void {
    if (this.indexOfSong(song.id) >= 0) return;
    const bytes = toBytes(id);
    const length = this.length;
    const position = length === 0 || this.compareAt(length - 1, bytes) < 0 ? length : this.positionOf(id);
    this.reserve(length + 1);
    this.ids.copyWithin((position + 1) * ID_BYTES, position * ID_BYTES, length * ID_BYTES);
    this.ids.set(bytes, position * ID_BYTES);
    this.times.copyWithin(position + 1, position, length);
    this.times[position] = at.getTime();
    this.songs.splice(position, 0, song);
  }

  indexOfSong(songId: string): number {
    const songs = this.songs;
    for (let position = 0; position < songs.length; position++) if (songs[position]!.id === songId) return position;
    return -1;
  }

  findSong(songId: string): SongRef | null {
    const position = this.indexOfSong(songId);
    return position < 0 ? null : this.at(position);
  }

  removeSong(songId: string): boolean {
    return this.removeAt(this.indexOfSong(songId));
  }

  /** Every reference's own id, oldest first. */
  allIds(): string[] {
    return Array.from({ length: this.length }, (_, position) => this.idAt(position));
  }

  /** The id of the reference to this record, if any; compares references like removeRecord. */
  idOfRecord(song: SongRecord): string | null {
    const position = this.songs.indexOf(song);
    return position < 0 ? null : this.idAt(position);
  }

  /** Removes the references to this record; compares references, which is what a catalog-wide cascade can afford. */
  removeRecord(song: SongRecord): boolean {
    return this.removeAt(this.songs.indexOf(song));
  }

  private removeAt(position: number): boolean {
    if (position < 0) return false;
    const length = this.length;
    this.ids.copyWithin(position * ID_BYTES, (position + 1) * ID_BYTES, length * ID_BYTES);
    this.times.copyWithin(position, position + 1, length);
    this.songs.splice(position, 1);
    return true;
  }

  totalDuration(): number {
    let total = 0;
    for (const song of this.songs) total += song.duration;
    return total;
  }

  /** The first position where `before` turns false (positions where it holds come first). */
  private search(before: (position: number) => boolean): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (before(middle)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private compareAt(position: number, target: Uint8Array): number {
    const offset = position * ID_BYTES;
    for (let byte = 0; byte < ID_BYTES; byte++) {
      const difference = this.ids[offset + byte]! - target[byte]!;
      if (difference !== 0) return difference;
    }
    return 0;
  }

  /**
   * Drops the spare capacity that growing one reference at a time leaves (typed arrays by half, the record
   * array by V8's own policy): the loader calls it once every list is read, since lists mostly grow at start.
   */
  compact(): void {
    const length = this.length;
    if (this.times.length !== length) {
      this.ids = this.ids.slice(0, length * ID_BYTES);
      this.times = this.times.slice(0, length);
    }
    this.songs = this.songs.slice();
  }

  private reserve(count: number): void {
    if (count <= this.times.length) return;
    // Small lists (most playlists) grow by a few slots; long ones by half, so appends stay amortized O(1).
    const capacity = Math.max(4, count, Math.ceil(this.times.length * 1.5));
    const ids = new Uint8Array(capacity * ID_BYTES);
    ids.set(this.ids.subarray(0, this.length * ID_BYTES));
    const times = new Float64Array(capacity);
    times.set(this.times.subarray(0, this.length));
    this.ids = ids;
    this.times = times;
  }
}

function toBytes(id: string): Uint8Array {
  return Buffer.from(id.length === ID_BYTES * 2 ? id : id.padStart(ID_BYTES * 2, '0').slice(-ID_BYTES * 2), 'hex');
}
