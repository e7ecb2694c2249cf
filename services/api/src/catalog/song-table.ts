import { compareIds, ID_BYTES, idBytes, readId, writeId } from './object-ids.js';
import { SongIdOrder } from './song-id-order.js';

/** A missing number (disc, track, year): tags set them only when known. */
export const NO_NUMBER = -2147483648;
/** No album, no genre, no format. */
export const NONE = -1;

/** One song's stored fields, ids already resolved to the model's numbers (artist, album, strings). */
export interface SongRow {
  id: string;
  name: string;
  artist: number;
  album: number;
  coverFileId: string;
  audioFileId: string;
  duration: number;
  plays: number;
  createdAt: number;
  disc: number;
  track: number;
  year: number;
  genre: number;
  format: number;
  /** The song's credited artists as one number of the model's credit sets (NONE: its tags named none). */
  credits: number;
  /** Track loudness packed as loudness/loudness-values.ts packs it (NONE: not measured). */
  loudness: number;
  /** The album's loudness from the song's own ReplayGain album tags, packed likewise (NONE: no such tags). */
  albumLoudness: number;
  /** When its lyrics were last stored, epoch ms (0: none): the lyrics index re-reads a song whose time moved. */
  lyricsAt: number;
}

type Column = Uint8Array | Int32Array | Float64Array;

/**
 * Every song of the catalog in columns: each field in one typed array indexed by the song's slot (stable while the
 * song lives; a deleted song's slot is reused), names as UTF-8 in one buffer, and the id order (SongIdOrder) as one
 * array of slots searched by binary search: a fraction of a record object's memory, which is what lets a million songs fit the
 * API's budget (decision 0011). Records are made on demand, for the rows an answer needs.
 */
export class SongTable {
  private capacity = 0;
  private ids = new Uint8Array(0);
  private covers = new Uint8Array(0);
  private audios = new Uint8Array(0);
  private durations = new Float64Array(0);
  private playCounts = new Float64Array(0);
  private createdAts = new Float64Array(0);
  private artists = new Int32Array(0);
  private albums = new Int32Array(0);
  private discs = new Int32Array(0);
  private tracks = new Int32Array(0);
  private years = new Int32Array(0);
  private genres = new Int32Array(0);
  private formats = new Int32Array(0);
  private creditSets = new Int32Array(0);
  private loudnesses = new Int32Array(0);
  private albumLoudnesses = new Int32Array(0);
  private lyricsAts = new Float64Array(0);
  /**
   * Names as UTF-8 bytes outside V8's heap, each at its slot's start and length: 100,000 names as strings held ~4.7 MB
   * of heap, which the old generation's growth under load multiplies by ~1.5 (docs/benchmarks.md, "Where the memory
   * is"); a record decodes its name when it is made. A rename appends; the bytes left behind are dropped by compaction.
   */
  private nameBytes = Buffer.allocUnsafeSlow(0);
  private nameStarts = new Int32Array(0);
  private nameLengths = new Int32Array(0);
  private nameEnd = 0;
  private nameGarbage = 0;
  /**
   * File ids that are not ObjectIds (none the API stores; service tests use names like "cover1"), by
   * `slot * 2 + 0|1` for cover|audio: kept exactly rather than refused, at no cost when there are none.
   */
  private readonly oddFileIds = new Map<number, string>();
  private readonly order = new SongIdOrder();
  /** Slots ever handed out; below it, freed ones wait in `free`. */
  private used = 0;
  private free: number[] = [];

  get size(): number {
    return this.order.size;
  }

  /** The live song's slot, or -1 (also for anything that is not an id). */
  slotOf(id: string): number {
    const target = idBytes(id);
    if (!target) return -1;
    const position = this.order.positionNotBelow(this.ids, target);
    if (position < this.order.size) {
      const slot = this.order.at(position);
      if (compareIds(this.ids, slot * ID_BYTES, target, 0) === 0) return slot;
    }
    return -1;
  }

  /** The slot at a position of the id order. */
  slotAt(position: number): number {
    return this.order.at(position);
  }

  /** First position of the id order whose id sorts after `id` (a cursor's next row). */
  positionAfter(id: string): number {
    const target = idBytes(id);
    if (!target) return id < '0' ? 0 : this.order.size;
    return this.order.positionAbove(this.ids, target);
  }

  /** Adds a song (its id must not be live) and returns its slot. */
  add(row: SongRow): number {
    const slot = this.free.pop() ?? this.used++;
    this.reserve(slot + 1, this.order.size + 1);
    if (!writeId(this.ids, slot * ID_BYTES, row.id)) throw new Error(`not a song id: ${row.id}`);
    this.write(slot, row);
    this.order.insert(this.ids, slot);
    return slot;
  }

