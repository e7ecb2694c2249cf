import type { AudioFormat } from '@tunafy/contracts';
import type { AlbumStore } from './album-store.js';
import type { ArtistStore } from './artist-store.js';
import type { SongRecord } from '../persistence/catalog-records.js';
import { GenreStore } from './genre-store.js';
import { Numbering } from './numbering.js';
import { byId, pageOf, type Page, type PageRequest } from './paging.js';
import { WordIndex } from './prefix-index.js';
import type { RefList, SongRef } from './ref-list.js';
import { NO_NUMBER, NONE, type SongRow, type SongTable } from './song-table.js';
import type { UserStore } from './user-store.js';

/**
 * The songs: rows of the columnar table, turned into records only for what an answer returns, with each artist's
 * songs, the genres and the title index kept beside them. A row numbers its artist, album, genre, format and credits;
 * the stores that own those numbers resolve them.
 */
export class SongStore {
  /** Values many songs repeat (genres, formats), by number, one copy each. */
  readonly strings = new Numbering();
  /** Each artist's songs (slots, unordered), by the artist's number. */
  readonly artistSongs: (number[] | undefined)[] = [];
  readonly index = new WordIndex(
    (a, b) => this.table.compareIdsOf(a, b),
    (slot) => this.table.plays(slot),
  );
  readonly genres: GenreStore;
  private loading = false;

  constructor(
    readonly table: SongTable,
    private readonly users: UserStore,
    private readonly albums: AlbumStore,
    private readonly credits: ArtistStore,
  ) {
    this.genres = new GenreStore(
      table,
      (number) => this.strings.valueOf(number),
      (name) => this.strings.find(name),
    );
  }

  get(id: string): SongRecord | null {
    const slot = this.table.slotOf(id);
    return slot < 0 ? null : this.record(slot);
  }

  page(request: PageRequest): Page<SongRecord> {
    const table = this.table;
    return pageOf(table.size, (position) => this.record(table.slotAt(position)), byId, request, (id) => table.positionAfter(id));
  }

  at(position: number): SongRecord | undefined {
    return position >= 0 && position < this.table.size ? this.record(this.table.slotAt(position)) : undefined;
  }

  byArtist(artistId: string): SongRecord[] {
    const number = this.users.numbers.find(artistId);
    const slots = number === undefined ? [] : [...(this.artistSongs[number] ?? [])];
    return slots.sort((a, b) => this.table.compareIdsOf(a, b)).map((slot) => this.record(slot));
  }

  /** The first `limit` cover file ids after `after`, sorted (with repeats); strings are made only for those. */
  coverFileIdsAfter(after: string | null, limit: number): string[] {
    const table = this.table;
    const slots = table.slotsWithCoverAfter(after);
    if (slots.length > limit) slots.sort((a, b) => table.compareCoverIdsOf(a, b)).length = limit;
    return slots.map((slot) => table.coverFileId(slot));
  }

  countOf(artistId: string): number {
    const number = this.users.numbers.find(artistId);
    return number === undefined ? 0 : (this.artistSongs[number]?.length ?? 0);
  }

  /** Whether a song of the artist shows this cover file: the cover column read by slot, no records made. */
  showsCover(artistId: string, fileId: string): boolean {
    const number = this.users.numbers.find(artistId);
    const slots = number === undefined ? undefined : this.artistSongs[number];
    return slots?.some((slot) => this.table.coverFileId(slot) === fileId) ?? false;
  }

  /** The credited artist's most played songs (ties: older first), picked in one pass: an artist may have tens of thousands. */
  topOf(artistId: string, limit: number): SongRecord[] {
    const before = (a: number, b: number) => this.table.plays(a) > this.table.plays(b) || (this.table.plays(a) === this.table.plays(b) && this.table.compareIdsOf(a, b) < 0);
    const best: number[] = [];
    for (const slot of this.credits.songsOf(artistId)) {
      if (best.length === limit && !before(slot, best[limit - 1]!)) continue;
      let at = best.length < limit ? best.length : limit - 1;
      while (at > 0 && before(slot, best[at - 1]!)) at--;
      best.splice(at, 0, slot);
      if (best.length > limit) best.pop();
    }
    return best.map((slot) => this.record(slot));
  }

  /** Adds or updates a song; a song whose album is unknown is kept with no album (the album's delete is on its way). */
  put(next: SongRecord): SongRecord {
    const row = this.rowOf(next);
    let slot = this.table.slotOf(next.id);
    if (slot >= 0) {
      const before = this.table.row(slot);
      const moves = before.album !== row.album || before.disc !== row.disc || before.track !== row.track;
      const recredited = before.credits !== row.credits;
      const regenred = before.genre !== row.genre;
      if (moves) this.albums.leaveSong(slot);
      if (before.artist !== row.artist) this.leaveArtist(slot);
      if (recredited) this.credits.leave(slot);
      if (regenred) this.genres.leave(slot);
      this.table.update(slot, row);
      if (moves) this.albums.joinSong(slot);
      if (before.artist !== row.artist) this.joinArtist(slot);
      if (recredited) this.credits.join(slot);
      if (regenred) this.genres.join(slot);
    } else {
      slot = this.table.add(row);
      this.albums.joinSong(slot);
      this.joinArtist(slot);
      this.credits.join(slot);
      this.genres.join(slot);
    }
    this.index.put(slot, row.name);
    return this.record(slot);
  }

