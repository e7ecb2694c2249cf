import type { PlaylistEntryRecord, PlaylistRecord } from '../persistence/catalog-records.js';
import { byId, pageOf, removeSorted, sortedPage, upsertSorted, type Page, type PageRequest } from './paging.js';
import { PrefixIndex } from './prefix-index.js';
import { RefList, type SongRef } from './ref-list.js';
import type { SongStore } from './song-store.js';

interface PlaylistState {
  record: PlaylistRecord;
  entries: RefList;
}

/** A playlist entry as its order sees it: its id, its song and the key it sorts at (its own, or its id's implicit one). */
export interface EntryOrder {
  entryId: string;
  songId: string;
  orderKey: string;
}

/** Where a move puts a playlist's song: right after a song (null: first) or right before one (null: last). */
export type MoveTarget = { afterSongId: string | null } | { beforeSongId: string | null };

/**
 * What a move needs to know to give the entry a key (playlists/playlist-order.ts): the entry that will precede
 * it and the one that will follow it. When those two share a key (two replicas moved songs into one gap at the
 * same moment), `following` is every entry with that key from there on and `bound` the next key after them (null:
 * none), so the moved entry and they can be given keys in between.
 */
export type MoveContext =
  | { kind: 'no-entry' }
  | { kind: 'no-anchor' }
  | { kind: 'in-place' }
  | { kind: 'move'; entry: EntryOrder; previous: EntryOrder | null; following: EntryOrder[]; bound: string | null };

/** Where a playlist's song sits now, with its neighbours. */
export interface EntryPlace {
  index: number;
  total: number;
  afterSongId: string | null;
  beforeSongId: string | null;
}

export function isVisible(playlist: PlaylistRecord, viewerId: string | null): boolean {
  return !playlist.isPrivate || playlist.creatorId === viewerId;
}

/** The playlists in id order with their entries (songs' slots in playlist order) and the search index of their names. */
export class PlaylistStore {
  readonly index = new PrefixIndex<PlaylistRecord>();
  private readonly byId = new Map<string, PlaylistState>();
  private readonly order: PlaylistRecord[] = [];

  constructor(private readonly songs: SongStore) {}

  /** A playlist the viewer may see: someone else's private one reads as missing. */
  visible(id: string, viewerId: string | null): PlaylistRecord | null {
    const record = this.byId.get(id)?.record;
    return record && isVisible(record, viewerId) ? record : null;
  }

  /** Public playlists and the viewer's own private ones, by id. */
  visiblePage(viewerId: string | null, request: PageRequest): Page<PlaylistRecord> {
    return sortedPage(
      this.order.filter((playlist) => isVisible(playlist, viewerId)),
      request,
    );
  }

  byCreator(creatorId: string): PlaylistRecord[] {
    return this.order.filter((playlist) => playlist.creatorId === creatorId);
  }

  /**
   * In playlist order: by order key, then entry id (entries without a key first). A cursor is the last entry's id:
   * the page continues after that entry's place now, also when it was moved since (see RefList.positionAfter).
   */
  entries(playlistId: string, request: PageRequest): Page<SongRef> | null {
    const entries = this.byId.get(playlistId)?.entries;
    if (!entries) return null;
    return pageOf(entries.length, (position) => this.songs.refAt(entries, position), byId, request, (id) => entries.positionAfter(id));
  }

  /** The last entry's order key ('' for none): an added song goes after it. */
  lastOrderKey(playlistId: string): string {
    const entries = this.byId.get(playlistId)?.entries;
    return entries && entries.length > 0 ? entries.orderKeyAt(entries.length - 1) : '';
  }

  /** Where the song's entry sits, or null when the playlist does not hold it. */
  entryPlace(playlistId: string, songId: string): EntryPlace | null {
    const entries = this.byId.get(playlistId)?.entries;
    const index = entries ? this.songs.positionIn(entries, songId) : -1;
    if (index < 0) return null;
    const songAt = (position: number) => (position >= 0 && position < entries!.length ? this.songs.table.id(entries!.slotAt(position)) : null);
    return { index, total: entries!.length, afterSongId: songAt(index - 1), beforeSongId: songAt(index + 1) };
  }