  /** Overwrites a live song's fields (not its id). */
  update(slot: number, row: SongRow): void {
    this.write(slot, row);
  }

  remove(slot: number): void {
    this.order.delete(this.ids, slot);
    this.setName(slot, '');
    this.oddFileIds.delete(slot * 2);
    this.oddFileIds.delete(slot * 2 + 1);
    this.free.push(slot);
  }

  /** Appends without keeping the id order, for a load of many songs; call sortOrder() after the last one. */
  beginUnordered(): void {
    this.order.beginUnordered();
  }

  /** Sorts the id order once (a load's songs come in any order), then drops the growth slack. */
  sortOrder(): void {
    this.order.sort(this.ids);
    this.compact();
  }

  id(slot: number): string {
    return readId(this.ids, slot * ID_BYTES);
  }

  /** Compares two songs' ids. */
  compareIdsOf(a: number, b: number): number {
    return compareIds(this.ids, a * ID_BYTES, this.ids, b * ID_BYTES);
  }

  artist(slot: number): number {
    return this.artists[slot]!;
  }

  coverFileId(slot: number): string {
    return this.fileId(this.covers, slot, 0);
  }

  /** The live songs' slots whose cover file id sorts after `after` (all with null), by the column's bytes: no strings made. */
  slotsWithCoverAfter(after: string | null): number[] {
    const target = after === null ? null : idBytes(after);
    const slots: number[] = [];
    for (let position = 0; position < this.order.size; position++) {
      const slot = this.order.at(position);
      if (after === null) slots.push(slot);
      else if (target && !(this.oddFileIds.size > 0 && this.oddFileIds.has(slot * 2))) {
        if (compareIds(this.covers, slot * ID_BYTES, target, 0) > 0) slots.push(slot);
      } else if (this.coverFileId(slot) > after) slots.push(slot);
    }
    return slots;
  }

  /** Compares two songs' cover file ids, as their strings would compare. */
  compareCoverIdsOf(a: number, b: number): number {
    if (this.oddFileIds.size > 0) {
      const [first, second] = [this.coverFileId(a), this.coverFileId(b)];
      return first < second ? -1 : first > second ? 1 : 0;
    }
    return compareIds(this.covers, a * ID_BYTES, this.covers, b * ID_BYTES);
  }

  album(slot: number): number {
    return this.albums[slot]!;
  }

  setAlbum(slot: number, album: number): void {
    this.albums[slot] = album;
  }

  duration(slot: number): number {
    return this.durations[slot]!;
  }

  countPlay(slot: number): void {
    this.playCounts[slot]!++;
  }

  disc(slot: number): number {
    return this.discs[slot]!;
  }

  credits(slot: number): number {
    return this.creditSets[slot]!;
  }

  genre(slot: number): number {
    return this.genres[slot]!;
  }

  year(slot: number): number {
    return this.years[slot]!;
  }

  plays(slot: number): number {
    return this.playCounts[slot]!;
  }

  track(slot: number): number {
    return this.tracks[slot]!;
  }

  loudness(slot: number): number {
    return this.loudnesses[slot]!;
  }

  albumLoudness(slot: number): number {
    return this.albumLoudnesses[slot]!;
  }

  lyricsAt(slot: number): number {
    return this.lyricsAts[slot]!;
  }

  row(slot: number): SongRow {
    return {
      id: this.id(slot),
      name: this.name(slot),
      artist: this.artists[slot]!,
      album: this.albums[slot]!,
      coverFileId: this.fileId(this.covers, slot, 0),
      audioFileId: this.fileId(this.audios, slot, 1),
      duration: this.durations[slot]!,
      plays: this.playCounts[slot]!,
      createdAt: this.createdAts[slot]!,
      disc: this.discs[slot]!,
      track: this.tracks[slot]!,
      year: this.years[slot]!,
      genre: this.genres[slot]!,
      format: this.formats[slot]!,
      credits: this.creditSets[slot]!,
      loudness: this.loudnesses[slot]!,
      albumLoudness: this.albumLoudnesses[slot]!,
      lyricsAt: this.lyricsAts[slot]!,
    };
  }

  /** Capacity left after a load is slack only a growing catalog needs; it grows again by half when it does. */
  compact(): void {
    this.resize(Math.max(this.used, 16), Math.max(this.order.size, 16));
    this.compactNames(0);
  }

  name(slot: number): string {
    const start = this.nameStarts[slot]!;
    return this.nameBytes.toString('utf8', start, start + this.nameLengths[slot]!);
  }