  /**
   * The loader's way in: songs appended in the order the database sends them, placed in id and album order once
   * by finishLoad(), instead of a sorted insert each (or a million records held to sort them first).
   * Every song's id must be new.
   */
  load(next: SongRecord): void {
    if (!this.loading) {
      this.loading = true;
      this.table.beginUnordered();
      this.genres.beginLoad();
    }
    const slot = this.table.add(this.rowOf(next));
    this.albums.loadSong(slot);
    this.joinArtist(slot);
    this.credits.join(slot);
    this.genres.join(slot);
    this.index.put(slot, next.name);
  }

  /** False when no load was under way. */
  finishLoad(): boolean {
    if (!this.loading) return false;
    this.loading = false;
    this.table.sortOrder();
    this.genres.finishLoad();
    this.albums.sortAfterLoad();
    return true;
  }

  countPlay(songId: string): void {
    const slot = this.table.slotOf(songId);
    if (slot >= 0) {
      this.table.countPlay(slot);
      // Plays rank songs in the titles' short-prefix lists.
      this.index.touch(slot);
    }
  }

  /** Call once nothing else (playlists, likes) refers to the slot: it is free for the next song after this. */
  delete(slot: number): void {
    this.albums.leaveSong(slot);
    this.leaveArtist(slot);
    this.credits.leave(slot);
    this.genres.leave(slot);
    this.index.remove(slot);
    this.table.remove(slot);
  }

  /** Every song in id order, made one at a time (what a snapshot stores). */
  *records(): Generator<SongRecord> {
    for (let position = 0; position < this.table.size; position++) yield this.record(this.table.slotAt(position));
  }

  compact(): void {
    this.table.compact();
    for (const [number, songs] of this.artistSongs.entries()) if (songs) this.artistSongs[number] = songs.slice();
    this.index.compact();
    this.genres.compact();
  }

  /** A record of the song in a slot, made for an answer: changing it changes nothing here. */
  record(slot: number): SongRecord {
    const row = this.table.row(slot);
    const record: SongRecord = {
      id: row.id,
      name: row.name,
      artistId: this.users.numbers.valueOf(row.artist),
      albumId: row.album === NONE ? null : this.albums.idOf(row.album),
      coverFileId: row.coverFileId,
      audioFileId: row.audioFileId,
      duration: row.duration,
      plays: row.plays,
      createdAt: row.createdAt,
    };
    if (row.format !== NONE) record.audioFormat = this.strings.valueOf(row.format) as AudioFormat;
    if (row.disc !== NO_NUMBER) record.disc = row.disc;
    if (row.track !== NO_NUMBER) record.track = row.track;
    if (row.year !== NO_NUMBER) record.year = row.year;
    if (row.genre !== NONE) record.genre = this.strings.valueOf(row.genre);
    const creditIds = this.credits.creditIdsOf(row.credits);
    if (creditIds) record.creditIds = creditIds;
    if (row.loudness !== NONE) record.loudness = row.loudness;
    if (row.albumLoudness !== NONE) record.albumLoudness = row.albumLoudness;
    if (row.lyricsAt !== 0) record.lyricsAt = row.lyricsAt;
    return record;
  }

  /** The reference (a playlist entry or a like) at a position of the list, with its song's record. */
  refAt(list: RefList, position: number): SongRef {
    const ref: SongRef = { id: list.idAt(position), song: this.record(list.slotAt(position)), at: list.timeAt(position) };
    const orderKey = list.ownKeyAt(position);
    if (orderKey) ref.orderKey = orderKey;
    return ref;
  }

  /** Where the song's reference sits in the list, or -1. */
  positionIn(list: RefList, songId: string): number {
    const slot = this.table.slotOf(songId);
    return slot < 0 ? -1 : list.positionOfSlot(slot);
  }

  findRef(list: RefList | undefined, songId: string): SongRef | null {
    const position = list ? this.positionIn(list, songId) : -1;
    return position < 0 ? null : this.refAt(list!, position);
  }

  private rowOf(song: SongRecord): SongRow {
    return {
      id: song.id,
      name: song.name,
      artist: this.users.numbers.numberOf(song.artistId),
      album: this.albums.handleOf(song.albumId),
      coverFileId: song.coverFileId,
      audioFileId: song.audioFileId,
      duration: song.duration,
      plays: song.plays,
      createdAt: song.createdAt,
      disc: song.disc ?? NO_NUMBER,
      track: song.track ?? NO_NUMBER,
      year: song.year ?? NO_NUMBER,
      genre: song.genre === undefined ? NONE : this.strings.numberOf(song.genre),
      format: song.audioFormat === undefined ? NONE : this.strings.numberOf(song.audioFormat),
      credits: this.credits.creditSetOf(song.creditIds),
      loudness: song.loudness ?? NONE,
      albumLoudness: song.albumLoudness ?? NONE,
      lyricsAt: song.lyricsAt ?? 0,
    };
  }

  private joinArtist(slot: number): void {
    const artist = this.table.artist(slot);
    (this.artistSongs[artist] ??= []).push(slot);
  }

  private leaveArtist(slot: number): void {
    const songs = this.artistSongs[this.table.artist(slot)];
    const at = songs ? songs.lastIndexOf(slot) : -1;
    if (at >= 0) songs!.splice(at, 1);
  }
}
