import { AlbumOrder, compareAlbumOrder, firstPositionAfter, type AlbumOrderKey } from './album-order.js';
import type { ArtistStore } from './artist-store.js';
import type { AlbumRecord } from '../persistence/catalog-records.js';
import { IntList } from './int-list.js';
import { byId, insertionPoint, pageOf, removeSorted, sortedPage, upsertSorted, type Page, type PageRequest } from './paging.js';
import { PrefixIndex } from './prefix-index.js';
import { NO_NUMBER, NONE, type SongTable } from './song-table.js';

export interface AlbumState {
  record: AlbumRecord;
  /** The album's number in the song table's album column. */
  handle: number;
  /** The album's songs (slots) in album order (see compareAlbumOrder). */
  songs: IntList;
  /**
   * Where songs that left the album sat, so a cursor naming one still finds
   * its place (album order is not id order, so the id alone cannot say).
   * Bounded: a cursor older than the last DEPARTED_KEPT departures restarts the album. Made on the first departure:
   * an empty Map is ~180 bytes, 1.2 MB over 6,500 albums that mostly never lose a song.
   */
  departed: Map<string, AlbumOrderKey> | null;
}

const DEPARTED_KEPT = 1000;

/**
 * The albums: records in id order, each album's songs (slots) in album order, and the search index of their names.
 * An album has a number (its handle) for the song table's album column, never reused.
 */
export class AlbumStore {
  readonly byId = new Map<string, AlbumState>();
  readonly byHandle: (AlbumState | undefined)[] = [];
  readonly index = new PrefixIndex<AlbumRecord>();
  private readonly order: AlbumRecord[] = [];
  private readonly albumOrder: AlbumOrder;

  constructor(
    private readonly table: SongTable,
    private readonly credits: ArtistStore,
  ) {
    this.albumOrder = new AlbumOrder(table);
  }

  get(id: string): AlbumRecord | null {
    return this.byId.get(id)?.record ?? null;
  }

  name(id: string | null): string | null {
    return id === null ? null : (this.byId.get(id)?.record.name ?? null);
  }

  page(request: PageRequest): Page<AlbumRecord> {
    return sortedPage(this.order, request);
  }

  /** Newest first (id descending); a cursor's place is found by binary search, as in id order. */
  newestPage(request: PageRequest): Page<AlbumRecord> {
    const order = this.order;
    const last = order.length - 1;
    return pageOf(order.length, (position) => order[last - position]!, byId, request, (id) => order.length - insertionPoint(order, byId, id.toLowerCase()));
  }

  byArtist(artistId: string): AlbumRecord[] {
    return this.order.filter((album) => album.artistId === artistId);
  }

  /** The latest year its songs' tags give, or null. */
  year(albumId: string): number | null {
    let year = NO_NUMBER;
    for (const slot of this.byId.get(albumId)?.songs.view() ?? []) year = Math.max(year, this.table.year(slot));
    return year === NO_NUMBER ? null : year;
  }

  totals(albumId: string): { songCount: number; totalDuration: number } {
    const songs = this.byId.get(albumId)?.songs.view() ?? [];
    let totalDuration = 0;
    for (const slot of songs) totalDuration += this.table.duration(slot);
    return { songCount: songs.length, totalDuration };
  }

  /** Plays of the album's songs together (Subsonic's "frequent" albums), read from the plays column. */
  plays(albumId: string): number {
    let plays = 0;
    for (const slot of this.byId.get(albumId)?.songs.view() ?? []) plays += this.table.plays(slot);
    return plays;
  }

  /** The album's songs (slots) in album order; a cursor is the last song's id, found again by that song's place. */
  songsPage(albumId: string, request: PageRequest): Page<number> | null {
    const state = this.byId.get(albumId);
    if (!state) return null;
    const songs = state.songs;
    const positionAfter = (id: string) => {
      const key = this.orderKeyOf(state, id);
      return key ? firstPositionAfter(songs, (slot) => compareAlbumOrder(this.albumOrder.keyOf(slot), key)) : 0;
    };
    return pageOf(songs.length, (position) => songs.at(position), (slot) => this.table.id(slot), request, positionAfter);
  }

  /** Albums whose album artist it is. */
  ofAlbumArtist(artistId: string): AlbumRecord[] {
    return this.credits.albumsOf(artistId).flatMap((id) => this.byId.get(id)?.record ?? []);
  }

  /** Other album artists' albums (or albums without one) holding a song that credits the artist, newest made first. */
  appearedOn(artistId: string, limit: number): AlbumRecord[] {
    const handles = new Set<number>();
    for (const slot of this.credits.songsOf(artistId)) {
      const album = this.table.album(slot);
      if (album !== NONE) handles.add(album);
    }
    const albums = [...handles].flatMap((handle) => this.byHandle[handle]?.record ?? []).filter((album) => album.albumArtistId !== artistId);
    return albums.sort((a, b) => (a.id < b.id ? 1 : -1)).slice(0, limit);
  }