  private setName(slot: number, name: string): void {
    this.nameGarbage += this.nameLengths[slot]!;
    this.nameLengths[slot] = 0;
    const length = Buffer.byteLength(name);
    if (this.nameEnd + length > this.nameBytes.length) {
      // Bytes left by renames and deletes are dropped first once they are a quarter of the buffer.
      if (this.nameGarbage > this.nameBytes.length / 4) this.compactNames(length);
      if (this.nameEnd + length > this.nameBytes.length) this.moveNames(Math.max(this.nameEnd + length, Math.ceil(this.nameBytes.length * 1.5), 1024));
    }
    this.nameBytes.write(name, this.nameEnd, 'utf8');
    this.nameStarts[slot] = this.nameEnd;
    this.nameLengths[slot] = length;
    this.nameEnd += length;
  }

  /** Rewrites the live names into a buffer of their size (plus `spare` bytes), in slot order. */
  private compactNames(spare: number): void {
    const live = this.nameEnd - this.nameGarbage;
    const next = Buffer.allocUnsafeSlow(live + spare);
    let end = 0;
    for (let slot = 0; slot < this.used; slot++) {
      const start = this.nameStarts[slot]!;
      const length = this.nameLengths[slot]!;
      this.nameBytes.copy(next, end, start, start + length);
      this.nameStarts[slot] = end;
      end += length;
    }
    this.nameBytes = next;
    this.nameEnd = end;
    this.nameGarbage = 0;
  }

  private moveNames(size: number): void {
    const next = Buffer.allocUnsafeSlow(size);
    this.nameBytes.copy(next, 0, 0, this.nameEnd);
    this.nameBytes = next;
  }

  private write(slot: number, row: SongRow): void {
    this.setName(slot, row.name);
    this.writeFileId(this.covers, slot, 0, row.coverFileId);
    this.writeFileId(this.audios, slot, 1, row.audioFileId);
    this.artists[slot] = row.artist;
    this.albums[slot] = row.album;
    this.durations[slot] = row.duration;
    this.playCounts[slot] = row.plays;
    this.createdAts[slot] = row.createdAt;
    this.discs[slot] = row.disc;
    this.tracks[slot] = row.track;
    this.years[slot] = row.year;
    this.genres[slot] = row.genre;
    this.formats[slot] = row.format;
    this.creditSets[slot] = row.credits;
    this.loudnesses[slot] = row.loudness;
    this.albumLoudnesses[slot] = row.albumLoudness;
    this.lyricsAts[slot] = row.lyricsAt;
  }

  private writeFileId(column: Uint8Array, slot: number, which: 0 | 1, id: string): void {
    if (writeId(column, slot * ID_BYTES, id)) this.oddFileIds.delete(slot * 2 + which);
    else this.oddFileIds.set(slot * 2 + which, id);
  }

  private fileId(column: Uint8Array, slot: number, which: 0 | 1): string {
    return (this.oddFileIds.size > 0 && this.oddFileIds.get(slot * 2 + which)) || readId(column, slot * ID_BYTES);
  }

  private reserve(slots: number, live: number): void {
    if (slots <= this.capacity && live <= this.order.capacity) return;
    this.resize(Math.max(slots, Math.ceil(this.capacity * 1.5), 16), Math.max(live, Math.ceil(this.order.capacity * 1.5), 16));
  }

  private resize(slots: number, live: number): void {
    if (slots !== this.capacity) {
      const grow = <T extends Column>(column: T, width = 1): T => {
        const next = new (column.constructor as new (length: number) => T)(slots * width);
        next.set(column.subarray(0, Math.min(column.length, slots * width)));
        return next;
      };
      this.ids = grow(this.ids, ID_BYTES);
      this.covers = grow(this.covers, ID_BYTES);
      this.audios = grow(this.audios, ID_BYTES);
      this.durations = grow(this.durations);
      this.playCounts = grow(this.playCounts);
      this.createdAts = grow(this.createdAts);
      this.artists = grow(this.artists);
      this.albums = grow(this.albums);
      this.discs = grow(this.discs);
      this.tracks = grow(this.tracks);
      this.years = grow(this.years);
      this.genres = grow(this.genres);
      this.formats = grow(this.formats);
      this.creditSets = grow(this.creditSets);
      this.loudnesses = grow(this.loudnesses);
      this.albumLoudnesses = grow(this.albumLoudnesses);
      this.lyricsAts = grow(this.lyricsAts);
      this.nameStarts = grow(this.nameStarts);
      this.nameLengths = grow(this.nameLengths);
      this.capacity = slots;
    }
    this.order.resize(live);
  }
}
