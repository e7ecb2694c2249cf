import type { SongRecord } from '../songs/songs.repository.js';
import { insertionPoint, positionAfterAscending } from './paging.js';

/** One reference to a song in a playlist or a collection, as handed out (the arrays below hold them unboxed). */
export interface SongRef {
  /** The entry's or the like's own id. */
  id: string;
  song: SongRecord;
  at: Date;
}

/**
 * A playlist's entries or a user's likes: parallel arrays ordered by the
 * reference's id (ObjectIds grow with time, so this is the order they were
 * added), which keeps a reference at three slots instead of an object each —
 * it matters with hundreds of thousands of playlist entries in memory.
 */
export class RefList {
  private ids: string[] = [];
  private songs: SongRecord[] = [];
  private times: number[] = [];

  get length(): number {
    return this.ids.length;
  }

  at(position: number): SongRef {
    return { id: this.ids[position]!, song: this.songs[position]!, at: new Date(this.times[position]!) };
  }

  /** First position whose id sorts after `id` (for cursors over the ascending order). */
  positionAfter(id: string): number {
    return positionAfterAscending(this.ids, (value) => value, id);
  }

  /** First position whose id is not below `id`. */
  positionOf(id: string): number {
    return insertionPoint(this.ids, (value) => value, id.toLowerCase());
  }

  /** Adds a reference; the same song is kept once (a later id for it replaces nothing: the first one stays). */
  put(id: string, song: SongRecord, at: Date): void {
    if (this.indexOfSong(song.id) >= 0) return;
    const last = this.ids[this.ids.length - 1];
    const position = last === undefined || last < id ? this.ids.length : insertionPoint(this.ids, (value) => value, id);
    this.ids.splice(position, 0, id);
    this.songs.splice(position, 0, song);
    this.times.splice(position, 0, at.getTime());
  }

  indexOfSong(songId: string): number {
    for (let position = 0; position < this.songs.length; position++) if (this.songs[position]!.id === songId) return position;
    return -1;
  }

  findSong(songId: string): SongRef | null {
    const position = this.indexOfSong(songId);
    return position < 0 ? null : this.at(position);
  }

  removeSong(songId: string): boolean {
    const position = this.indexOfSong(songId);
    if (position < 0) return false;
    this.ids.splice(position, 1);
    this.songs.splice(position, 1);
    this.times.splice(position, 1);
    return true;
  }

  totalDuration(): number {
    let total = 0;
    for (const song of this.songs) total += song.duration;
    return total;
  }
}