  /** The file of a picture for the artist: its first album's cover, else its first song's. */
  pictureFileId(artistId: string): string | null {
    const albumId = this.credits.albumsOf(artistId)[0];
    const album = albumId === undefined ? undefined : this.byId.get(albumId);
    if (album) return album.record.coverFileId;
    const slot = this.credits.songsOf(artistId)[0];
    return slot === undefined ? null : this.table.coverFileId(slot);
  }

  showsCover(artistId: string, fileId: string): boolean {
    return this.order.some((album) => album.artistId === artistId && album.coverFileId === fileId);
  }

  /** The id of the album a song's album column names. */
  idOf(handle: number): string {
    return this.byHandle[handle]!.record.id;
  }

  /** The album's number for a song's album column; NONE for an album not held. */
  handleOf(id: string | null): number {
    const state = id ? this.byId.get(id) : undefined;
    return state ? state.handle : NONE;
  }

  put(next: AlbumRecord): void {
    const existing = this.byId.get(next.id);
    this.credits.moveAlbum(next.id, existing?.record.albumArtistId, next.albumArtistId);
    if (existing) {
      if (next.albumArtistId === undefined) delete existing.record.albumArtistId;
      Object.assign(existing.record, next);
      this.index.put(existing.record, next.name, next.id);
      return;
    }
    const record = { ...next };
    const state: AlbumState = { record, handle: this.byHandle.length, songs: new IntList(), departed: null };
    this.byId.set(record.id, state);
    this.byHandle.push(state);
    upsertSorted(this.order, byId, record);
    this.index.put(record, record.name, record.id);
  }

  /** Its songs stay, with no album. Answers the deleted album's handle, or undefined when it was not held. */
  delete(id: string): number | undefined {
    const state = this.byId.get(id);
    if (!state) return undefined;
    this.credits.moveAlbum(id, state.record.albumArtistId, undefined);
    for (const slot of state.songs.view()) this.table.setAlbum(slot, NONE);
    this.byId.delete(id);
    // Its number is not reused: a number per album ever made costs one array element.
    this.byHandle[state.handle] = undefined;
    removeSorted(this.order, byId, id);
    this.index.remove(state.record);
    return state.handle;
  }

  /** A loaded song goes last; sortAfterLoad() puts every album in order once. */
  loadSong(slot: number): void {
    const album = this.table.album(slot);
    if (album !== NONE) this.byHandle[album]!.songs.push(slot);
  }

  sortAfterLoad(): void {
    for (const state of this.byId.values()) state.songs.view().sort((a, b) => this.albumOrder.compareSlots(a, b));
  }

  joinSong(slot: number): void {
    const album = this.table.album(slot);
    const state = album === NONE ? undefined : this.byHandle[album];
    if (!state) return;
    state.departed?.delete(this.table.id(slot));
    const songs = state.songs;
    // The common case while uploading: the song goes last.
    if (songs.length === 0 || this.albumOrder.compareSlots(songs.at(songs.length - 1), slot) < 0) songs.push(slot);
    else songs.insert(firstPositionAfter(songs, (other) => this.albumOrder.compareSlots(other, slot)), slot);
  }

  /** Call before the song's album, disc or track change: its place is found by their current values. */
  leaveSong(slot: number): void {
    const album = this.table.album(slot);
    const state = album === NONE ? undefined : this.byHandle[album];
    if (!state) return;
    const songs = state.songs;
    let at = firstPositionAfter(songs, (other) => this.albumOrder.compareSlots(other, slot)) - 1;
    if (at < 0 || songs.at(at) !== slot) at = songs.indexOf(slot);
    if (at < 0) return;
    songs.removeAt(at);
    const key = this.albumOrder.keyOf(slot);
    const departed = (state.departed ??= new Map());
    departed.set(key.id, key);
    if (departed.size > DEPARTED_KEPT) departed.delete(departed.keys().next().value!);
  }

  /** Every album in id order (what a snapshot stores). */
  records(): readonly AlbumRecord[] {
    return this.order;
  }

  compact(): void {
    for (const state of this.byId.values()) state.songs.compact();
    this.index.compact();
  }

  private orderKeyOf(state: AlbumState, songId: string): AlbumOrderKey | null {
    const slot = this.table.slotOf(songId);
    if (slot >= 0 && this.table.album(slot) === state.handle) return this.albumOrder.keyOf(slot);
    return state.departed?.get(songId) ?? (slot >= 0 ? this.albumOrder.keyOf(slot) : null);
  }
}