  /** What moving the song's entry to `target` involves (see MoveContext); reads only, O(n) native scans at most. */
  moveContext(playlistId: string, songId: string, target: MoveTarget): MoveContext {
    const entries = this.byId.get(playlistId)?.entries;
    const from = entries ? this.songs.positionIn(entries, songId) : -1;
    if (from < 0) return { kind: 'no-entry' };
    const list = entries!;
    const anchor = 'afterSongId' in target ? target.afterSongId : target.beforeSongId;
    const anchorAt = anchor === null ? -1 : this.songs.positionIn(list, anchor);
    if (anchor !== null && anchorAt < 0) return { kind: 'no-anchor' };
    // The position (in the list as it is) of the first entry that will follow the moved one.
    const next = 'afterSongId' in target ? (anchor === null ? 0 : anchorAt + 1) : anchor === null ? list.length : anchorAt;
    if (next === from || next === from + 1) return { kind: 'in-place' };
    const orderAt = (position: number): EntryOrder => ({
      entryId: list.idAt(position),
      songId: this.songs.table.id(list.slotAt(position)),
      orderKey: list.orderKeyAt(position),
    });
    // next - 1 is never `from` here, so it is the entry that will precede it.
    const previous = next > 0 ? orderAt(next - 1) : null;
    // Keys are never '': with nothing before it, no entry after it can tie.
    const floor = previous?.orderKey ?? '';
    const following: EntryOrder[] = [];
    let bound: string | null = null;
    for (let position = next; position < list.length; position++) {
      if (position === from) continue;
      const key = list.orderKeyAt(position);
      if (key !== floor) {
        if (following.length === 0) following.push(orderAt(position));
        else bound = key;
        break;
      }
      following.push(orderAt(position));
    }
    return { kind: 'move', entry: orderAt(from), previous, following, bound };
  }

  entry(playlistId: string, songId: string): SongRef | null {
    return this.songs.findRef(this.byId.get(playlistId)?.entries, songId);
  }

  totals(playlistId: string): { songCount: number; totalDuration: number } {
    const entries = this.byId.get(playlistId)?.entries;
    return { songCount: entries?.length ?? 0, totalDuration: entries?.sum((slot) => this.songs.table.duration(slot)) ?? 0 };
  }

  /** The ids of the playlist's entries (what its delete removes). */
  entryIds(playlistId: string): string[] {
    return this.byId.get(playlistId)?.entries.allIds() ?? [];
  }

  /** The ids of the entries that hold the song's slot, in any playlist. */
  entryIdsOfSong(slot: number): string[] {
    const ids: string[] = [];
    for (const { entries } of this.byId.values()) {
      const position = entries.positionOfSlot(slot);
      if (position >= 0) ids.push(entries.idAt(position));
    }
    return ids;
  }

  put(next: PlaylistRecord): void {
    const existing = this.byId.get(next.id);
    if (existing) {
      Object.assign(existing.record, next);
      this.index.put(existing.record, next.name, next.id);
      return;
    }
    const record = { ...next };
    this.byId.set(record.id, { record, entries: new RefList() });
    upsertSorted(this.order, byId, record);
    this.index.put(record, record.name, record.id);
  }

  delete(id: string): void {
    const state = this.byId.get(id);
    if (!state) return;
    this.byId.delete(id);
    removeSorted(this.order, byId, id);
    this.index.remove(state.record);
  }

  /**
   * Adds the entry, or moves it to its order key's place. The database holds one entry per playlist and song, so
   * an entry of a song already held under another id replaces it (the song was removed and added again).
   * False when its song or playlist is gone: the row is an orphan (see CatalogLoader.apply).
   */
  putEntry(entry: PlaylistEntryRecord): boolean {
    const slot = this.songs.table.slotOf(entry.songId);
    const state = this.byId.get(entry.playlistId);
    if (slot < 0 || !state) return false;
    state.entries.put(entry.id, slot, entry.addedAt, entry.position ?? '', true);
    return true;
  }

  /** Gives entries new order keys; an entry no longer held (removed meanwhile) is skipped, never added back. */
  moveEntries(playlistId: string, moves: readonly EntryOrder[]): void {
    const entries = this.byId.get(playlistId)?.entries;
    if (!entries) return;
    for (const move of moves) {
      const slot = this.songs.table.slotOf(move.songId);
      if (slot >= 0) entries.move(slot, move.entryId, move.orderKey);
    }
  }

  deleteEntry(playlistId: string, songId: string): void {
    const slot = this.songs.table.slotOf(songId);
    if (slot >= 0) this.byId.get(playlistId)?.entries.removeSlot(slot);
  }

  /** Drops the song's entries from every playlist (the song is being deleted). */
  removeSong(slot: number): void {
    for (const state of this.byId.values()) state.entries.removeSlot(slot);
  }

  /** Every playlist, as the map holds them. */
  *records(): Generator<PlaylistRecord> {
    for (const { record } of this.byId.values()) yield record;
  }

  /** Every entry, playlist by playlist in playlist order. */
  *entryRecords(): Generator<PlaylistEntryRecord> {
    for (const { record, entries } of this.byId.values()) {
      for (let position = 0; position < entries.length; position++) {
        const entry: PlaylistEntryRecord = { id: entries.idAt(position), playlistId: record.id, songId: this.songs.table.id(entries.slotAt(position)), addedAt: entries.timeAt(position) };
        const key = entries.ownKeyAt(position);
        yield key ? { ...entry, position: key } : entry;
      }
    }
  }

  compact(): void {
    for (const state of this.byId.values()) state.entries.compact();
    this.index.compact();
  }
}
